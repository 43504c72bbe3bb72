"""Rulings 42 to 46 and 49 (the third pass: questions the code raised), each at the level where
the GM meets it: the encounter's operations, its log and what its previews say."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, moving_fight

from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.encounter import Encounter, EncounterError


# ---------------------------------------------------------------------------------- ruling 42
def _large_orc_on_a_rock() -> Encounter:
    """The orc is large (2 x 2 tiles from (6, 4)); one of its tiles, (7, 5), is a rock 3 tiles
    high, the others are level ground: it stands at 3."""
    e = fight()
    e.update_combatant("orc", size=4)
    e.battle_map.set_elevation((7, 5), 3)
    return e


def test_ruling_42_a_large_creature_stands_at_its_highest_tile_for_range_and_bonus() -> None:
    from drase_desktop.encounter.geometry import measure, standing_height

    e = _large_orc_on_a_rock()
    orc, mira = e.combatants["orc"], e.combatants["mira"]
    assert standing_height(e.battle_map, orc) == 3
    measured = measure(e, mira, orc)
    assert (measured.attacker_height, measured.target_height) == (0, 3)
    go_to(e, "gm-resolution")
    # The orc looks down on Mira: +1 bonus; Mira shoots up at it: none, and v counts.
    down = attack_preview(e, "orc", "mira", reaction=True).working
    assert down is not None and any(p.label == "target is lower" for p in down.parts)
    up = attack_preview(e, "mira", "orc", weapon="shortbow").working
    assert up is not None and not any(p.label == "target is lower" for p in up.parts)


def test_ruling_42_reach_counts_the_height_of_the_highest_tile() -> None:
    """Aldric beside the large orc's low tiles still needs reach 3 to hit it up on its rock."""
    e = _large_orc_on_a_rock()
    e.move("aldric", [(5, 4)], forced=True)
    go_to(e, "gm-resolution")
    preview = attack_preview(e, "aldric", "orc")
    assert "reaches 1" in preview.blocked


def test_ruling_42_a_large_creature_falls_from_its_highest_tile() -> None:
    """Pushed off its rock onto level ground, the large orc drops 3 tiles, though its top-left
    tile was level; onto ground whose highest tile is 1, it drops 2."""
    e = _large_orc_on_a_rock()
    go_to(e, "gm-resolution")
    pushed = e.move("orc", [(6, 1)], forced=True)
    assert pushed.result.drop == 3
    assert "dropping 3 tile(s)" in e.log.entries[-1].text
    pushed.undo()
    e.battle_map.set_elevation((5, 1), 1)  # a footprint of (4, 0)..(5, 1): its highest is 1
    assert e.move("orc", [(4, 0)], forced=True).result.drop == 2


def test_ruling_42_a_large_creature_lands_on_the_surface_of_its_highest_tiles() -> None:
    """It falls onto the tiles it stands at (its highest, ruling 42): the pool under its
    top-left tile cushions nothing when it lands on the rock; and where two highest tiles
    differ, the harder one counts (ground beside water is ground)."""
    from drase_desktop.encounter.fall_preview import fall_preview, fall_surface_under

    e = _large_orc_on_a_rock()
    orc = e.combatants["orc"]
    e.battle_map.set_terrain((6, 4), "water")  # the top-left tile, level with the ground
    assert fall_surface_under(e, orc) == "ground"
    assert fall_preview(e, "orc", 4).fall.dice
    e.battle_map.set_terrain((7, 5), "soft")  # the rock itself is soft now
    assert fall_surface_under(e, orc) == "soft"
    assert not fall_preview(e, "orc", 6).fall.dice
    e.battle_map.set_elevation((7, 5), 0)  # all four level: water beside ground and soft
    assert fall_surface_under(e, orc) == "ground"
    for tile in [(6, 4), (7, 4), (6, 5), (7, 5)]:
        e.battle_map.set_terrain(tile, "water")
    assert fall_surface_under(e, orc) == "water"


def test_ruling_42_the_drop_of_a_forced_move_is_asked_of_the_encounter() -> None:
    """The window's forced-drag preview reads the same drop the move logs."""
    e = _large_orc_on_a_rock()
    assert e.drop_height("orc", (6, 1)) == 3
    e.battle_map.set_elevation((6, 4), 5)  # now its top-left tile is the highest
    assert e.drop_height("orc", (6, 1)) == 5
    assert e.drop_height("orc", (6, 4)) == 0


# ---------------------------------------------------------------------------------- ruling 43
def test_ruling_43_shooting_out_of_total_obscuration_takes_2_maluses() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.battle_map.set_obscuration((2, 4), "total")  # Mira's tile; the orc stands in the clear
    preview = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert not preview.blocked
    assert preview.working is not None and preview.working.maluses == 2
    assert any("ruling 43" in n for n in preview.situation_notes)


