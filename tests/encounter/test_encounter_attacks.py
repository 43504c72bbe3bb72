"""Resolving one attack builds the roll from the rules and the map: attribute and level,
cover, obscuration, height, non-lethal, reactions, saves, unavoidable damage."""

from __future__ import annotations

from typing import Any

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.encounter import Encounter, EncounterError


def _players_resolve(e: Encounter, **declared: list[str]) -> None:
    go_to(e, "player-phase")
    for cid, actions in declared.items():
        e.declare(cid, actions=actions)
    e.advance()


def holding_only_a_spell(
    who: str, name: str, damage: str, kind: str, reach: int, **more: Any
) -> Encounter:
    """The fight with `who`'s weapons replaced by one spell: ranged, its damage adding no
    attribute modifier."""
    e = fight()
    spell = Weapon(name, damage, kind, ranged=True, reach=reach, adds_modifier=False, **more)
    e.update_combatant(who, weapons=[spell])
    return e


def test_ruling_7_defense_roll_shifts_ac_for_the_round() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.roll_defense("aldric", bonuses=2, faces=[3, 5])
    assert e.defense("aldric") == 5
    go_to(e, "gm-action")
    e.declare("goblin", actions=["attack"])
    e.advance()
    # 13 + 1 = 14 beats AC 14 without the defense; with it the target is 19.
    result = e.resolve_attack("goblin", "aldric", attack_faces=[13]).result
    assert (result.total, result.target_number, result.hit) == (14, 19, False)


def test_ruling_7_defense_shifts_saves_and_ruling_2_save_attacks_never_crit() -> None:
    e = holding_only_a_spell("mira", "Mind spike", "2d6", "psychic", 10, save="will")
    go_to(e, "gm-action")
    e.roll_defense("orc", maluses=1, faces=[2])
    go_to(e, "player-phase")  # round 2: the orc's old defense roll is gone
    e.declare("mira", actions=["attack"])
    e.roll_defense("mira")
    e.advance()
    result = e.resolve_attack("mira", "orc", attack_faces=[20], damage_faces=[6, 6]).result
    # Will save: 10 + 0 = 10. 25 beats it by 15, but a save-targeting attack never crits and
    # its damage is never maximised.
    assert (result.target_number, result.hit, result.critical) == (10, True, False)
    assert result.damage_dealt == 12 and result.status_applied is None


def test_light_obscuration_and_height_change_the_dice() -> None:
    e = fight()
    e.battle_map.set_obscuration((6, 4), "light")
    e.battle_map.set_elevation((2, 4), 1)
    _players_resolve(e, mira=["attack", "attack"])
    shot = e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10]).result
    # Lower target: 1 bonus; light obscuration: 1 malus; they cancel (ruling 6).
    assert shot.expression == "1d20 + 5"
    e.battle_map.set_obscuration((6, 4), "heavy")
    shot = e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10, 4]).result
    assert shot.expression == "1d20 + 5 - 1d6k1"


def test_total_obscuration_and_full_cover_forbid_the_attack() -> None:
    e = fight()
    e.battle_map.set_obscuration((6, 4), "total")
    _players_resolve(e, mira=["attack"])
    before = state(e)
    with pytest.raises(EncounterError, match="total obscuration"):
        e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10])
    assert state(e) == before
    e.battle_map.set_obscuration((6, 4), "none")
    e.battle_map.set_cover((5, 4), "full")
    before = state(e)
    with pytest.raises(EncounterError, match="full cover"):
        e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10])
    assert state(e) == before


def test_half_cover_costs_two() -> None:
    e = fight()
    e.battle_map.set_cover((5, 4), "half")
    _players_resolve(e, mira=["attack"])
    shot = e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10]).result
    assert shot.expression == "1d20 + 3"


def test_non_lethal_is_one_malus() -> None:
    e = fight()
    _players_resolve(e, aldric=["attack"])
    blow = e.resolve_attack("aldric", "goblin", non_lethal=True, attack_faces=[10, 3]).result
    assert blow.expression == "1d20 + 5 - 1d6k1" and blow.total == 12


def test_reaction_needs_declaring_ignores_reach_and_is_used_once() -> None:
    e = fight()
    go_to(e, "gm-action")
    e.declare("orc", reaction="opportunity attack")
    e.advance()
    with pytest.raises(EncounterError, match="declare before rolling"):
        e.resolve_attack("orc", "mira", attack_faces=[15])  # not as a reaction: undeclared
    # Mira stands 4 tiles away, but a reaction ignores reach (ruling 22).
    result = e.resolve_attack(
        "orc",
        "mira",
        action="opportunity attack",
        reaction=True,
        attack_faces=[15],
        damage_faces=[3],
    ).result
    assert result.hit and result.damage_dealt == 6
    with pytest.raises(EncounterError, match="already used its reaction"):
        e.resolve_attack("orc", "mira", action="opportunity attack", reaction=True)


def test_unavoidable_damage_needs_no_roll() -> None:
    e = holding_only_a_spell("aldric", "Holy word", "1d6", "radiant", 20, unavoidable=True)
    _players_resolve(e, aldric=["attack"])
    result = e.resolve_attack("aldric", "orc", damage_faces=[4]).result
    assert result.total is None and result.hit and result.damage_dealt == 4
    assert "unavoidable" in [x.text for x in e.log if x.kind == "damage"][-1]


def test_finesse_weapon_uses_the_higher_attribute_and_its_damage() -> None:
    e = fight()
    _players_resolve(e, mira=["attack"])
    e.move("goblin", [(3, 4)], forced=True)
    stab = e.resolve_attack("mira", "goblin", weapon="Rapier", attack_faces=[9], damage_faces=[2])
    assert stab.result.expression == "1d20 + 5"
    assert stab.result.damage_dealt == 5  # 2 + 3 from Finesse


def test_resistance_and_vulnerability_in_an_attack_ruling_9() -> None:
    e = fight()
    e.update_combatant("goblin", resistances={"cut": 2}, vulnerabilities={"cut": 1})
    _players_resolve(e, aldric=["attack"])
    result = e.resolve_attack("aldric", "goblin", attack_faces=[9], damage_faces=[4]).result
    assert (result.damage_rolled, result.damage_dealt) == (7, 3)  # net 1 resistance halves


def test_log_contract_attack_entry_follows_its_roll() -> None:
    """The player display reads the verdict from the entry right after an attack roll."""
    e = fight()
    _players_resolve(e, aldric=["attack"])
    e.resolve_attack("aldric", "goblin", attack_faces=[15], damage_faces=[3])
    entries = list(e.log)
    index = next(i for i, x in enumerate(entries) if x.data.get("roll") == "attack")
    roll_entry, verdict = entries[index], entries[index + 1]
    assert (roll_entry.data["combatant"], roll_entry.data["target"]) == ("aldric", "goblin")
    assert roll_entry.data["total"] == 20
    assert verdict.kind == "attack" and verdict.data["hit"] and not verdict.data["critical"]
    damage = next(x for x in entries[index:] if x.kind == "damage")
    assert (damage.data["dealt"], damage.data["before"], damage.data["after"]) == (6, 12, 6)


def test_declared_defend_adds_a_defense_bonus() -> None:
    e = fight()
    e.update_combatant("aldric", defense_maluses=1)
    go_to(e, "player-phase")
    e.declare("aldric", actions=["defend", "defend"])
    e.roll_defense("aldric", faces=[2])  # 2 bonuses - 1 malus: +1d6k1
    assert e.defense("aldric") == 2
    assert list(e.log)[-2].data["expression"] == "+1d6k1"
