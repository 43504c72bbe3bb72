"""The first-run layout gives the map the room: a GM looks at the map, the docks serve it."""

from __future__ import annotations

from helpers.window_helpers import open_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView, QHeaderView, QTableView

from drase_desktop.ui.docks.combatants_dock import AC, HP, NAME, SIDE, STATUSES


def test_on_a_laptop_screen_the_map_gets_about_half_the_width(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.resize(1366, 768)
    qtbot.wait(20)
    # Docks as wide as a GM might once have dragged them; the first-run share undoes it.
    window.resizeDocks([window.phase_dock, window.declaration_dock], [520, 420], Qt.Horizontal)
    qtbot.wait(20)
    window.give_the_map_its_share()
    qtbot.wait(20)
    view = window.findChild(QGraphicsView, "mapView")
    assert view.width() >= 0.45 * window.width()


def test_the_combatants_table_shows_hp_ac_and_statuses_first_and_no_side_column(qtbot) -> None:
    window, _ = open_window(qtbot)
    table = window.findChild(QTableView, "combatantsTable") or window.combatants_dock.table
    header: QHeaderView = table.horizontalHeader()
    order = sorted(range(header.count()), key=header.visualIndex)
    assert order[:4] == [NAME, HP, AC, STATUSES]
    assert table.isColumnHidden(SIDE)
    # On a laptop, name, HP, AC and a readable statuses column all fit the dock, no scrolling.
    window.resize(1366, 768)
    window.give_the_map_its_share()
    qtbot.wait(20)
    first_four = sum(header.sectionSize(c) for c in (NAME, HP, AC, STATUSES))
    assert first_four <= table.viewport().width()
    assert header.sectionSize(STATUSES) >= 60
