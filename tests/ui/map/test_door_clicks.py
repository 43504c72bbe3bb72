"""Doors in play, as a GM opens them: a click, O over the door, or its right-click menu; one undo
step with a log line; the reach, the moves and the handle follow at once."""

from __future__ import annotations

import pytest
from helpers.editor_helpers import click, point
from helpers.fight_helpers import fight_window
from helpers.map_helpers import skirmish
from helpers.window_helpers import action
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView, QMenu

from drase_desktop.ui.commands import DoorCommand, MoveTokenCommand

DOOR_MIDDLE = (8.0, 3.5)  # the skirmish's door: the line x = 8 between rows 3 and 4


@pytest.fixture
def window(qtbot):
    window = fight_window(qtbot, skirmish())
    view = map_view(window)
    view.fit_to_window()
    # Aria beside the door, west of it (a forced move: it spends nothing).
    window.model.apply(lambda e: e.move("aria", [(7, 3)], forced=True))
    window.model.select("aria")
    return window


def map_view(window) -> QGraphicsView:
    view = window.findChild(QGraphicsView, "mapView")
    assert view is not None
    return view


def door(window):
    return window.model.encounter.battle_map.doors[0]


def test_a_click_on_the_door_opens_it_and_undo_closes_it(window, qtbot):
    view = map_view(window)
    scene = view.map_scene
    assert door(window).closed and (9, 3) not in scene.reach_layer.tiles
    click(view, point(view, *DOOR_MIDDLE))
    assert not door(window).closed
    stack = window.model.undo_stack
    assert isinstance(stack.command(stack.count() - 1), DoorCommand)
    assert stack.undoText() == "Aria opens the door at (8, 3)"
    assert window.model.encounter.log[-1].text == "Aria opens the door at (8, 3)"
    # Aria's reach follows at once: through the door to the east side.
    assert (9, 3) in scene.reach_layer.tiles
    assert scene.wall_layer.counts[1:] == (0, 1)
    stack.undo()
    assert door(window).closed and (9, 3) not in scene.reach_layer.tiles
    assert window.model.encounter.log[-1].text != "Aria opens the door at (8, 3)"


def test_with_no_creature_beside_it_the_gm_opens_the_door(window):
    view = map_view(window)
    window.model.select("")
    click(view, point(view, *DOOR_MIDDLE))
    assert window.model.encounter.log[-1].text == "GM opens the door at (8, 3)"


def test_a_drag_through_the_closed_door_is_refused_and_through_the_open_one_allowed(window):
    view = map_view(window)
    aria = window.model.encounter.combatants["aria"]

    def drag_east() -> None:
        start = view.mapFromScene(view.map_scene.geometry.tile_centre((7, 3)))
        end = view.mapFromScene(view.map_scene.geometry.tile_centre((9, 3)))
        QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0), start)
        QTest.mouseMove(view.viewport(), end)
        QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0), end)

    drag_east()
    assert aria.position == (7, 3)
    click(view, point(view, *DOOR_MIDDLE))
    drag_east()
    assert aria.position == (9, 3)


def test_o_over_the_door_toggles_it_and_the_cursor_says_it_can_be_clicked(window):
    view = map_view(window)
    QTest.mouseMove(view.viewport(), point(view, *DOOR_MIDDLE))
    assert view.map_scene.move_tool.hover_door == 0
    assert view.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor
    QTest.keyClick(view.viewport(), Qt.Key.Key_O)
    assert not door(window).closed
    QTest.keyClick(view.viewport(), Qt.Key.Key_O)
    assert door(window).closed and window.model.undo_stack.undoText().startswith("Aria closes")
    QTest.mouseMove(view.viewport(), point(view, 3.5, 0.5))
    assert view.map_scene.move_tool.hover_door is None
    assert view.viewport().cursor().shape() != Qt.CursorShape.PointingHandCursor


def test_the_doors_menu_opens_and_locks_it(window):
    view = map_view(window)
    menu = view.door_menu(0)
    assert isinstance(menu, QMenu) and menu.objectName() == "doorMenu"
    menu.findChild(QAction, "doorLockAction").trigger()
    assert door(window).locked and door(window).closed
    menu = view.door_menu(0)
    menu.findChild(QAction, "doorToggleAction").trigger()
    # Aria is beside it, but a locked door opens only by the GM's hand.
    assert not door(window).closed
    assert window.model.encounter.log[-1].text == "GM opens the locked door at (8, 3)"


def test_the_door_has_a_handle_big_enough_to_hit_at_laptop_zoom(window):
    view = map_view(window)
    view.resize(700, 400)
    view.fit_to_window()
    handles = view.map_scene.wall_layer.handles
    assert len(handles) == 1
    # A click a few pixels off the door's line, beside its handle, still hits it.
    where = point(view, *DOOR_MIDDLE)
    where.setX(where.x() + 6)
    click(view, where)
    assert not door(window).closed


def test_ctrl_e_opens_the_editor_while_the_combatants_list_has_focus(window, qtbot):
    table = window.findChild(QGraphicsView, "mapView")  # the window is up
    assert table is not None
    edit = action(window, "editMapAction")
    combatants = window.findChild(type(window.combatants_dock.table), "combatantsTable")
    combatants.setFocus()
    qtbot.waitUntil(combatants.hasFocus)
    QTest.keyClick(combatants, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert edit.isChecked()


def test_undo_and_redo_say_what_they_undid_in_the_status_bar_and_the_edit_menu(window, qtbot):
    view = map_view(window)
    click(view, point(view, *DOOR_MIDDLE))  # Aria opens the door
    window.model.push(MoveTokenCommand(window.model, "aria", [(9, 3)]))
    undo, redo = action(window, "undoAction"), action(window, "redoAction")
    edit_menu = window.findChild(QMenu, "editMenu")
    edit_menu.aboutToShow.emit()
    assert undo.text() == "&Undo Move Aria 2 tiles"
    edit_menu.aboutToHide.emit()
    assert undo.text() == "&Undo"  # the toolbar's label keeps still
    undo.trigger()
    assert window.statusBar().currentMessage() == "Undid: move Aria 2 tiles"
    edit_menu.aboutToShow.emit()
    assert redo.text() == "&Redo Move Aria 2 tiles"
    assert undo.text() == "&Undo Aria opens the door at (8, 3)"
    edit_menu.aboutToHide.emit()
    undo.trigger()
    assert window.statusBar().currentMessage() == "Undid: Aria opens the door at (8, 3)"
    redo.trigger()
    assert window.statusBar().currentMessage() == "Redid: Aria opens the door at (8, 3)"
