"""The combatants list keeps still during a fight, on a laptop (1366 x 768) and a desktop
screen: "incapacitated" appearing, HP going below zero, a defense roll or a new phase never
resize a column or wrap a name ("Goblin / 1"); no sideways scroll bar with the sample or with
12 combatants; the "Statuses" heading fits; and the list never scrolls by itself."""

from __future__ import annotations

import pytest
from helpers.event_loop import layout_settled, settled
from helpers.real_screens import SCREENS, first_run_window, fonts_as_on_a_real_screen  # noqa: F401
from helpers.text_fit import header_problems
from PySide6.QtWidgets import QTableView

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.docks.combatant_table import AC, HP, NAME, ROUND, STATUSES

pytestmark = pytest.mark.usefixtures("fonts_as_on_a_real_screen")
SHOWN = (NAME, HP, AC, ROUND, STATUSES)


def widths(table: QTableView) -> list[int]:
    return [table.columnWidth(column) for column in SHOWN]


def heights(table: QTableView) -> list[int]:
    return [table.rowHeight(row) for row in range(table.model().rowCount())]


def still(qtbot, table: QTableView, before: list[int], what: str) -> None:
    now, scrolls = settled(lambda: (widths(table), table.horizontalScrollBar().isVisible()))
    assert now == before, what
    assert not scrolls, what
    assert sum(before) <= table.viewport().width(), what


def twelve(tmp_path) -> str:
    names = [
        "Kara",
        "Sela",
        "Brother Bram",
        "Mira",
        "Goblin 1",
        "Goblin 2",
        "Goblin 3",
        "Goblin Boss",
        "Wolf 1",
        "Wolf 2",
        "Wolf 3",
        "Bandit Captain",
    ]
    combatants = [
        Combatant(f"c{n}", name, "players" if n < 4 else "gm", position=(n, 2), hp=20, max_hp=20)
        for n, name in enumerate(names)
    ]
    for combatant in combatants[:4]:
        combatant.is_player_character = True
    path = tmp_path / "twelve.drase"
    save_encounter(Encounter(BattleMap(24, 16), combatants, name="Twelve"), path)
    return str(path)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("encounter", ["sample", "twelve"])
def test_a_fight_never_moves_the_columns(qtbot, tmp_path, screen, encounter) -> None:
    path = None if encounter == "sample" else twelve(tmp_path)
    window = first_run_window(qtbot, SCREENS[screen], path)
    window.combatants_dock.raise_()  # on a laptop a tab among the round's: the GM picks it
    layout_settled(window)
    table = window.combatants_dock.table
    model = window.model
    ids = list(model.encounter.combatants)
    before = widths(table)
    still(qtbot, table, before, "at first run")
    assert header_problems(table.horizontalHeader()) == []  # "Statuses" fits
    model.apply(lambda e: e.advance())
    still(qtbot, table, before, "round 1")
    model.apply(lambda e: e.declare(ids[0], actions=["attack"]))
    model.apply(lambda e: e.roll_defense(ids[0], bonuses=3))
    still(qtbot, table, before, "a defense roll")
    rows = heights(table)
    target = ids[5]
    model.apply(lambda e: e.apply_damage(target, 99, "cut"))
    for _ in range(3):  # GM Resolution makes it incapacitated
        model.apply(lambda e: e.advance())
    assert model.encounter.combatants[target].incapacitated
    still(qtbot, table, before, "incapacitated")
    assert heights(table) == rows, "a row grew: a name or a status wrapped"
    model.apply(lambda e: e.apply_status(ids[1], "bleeding"))
    model.apply(lambda e: e.apply_status(ids[2], "guard break"))
    still(qtbot, table, before, "statuses")


def test_the_list_never_scrolls_to_the_selection_by_itself(qtbot, tmp_path) -> None:
    window = first_run_window(qtbot, (1366, 500), twelve(tmp_path))
    table = window.combatants_dock.table
    bar = table.verticalScrollBar()
    assert bar.maximum() > 0  # more rows than room
    bar.setValue(0)
    last = list(window.model.encounter.combatants)[-1]
    window.model.select(last)  # a click on its token on the map
    assert settled(bar.value) == 0
    assert table.selectionModel().currentIndex().row() == table.model().rowCount() - 1
    bar.setValue(bar.maximum())
    window.model.apply(lambda e: e.set_hp(list(window.model.encounter.combatants)[0], 3))
    window.model.select(list(window.model.encounter.combatants)[0])
    assert settled(bar.value) == bar.maximum()
