"""The combatants dock: HP edited inline (typed as a GM would) is one undo step; statuses show
their rounds; a double-click centres the map on the token."""

from __future__ import annotations

import pytest
from helpers.window_helpers import combatant_id, dock, open_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit

from drase_desktop.ui.docks.combatant_table import HP, NAME, ROUND, STATUSES, parse_hp


def _type_hp(qtbot, table, row: int, text: str) -> None:
    index = table.model().index(row, HP)
    table.setCurrentIndex(index)
    table.edit(index)
    # A closed editor lingers (deleted later) beside the new one: take the one on screen.
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "HP cell did not open an editor"
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits on the next turn of the event loop.
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState)


def _listed(qtbot, name: str):
    """The sample window, its combatants table, and the row and combatant of `name` in it."""
    window, _ = open_window(qtbot)
    table = dock(window, "combatantsDock").table
    combatant = window.model.encounter.combatants[combatant_id(window, name)]
    return window, table, table.model().row_of(combatant.id), combatant


def test_hp_typed_inline_is_one_undo_step(qtbot):
    window, table, row, combatant = _listed(qtbot, "Aldric")
    full = combatant.hp

    _type_hp(qtbot, table, row, "-7")
    assert combatant.hp == full - 7
    assert table.model().index(row, HP).data() == str(full - 7)
    tip = table.model().index(row, HP).data(Qt.ItemDataRole.ToolTipRole)
    assert f"HP {full - 7} of {combatant.max_hp}" in tip
    assert window.model.undo_stack.count() == 1

    _type_hp(qtbot, table, row, "12")
    assert combatant.hp == 12
    window.undo_action.trigger()
    assert combatant.hp == full - 7
    window.undo_action.trigger()
    assert combatant.hp == full
    assert table.model().index(row, HP).data() == str(full)
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert combatant.hp == 12


def test_nonsense_hp_is_refused_with_a_reason(qtbot):
    window, table, row, combatant = _listed(qtbot, "Mira")
    mira = combatant.id
    before = window.model.encounter.combatants[mira].hp
    _type_hp(qtbot, table, row, "lots")
    assert window.model.encounter.combatants[mira].hp == before
    assert window.model.undo_stack.count() == 0
    assert "HP must be" in window.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("text", "current", "expected"),
    [("7", 10, 7), ("-5", 10, 5), ("+3", 10, 13), ("- 4", 2, -2), ("=-2", 10, -2), ("0", 5, 0)],
)
def test_hp_entry_reads_absolute_values_and_changes(text, current, expected):
    assert parse_hp(text, current) == expected


def test_statuses_show_rounds_left_and_selection_follows_the_model(qtbot):
    window, _ = open_window(qtbot)
    table = dock(window, "combatantsDock").table
    bram = combatant_id(window, "Brother Bram")
    window.model.apply(lambda e: e.apply_status(bram, "bleeding", duration=3))
    row = table.model().row_of(bram)
    assert "bleeding 3" in table.model().index(row, STATUSES).data()
    window.model.select(bram)
    assert table.currentIndex().row() == row
    table.setCurrentIndex(
        table.model().index(table.model().row_of(combatant_id(window, "Mira")), 0)
    )
    assert window.model.selected_id == combatant_id(window, "Mira")


def test_double_click_centres_the_map_on_the_token(qtbot):
    window, _ = open_window(qtbot)
    combatants = dock(window, "combatantsDock")
    view = window.map_view
    view.zoom_by(4.0)
    dog = combatant_id(window, "War Dog")
    index = combatants.table.model().index(combatants.table.model().row_of(dog), NAME)
    with qtbot.waitSignal(combatants.centreRequested) as blocker:
        combatants.table.doubleClicked.emit(index)
    assert blocker.args == [dog]
    assert window.model.selected_id == dog
    tile = window.model.encounter.combatants[dog].position
    centre = view.mapToScene(view.viewport().rect().center())
    tile_size = view.map_scene.geometry.tile_size
    assert abs(centre.x() / tile_size - (tile[0] + 0.5)) < 1.5
    assert abs(centre.y() / tile_size - (tile[1] + 0.5)) < 1.5


