"""Ctrl+D duplicates a creature (a token or a row of the combatants list: a copy beside it; a
Library row: one more in the middle of the map view), numbered like Shift-drop copies; a new
creature lands on the first free tile in the middle of what the GM is looking at."""

from __future__ import annotations

import pytest
from helpers.event_loop import settled
from helpers.window_helpers import window_saying
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QTableView, QTreeWidget

from drase_desktop.ui.map.placement_anchor import tiles_in_sight

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot):
    return window_saying(qtbot)


def named(window, prefix: str) -> list[str]:
    return sorted(
        c.name for c in window.model.encounter.combatants.values() if c.name.startswith(prefix)
    )


def beside(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def test_ctrl_d_on_a_token_copies_it_beside_it(window, qtbot) -> None:
    view = window.map_view
    window.model.select("bandit-2")
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_D, CTRL)
    encounter = window.model.encounter
    assert named(window, "Bandit ") == [
        "Bandit 1",
        "Bandit 2",
        "Bandit 3",
        "Bandit Archer",
        "Bandit Captain",
    ]
    copy = encounter.combatants[window.model.selected_id]
    assert copy.name == "Bandit 3"
    assert beside(copy.position, encounter.combatants["bandit-2"].position)
    assert window.model.undo_stack.count() == 1
    assert window.messages[-1] == "Bandit 3: a copy of Bandit 2"
    window.undo_action.trigger()
    assert copy.id not in encounter.combatants


def test_ctrl_d_on_a_row_of_the_combatants_list(window, qtbot) -> None:
    table = window.findChild(QTableView, "combatantsTable")
    model = table.model()
    row = model.row_of("dog")
    table.setFocus()
    table.selectionModel().setCurrentIndex(
        model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    assert window.model.selected_id == "dog"
    qtbot.keyClick(table, Qt.Key.Key_D, CTRL)
    assert named(window, "War Dog") == ["War Dog", "War Dog 2"]
    assert model.rowCount() == 10


def test_ctrl_d_on_a_library_row_places_one_more_in_the_view(window, qtbot) -> None:
    library = window.creature_tools.dock
    library.show()
    library.raise_()
    tree = window.findChild(QTreeWidget, "libraryTree")
    tree.setCurrentItem(library.item_for("Wolf"))
    tree.setFocus()
    for _ in range(3):
        qtbot.keyClick(tree, Qt.Key.Key_D, CTRL)
    assert named(window, "Wolf") == ["Wolf", "Wolf 2", "Wolf 3"]
    assert window.model.undo_stack.count() == 3


def test_the_token_menu_duplicates_too(window) -> None:
    menu = window.token_menu("mira")
    duplicate = next(a for a in menu.actions() if a.objectName() == "tokenDuplicateAction")
    assert duplicate.text().endswith("Ctrl+D")
    duplicate.trigger()
    assert named(window, "Mira") == ["Mira", "Mira 2"]
    copy = window.model.encounter.combatants[window.model.selected_id]
    assert copy.is_player_character and copy.side == "players"


def test_nothing_selected_says_what_to_select(window, qtbot) -> None:
    window.model.select("")
    view = window.map_view
    view.setFocus()
    before = len(window.model.encounter.combatants)
    qtbot.keyClick(view, Qt.Key.Key_D, CTRL)
    assert len(window.model.encounter.combatants) == before
    assert "to duplicate it" in window.messages[-1]


def test_a_new_creature_lands_in_the_middle_of_what_the_gm_looks_at(window, qtbot) -> None:
    """It landed near the map's middle (or the last tile clicked) wherever the GM looked."""
    view = window.map_view
    library = window.creature_tools.dock
    tree = window.findChild(QTreeWidget, "libraryTree")
    geometry = view.map_scene.geometry
    view.zoom_by(3.0)
    placed = []
    for corner in ((2, 2), (21, 13)):
        view.centerOn(geometry.tile_centre(corner))
        left, top, right, bottom = settled(lambda: tiles_in_sight(view))
        assert right - left < 20  # zoomed in: a part of the map
        item = library.item_for("Goblin")
        tree.setCurrentItem(item)
        tree.itemDoubleClicked.emit(item, 0)
        creature = window.model.encounter.combatants[window.model.selected_id]
        x, y = creature.position
        assert left <= x <= right and top <= y <= bottom
        middle = ((left + right) / 2, (top + bottom) / 2)
        assert abs(x - middle[0]) <= 2 and abs(y - middle[1]) <= 2, (creature.position, middle)
        placed.append(creature.position)
    assert placed[0] != placed[1]
    assert named(window, "Goblin") == ["Goblin", "Goblin 2"]  # a double-click places one


def test_ctrl_d_after_a_drop_from_the_library_places_beside_the_dropped_one(window, qtbot) -> None:
    from helpers.drop_helpers import drop_on

    library = window.creature_tools.dock
    library.show()
    library.raise_()
    tree = window.findChild(QTreeWidget, "libraryTree")
    item = library.item_for("Goblin")
    tree.setCurrentItem(item)
    drop_on(window.map_view, tree.mimeData([item]), (20, 2))
    tree.setFocus()
    for _ in range(2):
        qtbot.keyClick(tree, Qt.Key.Key_D, CTRL)
    goblins = [c for c in window.model.encounter.combatants.values() if c.name.startswith("Gob")]
    assert sorted(c.name for c in goblins) == ["Goblin", "Goblin 2", "Goblin 3"]
    for goblin in goblins:
        x, y = goblin.position
        assert max(abs(x - 20), abs(y - 2)) <= 1, goblin.position
