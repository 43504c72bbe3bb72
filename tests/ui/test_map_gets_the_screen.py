"""The map gets the screen: at first run the docks stand in one column beside the map (on a
laptop the combatants list is a tab among the round's, so the attack keeps the height), and
"Fit" fits the part of the map with rooms on it; the table
layout (View > Map only, F10) puts the docks away so the map fills the window, F10 again
brings back the ones put away, and each screen size remembers it. Measured at first run on a
laptop (1366 x 768) and a desktop screen (1920 x 1080), on the Dungeondraft sample a GM
imports."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.real_screens import SCREENS, first_run_window
from helpers.text_fit import outside_view
from helpers.window_helpers import open_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsView

from drase_desktop.app import create_main_window
from drase_desktop.board.content_bounds import content_bounds
from drase_desktop.encounter import Combatant

SAMPLE = Path("/work/shared/samples/uvtt-corpus/resaved-0.3-mimir-goblin-hideout.dd2vtt")
MIN_TOKEN_PX = 24
MIN_MAP_SHARE = 0.6

needs_sample = pytest.mark.skipif(not SAMPLE.exists(), reason="the shared UVTT samples are absent")


def map_share(window) -> tuple[float, float]:
    view = window.findChild(QGraphicsView, "mapView")
    return view.width() / window.width(), view.height() / window.height()


def token_px_at_fit(window) -> float:
    """A goblin's token on screen, the map fitted to the window."""
    goblin = Combatant("gob", "Goblin", "gm", position=free_tile(window), hp=7, max_hp=7)
    window.model.apply(lambda e: e.add_combatant(goblin))
    view = window.map_view
    view.fit_to_window()
    item = view.map_scene.token_items["gob"]
    disc = item.mapToScene(item.shape()).boundingRect()  # the disc, not its selection margin
    return view.mapFromScene(disc).boundingRect().width()


def free_tile(window) -> tuple[int, int]:
    """A free tile among the rooms (where a GM places a goblin)."""
    battle_map = window.model.encounter.battle_map
    x0, y0, x1, y1 = content_bounds(battle_map) or (0, 0, battle_map.width, battle_map.height)
    taken = {c.position for c in window.model.encounter.combatants.values()}
    return next(
        (x, y)
        for y in range((y0 + y1) // 2, y1)
        for x in range((x0 + x1) // 2, x1)
        if battle_map.terrain((x, y)) == "normal" and (x, y) not in taken
    )


@needs_sample
@pytest.mark.parametrize("screen", SCREENS)
def test_at_first_run_the_map_has_most_of_the_window(qtbot, screen) -> None:
    window = first_run_window(qtbot, SCREENS[screen], SAMPLE)
    width_share, height_share = map_share(window)
    assert width_share >= MIN_MAP_SHARE and height_share >= MIN_MAP_SHARE, map_share(window)


@needs_sample
@pytest.mark.parametrize("screen", SCREENS)
def test_at_first_run_fit_gives_tokens_room(qtbot, screen) -> None:
    """The sample's rooms sit in a wide sheet: fitted whole, its tokens were 12 px at 1366; with
    the dock column as wide as the combatants list needed (389 px), 23 px."""
    window = first_run_window(qtbot, SCREENS[screen], SAMPLE)
    assert token_px_at_fit(window) >= MIN_TOKEN_PX


def test_fit_keeps_every_token_in_view(qtbot) -> None:
    """Fitting to the rooms never leaves a token outside the view."""
    window = first_run_window(qtbot, SCREENS["laptop"], SAMPLE if SAMPLE.exists() else None)
    view = window.map_view
    battle_map = window.model.encounter.battle_map
    corner = (battle_map.width - 1, battle_map.height - 1)
    window.model.apply(
        lambda e: e.add_combatant(Combatant("far", "Far", "gm", position=corner, hp=7, max_hp=7))
    )
    view.fit_to_window()
    item = view.map_scene.token_items["far"]
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(item.sceneBoundingRect().center())


@needs_sample
@pytest.mark.parametrize("screen", SCREENS)
def test_the_table_layout_gives_the_map_the_window_and_tokens_room(qtbot, screen) -> None:
    window = first_run_window(qtbot, SCREENS[screen], SAMPLE)
    qtbot.keyClick(window, Qt.Key.Key_F10)
    qtbot.waitUntil(lambda: map_share(window)[0] >= 0.95)
    width_share, height_share = map_share(window)
    assert height_share >= 0.8
    assert token_px_at_fit(window) >= MIN_TOKEN_PX
    assert window.findChild(QAction, "tableLayoutAction").isChecked()
    assert not window.declaration_dock.isVisible()


def test_f10_again_brings_back_the_docks_put_away(qtbot) -> None:
    window = first_run_window(qtbot, SCREENS["laptop"])
    window.log_dock.hide()  # closed by the GM before: stays closed
    before = map_share(window)[0]
    qtbot.keyClick(window, Qt.Key.Key_F10)
    qtbot.keyClick(window, Qt.Key.Key_F10)
    qtbot.waitUntil(lambda: window.declaration_dock.isVisible())
    assert window.combatants_dock.isVisible() and window.phase_dock.isVisible()
    assert not window.log_dock.toggleViewAction().isChecked()
    assert map_share(window)[0] == pytest.approx(before, abs=0.02)
    assert not window.findChild(QAction, "tableLayoutAction").isChecked()


def test_each_screen_size_remembers_the_table_layout(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.set_table_layout(True)
    window.save_settings()
    again, _ = open_window(qtbot)
    assert not again.first_run_on_screen
    assert again.findChild(QAction, "tableLayoutAction").isChecked()
    again.findChild(QAction, "tableLayoutAction").trigger()
    assert again.declaration_dock.toggleViewAction().isChecked()
    assert again.combatants_dock.toggleViewAction().isChecked()


def test_at_first_run_the_phase_is_as_tall_as_its_advance_button_needs(qtbot) -> None:
    """The first-run shares are given before the window is shown, when the phase's widgets
    have no places yet: the phase kept Qt's share and pushed the declaration's Target below
    the fold of a laptop."""
    window = create_main_window(None)
    qtbot.addWidget(window)
    assert window.first_run_on_screen
    window.show_on_screen()
    qtbot.waitUntil(window.isMaximized)
    phase = window.phase_dock
    qtbot.waitUntil(lambda: phase.height() <= phase.height_to_advance() + 2)
    assert not outside_view(phase.advance_button)
