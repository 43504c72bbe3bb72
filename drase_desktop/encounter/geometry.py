"""Where the board meets the fight: movement routes for a combatant, and an attack's situation
(distance, cover, obscuration, height) read from the battle map and the other combatants."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.board.cover import CoverError, cover
from drase_desktop.board.distance import distance, footprint_gap
from drase_desktop.board.pathfinding import MovementError, MovementSearch, path_cost
from drase_desktop.board.sight import tile_obscuration
from drase_desktop.encounter.combatant import Combatant, Position, Weapon

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


class GeometryError(ValueError):
    """A move or an attack the map does not allow."""


def _others(encounter: Encounter, mover: Combatant) -> tuple[list[Position], list[Position]]:
    enemies: list[Position] = []
    allies: list[Position] = []
    for other in encounter.combatants.values():
        if other.id == mover.id or other.position is None:
            continue
        (allies if other.side == mover.side else enemies).extend(other.tiles())
    return enemies, allies


def movement_search(
    encounter: Encounter, mover: Combatant, *, limit: float | None = None
) -> MovementSearch:
    """A movement search from where `mover` stands, limited to its remaining movement (or to
    `limit`). The round's movement is one move (ruling 27): the double rule's alternation carries
    on from the round's last diagonal, and the circle stays centred where the round's move began,
    its radius the whole allowance."""
    assert mover.position is not None
    enemies, allies = _others(encounter, mover)
    remaining = encounter.movement_allowance(mover.id)
    so_far = encounter.round_move(mover.id) if encounter.round > 0 else None
    centre = so_far.start if so_far is not None and so_far.start is not None else mover.position
    try:
        return MovementSearch(
            encounter.battle_map,
            mover.position,
            remaining,
            diagonal=encounter.settings.diagonal,
            enemies=enemies,
            allies=allies,
            footprint=mover.footprint,
            limit=limit,
            start_parity=so_far.diagonal_parity if so_far is not None else 0,
            circle_centre=centre,
            circle_radius=remaining + encounter.declaration(mover.id).moved,
        )
    except MovementError as error:
        raise GeometryError(f"{mover.name}: {error}") from error


def route(
    encounter: Encounter, mover: Combatant, tiles: Sequence[Position]
) -> tuple[list[Position], float]:
    """The path and its cost for a move the rules check (not a forced one). `tiles` is the whole
    path (start first) or just the destination. Raises GeometryError saying why not."""
    assert mover.position is not None
    enemies, _ = _others(encounter, mover)
    diagonal = encounter.settings.diagonal
    destination = tiles[-1]
    search = movement_search(encounter, mover)
    if len(tiles) == 1 or list(tiles) == [mover.position]:
        why = search.why_not(destination)
        if why:
            raise GeometryError(f"{mover.name} cannot move to {destination}: {why}")
        path = search.path_to(destination)
        cost = search.cost(destination)
        assert path is not None and cost is not None
        return list(path), float(cost)
    if tuple(tiles[0]) != mover.position:
        raise GeometryError(
            f"{mover.name}'s path must start where it stands, {mover.position}, not {tiles[0]}"
        )
    cost = path_cost(
        encounter.battle_map,
        list(tiles),
        diagonal=diagonal,
        footprint=mover.footprint,
        start_parity=search.start_parity,
    )
    if cost is None:
        raise GeometryError(
            f"{mover.name} cannot take that path: a step crosses a wall, a cliff or a blocked tile"
        )
    blocking = set(enemies)
    for step in tiles[1:]:
        covered = {
            (step[0] + dx, step[1] + dy)
            for dx in range(mover.footprint)
            for dy in range(mover.footprint)
        }
        if covered & blocking:
            raise GeometryError(f"{mover.name} cannot pass through an enemy at {step}")
    why = search.why_not(destination)
    if why and not why.startswith("too far") and not why.startswith("no path within"):
        raise GeometryError(f"{mover.name} cannot move to {destination}: {why}")
    return [tuple(t) for t in tiles], cost


@dataclass(frozen=True)
class AttackSituation:
    distance: float | None
    cover: str
    obscuration: str
    lower_target: bool


def attack_situation(
    encounter: Encounter,
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    *,
    reaction: bool,
) -> AttackSituation:
    """Distance (reach/range checked unless it is a reaction: ruling 22), cover on the line,
    obscuration at the target's tile and whether the target stands lower (ruling 20)."""
    if attacker.position is None or target.position is None:
        return AttackSituation(None, "none", "none", False)
    battle_map = encounter.battle_map
    height_a = battle_map.elevation(attacker.position)
    height_b = battle_map.elevation(target.position)
    # Big creatures measure between their nearest tiles.
    gap = footprint_gap(attacker.position, target.position, attacker.footprint, target.footprint)
    measured = distance(
        (0, 0),
        gap,
        diagonal=encounter.settings.diagonal,
        height_a=height_a,
        height_b=height_b,
        ranged=weapon.ranged,
    )
    if measured > weapon.reach and not reaction:
        raise GeometryError(
            f"{target.name} is {measured:g} tiles away; {attacker.name}'s {weapon.name} reaches"
            f" {weapon.reach}"
        )
    creatures: dict[Position, tuple[str, int]] = {}
    for other in encounter.combatants.values():
        # The fallen do not block a line (a ruling: they lie on the ground).
        if other.incapacitated and other.id not in (attacker.id, target.id):
            continue
        for tile in other.tiles():
            creatures[tile] = (other.side, other.size)
    try:
        level = cover(
            battle_map,
            attacker.position,
            target.position,
            ranged=weapon.ranged,
            creatures=creatures,
            reaction=reaction,
            attacker_footprint=attacker.footprint,
            target_footprint=target.footprint,
        )
    except CoverError as error:
        raise GeometryError(str(error)) from error
    obscuration = _target_obscuration(battle_map, target.tiles())
    return AttackSituation(measured, level, obscuration, height_b < height_a)


_OBSCURATION_ORDER = ("none", "light", "heavy", "total")


def _target_obscuration(battle_map: object, tiles: Sequence[Position]) -> str:
    """The obscuration a target stands in (the least obscured of its tiles: one visible tile is
    enough to aim at)."""
    # The board's visibility: the zone and the light together (dim light obscures lightly).
    levels = [tile_obscuration(battle_map, tile)[0] for tile in tiles]  # type: ignore[arg-type]
    return min(levels, key=_OBSCURATION_ORDER.index) if levels else "none"
