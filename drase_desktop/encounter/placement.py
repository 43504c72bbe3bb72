"""Placing creatures from library templates, or copies of a creature in the fight: numbered
names, free tiles, one undo step.

One placement adds one or several combatants of a template ("Bandit 2", "Bandit 3", ...) on the
given tiles, or refuses them all with the reason (a blocked tile, another creature there, off the
map). The names continue the numbers already in the fight, so a second drop of bandits never
makes a second "Bandit 2".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import Combatant, Position
from drase_desktop.encounter.creature_template import CreatureTemplate, slug
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.portraits import store_portrait
from drase_desktop.encounter.sides import side_words

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.encounter import Encounter

# A count a GM types for one drop; a bigger crowd is several drops.
MAX_PLACED_AT_ONCE = 50

__all__ = [
    "MAX_PLACED_AT_ONCE",
    "PlacementError",
    "duplicate_creature",
    "free_tiles_for",
    "free_tiles_near",
    "numbered_names",
    "place_from_template",
    "placement_refusal",
    "unique_id",
]


class PlacementError(EncounterError):
    """A placement the map or the fight does not allow (the message says which tile and why)."""


def numbered_names(encounter: Encounter, base: str, count: int) -> list[str]:
    """Names for `count` new creatures called `base`. One creature when none of that name is in
    the fight keeps the plain name; otherwise the numbers continue after the highest one there
    (a plain "Bandit" counts as number 1)."""
    pattern = re.compile(rf"^{re.escape(base.strip())}(?: (\d+))?$", re.IGNORECASE)
    taken = [pattern.match(c.name.strip()) for c in encounter.combatants.values()]
    numbers = [int(m.group(1)) if m.group(1) else 1 for m in taken if m is not None]
    if count == 1 and not numbers:
        return [base]
    start = max(numbers, default=0) + 1
    return [f"{base} {start + offset}" for offset in range(count)]


def unique_id(encounter: Encounter, name: str, reserved: set[str] | None = None) -> str:
    """An id made from the name, not used in the fight nor in `reserved`."""
    reserved = reserved or set()
    base = slug(name)
    candidate, number = base, 2
    while candidate in encounter.combatants or candidate in reserved:
        candidate = f"{base}-{number}"
        number += 1
    return candidate


def placement_refusal(
    encounter: Encounter,
    creature: Combatant,
    tile: Position,
    taken: dict[Position, str] | None = None,
) -> str:
    """Why `creature` cannot stand with its top-left on `tile`; empty when it can. `taken` maps
    tiles already promised to names (the creatures placed before it in the same drop)."""
    probe = replace(creature, position=tile)
    occupied = {
        pos: encounter.combatants[cid].name for pos, cid in encounter.occupied(creature.id).items()
    }
    occupied.update(taken or {})
    battle_map = encounter.battle_map
    for spot in probe.tiles():
        if not battle_map.in_bounds(spot):
            return f"{creature.name} would stand off the map at {spot}"
        if battle_map.terrain(spot) == "blocked":
            return f"{creature.name} cannot stand on {spot}: the tile is blocked"
        if spot in occupied:
            return f"{creature.name} cannot stand on {spot}: {occupied[spot]} is there"
    return ""


def free_tiles_near(
    encounter: Encounter,
    creature: Combatant,
    anchor: Position,
    count: int,
    taken: dict[Position, str] | None = None,
) -> list[Position]:
    """Up to `count` top-left tiles where copies of `creature` can stand without overlapping
    each other or `taken`: the anchor first, then ring by ring around it, nearest first."""
    battle_map = encounter.battle_map
    step = creature.footprint
    found: list[Position] = []
    promised: dict[Position, str] = dict(taken or {})
    radius_limit = max(battle_map.width, battle_map.height)
    ax, ay = anchor
    for radius in range(radius_limit + 1):
        ring = [
            (ax + dx * step, ay + dy * step)
            for dy in range(-radius, radius + 1)
            for dx in range(-radius, radius + 1)
            if max(abs(dx), abs(dy)) == radius
        ]
        ring.sort(key=lambda t: ((t[0] - ax) ** 2 + (t[1] - ay) ** 2, t[1], t[0]))
        for tile in ring:
            if placement_refusal(encounter, creature, tile, promised):
                continue
            found.append(tile)
            for spot in replace(creature, position=tile).tiles():
                promised[spot] = creature.name
            if len(found) == count:
                return found
    return found


def free_tiles_for(
    encounter: Encounter, template: CreatureTemplate, anchor: Position, count: int
) -> list[Position]:
    """Up to `count` tiles where new creatures of `template` can stand, nearest `anchor` first
    (`free_tiles_near`). The template's creature is probed under an id no combatant has: its
    own id ("goblin") is often that of a creature placed from it before, whose tiles would
    otherwise count as free."""
    probe = template.instantiate(unique_id(encounter, template.name), template.name, None)
    return free_tiles_near(encounter, probe, anchor, count)


def place_from_template(
    encounter: Encounter,
    template: CreatureTemplate,
    tiles: Sequence[Position],
    *,
    side: str | None = None,
    hidden: bool = False,
) -> Change[list[str]]:
    """Add one creature of `template` on each tile, numbered (`numbered_names`): one undo step.
    Refuses them all, naming the tile and why, when any cannot stand there. The change's result
    is the list of new ids, in the order of `tiles`."""
    return _place(
        encounter,
        template,
        tiles,
        side=side,
        hidden=hidden,
        origin=f"from the library's {template.name}",
        describe=lambda what: f"Place {what}",
    )


def duplicate_creature(
    encounter: Encounter, combatant_id: str, anchor: Position | None = None
) -> Change[list[str]]:
    """A fresh copy of a creature: its stat block at rest (full HP, no statuses or wounds), its
    side, its picture and whether it is hidden from the players, numbered like a Shift-drop's
    copies ("Goblin 2" after "Goblin"), on the free tile nearest it (nearest `anchor` when it
    stands off the map): one undo step. The result is the copy's id, in a list."""
    original = encounter.combatant(combatant_id)
    picture = encounter.portraits.get(original.portrait) if original.portrait else None
    template = CreatureTemplate.from_combatant(original, portrait=picture)
    near = original.position if original.position is not None else anchor
    if near is None:
        raise PlacementError(f"Choose where the copy of {original.name} goes")
    tiles = free_tiles_for(encounter, template, near, 1)
    if not tiles:
        raise PlacementError(f"No free tile on the map for a copy of {original.name}")
    return _place(
        encounter,
        template,
        tiles,
        side=original.side,
        hidden=original.hidden,
        origin=f"a copy of {original.name}",
        describe=lambda what: f"Duplicate {original.name} as {what}",
    )


