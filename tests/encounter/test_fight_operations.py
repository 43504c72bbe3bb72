"""The fight operations the GM's tools use: attack preview, area attack, resolving by hand,
checks, perception, rests and displacement stacking. Each is one undoable Change."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.area_attack import resolve_area_attack
from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.check_preview import perception_check_working
from drase_desktop.encounter.checks import ability_check, perception_check
from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.displacement import DisplacementHit, apply_displacements
from drase_desktop.encounter.encounter import EncounterError
from drase_desktop.encounter.resolution_queue import resolution_queue, resolve_by_hand
from drase_desktop.encounter.rests import mana_regained_since_long_rest, rest
from drase_desktop.rules.attack import hit_chance


def test_preview_matches_the_roll_made_by_resolve_attack() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack", "attack"])
    go_to(e, "gm-resolution")
    preview = attack_preview(e, "aldric", "goblin")
    # Power 16 (+3), level 3 (+2) against AC 12.
    assert preview.expression == "1d20 + 5"
    assert (preview.target_number, preview.blocked) == (12, "")
    assert (preview.hit, preview.critical) == pytest.approx(hit_chance(5, 12))
    result = e.resolve_attack("aldric", "goblin", attack_faces=[9], damage_faces=[2]).result
    assert result.expression == preview.expression
    assert result.target_number == preview.target_number


def test_preview_says_why_no_attack_behind_full_cover_and_reactions_ignore_partial() -> None:
    e = fight()
    e.battle_map.set_cover((4, 4), "full")
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"], reaction="opportunity attack")
    go_to(e, "gm-resolution")
    blocked = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert blocked.blocked.startswith("No attack") and "full cover" in blocked.blocked
    assert "full cover from the map at (4, 4)" in blocked.blocked
    assert blocked.working is None
    # Ruling 29: full cover stops a reaction too; partial cover does not.
    reaction = attack_preview(e, "mira", "orc", weapon="shortbow", reaction=True)
    assert "not even by a reaction" in reaction.blocked
    e.battle_map.set_cover((4, 4), "three-quarter")
    reaction = attack_preview(e, "mira", "orc", weapon="shortbow", reaction=True)
    assert reaction.blocked == "" and reaction.target_number == 13
    assert not any("cover" in part.label for part in reaction.working.parts)


def test_preview_of_out_of_reach_is_blocked_without_changing_anything() -> None:
    e = fight()
    before = state(e)
    preview = attack_preview(e, "aldric", "orc")
    assert "reaches 1" in preview.blocked
    assert state(e) == before


def mira_declared_a_fire_burst():
    """Resolution, Mira's declared attack due: a Fire Burst (2d6 fire, no modifier) in her
    hand, the orc resisting fire."""
    e = fight()
    e.combatants["mira"].weapons.append(
        Weapon("Fire Burst", "2d6", "fire", ranged=True, reach=10, adds_modifier=False)
    )
    e.combatants["orc"].resistances["fire"] = 1
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-resolution")
    return e


def fire_burst_at_goblin_and_orc(e, orc_face: int):
    """Mira's declared fire burst at the goblin (its attack die a 12) and the orc (`orc_face`),
    its damage dice 4 and 5."""
    return resolve_area_attack(
        e,
        "mira",
        ["goblin", "orc"],
        weapon="fire burst",
        attack_faces={"goblin": [12], "orc": [orc_face]},
        damage_faces=[4, 5],
    )


def test_area_attack_one_action_one_damage_roll_each_target_its_own_roll() -> None:
    e = mira_declared_a_fire_burst()
    before = state(e)
    change = fire_burst_at_goblin_and_orc(e, orc_face=2)
    goblin_hit, orc_miss = change.result
    assert goblin_hit.hit and goblin_hit.damage_dealt == 9
    assert not orc_miss.hit
    assert e.combatants["goblin"].hp == 3
    assert e.declaration("mira").times_used("attack") == 1
    assert any(x.kind == "ruling" for x in change.log_entries)
    change.undo()
    assert state(e) == before
    change.redo()
    assert e.combatants["goblin"].hp == 3


def test_area_attack_damage_is_halved_by_a_resistance_per_target() -> None:
    e = mira_declared_a_fire_burst()
    change = fire_burst_at_goblin_and_orc(e, orc_face=15)
    # Fire Burst adds no modifier: 1d20 + 1 (Power 9, level 3); 16 beats the orc's AC 13.
    assert [r.damage_dealt for r in change.result] == [9, 4]


def test_area_attack_takes_the_gms_choices_by_the_names_resolve_attack_uses() -> None:
    e = mira_declared_a_fire_burst()
    # 1d20 + 1 + 2 (the GM's modifier): 11 reaches 14, which beats the orc's AC 13.
    change = resolve_area_attack(
        e,
        "mira",
        ["orc"],
        weapon="fire burst",
        modifier=2,
        attack_faces={"orc": [11]},
        damage_faces=[4, 5],
    )
    assert change.result[0].total == 14 and change.result[0].hit
    before = state(e)
    with pytest.raises(TypeError, match="modifiers"):
        resolve_area_attack(e, "mira", ["orc"], weapon="fire burst", modifiers=2)
    assert state(e) == before


def test_area_attack_refused_without_a_declared_attack_changes_nothing() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    before = state(e)
    with pytest.raises(EncounterError, match="declared"):
        resolve_area_attack(e, "mira", ["goblin", "orc"], weapon="shortbow")
    assert state(e) == before


def test_queue_lists_reactions_then_actions_and_follows_resolution() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack", "attack"], reaction="opportunity attack")
    e.declare("mira", actions=["dash", "help"])
    go_to(e, "gm-resolution")
    queue = resolution_queue(e)
    assert [(q.combatant_id, q.action, q.reaction, q.index) for q in queue] == [
        ("aldric", "opportunity attack", True, 0),
        ("aldric", "attack", False, 0),
        ("aldric", "attack", False, 1),
        ("mira", "dash", False, 0),
        ("mira", "help", False, 0),
    ]
    assert [q.attack for q in queue] == [True, True, True, False, False]
    e.resolve_attack("aldric", "goblin", attack_faces=[1])
    resolve_by_hand(e, "mira", "help", note="Aldric gains 1 bonus")
    done = {(q.action, q.index): q.done for q in resolution_queue(e)}
    assert done[("attack", 0)] and not done[("attack", 1)] and done[("help", 0)]
    assert not done[("opportunity attack", 0)]
    skip = resolve_by_hand(e, "aldric", "opportunity attack", outcome="skipped", reaction=True)
    assert all(q.done for q in resolution_queue(e) if q.reaction)
    skip.undo()
    assert not any(q.done for q in resolution_queue(e) if q.reaction)


def test_queue_is_empty_outside_resolution_phases() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    assert resolution_queue(e) == []
    go_to(e, "gm-action")
    assert resolution_queue(e) == []
    e.declare("orc", actions=["attack"])
    go_to(e, "gm-end-resolution")
    assert [q.combatant_id for q in resolution_queue(e)] == ["orc"]


def test_resolve_by_hand_refuses_what_was_not_declared() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["dash"])
    go_to(e, "gm-resolution")
    resolve_by_hand(e, "mira", "dash")
    with pytest.raises(EncounterError, match="no unresolved"):
        resolve_by_hand(e, "mira", "dash")
    with pytest.raises(EncounterError, match="no unresolved"):
        resolve_by_hand(e, "aldric", "attack")


def test_ruling_1_ability_check_beats_the_dc_strictly_and_nat_20_does_not_force_it() -> None:
    e = fight()
    # Aldric's Power 16: +3. 12 + 3 = 15 does not beat DC 15; 13 + 3 = 16 does.
    tie = ability_check(e, "aldric", "power", 15, faces=[12]).result
    assert (tie.total, tie.success) == (15, False)
    win = ability_check(e, "aldric", "power", 15, faces=[13]).result
    assert win.success and "beats DC 15" in win.reason
    natural = ability_check(e, "aldric", "power", 25, faces=[20]).result
    assert (natural.total, natural.success) == (23, False)
    assert 0 < win.chance < 1
    with pytest.raises(EncounterError, match="DC"):
        ability_check(e, "aldric", "power", 0)


def test_ability_check_rolls_the_working_its_terms_give_and_refuses_an_unknown_term() -> None:
    e = fight()
    # Power 16: +3, and the career bonus 2 when the GM rules it applies: 10 + 5 beats DC 14.
    career = ability_check(e, "aldric", "power", 14, career=2, career_applies=True, faces=[10])
    assert (career.result.total, career.result.success) == (15, True)
    before = state(e)
    with pytest.raises(TypeError, match="careers"):
        ability_check(e, "aldric", "power", 14, careers=2, faces=[10])
    assert state(e) == before


def test_ability_check_locks_the_declaration_ruling_16() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    ability_check(e, "aldric", "endurance", 10, faces=[5])
    assert e.declaration("aldric").locked


def test_perception_against_stealth_reveals_a_hidden_creature_and_undoes() -> None:
    e = fight()
    e.combatants["orc"].hidden = True
    e.battle_map.set_obscuration((6, 4), "light")
    working = perception_check_working(e, "mira", hider_id="orc")
    assert working.maluses == 1  # light obscuration on the orc (ruling 23)
    before = state(e)
    # Orc stealth 1d20 + 0 = 8; Mira 1d20 + 0 (Int 10) + career 0 - 1d6k1 (3).
    change = perception_check(
        e, "mira", hider_id="orc", perception_faces=[14, 3], stealth_faces=[8]
    )
    assert (change.result.total, change.result.dc, change.result.success) == (11, 8, True)
    assert not e.combatants["orc"].hidden
    change.undo()
    assert state(e) == before and e.combatants["orc"].hidden


def test_perception_in_combat_adds_the_level_bonus() -> None:
    e = fight()
    assert not any("level" in p.label for p in perception_check_working(e, "mira").parts)
    go_to(e, "player-phase")
    labels = [p.label for p in perception_check_working(e, "mira").parts]
    assert any("level 3 bonus" in label for label in labels)


def test_short_rest_counts_mana_toward_the_limit_from_the_log() -> None:
    e = fight()
    sela = e.combatants["mira"]
    sela.max_mana, sela.mana, sela.max_focus, sela.focus = 4, 0, 2, 0
    rest(e, ["mira"], "short")
    assert (sela.mana, sela.focus) == (4, 2)
    sela.mana = 0
    rest(e, ["mira"], "short")
    sela.mana = 0
    third = rest(e, ["mira"], "short")
    # The limit is 2 x 4 = 8 per long rest: the third short rest regains nothing.
    assert sela.mana == 0 and mana_regained_since_long_rest(e, "mira") == 8
    third.undo()
    rest(e, ["mira"], "long")
    assert mana_regained_since_long_rest(e, "mira") == 0


def test_long_rest_heals_a_quarter_with_focus_or_mana_else_a_tenth_to_half() -> None:
    e = fight()
    aldric, orc = e.combatants["aldric"], e.combatants["orc"]
    aldric.max_focus, aldric.hp = 2, 10
    orc.hp = 5
    change = rest(e, ["aldric", "orc"], "long")
    assert aldric.hp == 17  # 10 + 30 // 4
    assert orc.hp == 7  # 5 + 20 // 10, not above 10
    change.undo()
    assert (aldric.hp, orc.hp) == (10, 5)
    with pytest.raises(EncounterError, match="short or long"):
        rest(e, ["orc"], "nap")


def test_displacement_stacking_the_strongest_degree_pushes_alone() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    hits = [
        DisplacementHit(1, (1, 0), 18, "shove"),
        DisplacementHit(2, (0, 1), 12, "thunder"),
        DisplacementHit(2, (1, 0), 15, "gust"),
    ]
    change = apply_displacements(e, "orc", hits)
    assert e.combatants["orc"].position == (8, 4)  # the gust: 2 tiles right
    assert any("gust" in x.text and "highest roll" in x.text for x in change.log_entries)
    change.undo()
    assert e.combatants["orc"].position == (6, 4)


def test_displacement_stops_at_the_map_edge() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    apply_displacements(e, "orc", [DisplacementHit(9, (1, 0), 10, "blast")])
    assert e.combatants["orc"].position == (9, 4)


def test_ruling_23_dim_light_obscures_the_target_lightly_and_a_light_clears_it() -> None:
    """The attack reads the board's visibility (zone and light), as the map's hover does."""
    from drase_desktop.board.battle_map import Light

    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-resolution")
    e.battle_map.ambient_light = "dim"
    dim = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert dim.working.maluses == 1
    assert any(p.label == "light obscuration" for p in dim.working.parts)
    e.battle_map.lights = [Light((6.5, 4.5), 2)]
    # Ruling 28: Mira still shoots from dim light, so the malus stays until she is lit too.
    assert attack_preview(e, "mira", "orc", weapon="shortbow").working.maluses == 1
    e.battle_map.lights = [Light((6.5, 4.5), 2), Light((2.5, 4.5), 2)]
    lit = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert lit.working.maluses == 0
    e.battle_map.ambient_light = "dark"
    e.battle_map.lights = []
    dark = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert "total obscuration" in dark.blocked


def test_queue_in_a_third_party_turn_lists_what_the_third_party_declared() -> None:
    e = fight()
    e.combatants["orc"].side = "wolves"
    e.set_third_party_turn(True)
    go_to(e, "third-party-turn")
    e.declare("orc", actions=["attack"])
    assert [(q.combatant_id, q.action) for q in resolution_queue(e)] == [("orc", "attack")]
