"""The map editor's Objects and Windows tools, with real mouse and keys: place, select, delete;
one undo step per gesture; what is placed blocks movement (and sight, for an object) at once."""

from __future__ import annotations

import pytest
from helpers.editor_helpers import RIGHT, click, move, open_editor, point, press, release
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton

from drase_desktop.board import BattleMap, line_of_sight, movement_range
from drase_desktop.board.map_features import MapObject, Window, rectangle_object
from drase_desktop.encounter.encounter import Encounter


@pytest.fixture
def window(qtbot):
    window = open_editor(qtbot, Encounter(BattleMap(12, 8, "Hall")))
    window.editor.edit_action.trigger()
    return window


def pick_tool(window, mode: str) -> None:
    button = window.editor.palette.findChild(QToolButton, f"{mode}ToolButton")
    assert button is not None and button.isVisibleTo(window.editor.palette)
    button.click()


def drag(view, start, end) -> None:
    press(view, point(view, *start))
    move(view, point(view, (start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    move(view, point(view, *end))
    release(view, point(view, *end))


def test_a_dragged_rectangle_is_one_object_that_blocks_sight_and_one_undo_step(window):
    view, board, stack = window.view, window.model.encounter.battle_map, window.model.undo_stack
    pick_tool(window, "object")
    drag(view, (3.1, 2.1), (5.9, 4.9))
    assert board.objects == [rectangle_object(3, 2, 6, 5)]
    assert stack.count() == 1 and stack.undoText() == "Place object"
    assert not line_of_sight(board, (1, 3), (8, 3))
    assert (4, 3) not in movement_range(board, (1, 3), 10)
    stack.undo()
    assert board.objects == [] and line_of_sight(board, (1, 3), (8, 3))


def test_a_click_places_a_pillar_selects_it_and_delete_removes_it(window):
    view, board, stack = window.view, window.model.encounter.battle_map, window.model.undo_stack
    pick_tool(window, "object")
    click(view, point(view, 7.5, 6.5))
    assert board.objects == [rectangle_object(7, 6, 8, 7)]
    scene = view.map_scene
    assert scene.feature_layer.counts == (0, 1)
    click(view, point(view, 2.5, 2.5))  # an empty tile: a second pillar
    click(view, point(view, 7.5, 6.5))  # on the first: selected, nothing placed
    assert len(board.objects) == 2 and scene.feature_layer.selected == ("objects", 0)
    QTest.keyClick(view.viewport(), Qt.Key.Key_Delete)
    assert board.objects == [rectangle_object(2, 2, 3, 3)]
    assert stack.undoText() == "Remove object" and stack.count() == 3
    stack.undo()
    assert len(board.objects) == 2


def test_a_window_is_drawn_along_an_edge_and_removed_by_a_right_click(window):
    view, board, stack = window.view, window.model.encounter.battle_map, window.model.undo_stack
    pick_tool(window, "window")
    drag(view, (4.0, 3.1), (6.1, 3.0))
    assert board.windows == [Window((4, 3), (6, 3))]
    assert stack.undoText() == "Draw window"
    assert line_of_sight(board, (4, 1), (4, 5))
    assert (4, 3) not in movement_range(board, (4, 2), 1)
    assert view.map_scene.feature_layer.counts == (1, 0)
    click(view, point(view, 5.0, 3.05), RIGHT)
    assert board.windows == [] and stack.undoText() == "Remove window"


def test_an_imported_object_is_selected_and_deleted_like_a_placed_one(qtbot):
    board = BattleMap(10, 10)
    board.objects.append(MapObject(((4.2, 4.1), (5.8, 4.3), (5.1, 5.9), (4.2, 4.1))))
    window = open_editor(qtbot, Encounter(board))
    window.editor.edit_action.trigger()
    pick_tool(window, "object")
    click(window.view, point(window.view, 5.0, 4.8))
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Delete)
    assert window.model.encounter.battle_map.objects == []
