"""Map tools in the window: one tool has the map at a time, its action is the one checked, the
status bar names it, and Esc, Edit map and a newly opened map all bring back Move, so the fog
brush can no longer stay on while the GM tries to drag a token."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.window_helpers import action, open_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QLabel

from drase_desktop.ui.editor.tools import EditorTool
from drase_desktop.ui.table.fog_tool import FogTool

SAMPLE_UVTT = Path(__file__).parents[1] / "storage" / "data" / "dungeondraft-20x20.dd2vtt"
TOOL_ACTIONS = ("moveToolAction", "fogBrushAction", "fogRectangleAction", "fogRoomAction")


@pytest.fixture
def window(qtbot):
    window, dialogs = open_window(qtbot)
    window.dialogs = dialogs
    window.map_view.setFocus()
    return window


def scene(window):
    return window.map_view.map_scene


def at(window, tile) -> QPoint:
    view = window.map_view
    return view.mapFromScene(view.map_scene.geometry.tile_centre(tile))


def fog_brush_on(window) -> None:
    """Shift+B, as the GM presses it over the map."""
    QTest.keyClick(window.map_view.viewport(), Qt.Key.Key_B, Qt.KeyboardModifier.ShiftModifier)
    assert isinstance(scene(window).tool, FogTool)


def esc(window) -> None:
    QTest.keyClick(window.map_view.viewport(), Qt.Key.Key_Escape)


def checked_tools(window) -> list[str]:
    names = [*TOOL_ACTIONS, "editMapAction"]
    return [name for name in names if action(window, name).isChecked()]


def tool_label(window) -> str:
    label = window.findChild(QLabel, "toolLabel")
    assert label is not None
    return label.text()


def assert_moving(window) -> None:
    assert scene(window).tool is scene(window).move_tool
    assert not any(action(window, name).isChecked() for name in TOOL_ACTIONS[1:])
    assert checked_tools(window) == ["moveToolAction"]
    assert tool_label(window) == "Move"
    assert window.map_view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor


def test_the_window_starts_on_move_with_its_action_checked_and_named(window) -> None:
    assert_moving(window)
    group = action(window, "moveToolAction").actionGroup()
    assert group is not None
    for name in [*TOOL_ACTIONS, "editMapAction"]:
        assert action(window, name).actionGroup() is group


def test_the_fog_brush_is_checked_named_and_shows_a_cross(window) -> None:
    fog_brush_on(window)
    assert checked_tools(window) == ["fogBrushAction"]
    assert tool_label(window) == "Fog brush"
    assert window.map_view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    action(window, "fogRoomAction").trigger()
    assert checked_tools(window) == ["fogRoomAction"]
    assert tool_label(window) == "Fog room"


def test_esc_leaves_the_fog_brush_and_a_token_drag_moves_the_token_again(window) -> None:
    fog_brush_on(window)
    esc(window)
    viewport = window.map_view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, none, at(window, (5, 10)))
    QTest.mouseMove(viewport, at(window, (6, 11)))
    QTest.mouseRelease(viewport, left, none, at(window, (6, 11)))
    assert window.model.encounter.combatants["mira"].position == (6, 11)
    assert_moving(window)


def test_esc_first_takes_back_a_fog_stroke_then_returns_to_move(window) -> None:
    action(window, "hideAllAction").trigger()
    tools = window.table_tools
    fog = tools.controller.fog
    fog_brush_on(window)
    viewport = window.map_view.viewport()
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(window, (8, 8))
    )
    assert fog.revealed_count > 0
    esc(window)  # the stroke is taken back; the brush stays
    assert fog.revealed_count == 0
    assert isinstance(scene(window).tool, FogTool)
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(window, (8, 8))
    )
    assert fog.revealed_count == 0
    esc(window)
    assert_moving(window)


def test_the_status_bar_gives_the_new_tools_hint_not_the_old_ones(window) -> None:
    fog_brush_on(window)
    assert window.statusBar().currentMessage().startswith("Fog brush: left button reveals")
    esc(window)
    assert window.statusBar().currentMessage().startswith("Move: drag a token")
    action(window, "editMapAction").trigger()
    assert window.statusBar().currentMessage().startswith("Map editor: Terrain")
    assert tool_label(window) == "Map editor: Terrain"


def test_esc_from_a_dock_also_returns_to_move(window) -> None:
    fog_brush_on(window)
    log = window.findChild(QDockWidget, "logDock")
    QTest.keyClick(log, Qt.Key.Key_Escape)
    assert_moving(window)


def test_entering_the_editor_ends_the_fog_brush_and_leaving_it_returns_to_move(window) -> None:
    fog_brush_on(window)
    edit = action(window, "editMapAction")
    edit.trigger()
    assert isinstance(scene(window).tool, EditorTool)
    assert not action(window, "fogBrushAction").isChecked()
    assert checked_tools(window) == ["editMapAction"]
    assert tool_label(window).startswith("Map editor")
    edit.trigger()
    assert not window.editor_mode.active
    assert_moving(window)


def test_esc_in_the_editor_returns_to_move_and_closes_the_editor(window) -> None:
    action(window, "editMapAction").trigger()
    palette = window.findChild(QDockWidget, "editorDock")
    assert palette.isVisible()
    esc(window)
    assert not palette.isVisible() and not window.editor_mode.active
    assert_moving(window)


def test_a_fog_tool_chosen_in_the_editor_closes_the_editor(window) -> None:
    action(window, "editMapAction").trigger()
    action(window, "fogRectangleAction").trigger()
    assert isinstance(scene(window).tool, FogTool) and scene(window).tool.mode == "rectangle"
    assert not window.editor_mode.active
    assert checked_tools(window) == ["fogRectangleAction"]


def test_importing_a_map_returns_to_move(window, qtbot) -> None:
    fog_brush_on(window)
    window.dialogs.open_path = str(SAMPLE_UVTT)
    action(window, "importUvttAction").trigger()
    qtbot.waitUntil(lambda: not window.session.opening)  # read on a worker
    assert window.model.encounter.battle_map.width == 20
    assert_moving(window)


def test_the_move_action_takes_the_map_back_from_any_tool(window) -> None:
    fog_brush_on(window)
    move = action(window, "moveToolAction")
    move.trigger()
    assert_moving(window)
    move.trigger()  # already moving: stays so
    assert_moving(window)


def test_every_tool_action_is_a_checkable_member_of_the_one_group(window) -> None:
    group = action(window, "moveToolAction").actionGroup()
    members: list[QAction] = group.actions()
    assert {a.objectName() for a in members} >= {*TOOL_ACTIONS, "editMapAction"}
    assert all(a.isCheckable() for a in members)
