"""Creatures in the window, end to end: New encounter with the party from the Creatures menu,
and a scripted GM who builds the sample fight on an empty map from the Library dock."""

from __future__ import annotations

from helpers.drop_helpers import drop_on, file_mime
from helpers.window_helpers import action, dock, open_window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QSpinBox

from drase_desktop.encounter.creature_template import CreatureTemplate
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.sample import build_sample_encounter, build_sample_map
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.creatures.party_dialog import BLANK_MAP, PartyDialog

SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_new_encounter_with_the_party_after_a_long_rest(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.model.apply(lambda e: e.set_hp("aldric", 4))
    window.model.apply(lambda e: e.apply_status("mira", "bleeding", duration=3))

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PartyDialog)
        assert dialog.who.text() == "Aldric, Mira, Brother Bram, Sela"
        dialog.map_choice.setCurrentIndex(dialog.map_choice.findData(BLANK_MAP))
        dialog.findChild(QSpinBox, "partyWidth").setValue(14)
        dialog.carry.setCurrentIndex(1)  # after a long rest
        dialog.accept()

    QTimer.singleShot(50, answer)
    action(window, "partyEncounterAction").trigger()
    encounter = window.model.encounter
    assert encounter.battle_map.width == 14
    assert sorted(encounter.combatants) == ["aldric", "bram", "mira", "sela"]
    aldric = encounter.combatants["aldric"]
    assert aldric.hp == 4 + 30 // 4  # ruling 37: well-rested with focus, 25% of max
    assert encounter.combatants["mira"].statuses == []
    assert window.model.undo_stack.count() == 0 and window.is_modified()


def test_a_scripted_gm_builds_the_sample_fight_from_an_empty_map(qtbot) -> None:
    """From an empty copy of the sample map, with the party saved in the library from an earlier
    session, the GM builds the sample fight in nine gestures: four drags for the party, four
    for the bandit captain, archer, war dog and (with Shift) two bandits, and setting the count
    to 2. At a few seconds a gesture that is well under two minutes."""
    window, _ = open_window(qtbot)
    panel = dock(window, "libraryDock")
    sample = build_sample_encounter()
    for pc in ("aldric", "mira", "bram", "sela"):
        panel.library.save_template(CreatureTemplate.from_combatant(sample.combatants[pc]))
    window.set_document(Encounter(build_sample_map(), [], name="Ambush"), None)
    panel.refresh()
    view = window.map_view
    gestures = 0

    def drag(name: str, tile: tuple[int, int], keys=Qt.KeyboardModifier.NoModifier) -> None:
        nonlocal gestures
        item = panel.item_for(name)
        panel.tree.setCurrentItem(item)
        drop_on(view, panel.tree.mimeData([item]), tile, keys)
        gestures += 1

    for name, tile in (
        ("Aldric", (6, 8)),
        ("Mira", (5, 10)),
        ("Brother Bram", (4, 9)),
        ("Sela", (3, 8)),
        ("Bandit Captain", (18, 9)),
        ("Bandit Archer", (21, 4)),
        ("War Dog", (20, 15)),
    ):
        drag(name, tile)
    panel.findChild(QSpinBox, "libraryCount").setValue(2)
    gestures += 1
    drag("Bandit", (18, 7), SHIFT)
    assert gestures == 9
    built = window.model.encounter
    assert sorted(c.name for c in built.combatants.values()) == sorted(
        c.name for c in sample.combatants.values()
    )
    for combatant in sample.combatants.values():
        placed = next(c for c in built.combatants.values() if c.name == combatant.name)
        assert (placed.max_hp, placed.ac_bonus, placed.speed, placed.size) == (
            combatant.max_hp,
            combatant.ac_bonus,
            combatant.speed,
            combatant.size,
        ), combatant.name
        assert placed.attributes == combatant.attributes, combatant.name
    assert window.model.undo_stack.count() == 8  # each drop one undo step


def test_a_file_the_map_view_does_not_take_goes_on_to_the_window(qtbot, tmp_path) -> None:
    """One drop handler per target: the map view takes templates and token pictures; an
    encounter file dragged over the map is handed on to the window, which opens it."""
    window, _ = open_window(qtbot)
    other = tmp_path / "other.drase"
    other_fight = build_sample_encounter()
    other_fight.name = "Another fight"
    save_encounter(other_fight, other)
    drop_on(window.map_view, file_mime(other), (2, 2))
    qtbot.waitUntil(lambda: window.model.encounter.name == "Another fight")  # read on a worker
