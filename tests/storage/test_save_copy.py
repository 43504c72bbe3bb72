"""The autosave's copy: taken on the window's thread, encoded on a worker. It saves exactly what
the encounter holds when it is taken, and nothing the GM does afterwards reaches it."""

from __future__ import annotations

import json

from helpers.encounter_builders import fight, go_to

from drase_desktop.board import Wall
from drase_desktop.encounter.fog import fog_of
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.storage.save_copy import copy_for_saving


def _document(encounter) -> str:
    return json.dumps(encounter_to_dict(encounter), sort_keys=True)


def test_the_copy_saves_what_the_encounter_held_and_later_changes_never_reach_it():
    encounter = fight()
    go_to(encounter, "player-phase")
    encounter.declare("aldric", actions=["attack"])
    fog_of(encounter).hide_all()
    before = _document(encounter)
    saved = copy_for_saving(encounter)
    assert _document(saved) == before
    encounter.set_hp("aldric", 1)
    encounter.apply_status("orc", "burning")
    encounter.declare("aldric", actions=["attack", "dash"])
    encounter.set_sight_range(12)
    encounter.battle_map.set_terrain((0, 0), "mud")
    encounter.battle_map.walls.append(Wall((1, 1), (1, 3)))
    fog_of(encounter).reveal_all()
    encounter.note("a line for the log")
    assert _document(saved) == before
    assert _document(encounter) != before
    assert _document(copy_for_saving(encounter)) == _document(encounter)


def test_the_copy_shares_the_map_rows_already_written():
    encounter = fight()
    encounter_to_dict(encounter)
    saved = copy_for_saving(encounter)
    assert saved.battle_map is not encounter.battle_map
    assert (
        saved.battle_map.derived_caches["file_rows"]
        is encounter.battle_map.derived_caches["file_rows"]
    )


def test_a_copy_shares_the_earlier_copy_of_each_unchanged_combatant_and_only_those():
    """Each autosave's copy is taken with the one before: a combatant unchanged since shares
    its copy, a changed one is copied afresh; either way the copy saves what the encounter
    holds, and the earlier copy still saves what it held."""
    encounter = fight()
    go_to(encounter, "player-phase")
    first = copy_for_saving(encounter)
    held_first = _document(first)
    encounter.set_hp("aldric", 1)
    encounter.declare("mira", actions=["attack"])
    second = copy_for_saving(encounter, first)
    assert second.combatants["aldric"] is not first.combatants["aldric"]
    assert second.combatants["orc"] is first.combatants["orc"]
    assert _document(second) == _document(encounter)
    assert _document(first) == held_first
    encounter.apply_status("orc", "burning")
    third = copy_for_saving(encounter, second)
    assert third.combatants["orc"] is not second.combatants["orc"]
    assert third.combatants["aldric"] is second.combatants["aldric"]
    assert _document(third) == _document(encounter)
    encounter.remove_combatant("goblin")
    assert _document(copy_for_saving(encounter, third)) == _document(encounter)