def _place(
    encounter: Encounter,
    template: CreatureTemplate,
    tiles: Sequence[Position],
    *,
    side: str | None,
    hidden: bool,
    origin: str,
    describe: Callable[[str], str],
) -> Change[list[str]]:
    def operation() -> tuple[str, list[str]]:
        if not tiles:
            raise PlacementError(f"Choose where {template.name} goes")
        if len(tiles) > MAX_PLACED_AT_ONCE:
            raise PlacementError(
                f"{len(tiles)} creatures at once is more than {MAX_PLACED_AT_ONCE}; place them"
                " in several drops"
            )
        names = numbered_names(encounter, template.name, len(tiles))
        portrait = None
        if template.portrait is not None:
            portrait = store_portrait(encounter, template.portrait, f"{template.name}'s art")
        promised: dict[Position, str] = {}
        reserved: set[str] = set()
        added: list[str] = []
        for name, given in zip(names, tiles, strict=True):
            tile = (int(given[0]), int(given[1]))
            combatant_id = unique_id(encounter, name, reserved)
            reserved.add(combatant_id)
            creature = template.instantiate(combatant_id, name, tile)
            creature.portrait = portrait
            creature.hidden = hidden
            if side is not None:
                creature.side = side
                creature.validate()
            refusal = placement_refusal(encounter, creature, tile, promised)
            if refusal:
                raise PlacementError(refusal)
            for spot in creature.tiles():
                promised[spot] = name
            encounter.combatants[creature.id] = creature
            added.append(creature.id)
            encounter.log_event(
                "combatant",
                f"{name} joins the fight with {side_words(creature.side)} at {creature.position}"
                f" ({origin})",
                combatant=creature.id,
                side=creature.side,
            )
        what = names[0] if len(names) == 1 else f"{len(names)} x {template.name}"
        return describe(what), added

    return encounter.run_operation(operation)
