"""The Library dock in the window: search and groups, a drag from the dock onto the map (the
mime data the dock's drag carries, delivered with real drag events), numbered copies, Save to
library from the fight, import and export, and a bad library file refused."""

from __future__ import annotations

import json

import pytest
from helpers.drop_helpers import drag_over, drop_on
from helpers.event_loop import settled
from helpers.window_helpers import action, dock, window_saying
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QSpinBox

from drase_desktop.storage.creature_library import starter_player_characters, user_library_path
from drase_desktop.ui.map.map_drops import TEMPLATE_MIME

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot):
    return window_saying(qtbot)


def library(window):
    found = dock(window, "libraryDock")
    found.show()
    found.raise_()
    return found


def dragged(window, name: str):
    """The mime data the dock's drag of `name` carries (what QDrag.exec would deliver)."""
    panel = library(window)
    item = panel.item_for(name)
    panel.tree.setCurrentItem(item)
    return panel.tree.mimeData([item])


def test_search_filters_the_groups(window, qtbot) -> None:
    panel = library(window)
    headings = [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]
    # The ready player characters are there at first run (it read "Player characters (0)").
    assert headings[0] == f"Player characters ({len(starter_player_characters())})"
    assert headings[1].startswith("Monsters (")
    search = panel.findChild(QLineEdit, "librarySearch")
    qtbot.keyClicks(search, "wolf")
    assert [item.text(0) for item in panel.items()] == ["Dire Wolf", "Wolf"]
    search.clear()
    qtbot.keyClicks(search, "radiant")
    radiant = {item.text(0) for item in panel.items()}
    assert radiant == {"Cult Fanatic", "Priest", "Priest L1", "Priest L3", "Priest L5"}


def test_a_drag_from_the_dock_onto_the_map_places_the_creature(window, qtbot) -> None:
    view = window.map_view
    encounter = window.model.encounter
    free = (10, 2)
    assert free not in encounter.occupied()
    mime = dragged(window, "War Dog")
    # What the dock's QDrag carries is this same data (QDrag.exec itself waits for a real mouse).
    drag = library(window).make_drag(library(window).current_template())
    assert bytes(drag.mimeData().data(TEMPLATE_MIME)) == bytes(mime.data(TEMPLATE_MIME))
    moved = drag_over(view, mime, [(8, 2), free])
    assert moved.isAccepted()
    assert window.messages[-1].startswith("Drop to place War Dog at (10, 2)")
    drop_on(view, mime, free)
    dogs = [c for c in encounter.combatants.values() if c.name.startswith("War Dog")]
    assert sorted(c.name for c in dogs) == ["War Dog", "War Dog 2"]  # the sample has one
    new = next(c for c in dogs if c.position == free)
    assert new.name == "War Dog 2" and window.model.selected_id == new.id
    window.undo_action.trigger()
    assert new.id not in encounter.combatants


def test_shift_drop_and_place_button_make_numbered_copies(window, qtbot) -> None:
    panel = library(window)
    panel.findChild(QSpinBox, "libraryCount").setValue(3)
    mime = dragged(window, "Skeleton")
    drop_on(window.map_view, mime, (10, 12), SHIFT)
    encounter = window.model.encounter
    names = sorted(c.name for c in encounter.combatants.values() if c.name.startswith("Skel"))
    assert names == ["Skeleton 1", "Skeleton 2", "Skeleton 3"]
    window.model.select_tile((3, 14))
    qtbot.mouseClick(panel.findChild(QPushButton, "libraryPlaceButton"), Qt.MouseButton.LeftButton)
    names = sorted(c.name for c in encounter.combatants.values() if c.name.startswith("Skel"))
    assert names[3:] == ["Skeleton 4", "Skeleton 5", "Skeleton 6"]
    assert window.model.undo_stack.count() == 2


def test_a_refused_drop_says_why_in_the_status_bar(window) -> None:
    encounter = window.model.encounter
    aldric = encounter.combatants["aldric"].position
    before = len(encounter.combatants)
    drop_on(window.map_view, dragged(window, "Goblin"), aldric)
    assert len(encounter.combatants) == before
    assert f"Goblin cannot stand on {aldric}: Aldric is there" in window.messages[-1]


def test_save_to_library_keeps_the_selected_creature(window, qtbot) -> None:
    panel = library(window)
    window.model.select("mira")
    save = panel.findChild(QPushButton, "librarySaveButton")
    assert save.isEnabled()
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert "Mira saved to the library" in window.messages[-1]
    assert panel.current_template().name == "Mira"
    ready = len(starter_player_characters())
    assert panel.tree.topLevelItem(0).text(0) == f"Player characters ({ready + 1})"
    saved = json.loads(user_library_path().read_text(encoding="utf-8"))
    assert [c["creature"]["name"] for c in saved["creatures"]] == ["Mira"]
    assert action(window, "saveToLibraryAction")


def test_a_bad_library_file_is_refused_and_changes_nothing(window, tmp_path) -> None:
    panel = library(window)
    bad = tmp_path / "shared.json"
    bad.write_text(
        json.dumps(
            {
                "format": "drase-creature-library",
                "schema_version": 1,
                "creatures": [
                    {"group": "monsters", "creature": {"name": "Imp", "max_hp": 5}},
                    {"group": "monsters", "creature": {"name": "Ghoul", "max_hp": "lots"}},
                ],
            }
        ),
        encoding="utf-8",
    )
    rows = len(panel.items())
    assert panel.import_file(str(bad)) == 0
    assert "Not imported: shared.json: creatures[1] (Ghoul)" in window.messages[-1]
    assert len(panel.items()) == rows
    assert not user_library_path().exists()


def test_export_then_import_shares_creatures(window, tmp_path) -> None:
    panel = library(window)
    window.model.select("bram")
    panel.save_selected()
    shared = tmp_path / "ours.json"
    assert panel.export_file(str(shared)) == 1
    panel.library.remove("Brother Bram")
    panel.refresh()
    assert panel.import_file(str(shared)) == 1
    assert panel.item_for("Brother Bram").text(0) == "Brother Bram (yours)"


def test_place_beside_a_creature_of_the_same_template(window, qtbot) -> None:
    """A Goblin placed from the library has the template's id ("goblin"); the free tiles for
    the next one counted its tile as free, and Place was refused ("Goblin is there")."""
    panel = library(window)
    panel.findChild(QSpinBox, "libraryCount").setValue(1)
    encounter = window.model.encounter
    drop_on(window.map_view, dragged(window, "Goblin"), (10, 2))
    first = window.model.selected_id
    assert encounter.combatants[first].position == (10, 2)
    qtbot.mouseClick(panel.findChild(QPushButton, "libraryPlaceButton"), Qt.MouseButton.LeftButton)
    goblins = sorted(c.name for c in encounter.combatants.values() if c.name.startswith("Gob"))
    assert goblins == ["Goblin", "Goblin 2"], window.messages[-1]


def test_the_list_keeps_its_room_when_a_creature_is_chosen(window, qtbot) -> None:
    """The details under the list grew from nothing to six lines at the first choice, and
    the list shrank under the mouse."""
    panel = library(window)
    tree_height = settled(panel.tree.height)
    panel.tree.setCurrentItem(panel.item_for("Priest L3"))
    assert settled(panel.tree.height) == tree_height
    details = panel.findChild(QLabel, "libraryDetails")
    assert "Priest, level 3" in details.toolTip()
    panel.tree.setCurrentItem(panel.item_for("Wolf"))
    assert settled(panel.tree.height) == tree_height
