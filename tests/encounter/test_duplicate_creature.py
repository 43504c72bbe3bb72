"""Duplicating a creature of the fight: a fresh copy of its stat block beside it, numbered as a
Shift-drop numbers its copies, with its side, picture and hiding; one undo step."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import assert_one_undo_step, fight, state
from helpers.storage_samples import png_bytes

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.placement import PlacementError, duplicate_creature
from drase_desktop.encounter.portraits import set_portrait


def _copy(e: Encounter, ids: list[str]) -> Combatant:
    (new,) = ids
    return e.combatants[new]


def test_a_copy_is_the_stat_block_at_rest_on_the_nearest_free_tile() -> None:
    e = fight()
    e.apply_damage("goblin", 3, "cut")
    e.apply_status("goblin", "bleeding")
    e.update_combatant("goblin", ac_bonus=4, side="wolves")
    goblin = e.combatants["goblin"]
    copy = _copy(e, duplicate_creature(e, "goblin").result)
    assert copy.name == "Goblin 2"
    assert copy.id != "goblin"
    assert copy.hp == copy.max_hp == goblin.max_hp and goblin.hp < goblin.max_hp
    assert copy.statuses == [] and goblin.statuses
    assert (copy.side, copy.ac_bonus, copy.weapons) == ("wolves", 4, goblin.weapons)
    gx, gy = goblin.position
    cx, cy = copy.position
    assert max(abs(cx - gx), abs(cy - gy)) == 1  # beside it
    assert copy.position not in {c.position for c in e.combatants.values() if c is not copy}


def test_copies_continue_the_numbers_like_a_shift_drop() -> None:
    e = fight()
    first = _copy(e, duplicate_creature(e, "goblin").result)
    second = _copy(e, duplicate_creature(e, first.id).result)
    third = _copy(e, duplicate_creature(e, "goblin").result)
    assert [first.name, second.name, third.name] == ["Goblin 2", "Goblin 3", "Goblin 4"]
    assert len({first.position, second.position, third.position}) == 3


def test_a_copy_keeps_the_picture_hiding_and_player_character() -> None:
    e = fight()
    picture = png_bytes(8, 8)
    set_portrait(e, "aldric", picture)
    e.update_combatant("aldric", hidden=True)
    copy = _copy(e, duplicate_creature(e, "aldric").result)
    assert copy.portrait == e.combatants["aldric"].portrait
    assert e.portraits[copy.portrait] == picture
    assert copy.hidden and copy.is_player_character and copy.side == "players"
    assert copy.name == "Aldric 2"


def test_a_copy_is_one_undo_step_and_says_what_it_copied() -> None:
    e = fight()
    before = state(e)
    change = duplicate_creature(e, "orc")
    assert change.description == "Duplicate Orc as Orc 2"
    assert "a copy of Orc" in e.log.entries[-1].text
    assert_one_undo_step(e, change, before)


def test_an_off_map_creature_is_copied_near_the_given_tile() -> None:
    e = fight()
    e.add_combatant(Combatant("ghost", "Ghost", "gm", position=None))
    with pytest.raises(PlacementError, match="Choose where"):
        duplicate_creature(e, "ghost")
    copy = _copy(e, duplicate_creature(e, "ghost", (8, 6)).result)
    assert copy.position == (8, 6)


def test_no_free_tile_refuses_and_changes_nothing() -> None:
    e = Encounter(BattleMap(2, 1), [Combatant("a", "A", "gm", position=(0, 0))])
    e.add_combatant(Combatant("b", "B", "gm", position=(1, 0)))
    before = state(e)
    with pytest.raises(PlacementError, match="No free tile"):
        duplicate_creature(e, "a")
    assert state(e) == before


def test_free_tiles_for_a_template_skip_a_creature_that_shares_its_id() -> None:
    """The template's own id ("goblin") is the id of a goblin placed from it before: that
    goblin's tile is not free for the next one."""
    from drase_desktop.encounter.creature_template import CreatureTemplate
    from drase_desktop.encounter.placement import free_tiles_for

    e = fight()
    template = CreatureTemplate.from_combatant(e.combatants["goblin"])
    assert template.creature.id == "goblin"
    tiles = free_tiles_for(e, template, e.combatants["goblin"].position, 3)
    assert e.combatants["goblin"].position not in tiles and len(tiles) == 3
