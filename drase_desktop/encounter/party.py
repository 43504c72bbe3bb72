"""The party carries over: a new encounter on any map with the previous fight's player characters.

The GM chooses what the party brings: exactly where the last fight left them (HP, statuses with
their remaining rounds, wounds, mana and focus), or what a long rest makes of that (combat text,
Resting; ruling 37: HP 25% of max when well-rested with focus or mana, else 10% up to half; focus
and mana refill). A long rest lasts 8 hours, so every status measured in rounds has run out; only
Incapacitated stays on a creature the rest leaves at 0 HP or below. Wounds are not healed by
resting ("any other healing must be done with normal healing supplies").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drase_desktop.encounter.combatant import INCAPACITATED, Combatant, Position
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.placement import free_tiles_near, placement_refusal
from drase_desktop.encounter.rests import mana_regained_since_long_rest
from drase_desktop.rules import rest as rest_rules
from drase_desktop.rules.health import is_incapacitated

CARRY_AS_IS = "as-is"
CARRY_LONG_REST = "long-rest"
CARRY_CHOICES = (CARRY_AS_IS, CARRY_LONG_REST)

__all__ = [
    "CARRY_AS_IS",
    "CARRY_CHOICES",
    "CARRY_LONG_REST",
    "PartyError",
    "new_encounter_with_party",
    "party_of",
]


class PartyError(EncounterError):
    """The party cannot come along as asked (a GM-readable message)."""


def party_of(encounter: Encounter) -> list[Combatant]:
    """The encounter's player characters, in the fight's order."""
    return [c for c in encounter.combatants.values() if c.is_player_character]


def _after_long_rest(member: Combatant, *, well_rested: bool) -> tuple[Combatant, str]:
    done = rest_rules.long_rest(member.rest_resources(), well_rested=well_rested)
    rested = member.copy()
    rested.hp = done.after.hp
    rested.mana = done.after.mana
    rested.focus = done.after.focus
    down = is_incapacitated(rested.hp)
    rested.statuses = [s for s in member.statuses if s.name == INCAPACITATED and down]
    return rested, "; ".join(done.notes)


def _start_tiles(
    encounter: Encounter, party: list[Combatant], positions: Mapping[str, Position]
) -> dict[str, Position]:
    """Each member's tile: the GM's choice; else where it stood, when that is free on the new
    map; else the nearest free tiles to the middle of the map's west edge (where a party walks
    onto most maps), so a map the party has never seen still takes everyone."""
    chosen: dict[str, Position] = {}
    promised: dict[Position, str] = {}

    def claim(member: Combatant, tile: Position) -> None:
        chosen[member.id] = tile
        for spot in _moved(member, tile).tiles():
            promised[spot] = member.name

    for member in party:
        if member.id in positions:
            given = positions[member.id]
            tile = (int(given[0]), int(given[1]))
            refusal = placement_refusal(encounter, member, tile, promised)
            if refusal:
                raise PartyError(refusal)
            claim(member, tile)
    for member in party:
        if member.id in chosen:
            continue
        if member.position is not None and not placement_refusal(
            encounter, member, member.position, promised
        ):
            claim(member, member.position)
    height = encounter.battle_map.height
    anchor = (0, height // 2)
    for member in party:
        if member.id in chosen:
            continue
        found = free_tiles_near(encounter, member, anchor, 1, promised)
        if not found:
            raise PartyError(f"No free tile on this map for {member.name}")
        claim(member, found[0])
    return chosen


def _moved(member: Combatant, tile: Position | None) -> Combatant:
    moved = member.copy()
    moved.position = tile
    return moved


def new_encounter_with_party(
    previous: Encounter,
    battle_map: Any,
    *,
    carry: str = CARRY_AS_IS,
    well_rested: bool = True,
    positions: Mapping[str, Position] | None = None,
    name: str = "",
    ruleset: str | None = None,
    settings: EncounterSettings | None = None,
) -> Encounter:
    """A new encounter in Setup on `battle_map` with `previous`'s player characters (their art
    too), carried as they are or after a long rest (`carry`). `positions` places members by id;
    the others keep their tiles when free, or stand on the nearest free tiles to the middle of
    the west edge. The previous encounter is not changed."""
    if carry not in CARRY_CHOICES:
        raise PartyError(f"The party comes along as-is or after a long rest, not {carry!r}")
    party = party_of(previous)
    if not party:
        raise PartyError(
            f"{previous.name or 'This encounter'} has no player characters to bring along"
        )
    encounter = Encounter(
        battle_map,
        (),
        ruleset or previous.ruleset.key,
        name=name,
        settings=settings or EncounterSettings(**vars(previous.settings)),
        rng=previous.rng,
    )
    encounter.custom_statuses = list(previous.custom_statuses)
    encounter.custom_actions = list(previous.custom_actions)
    tiles = _start_tiles(encounter, [_moved(m, m.position) for m in party], positions or {})
    where = previous.name or "the last encounter"
    for member in party:
        if carry == CARRY_LONG_REST:
            arrived, notes = _after_long_rest(member, well_rested=well_rested)
            regained = 0
            how = f"after a long rest ({notes})"
        else:
            arrived = member.copy()
            regained = mana_regained_since_long_rest(previous, member.id)
            how = f"as they were: {member.hp}/{member.max_hp} HP" + (
                f", {', '.join(member.status_names())}" if member.statuses else ""
            )
        arrived.position = tiles[member.id]
        arrived.defense_bonuses = 0
        arrived.defense_maluses = 0
        arrived.prepared = []  # preparation belongs to the start of a fight (ruling 40)
        if member.portrait is not None and member.portrait in previous.portraits:
            encounter.portraits[member.portrait] = previous.portraits[member.portrait]
        else:
            arrived.portrait = None
        encounter.combatants[arrived.id] = arrived
        # The short-rest mana already regained since the last long rest travels with the
        # party (rest entries are what `mana_regained_since_long_rest` reads).
        encounter.log_event(
            "heal" if carry == CARRY_LONG_REST else "combatant",
            f"{arrived.name} arrives from {where} {how}",
            combatant=arrived.id,
            rest="long" if carry == CARRY_LONG_REST else "carried",
            mana_gained=regained,
        )
    return encounter
