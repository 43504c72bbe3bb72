"""A refusal in the status bar says why until its cause goes away: the next change of the
encounter, a new selection, another tool or the next phase. It never stands once stale, and
a message that is not a refusal is left alone."""

from __future__ import annotations

from helpers.fight_helpers import fight_window
from helpers.fight_scenes import ford_fight
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction


def message(window) -> str:
    return window.statusBar().currentMessage()


def refused_drop(qtbot, window) -> str:
    """Drop Aldric on the orc's tile: the token springs back and says why."""
    view = window.map_view
    view.fit_to_window()
    scene = view.map_scene

    def at(tile):
        return view.mapFromScene(scene.geometry.tile_centre(tile))

    combatants = window.model.encounter.combatants
    start, taken = tuple(combatants["aldric"].position), tuple(combatants["orc"].position)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(start))
    qtbot.mouseMove(viewport, at(start) + (at(taken) - at(start)) / 2)
    qtbot.mouseMove(viewport, at(taken))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(taken))
    assert tuple(combatants["aldric"].position) == start
    return message(window)


def test_a_refused_drop_stands_until_the_next_change_of_the_encounter(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    why = refused_drop(qtbot, window)
    assert why, "the drop was not refused"
    assert window.model.selected_id == "aldric"  # the press selected him; the refusal stands
    window.model.apply(lambda e: e.set_hp("orc", 3))
    assert message(window) == ""


def test_a_refused_operation_clears_at_a_new_selection(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    window.model.select("aldric")
    assert window.model.try_apply(lambda e: e.remove_status("aldric", "prone")) is None
    why = message(window)
    assert why
    window.model.select("orc")
    assert message(window) == ""


def test_a_refusal_clears_when_the_phase_advances_or_a_change_is_undone(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    window.model.apply(lambda e: e.set_hp("orc", 3))
    window.model.refused.emit("Aldric has no declared movement left")
    window.model.try_apply(lambda e: e.advance())
    assert message(window) == ""
    window.model.refused.emit("Mira cannot attack: no weapon in reach")
    window.model.undo_stack.undo()
    assert message(window) == ""


def test_a_refusal_gives_way_to_the_new_tool(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    refused_drop(qtbot, window)
    window.findChild(QAction, "fogBrushAction").trigger()
    assert message(window).startswith("Fog brush")


def test_a_message_that_is_no_refusal_is_left_to_time_out(qtbot) -> None:
    """'Saved', 'Opened' and the like are news, not a cause that goes away."""
    window = fight_window(qtbot, ford_fight())
    window._show_status("Opened ford.drase.")
    window.model.select("orc")
    window.model.apply(lambda e: e.set_hp("orc", 3))
    assert message(window) == "Opened ford.drase."
