"""A long list of combatants (a big fight) is fitted from its widest cells and ends up as wide
as a list fitted cell by cell, every row one line high."""

from __future__ import annotations

from helpers.encounter_builders import fight
from helpers.event_loop import settled
from helpers.on_screen import on_screen
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.docks import combatant_columns
from drase_desktop.ui.docks.combatant_table import AC, HP, NAME, ROUND
from drase_desktop.ui.docks.combatants_dock import CombatantsDock
from drase_desktop.ui.encounter_model import EncounterModel

ROWS = combatant_columns.FIT_EVERY_ROW_UP_TO * 2


def _dock(qtbot) -> CombatantsDock:
    combatants = [
        Combatant(f"c{n}", f"Fighter {n}", side="gm", position=(n % 40, n // 40), hp=12)
        for n in range(ROWS)
    ]
    # The widest name and HP stand last, far below the rows in view.
    combatants[-1].name = "Ragnhild Stormborn of the Northern Reaches"
    combatants[-1].max_hp = combatants[-1].hp = 1234
    encounter = Encounter(BattleMap(40, 40), combatants)
    encounter.start()
    dock = CombatantsDock(EncounterModel(encounter))
    dock.resize(320, 400)
    qtbot.addWidget(dock)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def _cell_by_cell(table: QTableView) -> QTableView:
    """The same list in a view fitted the exhaustive way."""
    other = QTableView()
    other.setModel(table.model())
    other.setFont(table.font())
    other.setIconSize(table.iconSize())
    other.setWordWrap(False)
    other.resizeColumnsToContents()
    return other


def test_the_widest_cells_far_down_a_long_list_set_the_columns(qtbot):
    dock = _dock(qtbot)
    table = dock.table
    exhaustive = _cell_by_cell(table)
    assert dock.columns.name_wanted == exhaustive.columnWidth(NAME)
    # These also keep room for what the fight brings: HP below zero, a defense roll, the marks.
    for column in (HP, AC, ROUND):
        assert table.columnWidth(column) >= exhaustive.columnWidth(column), column


def test_every_row_keeps_to_one_line_and_a_long_name_is_whole_in_its_tooltip(qtbot):
    dock = _dock(qtbot)
    table = dock.table
    last = ROWS - 1
    table.scrollToBottom()
    assert table.rowHeight(last) == table.rowHeight(0)
    assert table.rowHeight(last) >= table.sizeHintForRow(last)
    name = table.model().index(last, NAME)
    assert table.columnWidth(NAME) < dock.columns.name_wanted  # cut short in the narrow dock
    assert name.data() in name.data(Qt.ItemDataRole.ToolTipRole)


def test_a_new_phase_shows_in_the_rows_in_view_as_a_list_made_afresh_shows_it(qtbot):
    """A phase changes every row's marks; the list repaints only the rows in view, and they
    show what a list built after the change shows (so do rows scrolled to)."""
    dock = _dock(qtbot)
    table, model = dock.table, dock.model
    scroll = table.verticalScrollBar()
    scroll.setValue(scroll.maximum() // 2)
    before = settled(lambda: on_screen(table.viewport()))
    marks = table.model().index(table.rowAt(0), ROUND)
    shown = marks.data()
    while marks.data() == shown:
        model.push(ChangeCommand.run(model, lambda e: e.advance()))
    after = settled(lambda: on_screen(table.viewport()))
    assert after != before
    fresh = CombatantsDock(model)
    fresh.resize(dock.size())
    qtbot.addWidget(fresh)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.table.verticalScrollBar().setValue(scroll.value())
    assert after == settled(lambda: on_screen(fresh.table.viewport()))
    for view in (table, fresh.table):
        view.verticalScrollBar().setValue(scroll.maximum() // 2 + 7)
    assert settled(lambda: on_screen(table.viewport())) == settled(
        lambda: on_screen(fresh.table.viewport())
    )


def test_a_row_changed_out_of_view_stands_as_in_a_list_built_after_the_change(qtbot):
    """Five statuses given to a row far below the view keep it one line high, as tall as in a
    list built after the change."""
    dock = _dock(qtbot)
    table, model = dock.table, dock.model
    last = ROWS - 1
    table.scrollToBottom()
    settled(lambda: table.rowHeight(last))
    table.scrollToTop()
    assert settled(dock._rows_in_view)[1] < last
    for status in ("poisoned", "bleeding", "staggered", "guard break", "slowed"):
        model.apply(lambda e, status=status: e.apply_status(f"c{last}", status))
    table.scrollToBottom()
    settled(lambda: table.rowHeight(last))
    fresh = CombatantsDock(model)
    fresh.resize(dock.size())
    qtbot.addWidget(fresh)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.table.scrollToBottom()
    assert table.rowHeight(last) == settled(lambda: fresh.table.rowHeight(last))
    assert table.rowHeight(last) == table.rowHeight(0)  # the statuses kept to one line


def test_the_widths_kept_per_cell_equal_a_fresh_measure_after_every_change(qtbot):
    """A change measures again only the cells whose text or look changed; what the list keeps
    for each cell equals what the view measures afresh, and the columns fit it."""
    dock = _dock(qtbot)
    table, model = dock.table, dock.model
    changes = [
        lambda e: e.set_hp("c3", 2),
        lambda e: e.set_hp("c3", -40),
        lambda e: e.apply_status("c3", "incapacitated"),
        lambda e: e.set_hp("c3", 11),
        lambda e: e.apply_status("c5", "bleeding"),
    ]
    for change in changes:
        model.apply(change)
        for row in (3, 5):
            for column in (NAME, HP, AC, ROUND):
                index = table.model().index(row, column)
                assert (
                    dock.columns._cell_width(row, column) == table.sizeHintForIndex(index).width()
                )
                if column != NAME:
                    assert table.columnWidth(column) >= table.sizeHintForIndex(index).width()


def test_the_rounds_changes_repaint_the_rows_that_read_otherwise_as_a_fresh_list_shows_them(
    qtbot,
):
    """A phase, a declaration and a defense roll repaint only the rows whose AC or marks now
    read otherwise; after each the list shows what a list built afresh shows."""
    model = EncounterModel(fight())
    dock = CombatantsDock(model)
    dock.resize(320, 300)
    # The window shown last takes the focus, and a focused list frames its current cell.
    dock.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    qtbot.addWidget(dock)
    dock.show()
    qtbot.waitExposed(dock)
    steps = [
        lambda: model.push(ChangeCommand.run(model, lambda e: e.advance())),
        lambda: model.apply(lambda e: e.declare("aldric", actions=["attack"])),
        lambda: model.apply(lambda e: e.roll_defense("mira")),
        lambda: model.push(ChangeCommand.run(model, lambda e: e.advance())),
        lambda: model.push(ChangeCommand.run(model, lambda e: e.advance())),
        model.undo_stack.undo,
    ]
    shown = set()
    for step in steps:
        step()
        now = settled(lambda: on_screen(dock.table.viewport()))
        fresh = CombatantsDock(model)
        fresh.resize(dock.size())
        fresh.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        qtbot.addWidget(fresh)
        fresh.show()
        qtbot.waitExposed(fresh)
        assert now == settled(lambda fresh=fresh: on_screen(fresh.table.viewport())), step
        shown.add(bytes(now.constBits()))
        fresh.close()
    assert len(shown) >= 3