def test_ruling_43_a_target_in_total_obscuration_still_cannot_be_targeted() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.battle_map.set_obscuration((6, 4), "total")  # the orc's tile
    assert "cannot be targeted" in attack_preview(e, "mira", "orc", weapon="shortbow").blocked
    e.battle_map.set_obscuration((2, 4), "total")  # both ends total: still no attack
    assert "cannot be targeted" in attack_preview(e, "mira", "orc", weapon="shortbow").blocked


def test_ruling_43_the_attack_itself_rolls_with_the_2_maluses() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-resolution")
    e.battle_map.set_obscuration((2, 4), "total")
    result = e.resolve_attack(
        "mira", "orc", weapon="shortbow", attack_faces=[10, 4, 2], damage_faces=[3]
    ).result
    assert result.expression == "1d20 + 5 - 2d6k1"


def test_ruling_43_perceiving_out_of_total_obscuration_takes_2_maluses() -> None:
    from drase_desktop.encounter.check_preview import perception_check_working

    e = fight()
    go_to(e, "player-phase")
    e.battle_map.set_obscuration((2, 4), "total")
    assert perception_check_working(e, "mira", hider_id="orc").maluses == 2
    e.battle_map.set_obscuration((6, 4), "total")
    with pytest.raises(EncounterError, match="total obscuration"):
        perception_check_working(e, "mira", hider_id="orc")


def test_ruling_43_the_hover_report_counts_it_as_heavy() -> None:
    from drase_desktop.encounter.geometry import obscuration_between
    from drase_desktop.encounter.target_preview import target_preview, target_words

    e = fight()
    e.battle_map.set_obscuration((2, 4), "total")
    preview = target_preview(e, "mira", "orc")
    assert preview.obscuration == "heavy" and preview.maluses == 2 and preview.targetable
    assert "Obscured: heavy, 2 maluses" in target_words(preview, "Orc")
    seen = obscuration_between(e.battle_map, e.combatants["mira"], e.combatants["orc"])
    assert seen.attacker_level == "total"


# ---------------------------------------------------------------------------------- ruling 44
def test_ruling_44_unavoidable_ignores_resistance_and_vulnerability_applies_in_full() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("orc", vulnerabilities={"fire": 1}, resistances={"fire": 2})
    assert e.apply_damage("orc", 5, "fire", unavoidable=True).result == 8  # 5 x 1.5 -> 8
    text = e.log.entries[-1].text
    assert "ruling 44" in text and "resistance ignored" in text


@pytest.mark.parametrize("kind", ["psychic", "poison"])
def test_ruling_44_objects_stay_immune_to_psychic_and_poison_even_unavoidable(kind: str) -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("goblin", is_object=True, vulnerabilities={kind: 1})
    assert e.apply_damage("goblin", 7, kind, unavoidable=True).result == 0
    assert e.combatants["goblin"].hp == 12
    assert "objects are immune" in e.log.entries[-1].text
    assert "ruling 44" in e.log.entries[-1].text
    # Other types still pass an object's immunities when unavoidable (ruling 30).
    e.update_combatant("goblin", immunities={"fire"})
    assert e.apply_damage("goblin", 4, "fire", unavoidable=True).result == 4


def test_ruling_44_an_unavoidable_attack_on_an_object_deals_no_psychic_damage() -> None:
    e = fight()
    e.update_combatant(
        "aldric",
        weapons=[Weapon("Mind Lash", "2d6", "psychic", unavoidable=True, adds_modifier=False)],
    )
    e.update_combatant("goblin", is_object=True)
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    go_to(e, "gm-resolution")
    result = e.resolve_attack("aldric", "goblin", damage_faces=[4, 5]).result
    assert result.hit and result.damage_dealt == 0


def test_ruling_44_the_object_immunities_are_one_list() -> None:
    from drase_desktop.encounter import combatant
    from drase_desktop.rules import damage

    assert combatant.OBJECT_IMMUNITIES is damage.OBJECT_IMMUNITIES


# ---------------------------------------------------------------------------------- ruling 45
def test_ruling_45_a_forced_move_between_drags_leaves_the_alternation() -> None:
    """One diagonal of its own, a diagonal push, then its next diagonal: that is the round's
    second diagonal of its own, 2 tiles."""
    e = moving_fight()
    assert e.move("aldric", [(2, 2), (3, 3)]).result.cost == 1
    e.move("aldric", [(3, 3), (4, 4)], forced=True)
    assert "not its own movement" in e.log.entries[-1].text
    assert "ruling 45" in e.log.entries[-1].text
    assert e.move("aldric", [(4, 4), (5, 5)]).result.cost == 2
    e.move("aldric", [(5, 5), (6, 6), (7, 7)], forced=True)  # two diagonals: none counted
    assert e.movement_search("aldric").cost((8, 6)) == 1  # its third: 1


