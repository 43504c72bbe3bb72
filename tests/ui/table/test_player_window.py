"""The player display and the fog in the real main window: F8, undo, save and reopen."""

from __future__ import annotations

from pathlib import Path

from helpers.player_helpers import frame, tile_pixel
from helpers.window_helpers import action, open_player_display, open_window
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QMenu

from drase_desktop.storage.encounter_file import load_encounter
from drase_desktop.ui.map.fog_layer import PLAYER_FOG
from drase_desktop.ui.table.display_place import FRAME_SIDE, beside, choose_screen, fits_whole
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.fog_tool import FogTool


def test_f8_opens_the_player_display_window(qtbot) -> None:
    window, _ = open_window(qtbot)
    show = action(window, "showPlayerDisplayAction")
    assert show.shortcut().toString() == "F8"
    assert window.findChild(QMenu, "windowMenu") is not None
    assert window.findChild(QMenu, "fogMenu") is not None
    show.trigger()
    displays = [
        w
        for w in QApplication.topLevelWidgets()
        if w.objectName() == "playerDisplay" and w.isVisible()
    ]
    assert displays == [window.table_tools.player_display]
    qtbot.addWidget(displays[0])


def test_fog_is_undone_saved_and_reopened_with_the_encounter(qtbot, tmp_path: Path) -> None:
    window, dialogs = open_window(qtbot)
    model = window.model
    action(window, "hideAllAction").trigger()
    action(window, "revealSeenAction").trigger()
    fog = fog_controller(model).fog
    seen = fog.revealed_count
    assert 0 < seen < fog.width * fog.height or fog.all_revealed
    assert window.is_modified()
    model.undo_stack.undo()
    assert fog.revealed_count == 0
    model.undo_stack.redo()
    assert fog.revealed_count == seen
    fog_controller(model).apply(lambda f: f.hide([(0, 0)]))
    path = tmp_path / "fogged.drase"
    assert window.save_to(path)
    assert load_encounter(path).fog == fog
    action(window, "revealAllAction").trigger()
    assert window.open_path(path, confirmed=True, wait=True)
    reopened = fog_controller(window.model).fog
    assert not reopened.is_revealed((0, 0))
    # The tools follow the new map view: the fog layer and the fog tool live on its scene.
    scene = window.map_view.map_scene
    assert window.table_tools.fog_layer.scene() is scene
    action(window, "fogBrushAction").trigger()
    assert isinstance(scene.tool, FogTool)
    # And the players see the tile fogged.
    display = open_player_display(qtbot, window)
    display.resize(600, 400)
    display.view.hud_shown = False
    display.view.show_rect(display.view.player_scene.geometry.map_rect())
    assert tile_pixel(frame(display.view), display.view, (0, 0)) == PLAYER_FOG
    assert not dialogs.errors


class _Screen:
    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name


def test_the_players_screen_is_another_one_the_remembered_first() -> None:
    gm, tv, projector = _Screen("laptop"), _Screen("HDMI-1"), _Screen("HDMI-2")
    assert choose_screen([gm], gm, None) is None
    assert choose_screen([gm, tv, projector], gm, None) is tv
    assert choose_screen([gm, tv, projector], gm, "HDMI-2") is projector
    assert choose_screen([gm, tv], gm, "gone") is tv


def test_alone_on_the_gms_screen_the_display_opens_beside_not_over_the_map(qtbot) -> None:
    """It opened as a 960 x 600 window on top of the GM window's middle."""
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    assert display.isVisible() and not display.isFullScreen()
    view = window.map_view
    centre = view.mapToGlobal(view.rect().center())
    assert not display.frameGeometry().contains(centre)
    laptop = QRect(0, 0, 1366, 740)
    # Its frame (title bar and border) fits the screen whole: the foot was off the screen.
    placed = beside(QRect(0, 0, 1366, 740), laptop)
    assert fits_whole(placed, laptop) and placed.right() == laptop.right() - FRAME_SIDE
    assert placed.bottom() == laptop.bottom() - FRAME_SIDE
    beside_gm = beside(QRect(0, 0, 900, 740), laptop)
    assert beside_gm.left() == 900 + FRAME_SIDE and fits_whole(beside_gm, laptop)