def test_the_round_column_marks_who_must_act_declared_acted_and_is_locked(qtbot):
    window, _ = open_window(qtbot)
    table = dock(window, "combatantsDock").table.model()
    aldric, bandit = combatant_id(window, "Aldric"), combatant_id(window, "Bandit 1")

    def signs(combatant: str) -> str:
        return table.index(table.row_of(combatant), ROUND).data()

    def tip(combatant: str) -> str:
        return table.index(table.row_of(combatant), ROUND).data(Qt.ItemDataRole.ToolTipRole)

    assert signs(aldric) == ""
    window.advance_action.trigger()  # round 1, Player Phase
    assert (signs(aldric), signs(bandit)) == ("▶", "")
    assert "acts in this phase" in tip(aldric)
    window.model.apply(lambda e: e.declare(aldric, actions=["attack"]))
    assert signs(aldric) == "▶\u200aD"
    window.model.apply(lambda e: e.roll_defense(aldric))
    assert signs(aldric) == "▶\u200aD\u200aL"
    assert "locked" in tip(aldric)


def test_add_and_remove_creatures_are_undo_steps(qtbot):
    window, _ = open_window(qtbot)
    combatants = dock(window, "combatantsDock")
    encounter = window.model.encounter
    before = len(encounter.combatants)
    window.model.select("")
    window.model.select_tile((0, 0))
    added = combatants.add_creature()
    assert added in encounter.combatants
    assert encounter.combatants[added].position == (0, 0)
    assert combatants.table.model().rowCount() == before + 1
    assert window.model.selected_id == added
    combatants.remove_selected()
    assert added not in encounter.combatants
    window.undo_action.trigger()
    assert encounter.combatants[added].position == (0, 0)
    window.undo_action.trigger()
    assert len(encounter.combatants) == before
    assert combatants.table.model().rowCount() == before


def test_sides_read_as_words_in_the_list_and_on_the_token(qtbot):
    """A side's key ("gm", "players") is never what the GM reads: the name's tooltip, the side
    column and the token's tooltip all say it in words."""
    from drase_desktop.ui.docks.combatant_table import SIDE

    window, _ = open_window(qtbot)
    table = dock(window, "combatantsDock").table.model()
    tokens = window.map_view.map_scene.token_items
    aldric = combatant_id(window, "Aldric")
    goblin = next(c for c in window.model.encounter.combatants.values() if c.side == "gm")
    row = table.row_of(aldric)
    assert (
        table.index(row, NAME).data(Qt.ItemDataRole.ToolTipRole).startswith("Aldric · the players")
    )
    assert table.index(row, SIDE).data() == "The players"
    assert table.index(table.row_of(goblin.id), SIDE).data() == "The GM's side"
    assert tokens[aldric].toolTip().splitlines()[0] == f"{tokens[aldric].name} (the players)"
    assert "(the GM's side)" in tokens[goblin.id].toolTip()


def test_ruling_49_plus_n_typed_in_the_hp_cell_heals_through_the_rules(qtbot):
    """ "+5" is healing: at most to max HP, never lowering HP above max, logged as a heal."""
    window, table, row, combatant = _listed(qtbot, "Aldric")
    aldric = combatant.id
    window.model.apply(lambda e: e.set_hp(aldric, combatant.max_hp - 2))
    _type_hp(qtbot, table, row, "+5")
    assert combatant.hp == combatant.max_hp
    assert "ruling 49" in window.model.encounter.log.entries[-1].text
    window.model.apply(lambda e: e.set_hp(aldric, combatant.max_hp + 4))
    _type_hp(qtbot, table, row, "+3")
    assert combatant.hp == combatant.max_hp + 4
    _type_hp(qtbot, table, row, "-3")  # damage typed as a change still sets HP
    assert combatant.hp == combatant.max_hp + 1


def test_a_long_name_is_cut_short_before_the_number_that_tells_it_apart(qapp):
    from PySide6.QtGui import QFontMetrics

    from drase_desktop.ui.docks.combatant_cells import elided_name

    metrics = QFontMetrics(qapp.font())
    room = metrics.horizontalAdvance("Goblin Ar 12")
    twelve, eleven = (elided_name(f"Goblin Archer {n}", metrics, room) for n in (12, 11))
    assert twelve.startswith("Goblin") and twelve.endswith("\u2026 12"), twelve
    assert twelve != eleven
    assert metrics.horizontalAdvance(twelve) <= room
    assert elided_name("Bandit Captain", metrics, room).endswith("\u2026")
    assert elided_name("Mira", metrics, room) == "Mira"
