"""Edit mode in the real main window: the toggle, the dock, a stroke undone by the window's Undo,
the editor following a newly opened file, a battlemap picture imported from the File menu."""

from __future__ import annotations

from pathlib import Path

from helpers.editor_helpers import click, point, stroke
from helpers.window_helpers import action, open_window
from PySide6.QtWidgets import QDockWidget

SAMPLE_UVTT = Path(__file__).parents[2] / "storage" / "data" / "dungeondraft-20x20.dd2vtt"


def test_edit_mode_toggle_paints_and_window_undo_takes_the_stroke_back(qtbot):
    window, _dialogs = open_window(qtbot)
    dock = window.findChild(QDockWidget, "editorDock")
    assert dock is not None and not dock.isVisible()
    edit = action(window, "editMapAction")
    edit.trigger()
    assert dock.isVisible()
    view = window.map_view
    battle_map = window.model.encounter.battle_map
    tiles = [(x, 1) for x in range(2, 6)]
    before = [battle_map.terrain(t) for t in tiles]
    window.editor_mode.palette.set_terrain("swamp")
    stroke(view, tiles)
    assert [battle_map.terrain(t) for t in tiles] == ["swamp"] * 4
    action(window, "undoAction").trigger()
    assert [battle_map.terrain(t) for t in tiles] == before
    edit.trigger()
    assert not dock.isVisible()
    assert view.map_scene.tool is view.map_scene.move_tool


def test_editor_follows_a_newly_opened_map(qtbot):
    window, dialogs = open_window(qtbot)
    action(window, "editMapAction").trigger()
    dialogs.open_path = str(SAMPLE_UVTT)
    action(window, "importUvttAction").trigger()
    qtbot.waitUntil(lambda: not window.session.opening)  # read on a worker
    assert window.model.encounter.battle_map.width == 20
    view = window.map_view
    assert view.map_scene.tool is window.editor_mode.tool
    window.editor_mode.palette.set_mode("door")
    doors = window.model.encounter.battle_map.doors
    door = doors[0]
    middle = ((door.start[0] + door.end[0]) / 2, (door.start[1] + door.end[1]) / 2)
    click(view, point(view, *middle))
    # A click on the imported door opens it (toggled doors are re-added at the end).
    assert window.model.encounter.battle_map.doors[-1] == type(door)(
        door.start, door.end, not door.closed
    )
