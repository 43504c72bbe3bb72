"""Whom an attack aims at by default and whom an NPC group attack offers (target_choice): the
declared target first, never one the attacker cannot attack while another can be, never the
GM's own side or the fallen for a creature the GM runs."""

from __future__ import annotations

import random

from helpers.encounter_builders import go_to

from drase_desktop.encounter.attack_preview import likely_targets
from drase_desktop.encounter.resolution_queue import resolution_queue
from drase_desktop.encounter.sample import build_sample_encounter
from drase_desktop.encounter.target_choice import (
    can_attack,
    default_target,
    group_attackers,
    group_sides,
    group_targets,
    target_order,
)


def sample():
    return build_sample_encounter(random.Random(3))


def wall_off(encounter, combatant_id: str) -> None:
    """Full cover on every tile around the combatant: no attack reaches it."""
    x, y = encounter.combatants[combatant_id].position
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx, dy) != (0, 0):
                encounter.battle_map.set_cover((x + dx, y + dy), "full")


def test_the_declared_target_comes_first_even_when_nearer_ones_stand() -> None:
    e = sample()
    e.combatants["archer"].hidden = False  # she shot: the players know where she is
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"], targets=["archer"])
    assert likely_targets(e, "aldric")[0].id != "archer"
    assert default_target(e, "aldric") == "archer"
    assert target_order(e, "aldric")[0].id == "archer"
    assert "at Bandit Archer" in e.log[-1].text


def test_in_the_sample_the_bandits_behind_the_cart_are_not_aldrics_default() -> None:
    # From the west bank the cart hides the two spear bandits (no line of sight); the captain
    # stands in the open beside it.
    e = sample()
    assert not can_attack(e, "aldric", "bandit-1")
    assert default_target(e, "aldric") == "captain"


def test_within_the_weapons_reach_before_one_out_of_reach() -> None:
    e = sample()
    e.combatants["archer"].hidden = False
    e.combatants["captain"].position = (14, 8)  # 8 tiles from Aldric, in the open
    e.combatants["archer"].position = (9, 8)  # 3 tiles from Aldric
    e.combatants["aldric"].position = (6, 8)
    assert default_target(e, "aldric", "Javelin") == "archer"
    e.combatants["archer"].position = (21, 4)
    # The javelin reaches 10 tiles: the captain at 8, not the archer at 15.
    assert default_target(e, "aldric", "Javelin") == "captain"


def test_a_player_never_aims_at_a_hidden_creature_by_default() -> None:
    e = sample()
    e.apply_status("captain", "incapacitated")
    # Only the hidden archer is in sight and standing; the fallen captain comes before her.
    assert default_target(e, "aldric") != "archer"


def test_a_declared_target_it_cannot_attack_gives_way_to_one_it_can() -> None:
    e = sample()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"], targets=["bandit-2"])
    wall_off(e, "bandit-2")
    assert not can_attack(e, "aldric", "bandit-2")
    chosen = default_target(e, "aldric")
    assert chosen not in ("", "bandit-2") and can_attack(e, "aldric", chosen)


def test_never_the_nearest_enemy_behind_full_cover_while_another_can_be_attacked() -> None:
    e = sample()
    nearest = likely_targets(e, "mira")[0].id
    wall_off(e, nearest)
    chosen = default_target(e, "mira")
    assert chosen != nearest
    assert can_attack(e, "mira", chosen)


def test_a_gm_creature_never_aims_at_its_own_side_nor_the_fallen() -> None:
    e = sample()
    # Everyone but the captain's allies is down but Sela; Sela stands behind full cover.
    for pc in ("aldric", "mira", "bram"):
        e.apply_damage(pc, 99, "cut")
        e.apply_status(pc, "incapacitated")
    wall_off(e, "sela")
    chosen = default_target(e, "captain")
    assert chosen == "sela"  # blocked, but the only able enemy: never a bandit, never the fallen
    e.apply_damage("sela", 99, "cut")
    e.apply_status("sela", "incapacitated")
    assert default_target(e, "captain") == ""
    # A player may still mean to finish a foe: the fallen are offered, allies are not.
    e2 = sample()
    for npc in ("captain", "bandit-1", "bandit-2", "archer", "dog"):
        e2.apply_status(npc, "incapacitated")
    assert e2.combatants[default_target(e2, "aldric")].side == "gm"


def test_group_attack_offers_able_npcs_of_one_side_and_targets_of_the_others() -> None:
    e = sample()
    e.apply_status("bandit-1", "incapacitated")
    assert group_sides(e) == ["gm"]
    attackers = [c.id for c in group_attackers(e, "gm")]
    assert "bandit-1" not in attackers and "captain" in attackers
    assert all(not e.combatants[a].is_player_character for a in attackers)
    assert {c.side for c in group_targets(e, "gm")} == {"players"}
    e.apply_status("mira", "incapacitated")
    assert group_targets(e, "gm")[-1].id == "mira"  # the fallen last


def test_a_declared_cast_with_an_attack_spell_resolves_as_an_attack() -> None:
    e = sample()
    e.combatants["sela"].position = (9, 8)  # Firebolt reaches 12 tiles
    go_to(e, "player-phase")
    e.declare("sela", actions=["cast"], targets=["captain"])
    go_to(e, "gm-resolution")
    [item] = [q for q in resolution_queue(e) if q.combatant_id == "sela"]
    assert (item.attack, item.weapon) == (True, "Firebolt")
    assert e.attack_refusal("sela", weapon="Firebolt", action="cast") == ""
    assert "attack spell" in e.attack_refusal("sela", weapon="Dagger", action="cast")
    result = e.resolve_attack(
        "sela", "captain", weapon="Firebolt", action="cast", attack_faces=[19], damage_faces=[6]
    ).result
    assert result.hit
    [item] = [q for q in resolution_queue(e) if q.combatant_id == "sela"]
    assert item.done
