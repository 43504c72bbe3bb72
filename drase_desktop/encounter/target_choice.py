"""Whom an attack aims at by default, and whom an NPC group attack offers: the attack dock and
the group-attack dialog ask here, so the window holds no rule about sides, sight or who is able.

    default_target(encounter, "captain")   # the first declared target it can attack, else the
                                           # nearest able enemy it can attack and reach
    default_weapon(encounter, "captain", "aldric")  # the first of his weapons that reaches
    group_attackers(encounter, "gm")       # able NPCs of that side with an attack
    group_targets(encounter, "gm")         # creatures of the other sides, able first
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drase_desktop.encounter import geometry
from drase_desktop.encounter.attack_preview import likely_targets
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.sides import allied, on_players_side
from drase_desktop.encounter.target_preview import target_preview

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter


def run_by_gm(combatant: Combatant) -> bool:
    """A creature the GM runs: not a player character, not on the players' side."""
    return not on_players_side(combatant)


def can_attack(encounter: Encounter, attacker_id: str, target_id: str) -> bool:
    """Some attack could reach the target from where the attacker stands: both on the map, a
    line of sight, no total obscuration, no cover that stops melee and ranged alike (the same
    report the hover shows, `target_preview`)."""
    try:
        return target_preview(encounter, attacker_id, target_id).targetable
    except EncounterError:
        return False  # one of them is off the map


def worth_aiming(encounter: Encounter, attacker: Combatant, target: Combatant) -> bool:
    """A default may fall on it: another side's creature; for a creature the GM runs one still
    standing (a player may mean to finish a foe; the GM's goblins never pick the fallen by
    themselves); for the players' side one they know is there (not hidden)."""
    if target.id == attacker.id or allied(target, attacker):
        return False
    if run_by_gm(attacker):
        return not target.incapacitated
    return not target.hidden


def in_reach(
    encounter: Encounter, attacker: Combatant, target: Combatant, weapon: str | None = None
) -> bool:
    """The weapon (None: any of the attacker's) reaches the target from where the attacker
    stands (rulings 18-20)."""
    if attacker.position is None or target.position is None:
        return False
    chosen = [w for w in attacker.weapons if weapon is None or w.name == weapon]
    measured = geometry.measure(encounter, attacker, target)
    return any(measured.reach_needed(w.ranged) <= w.reach for w in chosen)


def default_weapon(encounter: Encounter, attacker_id: str, target_id: str) -> str | None:
    """The first of the attacker's weapons that reaches the target (None: none does)."""
    attacker = encounter.combatants.get(attacker_id)
    target = encounter.combatants.get(target_id)
    if attacker is None or target is None:
        return None
    for weapon in attacker.weapons:
        if in_reach(encounter, attacker, target, weapon.name):
            return weapon.name
    return None


def default_target(encounter: Encounter, attacker_id: str, weapon: str | None = None) -> str:
    """The target an attack aims at first: the first declared target it can attack, else the
    first creature worth aiming at (likely order: able first, nearest first) it can attack,
    within the reach of `weapon` (None: of any of its weapons) when one is, else the first
    worth aiming at at all (the dock then says why it is blocked); "" when no one is worth
    aiming at. Never one it cannot attack while another can be."""
    attacker = encounter.combatants.get(attacker_id)
    if attacker is None:
        return ""
    declared = [
        encounter.combatants[t]
        for t in encounter.declaration(attacker_id).targets
        if t in encounter.combatants and t != attacker_id
    ]
    for target in declared:
        if can_attack(encounter, attacker.id, target.id):
            return target.id
    attackable: list[Combatant] = []
    fallback = declared[0].id if declared else ""
    for target in likely_targets(encounter, attacker_id):
        if not worth_aiming(encounter, attacker, target):
            continue
        fallback = fallback or target.id
        if can_attack(encounter, attacker.id, target.id):
            if in_reach(encounter, attacker, target, weapon):
                return target.id
            attackable.append(target)
    return attackable[0].id if attackable else fallback


def target_order(encounter: Encounter, attacker_id: str) -> list[Combatant]:
    """Everyone the attacker could aim at, its declared targets first (in the order declared),
    then the likely order."""
    others = likely_targets(encounter, attacker_id)
    declared = (
        []
        if attacker_id not in encounter.combatants
        else encounter.declaration(attacker_id).targets
    )
    rank = {target_id: index for index, target_id in enumerate(declared)}
    return sorted(others, key=lambda c: rank.get(c.id, len(rank)))


def group_sides(encounter: Encounter) -> list[str]:
    """The sides that have NPCs able to make a group attack (the chart is for NPCs)."""
    return sorted({c.side for c in _able_npcs(encounter)})


def group_attackers(encounter: Encounter, side: str) -> list[Combatant]:
    """The NPCs of `side` able to attack now (not incapacitated, not surprised) with an attack
    to make."""
    return [c for c in _able_npcs(encounter) if c.side == side]


def group_targets(encounter: Encounter, side: str) -> list[Combatant]:
    """The creatures of the other sides, able ones first (the list's order otherwise kept)."""
    others = [c for c in encounter.combatants.values() if c.side != side]
    return sorted(others, key=lambda c: c.incapacitated)


def _able_npcs(encounter: Encounter) -> list[Combatant]:
    return [
        c
        for c in encounter.combatants.values()
        if not c.is_player_character and c.weapons and encounter.inability(c, "attack") is None
    ]