def test_ruling_45_a_displacement_leaves_the_alternation_and_the_circle() -> None:
    """A diagonal push (stacked displacements, one forced move) between two diagonals of its
    own: the second still costs 2; under the circle rule the push does not move the centre."""
    from drase_desktop.encounter.displacement import DisplacementHit, apply_displacements

    e = moving_fight()
    e.move("aldric", [(2, 2), (3, 3)])
    apply_displacements(e, "aldric", [DisplacementHit(2, (1, 1), 14, "the orc's shove")])
    assert e.combatants["aldric"].position == (5, 5)
    assert e.round_move("aldric").diagonal_parity == 1
    assert e.move("aldric", [(5, 5), (6, 6)]).result.cost == 2
    circle = moving_fight("circle")
    apply_displacements(circle, "aldric", [DisplacementHit(2, (1, 0), 14, "a gust")])
    assert circle.movement_search("aldric").circle_centre == (2, 2)


def test_ruling_45_a_forced_move_does_not_move_the_circle() -> None:
    """Speed 5 under the circle rule from (2, 2): pushed 2 tiles east first, it still moves
    inside the circle round (2, 2), where it stood as the round began."""
    e = moving_fight("circle")
    e.update_combatant("aldric", speed=5)
    e.move("aldric", [(4, 2)], forced=True)
    search = e.movement_search("aldric")
    assert search.circle_centre == (2, 2) and search.circle_radius == 5
    assert (8, 2) not in search.reachable  # 4 from where it is, 6 from the circle's centre
    assert (7, 2) in search.reachable
    e.move("aldric", [(5, 2)])
    e.move("aldric", [(7, 3)], forced=True)  # a push after its own move: the centre stays
    assert e.movement_search("aldric").circle_centre == (2, 2)


# ---------------------------------------------------------------------------------- ruling 46
def _one_round_prepared() -> Encounter:
    from drase_desktop.encounter.preparation import prepare

    e = fight()
    prepare(e, "aldric", "illuminated", duration=1, source="light spell")
    prepare(e, "orc", "illuminated", duration=1, source="war paint")
    e.start()
    return e


@pytest.mark.parametrize(("who", "tickdown"), [("aldric", "player"), ("orc", "gm")])
def test_ruling_46_a_one_round_prepared_effect_lasts_through_round_1(
    who: str, tickdown: str
) -> None:
    e = _one_round_prepared()
    go_to(e, f"{tickdown}-tickdown")
    assert e.round == 1
    assert e.combatants[who].has_status("illuminated")  # round 1's tickdown skips it
    e.advance()
    go_to(e, f"{tickdown}-tickdown")
    assert e.round == 2
    assert not e.combatants[who].has_status("illuminated")  # ends at round 2's tickdown


def test_ruling_46_the_log_says_the_prepared_effect_counts_as_applied_in_round_1() -> None:
    e = _one_round_prepared()
    texts = [x.text for x in e.log if x.round == 1 and x.kind == "status"]
    assert any("light spell" in t and "ruling 46" in t for t in texts)


# ---------------------------------------------------------------------------------- ruling 49
def test_ruling_49_healing_never_lowers_hp_above_max() -> None:
    e = fight()
    e.set_hp("orc", 25)  # above its max of 20: a feat or item raised it
    assert e.heal("orc", 4).result == 0
    assert e.combatants["orc"].hp == 25
    assert "ruling 49" in e.log.entries[-1].text
    e.set_hp("orc", 18)
    assert e.heal("orc", 5).result == 2
    assert e.combatants["orc"].hp == 20
    assert "at most to max 20 (ruling 49)" in e.log.entries[-1].text


def test_ruling_49_a_long_rest_keeps_hp_above_max_and_says_so() -> None:
    from drase_desktop.encounter.rests import rest

    e = fight()
    e.update_combatant("aldric", max_mana=3)
    e.set_hp("aldric", 34)  # max 30
    rest(e, ["aldric"], "long")
    assert e.combatants["aldric"].hp == 34
    assert "HP 34 -> 34" in e.log.entries[-1].text


def test_ruling_49_rests_heal_at_most_to_max() -> None:
    from drase_desktop.encounter.rests import rest

    e = fight()
    e.update_combatant("aldric", max_mana=3)
    e.set_hp("aldric", 28)  # 25% of 30 = 7: up to 30, not 35
    rest(e, ["aldric"], "long")
    assert e.combatants["aldric"].hp == 30


def test_ruling_49_a_party_carried_after_a_long_rest_keeps_hp_above_max() -> None:
    from drase_desktop.board.battle_map import BattleMap
    from drase_desktop.encounter.party import CARRY_LONG_REST, new_encounter_with_party

    e = fight()
    e.update_combatant("aldric", max_mana=3)
    e.set_hp("aldric", 34)
    e.set_hp("mira", 10)
    after = new_encounter_with_party(e, BattleMap(10, 8), carry=CARRY_LONG_REST)
    assert after.combatants["aldric"].hp == 34
    assert after.combatants["mira"].hp == 11  # 10% of 22 = 2, no higher than half of 22


def test_ruling_49_the_rest_rules_work_from_hp_above_max() -> None:
    from drase_desktop.rules.rest import Resources, long_rest

    assert long_rest(Resources(hp=45, max_hp=40, focus_max=1)).after.hp == 45
    assert long_rest(Resources(hp=45, max_hp=40), well_rested=False).after.hp == 45
