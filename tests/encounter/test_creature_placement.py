"""Creature templates placed from the library: numbered names, refused tiles, one undo step;
token art kept once per picture; the party carried over to a new encounter."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import assert_one_undo_step, fight, state
from helpers.storage_samples import png_bytes, png_header_only

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.combatant import Combatant, Preparation, Weapon
from drase_desktop.encounter.creature_edits import add_creature, edit_creature
from drase_desktop.encounter.creature_template import (
    MONSTERS,
    NPCS,
    PLAYER_CHARACTERS,
    CreatureTemplate,
    TemplateError,
)
from drase_desktop.encounter.party import (
    CARRY_AS_IS,
    CARRY_LONG_REST,
    PartyError,
    new_encounter_with_party,
)
from drase_desktop.encounter.placement import (
    PlacementError,
    free_tiles_near,
    numbered_names,
    place_from_template,
)
from drase_desktop.encounter.portraits import (
    MAX_PORTRAIT_BYTES,
    PortraitError,
    portrait_key,
    set_portrait,
)
from drase_desktop.encounter.rests import mana_regained_since_long_rest, rest
from drase_desktop.storage.encounter_file import encounter_from_dict, encounter_to_dict
from drase_desktop.storage.portrait_files import check_portrait


def bandit_template(portrait: bytes | None = None, **overrides) -> CreatureTemplate:
    creature = Combatant(
        id="x",
        name="Bandit",
        side="gm",
        hp=11,
        max_hp=11,
        ac_bonus=2,
        weapons=[Weapon("Spear", "1d6", "pierce")],
        **overrides,
    )
    return CreatureTemplate(creature, MONSTERS, "Road robber", portrait)


# ---------------------------------------------------------------------------- templates
def test_template_from_a_wounded_numbered_creature_is_its_stat_block_at_rest() -> None:
    e = fight()
    goblin = e.combatants["goblin"]
    e.set_hp("goblin", 1)
    e.update_combatant("goblin", name="Goblin 3", mana=0)
    template = CreatureTemplate.from_combatant(goblin)
    assert template.name == "Goblin"
    assert template.group == MONSTERS
    assert template.creature.hp == template.creature.max_hp
    assert template.creature.position is None and template.creature.statuses == []
    assert goblin.name == "Goblin 3" and goblin.hp == 1  # the creature in the fight is untouched


def test_template_groups_follow_player_characters_and_sides() -> None:
    e = fight()
    assert CreatureTemplate.from_combatant(e.combatants["aldric"]).group == PLAYER_CHARACTERS
    e.update_combatant("orc", side="townsfolk")
    assert CreatureTemplate.from_combatant(e.combatants["orc"]).group == NPCS
    with pytest.raises(TemplateError, match="group must be one of"):
        CreatureTemplate(e.combatants["orc"], "dragons")


def test_template_search_reads_name_group_description_and_weapons() -> None:
    template = bandit_template()
    assert template.matches("")
    assert template.matches("band spear")
    assert template.matches("ROAD")
    assert template.matches("monsters pierce")
    assert not template.matches("bandit bow")


# ---------------------------------------------------------------------------- placing
def test_one_bandit_keeps_its_name_then_the_numbers_continue() -> None:
    e = fight()
    first = place_from_template(e, bandit_template(), [(0, 0)])
    assert [e.combatants[i].name for i in first.result] == ["Bandit"]
    more = place_from_template(e, bandit_template(), [(1, 0), (2, 0), (3, 0)])
    assert [e.combatants[i].name for i in more.result] == ["Bandit 2", "Bandit 3", "Bandit 4"]
    assert len(set(more.result) | set(first.result)) == 4
    assert numbered_names(e, "Bandit", 1) == ["Bandit 5"]


def test_placing_several_is_one_undo_step() -> None:
    e = fight()
    before = state(e)
    change = place_from_template(e, bandit_template(), [(0, 0), (1, 0), (0, 1)])
    assert change.description == "Place 3 x Bandit"
    assert_one_undo_step(e, change, before)


def test_placing_refuses_blocked_occupied_and_off_map_tiles_and_changes_nothing() -> None:
    e = fight()
    e.battle_map.set_terrain((5, 5), "blocked")
    before = state(e)
    with pytest.raises(PlacementError, match=r"\(5, 5\): the tile is blocked"):
        place_from_template(e, bandit_template(), [(0, 0), (5, 5)])
    with pytest.raises(PlacementError, match=r"Aldric is there"):
        place_from_template(e, bandit_template(), [(2, 2)])
    with pytest.raises(PlacementError, match="off the map"):
        place_from_template(e, bandit_template(), [(40, 0)])
    with pytest.raises(
        PlacementError, match="Bandit 2 cannot stand on \\(0, 0\\): Bandit 1 is there"
    ):
        place_from_template(e, bandit_template(), [(0, 0), (0, 0)])
    assert state(e) == before


def test_free_tiles_near_an_anchor_skip_what_is_taken_and_large_creatures_do_not_overlap() -> None:
    e = fight()
    e.battle_map.set_terrain((1, 2), "blocked")
    tiles = free_tiles_near(e, bandit_template().creature, (2, 2), 3)  # Aldric stands on (2, 2)
    assert (2, 2) not in tiles and (1, 2) not in tiles and len(tiles) == 3
    assert all(abs(x - 2) <= 1 and abs(y - 2) <= 1 for x, y in tiles)
    ogre = bandit_template(size=4).creature
    spots = free_tiles_near(e, ogre, (6, 6), 2)
    covered = [(x + dx, y + dy) for x, y in spots for dx in range(2) for dy in range(2)]
    assert len(covered) == len(set(covered)) == 8
    place_from_template(e, bandit_template(size=4), spots)


def test_a_template_with_art_stores_the_picture_once_for_every_copy() -> None:
    e = fight()
    picture = png_bytes(8, 8)
    change = place_from_template(e, bandit_template(picture), [(0, 0), (1, 0), (0, 1)])
    keys = {e.combatants[i].portrait for i in change.result}
    assert keys == {portrait_key(picture)}
    assert list(e.portraits) == [portrait_key(picture)]


# ---------------------------------------------------------------------------- token art
def test_art_is_set_undone_saved_and_reloaded() -> None:
    e = fight()
    picture = png_bytes(16, 12, rgb=(200, 30, 30))
    change = set_portrait(e, "goblin", picture)
    assert e.combatants["goblin"].portrait == portrait_key(picture)
    data = encounter_to_dict(e)
    assert list(data["portraits"]) == [portrait_key(picture)]
    reloaded = encounter_from_dict(data)
    assert reloaded.portraits[reloaded.combatants["goblin"].portrait] == picture
    change.undo()
    assert e.combatants["goblin"].portrait is None
    assert "portraits" not in encounter_to_dict(e)  # an unused picture is not saved


def test_art_refuses_what_is_not_a_whole_png_jpeg_or_webp() -> None:
    e = fight()
    before = state(e)
    with pytest.raises(PortraitError, match="not a PNG, JPEG or WebP"):
        set_portrait(e, "goblin", b"GIF89a" + bytes(40))
    with pytest.raises(PortraitError, match="limited to 4 MB"):
        set_portrait(e, "goblin", b"\x89PNG\r\n\x1a\n" + bytes(MAX_PORTRAIT_BYTES))
    assert state(e) == before


def test_a_truncated_or_oversized_picture_from_a_file_is_refused() -> None:
    with pytest.raises(PortraitError, match="truncated"):
        check_portrait(png_bytes(8, 8)[:-6])
    with pytest.raises(PortraitError, match="limited to 4096 px a side"):
        check_portrait(png_header_only(5000, 10))
    assert check_portrait(png_bytes(8, 6)).width == 8


def test_art_set_from_bytes_is_walked_as_a_file_is() -> None:
    """`set_portrait` checks what the file loader checks: a PNG's signature alone, a truncated
    picture or one too large a side is refused, and nothing changes."""
    e = fight()
    before = state(e)
    with pytest.raises(PortraitError, match="The picture for"):
        set_portrait(e, "goblin", b"\x89PNG\r\n\x1a\n" + bytes(64))
    with pytest.raises(PortraitError, match="truncated"):
        set_portrait(e, "goblin", png_bytes(8, 8)[:-6])
    with pytest.raises(PortraitError, match="limited to 4096 px a side"):
        set_portrait(e, "goblin", png_header_only(5000, 10))
    assert state(e) == before
    assert e.portraits == {}


def test_a_file_whose_picture_does_not_match_its_key_is_refused() -> None:
    e = fight()
    set_portrait(e, "goblin", png_bytes(8, 8))
    data = encounter_to_dict(e)
    key = next(iter(data["portraits"]))
    data["portraits"][key] = data["portraits"][key][:-8] + "AAAAAAA="
    with pytest.raises(ValueError, match="portraits\\[0\\]"):
        encounter_from_dict(data)
    data = encounter_to_dict(e)
    data["portraits"] = {}
    with pytest.raises(ValueError, match="portrait names a picture the file does not hold"):
        encounter_from_dict(data)


# ---------------------------------------------------------------------------- the party
def hurt_party():
    e = fight()
    e.set_hp("aldric", 5)
    e.apply_status("aldric", "bleeding", duration=2)
    e.update_combatant("mira", max_focus=3)
    set_portrait(e, "mira", png_bytes(8, 8))
    return e


def test_the_party_carries_over_as_it_was() -> None:
    e = hurt_party()
    new_map = BattleMap(12, 9, name="Cave")
    carried = new_encounter_with_party(e, new_map, carry=CARRY_AS_IS, name="The cave")
    assert sorted(carried.combatants) == ["aldric", "mira"]  # only player characters
    aldric = carried.combatants["aldric"]
    assert aldric.hp == 5 and aldric.status_names() == ["bleeding"]
    assert aldric.position == (2, 2)  # its old tile is free on the new map
    assert carried.round == 0 and carried.battle_map is new_map
    assert carried.portraits[carried.combatants["mira"].portrait]
    assert e.combatants["aldric"].hp == 5 and "goblin" in e.combatants  # the old fight is kept
    assert any("arrives from Test fight" in entry.text for entry in carried.log)


def test_the_party_after_a_long_rest_follows_ruling_37() -> None:
    """Ruling 37: a long rest heals 25% of max HP (rounded down) when well-rested with focus
    or mana, else 10% without going above half; every round-long status has run out."""
    e = hurt_party()
    e.update_combatant("aldric", max_focus=0, max_mana=0, focus=0, mana=0)
    e.set_hp("mira", 2)
    e.update_combatant("mira", focus=0)
    carried = new_encounter_with_party(e, BattleMap(12, 9), carry=CARRY_LONG_REST)
    aldric, mira = carried.combatants["aldric"], carried.combatants["mira"]
    assert aldric.hp == 5 + 30 // 10  # no focus or mana: 10% of 30
    assert aldric.statuses == []
    assert mira.hp == 2 + mira.max_hp // 4 and mira.focus == 3


def test_ruling_37_long_rest_stops_at_half_for_a_party_member_without_focus_or_mana() -> None:
    e = fight()
    e.update_combatant("aldric", max_focus=0, max_mana=0, focus=0, mana=0)
    e.set_hp("aldric", 14)  # half of 30 is 15: 10% would take it to 17
    carried = new_encounter_with_party(e, BattleMap(12, 9), carry=CARRY_LONG_REST)
    assert carried.combatants["aldric"].hp == 15


def test_carried_short_rest_mana_still_counts_toward_the_limit() -> None:
    e = fight()
    e.update_combatant("mira", max_mana=4, mana=0)
    rest(e, ["mira"], "short")
    carried = new_encounter_with_party(e, BattleMap(12, 9), carry=CARRY_AS_IS)
    assert mana_regained_since_long_rest(carried, "mira") == 4


def test_the_party_on_a_smaller_map_gathers_by_the_west_edge_and_positions_can_be_given() -> None:
    e = fight()
    small = BattleMap(2, 3)
    carried = new_encounter_with_party(e, small)
    tiles = {c.position for c in carried.combatants.values()}
    assert len(tiles) == 2 and all(small.in_bounds(t) for t in tiles)
    chosen = new_encounter_with_party(e, BattleMap(12, 9), positions={"mira": (9, 9 - 1)})
    assert chosen.combatants["mira"].position == (9, 8)
    blocked = BattleMap(12, 9)
    blocked.set_terrain((3, 3), "blocked")
    with pytest.raises(PartyError, match="blocked"):
        new_encounter_with_party(e, blocked, positions={"mira": (3, 3)})
    with pytest.raises(PartyError, match="as-is or after a long rest"):
        new_encounter_with_party(e, small, carry="teleport")


def test_no_party_no_new_encounter() -> None:
    e = fight()
    for pc in ("aldric", "mira"):
        e.remove_combatant(pc)
    with pytest.raises(PartyError, match="no player characters"):
        new_encounter_with_party(e, BattleMap(5, 5))


# ---------------------------------------------------------------------------- the sheet's edit
def test_a_whole_sheet_edit_is_one_undo_step_and_keeps_place_statuses_and_art() -> None:
    e = fight()
    set_portrait(e, "orc", png_bytes(8, 8))
    e.apply_status("orc", "bleeding", duration=2)
    orc = e.combatants["orc"]
    before = state(e)
    edited = orc.copy()
    for name, value in {
        "name": "Orc Chief",
        "max_hp": 40,
        "hp": 35,
        "ac_bonus": 5,
        "speed": 5,
        "resistances": {"cut": 1},
        "weapons": [Weapon("Maul", "2d6", "blunt")],
        "position": (0, 0),
        "portrait": None,
        "statuses": [],
    }.items():
        setattr(edited, name, value)
    change = edit_creature(e, "orc", edited)
    assert set(change.result) == {
        "name",
        "max_hp",
        "hp",
        "ac_bonus",
        "speed",
        "resistances",
        "weapons",
    }
    assert (orc.name, orc.hp, orc.max_hp, orc.weapons[0].name) == ("Orc Chief", 35, 40, "Maul")
    assert orc.position == (6, 4) and orc.status_names() == ["bleeding"] and orc.portrait
    change.undo()
    assert state(e) == before


def test_a_sheet_edit_that_makes_a_creature_too_big_for_its_place_is_refused() -> None:
    e = fight()
    edited = e.combatants["goblin"].copy()
    edited.size = 4  # 2 x 2 from (3, 2): (4, 3) is blocked below
    e.battle_map.set_terrain((4, 3), "blocked")
    with pytest.raises(ValueError, match=r"\(4, 3\): the tile is blocked"):
        edit_creature(e, "goblin", edited)
    assert e.combatants["goblin"].size == 2  # unchanged (a small goblin)


def test_add_creature_refuses_a_taken_tile_and_renames_a_taken_id() -> None:
    e = fight()
    twin = Combatant(id="goblin", name="Goblin", side="gm", position=(0, 0))
    change = add_creature(e, twin)
    assert change.result == "goblin-2" and e.combatants["goblin-2"].position == (0, 0)
    with pytest.raises(ValueError, match="Aldric is there"):
        add_creature(e, Combatant(id="x", name="X", side="gm", position=(2, 2)))


def test_ruling_40_preparations_stay_with_the_fight_they_were_made_for() -> None:
    """Ruling 40: spells and potions prepared in Setup take effect at the start of round 1 of
    that fight. A sheet edit keeps them; a template never holds any; the party arrives at the
    next encounter without them (each fight is prepared anew)."""
    e = fight()
    potion = Preparation("bleeding", 2, "a cursed draught")
    e.combatants["aldric"].prepared = [potion]
    edited = e.combatants["aldric"].copy()
    edited.prepared = []
    edited.max_hp = 31
    edit_creature(e, "aldric", edited)
    assert e.combatants["aldric"].prepared == [potion]
    assert CreatureTemplate.from_combatant(e.combatants["aldric"]).creature.prepared == []
    carried = new_encounter_with_party(e, BattleMap(10, 10))
    assert carried.combatants["aldric"].prepared == []
    assert e.combatants["aldric"].prepared == [potion]
