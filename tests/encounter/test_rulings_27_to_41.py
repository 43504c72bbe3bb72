"""Rulings 27 to 41 (the second pass over the texts), each at the level where the GM meets it:
the encounter's operations and what its previews say."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, moving_fight, state

from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.encounter import EncounterError


# ---------------------------------------------------------------------------------- ruling 31
@pytest.mark.parametrize(
    ("hp", "tiles", "faces", "leg_wounds"),
    [
        # Already at 0: not incapacitated *by the fall*; 1 HP of 20 is short of the 50% rule.
        (0, 2, [1], 0),
        # From above 0 to below it: the fall incapacitates, both legs twice.
        (3, 2, [4], 2),
        # Already down: 12 of max 20 still takes the 50% rule.
        (-2, 6, [4, 4, 4], 1),
    ],
    ids=["already-at-zero", "from-above-zero", "already-down-half-rule"],
)
def test_ruling_31_fall_leg_wounds(hp, tiles, faces, leg_wounds) -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.set_hp("orc", hp)
    e.apply_fall("orc", tiles, damage_faces=faces)
    orc = e.combatants["orc"]
    assert orc.hp == hp - sum(faces)
    assert orc.wounds["left leg"] == leg_wounds and orc.wounds["right leg"] == leg_wounds


def test_ruling_31_fall_damage_is_blunt() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("orc", resistances={"blunt": 1})
    e.apply_fall("orc", 4, damage_faces=[6, 4])  # 10 blunt, halved
    assert e.combatants["orc"].hp == 15
    damage = [x for x in e.log if x.kind == "damage"][-1]
    assert damage.data["damage_type"] == "blunt"


# ---------------------------------------------------------------------------------- ruling 32
def test_ruling_32_the_falls_grab_roll_locks_the_declaration() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.apply_fall("aldric", 4, grab="cap", grab_faces=[3], damage_faces=[2, 2])
    assert e.declaration("aldric").locked
    with pytest.raises(EncounterError, match="locked"):
        e.declare("aldric", actions=["dash"])


def test_ruling_32_a_fall_without_a_grab_and_damage_against_it_do_not_lock() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.apply_fall("aldric", 4, damage_faces=[2, 2])
    e.apply_damage("aldric", "1d4", "fire", faces=[3])
    assert not e.declaration("aldric").locked


def test_ruling_32_checks_and_perception_lock_the_roller() -> None:
    from drase_desktop.encounter.checks import ability_check, perception_check

    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])
    ability_check(e, "aldric", "power", 10, faces=[12])
    perception_check(e, "mira", dc=10, perception_faces=[12])
    assert e.declaration("aldric").locked and e.declaration("mira").locked
    before = state(e)
    with pytest.raises(EncounterError):
        e.declare("mira", actions=["dash"])
    assert state(e) == before


# ---------------------------------------------------------------------------------- ruling 27
def test_ruling_27_double_alternation_carries_over_drags() -> None:
    """Two one-tile diagonal drags cost 1 + 2, as one two-tile drag costs 3."""
    e = moving_fight()
    assert e.move("aldric", [(2, 2), (3, 3)]).result.cost == 1
    assert e.move("aldric", [(3, 3), (4, 4)]).result.cost == 2
    assert e.declaration("aldric").moved == 3


def test_ruling_27_speed_6_crosses_4_diagonals_drag_by_drag() -> None:
    e = moving_fight()
    for x in range(2, 6):
        e.move("aldric", [(x + 1, x + 1)])  # one tile at a time, the path found by the encounter
    assert e.combatants["aldric"].position == (6, 6)
    assert e.movement_allowance("aldric") == 0
    with pytest.raises(ValueError, match="Too far"):
        e.move("aldric", [(7, 7)])


def test_ruling_27_reachable_tiles_follow_the_alternation() -> None:
    e = moving_fight()
    e.move("aldric", [(2, 2), (3, 3)])
    search = e.movement_search("aldric")
    assert search.cost((4, 4)) == 2  # the round's second diagonal
    assert search.cost((5, 5)) == 3


def test_ruling_27_reset_move_and_a_new_round_restart_the_alternation() -> None:
    e = moving_fight()
    e.move("aldric", [(2, 2), (3, 3)])
    e.reset_move("aldric")
    assert e.move("aldric", [(2, 2), (3, 3)]).result.cost == 1
    go_to(e, "gm-tickdown")
    go_to(e, "player-phase")  # round 2
    assert e.round == 2
    assert e.move("aldric", [(3, 3), (4, 4)]).result.cost == 1


def test_ruling_27_undoing_a_drag_gives_its_diagonal_back() -> None:
    e = moving_fight()
    e.move("aldric", [(2, 2), (3, 3)])
    second = e.move("aldric", [(3, 3), (4, 4)])
    second.undo()
    assert e.movement_search("aldric").cost((4, 4)) == 2
    e.move("aldric", [(3, 3), (4, 3)])  # orthogonal: the next diagonal is still the second
    assert e.movement_search("aldric").cost((5, 3)) == 1
    assert e.movement_search("aldric").cost((5, 4)) == 2


def test_ruling_27_forced_moves_do_not_count_as_movement() -> None:
    e = moving_fight()
    e.move("aldric", [(2, 2), (3, 3)], forced=True)
    assert e.move("aldric", [(3, 3), (4, 4)]).result.cost == 1


def test_ruling_27_circle_stays_centred_at_the_round_start() -> None:
    """Speed 5 from (2, 2) never reaches (7, 5) (5.83 tiles from where it began), in one drag
    or in two."""
    e = fight()
    e.set_diagonal_rule("circle")
    e.update_combatant("aldric", speed=5)
    e.move("orc", [(0, 7)])
    go_to(e, "player-phase")
    assert (7, 5) not in e.movement_search("aldric").reachable
    with pytest.raises(ValueError, match="circle"):
        e.move("aldric", [(7, 5)])
    # 3 of 5 spent: a circle drawn round (5, 5) would hold (7, 5), 2 tiles off.
    e.move("aldric", [(5, 5)])
    after_first = e.movement_search("aldric")
    assert (7, 5) not in after_first.reachable
    assert "circle" in (after_first.why_not((7, 5)) or "")
    with pytest.raises(ValueError, match="circle"):
        e.move("aldric", [(7, 5)])
    with pytest.raises(ValueError, match="circle"):
        e.move("aldric", [(5, 5), (6, 5), (7, 5)])
    assert (6, 4) in after_first.reachable  # sqrt(20) = 4.47: inside the round's circle


def test_ruling_27_circle_radius_is_the_whole_allowance_with_dash() -> None:
    e = fight()
    e.set_diagonal_rule("circle")
    e.update_combatant("aldric", speed=3)
    e.move("orc", [(0, 7)])
    go_to(e, "player-phase")
    e.declare("aldric", actions=["dash"])
    e.move("aldric", [(4, 4)])  # 2 of 6
    search = e.movement_search("aldric")
    assert search.circle_centre == (2, 2) and search.circle_radius == 6
    # 6 from (2, 2) and 4 king moves from (4, 4): in, though outside a circle drawn round (4, 4)
    assert (8, 2) in search.reachable
    assert (8, 7) not in search.reachable  # 7.8 from (2, 2)


# ---------------------------------------------------------------------------------- ruling 28
def test_ruling_28_an_attacker_in_heavy_fog_shooting_out_takes_2_maluses() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview

    e = fight()
    go_to(e, "gm-resolution")
    e.battle_map.set_obscuration((2, 4), "heavy")  # Mira's tile; the orc stands in the clear
    preview = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert preview.working.maluses == 2
    assert any("Mira stands in heavy obscuration" in n for n in preview.situation_notes)


def test_ruling_28_the_stronger_end_counts_they_do_not_add() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview

    e = fight()
    go_to(e, "gm-resolution")
    e.battle_map.set_obscuration((2, 4), "light")
    e.battle_map.set_obscuration((6, 4), "heavy")
    assert attack_preview(e, "mira", "orc", weapon="shortbow").working.maluses == 2
    # An area the line only crosses does not count.
    e.battle_map.set_obscuration((2, 4), "none")
    e.battle_map.set_obscuration((6, 4), "none")
    for x in range(3, 6):
        e.battle_map.set_obscuration((x, 4), "heavy")
    assert attack_preview(e, "mira", "orc", weapon="shortbow").working.maluses == 0


def test_ruling_28_perception_from_inside_fog_is_penalised_too() -> None:
    from drase_desktop.encounter.check_preview import perception_check_working

    e = fight()
    go_to(e, "player-phase")
    e.battle_map.set_obscuration((2, 4), "heavy")
    working = perception_check_working(e, "mira", hider_id="orc")
    assert working.maluses == 2


# ---------------------------------------------------------------------------------- ruling 29
def _opportunity(e, reactor: str = "orc") -> None:
    go_to(e, "gm-action")
    e.declare(reactor, reaction="opportunity attack")
    e.advance()


def test_ruling_29_an_opportunity_attack_through_a_wall_is_refused_with_the_reason() -> None:
    from drase_desktop.board.battle_map import Wall

    e = fight()
    e.battle_map.walls.append(Wall((4, 0), (4, 8)))
    _opportunity(e)
    before = state(e)
    with pytest.raises(EncounterError, match="not even by a reaction.*wall, closed door"):
        e.resolve_attack("orc", "mira", action="opportunity attack", reaction=True)
    assert state(e) == before


def test_ruling_29_reactions_ignore_partial_cover_reach_and_range() -> None:
    e = fight()
    e.battle_map.set_cover((4, 4), "three-quarter")
    _opportunity(e)
    # Mira is 4 tiles away behind three-quarter cover: neither counts for a reaction.
    result = e.resolve_attack(
        "orc", "mira", action="opportunity attack", reaction=True, attack_faces=[10]
    ).result
    assert result.expression == "1d20 + 4" and result.total == 14


@pytest.mark.parametrize("barrier", ["full", "embrasure", "closed door", "total obscuration"])
def test_ruling_29_full_cover_embrasures_doors_and_total_obscuration_stop_reactions(
    barrier: str,
) -> None:
    from drase_desktop.board.battle_map import Door

    e = fight()
    if barrier == "closed door":
        e.battle_map.doors.append(Door((4, 3), (4, 6), closed=True))
    elif barrier == "total obscuration":
        e.battle_map.set_obscuration((2, 4), "total")
    else:
        e.battle_map.set_cover((4, 4), barrier)
    _opportunity(e)
    with pytest.raises(ValueError, match="cannot be (attacked|targeted)"):
        e.resolve_attack("orc", "mira", action="opportunity attack", reaction=True)


# ---------------------------------------------------------------------------------- ruling 30
def test_ruling_30_unavoidable_damage_ignores_resistance_and_immunity() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("orc", resistances={"fire": 1})
    e.update_combatant("goblin", immunities={"fire"})
    assert e.apply_damage("orc", 10, "fire", unavoidable=True).result == 10
    assert e.apply_damage("goblin", 5, "fire", unavoidable=True).result == 5
    assert e.apply_damage("orc", 4, "fire").result == 2  # avoidable: halved
    assert "ruling 30" in [x for x in e.log if x.kind == "damage"][0].text


def test_ruling_30_vulnerability_still_applies_to_unavoidable_damage() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("orc", vulnerabilities={"fire": 1}, resistances={"fire": 1})
    # Resistance does not reduce it, so nothing cancels the vulnerability: 7 -> 11.
    assert e.apply_damage("orc", 7, "fire", unavoidable=True).result == 11


def test_ruling_30_an_unavoidable_attack_skips_the_roll_and_the_resistance() -> None:
    from drase_desktop.encounter.combatant import Weapon

    e = fight()
    e.update_combatant(
        "aldric", weapons=[Weapon("Smite", "2d6", "radiant", unavoidable=True, adds_modifier=False)]
    )
    e.update_combatant("goblin", resistances={"radiant": 2})
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    go_to(e, "gm-resolution")
    result = e.resolve_attack("aldric", "goblin", damage_faces=[4, 5]).result
    assert result.total is None and result.hit and result.damage_dealt == 9


def test_ruling_32_the_hiders_stealth_roll_locks_the_hider() -> None:
    from drase_desktop.encounter.checks import perception_check

    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-action")
    e.declare("orc", actions=["attack"])
    perception_check(e, "mira", hider_id="orc", perception_faces=[10], stealth_faces=[10])
    assert e.declaration("orc").locked and e.declaration("mira").locked


def test_ruling_32_a_crawler_save_locks_the_one_who_saves() -> None:
    from drase_desktop.encounter.spells import resolve_spell

    e = fight("crawler")
    e.advance()  # initiative
    for _ in range(20):
        if e.phase.step == "spells" and "gm" in e.phase.sides:
            break
        e.advance()
    resolve_spell(
        e,
        "orc",
        ["mira"],
        name="Sleep dust",
        damage="1d4",
        damage_kind="poison",
        save_target=12,
        save_faces={"mira": [15]},
        damage_faces=[2],
    )
    assert e.declaration("mira").locked
    assert not e.declaration("aldric").locked


# ---------------------------------------------------------------------------------- ruling 33
def test_ruling_33_perception_adds_the_level_bonus_in_combat_the_career_out_of_it() -> None:
    from drase_desktop.encounter.check_preview import perception_check_working

    e = fight()
    e.update_combatant("mira", attributes={**e.combatants["mira"].attributes, "intelligence": 14})
    before = perception_check_working(e, "mira", career=3, perception_bonus=1)
    assert [p.label for p in before.parts] == [
        "Intelligence 14",
        "perception bonus",
        "career bonus (out of combat)",
    ]
    go_to(e, "player-phase")
    during = perception_check_working(e, "mira", career=3, perception_bonus=1)
    assert during.expression == "1d20 + 5"  # +2 Intelligence, +1 bonus, +2 level 3
    assert any("level 3 bonus (in combat)" == p.label for p in during.parts)
    assert not any("career" in p.label for p in during.parts)


# ---------------------------------------------------------------------------------- ruling 34
def test_ruling_34_damage_over_time_once_a_round_at_the_sides_own_step() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.apply_status("aldric", "bleeding", duration=3)
    e.apply_status("orc", "bleeding", duration=3)
    go_to(e, "player-phase")  # round 2: the players bleed now
    dots = [x for x in e.log if x.data.get("roll") == "damage over time" and x.round == 2]
    assert [x.data["combatant"] for x in dots] == ["aldric"]
    # Aldric turns coat mid-round: he has bled this round and does not bleed again.
    e.update_combatant("aldric", side="gm")
    go_to(e, "gm-end-resolution")
    dots = [x for x in e.log if x.data.get("roll") == "damage over time" and x.round == 2]
    assert [x.data["combatant"] for x in dots] == ["aldric", "orc"]


# ---------------------------------------------------------------------------------- ruling 35
@pytest.mark.parametrize("dc", [4, 31, 0, 40])
def test_ruling_35_fixed_dcs_outside_5_to_30_are_refused_with_the_table(dc: int) -> None:
    from drase_desktop.encounter.checks import ability_check, perception_check

    e = fight()
    go_to(e, "player-phase")
    before = state(e)
    with pytest.raises(
        EncounterError, match=r"5 to 30 \(ruling 35\).*Very Easy 5.*Nearly Impossible 30"
    ):
        ability_check(e, "aldric", "power", dc)
    with pytest.raises(EncounterError, match="ruling 35"):
        perception_check(e, "mira", dc=dc)
    assert state(e) == before


def test_ruling_35_a_fine_tuned_dc_inside_the_table_and_a_contested_roll_are_fine() -> None:
    from drase_desktop.encounter.checks import ability_check, perception_check

    e = fight()
    go_to(e, "player-phase")
    assert ability_check(e, "aldric", "power", 12, faces=[10]).result.success  # 13 beats 12
    contested = perception_check(
        e, "mira", hider_id="orc", perception_faces=[20], stealth_faces=[20]
    ).result
    # The hider's roll sets the number, whatever it is: 20 + the orc's level 1 bonus in combat
    # (ruling 47).
    assert contested.dc == 21


# ---------------------------------------------------------------------------------- ruling 36
def test_ruling_36_a_surprised_creature_makes_no_defense_roll_in_round_1() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview

    e = fight()
    e.set_surprised("orc")
    e.update_combatant("orc", defense_bonuses=2)
    go_to(e, "gm-action")
    with pytest.raises(EncounterError, match="surprised"):
        e.roll_defense("orc")
    assert e.defense("orc") == 0
    preview = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert preview.target_number == 13 and preview.target_text == "AC 10 +3 = 13"


# ---------------------------------------------------------------------------------- ruling 37
def test_ruling_37_rests_round_down() -> None:
    from drase_desktop.encounter.rests import rest

    e = fight()
    e.update_combatant("aldric", max_hp=31, max_mana=3)
    e.set_hp("aldric", 1)
    e.update_combatant("mira", max_hp=29)
    e.set_hp("mira", 12)
    rest(e, ["aldric", "mira"], "long")
    assert e.combatants["aldric"].hp == 1 + 7  # 25% of 31 = 7.75 -> 7 (mana: well-rested)
    assert e.combatants["mira"].hp == 14  # 10% of 29 = 2.9 -> 2, up to 50% = 14.5 -> 14


def test_ruling_37_short_rests_between_long_rests_regain_at_most_twice_max_mana() -> None:
    from drase_desktop.encounter.rests import rest

    e = fight()
    e.update_combatant("aldric", max_mana=3, mana=0)
    gained = []
    for _ in range(4):
        before = e.combatants["aldric"].mana
        rest(e, ["aldric"], "short")
        gained.append(e.combatants["aldric"].mana - before)
        e.update_combatant("aldric", mana=0)  # spent again
    assert gained == [3, 3, 0, 0]
    rest(e, ["aldric"], "long")
    e.update_combatant("aldric", mana=0)
    rest(e, ["aldric"], "short")
    assert e.combatants["aldric"].mana == 3


# ---------------------------------------------------------------------------------- ruling 41
def test_ruling_41_weapons_roll_power_or_finesse_when_allowed_and_higher() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview

    e = fight()
    go_to(e, "gm-resolution")
    e.move("mira", [(5, 4)], forced=True)
    rapier = attack_preview(e, "mira", "orc", weapon="rapier").working
    assert rapier.parts[0].label == "Finesse 16"
    e.update_combatant(
        "mira", weapons=[*e.combatants["mira"].weapons, Weapon("Club", "1d4", "blunt")]
    )
    club = attack_preview(e, "mira", "orc", weapon="club").working
    assert club.parts[0].label == "Power 9"  # no finesse property: Power, though lower


def test_ruling_41_attack_spells_roll_the_attribute_they_name_intelligence_by_default() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview

    e = fight()
    e.update_combatant(
        "mira",
        attributes={**e.combatants["mira"].attributes, "intelligence": 14, "will": 18},
        weapons=[
            Weapon("Firebolt", "1d10", "fire", ranged=True, reach=12, spell=True),
            Weapon(
                "Mind Spike", "1d6", "psychic", ranged=True, reach=12, spell=True, attribute="will"
            ),
        ],
    )
    go_to(e, "gm-resolution")
    firebolt = attack_preview(e, "mira", "orc", weapon="firebolt")
    assert firebolt.working.parts[0].label == "Intelligence 14"
    assert firebolt.working.parts[1].label == "level 3 bonus"  # added in every case
    assert firebolt.expression == "1d20 + 4"
    assert firebolt.damage_expression == "1d10 + 2"  # the attribute it rolls adds to damage
    spike = attack_preview(e, "mira", "orc", weapon="mind spike")
    assert spike.working.parts[0].label == "Will 18" and spike.expression == "1d20 + 6"


def test_ruling_41_only_a_spell_names_its_attribute() -> None:
    from drase_desktop.encounter.combatant import CombatantError

    with pytest.raises(CombatantError, match="ruling 41"):
        Weapon("Axe", "1d8", "cut", attribute="will")
    with pytest.raises(CombatantError, match="rolls one of"):
        Weapon("Hex", "1d8", "necrotic", spell=True, attribute="luck")


def test_ruling_41_the_sample_casters_roll_their_casting_attribute() -> None:
    from drase_desktop.encounter.attack_preview import attack_preview
    from drase_desktop.encounter.sample import build_sample_encounter

    e = build_sample_encounter()
    bandit = next(c for c in e.combatants.values() if c.side == "gm")
    e.move("sela", [(bandit.position[0] - 3, bandit.position[1])], forced=True)
    e.move("bram", [(bandit.position[0] - 3, bandit.position[1] + 1)], forced=True)
    firebolt = attack_preview(e, "sela", bandit.id, weapon="firebolt").working
    assert firebolt.parts[0].label == "Intelligence 16"  # not her Power 8 (-1)
    flame = attack_preview(e, "bram", bandit.id, weapon="sacred flame").working
    assert flame.parts[0].label == "Will 16"


def test_ruling_41_a_spell_and_its_attribute_survive_the_encounter_file() -> None:
    from drase_desktop.storage.encounter_file import encounter_from_dict

    e = fight()
    e.update_combatant(
        "mira", weapons=[Weapon("Hex", "1d6", "necrotic", spell=True, attribute="will")]
    )
    again = encounter_from_dict(state(e))
    hex_ = again.combatants["mira"].weapons[0]
    assert hex_.spell and hex_.attribute == "will"


# ---------------------------------------------------------------------------------- ruling 40
def _prepared_fight():
    from drase_desktop.encounter.preparation import prepare

    e = fight()
    e.define_status("blessed", duration=1, description="1 bonus on attacks")
    prepare(e, "aldric", "blessed", duration=2, source="potion of blessing")
    prepare(e, "mira", "illuminated", source="light spell")
    return e


def test_ruling_40_prepared_effects_take_effect_at_the_start_of_round_1() -> None:
    e = _prepared_fight()
    assert e.combatants["aldric"].statuses == []  # not yet: Setup
    assert [p.status for p in e.combatants["aldric"].prepared] == ["blessed"]
    e.start()
    blessed = [s for s in e.combatants["aldric"].statuses if s.name == "blessed"]
    assert len(blessed) == 1 and blessed[0].remaining == 2 and blessed[0].applied_round == 1
    assert e.combatants["aldric"].prepared == []
    assert e.combatants["mira"].has_status("illuminated")
    texts = [x.text for x in e.log if x.round == 1 and x.kind == "status"]
    assert any("potion of blessing" in t and "ruling 40" in t for t in texts)


def test_ruling_40_prepared_effects_tick_down_from_round_1() -> None:
    e = _prepared_fight()
    e.start()
    go_to(e, "player-tickdown")
    assert e.combatants["aldric"].statuses[0].remaining == 2  # applied in round 1: no tick
    go_to(e, "player-phase")
    go_to(e, "player-tickdown")  # round 2
    assert e.combatants["aldric"].statuses[0].remaining == 1
    go_to(e, "player-phase")
    go_to(e, "player-tickdown")  # round 3: expires
    assert not e.combatants["aldric"].has_status("blessed")


def test_ruling_40_preparation_is_saved_undoable_and_logged() -> None:
    from drase_desktop.encounter.preparation import prepare, unprepare
    from drase_desktop.storage.encounter_file import encounter_from_dict

    e = fight()
    before = state(e)
    change = prepare(e, "aldric", "slowed", duration=3, source="potion of stoneskin")
    assert "Aldric prepares slowed (potion of stoneskin), 3 round(s)" in e.log.entries[-1].text
    again = encounter_from_dict(state(e))
    assert again.combatants["aldric"].prepared == e.combatants["aldric"].prepared
    change.undo()
    assert state(e) == before
    change.redo()
    removed = unprepare(e, "aldric", 0)
    assert removed.result.status == "slowed" and e.combatants["aldric"].prepared == []
    removed.undo()
    e.start()
    start_undo = e.log.entries[-1]
    assert start_undo.round == 1
    assert e.combatants["aldric"].has_status("slowed")


def test_ruling_40_undoing_the_start_gives_the_preparations_back() -> None:
    e = _prepared_fight()
    setup = state(e)
    started = e.start()
    started.undo()
    assert state(e) == setup


def test_ruling_40_only_in_setup_and_not_for_the_surprised() -> None:
    from drase_desktop.encounter.preparation import prepare

    e = fight()
    e.set_surprised("orc")
    with pytest.raises(EncounterError, match="surprised.*ruling 40"):
        prepare(e, "orc", "illuminated")
    with pytest.raises(EncounterError, match="unknown|no status|not a status"):
        prepare(e, "aldric", "invisible-ish")
    with pytest.raises(EncounterError, match="1 round or more"):
        prepare(e, "aldric", "illuminated", duration=0)
    # Surprised after preparing: the preparations are lost as the fight starts.
    prepare(e, "goblin", "illuminated")
    e.set_surprised("goblin")
    e.start()
    assert not e.combatants["goblin"].has_status("illuminated")
    assert any("ruling 40" in x.text and "Goblin" in x.text for x in e.log if x.kind == "ruling")
    with pytest.raises(EncounterError, match="Setup"):
        prepare(e, "aldric", "illuminated")


# ------------------------------------------------------------------------ one rule, one place
def test_the_encounter_heals_as_rules_health_says_never_lowering_hp_above_max() -> None:
    from drase_desktop.rules.health import heal

    e = fight()
    e.set_hp("orc", 25)  # above its max of 20 (a GM's temporary boost)
    assert e.heal("orc", 1).result == 0
    assert e.combatants["orc"].hp == heal(25, 20, 1).after == 25
    e.set_hp("orc", 15)
    e.heal("orc", 9)
    assert e.combatants["orc"].hp == heal(15, 20, 9).after == 20
