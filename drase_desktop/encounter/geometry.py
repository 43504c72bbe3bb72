"""Where the board meets the fight: a combatant's movement search and reach, and an attack's
situation (distance, cover, obscuration, height) read from the battle map and the other
combatants."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from drase_desktop.board.cover import CoverError, CoverTrace, trace_cover
from drase_desktop.board.distance import distance, footprint_gap
from drase_desktop.board.pathfinding import MovementError, MovementSearch, shared_movement_search
from drase_desktop.board.sight import tile_obscuration
from drase_desktop.encounter.combatant import Combatant, Position, Weapon
from drase_desktop.encounter.sides import allied
from drase_desktop.refusal import Refusal
from drase_desktop.rules.attack import OBSCURATION_MALUSES

if TYPE_CHECKING:
    from drase_desktop.encounter.state import EncounterState


class GeometryError(Refusal):
    """A move or an attack the map does not allow."""


# What the creatures' standing is read as (id, tile, side, size), and the answers kept while
# it stays the same: each mover's enemies and allies, and who stands on each tile.
_Standing = list[tuple[str, Position | None, str, int]]


@dataclass
class _Kept:
    standing: _Standing
    sides: dict[tuple[str, str], tuple[frozenset[Position], frozenset[Position]]]
    occupants: dict[Position, list[str]] | None = None


_kept = _Kept([], {})


def _kept_for(encounter: EncounterState) -> _Kept:
    """The answers kept for creatures standing as they stand now, whatever encounter or copy
    asks: with hundreds of creatures, listing their tiles was most of a question (the reach
    overlay asks at every phase and edit, a drag at every tile)."""
    global _kept
    standing = [(c.id, c.position, c.side, c.size) for c in encounter.combatants.values()]
    if standing != _kept.standing:
        _kept = _Kept(standing, {})
    return _kept


def others(
    encounter: EncounterState, mover: Combatant
) -> tuple[frozenset[Position], frozenset[Position]]:
    """The tiles of `mover`'s enemies and of its allies (not its own), ruling 21; kept while
    no creature came, went, moved or changed side or size."""
    kept = _kept_for(encounter)
    answer = kept.sides.get((mover.id, mover.side))
    if answer is None:
        enemies: list[Position] = []
        allies: list[Position] = []
        for other in encounter.combatants.values():
            if other.id == mover.id or other.position is None:
                continue
            (allies if allied(other, mover) else enemies).extend(other.tiles())
        answer = kept.sides[(mover.id, mover.side)] = (frozenset(enemies), frozenset(allies))
    return answer


def occupant(
    encounter: EncounterState, tiles: Iterable[Position], exclude: str
) -> Combatant | None:
    """The creature other than `exclude` standing on any of `tiles`, or None."""
    kept = _kept_for(encounter)
    if kept.occupants is None:
        kept.occupants = {}
        for creature in encounter.combatants.values():
            for tile in creature.tiles():
                kept.occupants.setdefault(tile, []).append(creature.id)
    for tile in tiles:
        for combatant_id in kept.occupants.get(tile, ()):
            if combatant_id != exclude:
                return encounter.combatants[combatant_id]
    return None


def movement_search(
    encounter: EncounterState, mover: Combatant, *, limit: float | None = None
) -> MovementSearch:
    """A movement search from where `mover` stands, limited to its remaining movement (or to
    `limit`). The round's movement is one move (ruling 27): the double rule's alternation carries
    on from the round's last diagonal, and the circle stays centred where the round's move began,
    its radius the whole allowance."""
    assert mover.position is not None
    enemies, allies = others(encounter, mover)
    remaining = encounter.movement_allowance(mover.id)
    so_far = encounter.round_move(mover.id) if encounter.started else None
    centre = so_far.start if so_far is not None and so_far.start is not None else mover.position
    try:
        return shared_movement_search(
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
            circle_radius=encounter.round_allowance(mover.id),
        )
    except MovementError as error:
        raise GeometryError(f"{mover.name}: {error}") from error


def reachable_tiles(encounter: EncounterState, mover: Combatant) -> set[Position]:
    """Every tile `mover`'s token can cover at the end of a move this round: the top-left tiles
    its move may end on, spread over its footprint (the ground it can occupy)."""
    search = movement_search(encounter, mover)
    size = mover.footprint
    if size == 1:
        return set(search.reachable)
    return {
        (x + dx, y + dy) for x, y in search.reachable for dy in range(size) for dx in range(size)
    }


@dataclass(frozen=True)
class Measure:
    """Range and height between two creatures, as every attack and every number the window
    shows them: `distance` (melee), `ranged_distance` (a ranged attack drops the height to a
    lower target, ruling 20), each creature's standing height and the difference."""

    distance: float
    ranged_distance: float
    attacker_height: int
    target_height: int

    @property
    def height_difference(self) -> int:
        """The target's height minus the attacker's: negative when the target is lower."""
        return self.target_height - self.attacker_height

    @property
    def lower_target(self) -> bool:
        return self.target_height < self.attacker_height

    def reach_needed(self, ranged: bool) -> float:
        return self.ranged_distance if ranged else self.distance


def standing_height(battle_map: object, combatant: Combatant, at: Position | None = None) -> int:
    """The height a creature stands at (ruling 42): the highest ground under its footprint, for
    reach, range, the lower-target bonus and falls (one tile: that tile's height). `at` asks
    where it would stand with its top-left tile there; tiles off the map do not count."""
    heights: list[int] = [
        battle_map.elevation(tile)  # type: ignore[attr-defined]
        for tile in _footprint_on_map(battle_map, combatant, at)
    ]
    return max(heights, default=0)


def standing_tiles(battle_map: object, combatant: Combatant) -> list[Position]:
    """The tiles a creature stands on (ruling 42): those of its footprint at its standing
    height, the highest; one tile for a creature of one tile."""
    tiles = _footprint_on_map(battle_map, combatant, None)
    height = standing_height(battle_map, combatant)
    return [t for t in tiles if battle_map.elevation(t) == height]  # type: ignore[attr-defined]


def _footprint_on_map(
    battle_map: object, combatant: Combatant, at: Position | None
) -> list[Position]:
    where = combatant.position if at is None else at
    assert where is not None, f"{combatant.name} is not on the map"
    x, y = where
    n = combatant.footprint
    footprint = [(x + dx, y + dy) for dy in range(n) for dx in range(n)]
    return [tile for tile in footprint if battle_map.in_bounds(tile)]  # type: ignore[attr-defined]


def measure(encounter: EncounterState, attacker: Combatant, target: Combatant) -> Measure:
    """Rulings 18-20 between two creatures on the map: horizontal range between the nearest
    tiles of their footprints, combined with the difference of their standing heights."""
    assert attacker.position is not None and target.position is not None
    battle_map = encounter.battle_map
    height_a = standing_height(battle_map, attacker)
    height_b = standing_height(battle_map, target)
    gap = footprint_gap(attacker.position, target.position, attacker.footprint, target.footprint)
    diagonal = encounter.settings.diagonal

    def measured(ranged: bool) -> float:
        return distance(
            (0, 0), gap, diagonal=diagonal, height_a=height_a, height_b=height_b, ranged=ranged
        )

    return Measure(measured(False), measured(True), height_a, height_b)


def creatures_on_map(
    encounter: EncounterState, attacker: Combatant, target: Combatant
) -> dict[Position, tuple[str, int]]:
    """Each occupied tile -> (side, size) for cover (ruling 22). The fallen do not block a line
    (a ruling: they lie on the ground); the attacker and the target always count."""
    creatures: dict[Position, tuple[str, int]] = {}
    for other in encounter.combatants.values():
        if other.incapacitated and other.id not in (attacker.id, target.id):
            continue
        for tile in other.tiles():
            creatures[tile] = (other.side, other.size)
    return creatures


def cover_between(
    encounter: EncounterState,
    attacker: Combatant,
    target: Combatant,
    *,
    ranged: bool,
    reaction: bool = False,
) -> CoverTrace:
    """The cover of `target` against `attacker` with its reasons (rulings 22, 29, 38, 39)."""
    assert attacker.position is not None and target.position is not None
    try:
        trace = trace_cover(
            encounter.battle_map,
            attacker.position,
            target.position,
            ranged=ranged,
            creatures=creatures_on_map(encounter, attacker, target),
            reaction=reaction,
            attacker_footprint=attacker.footprint,
            target_footprint=target.footprint,
        )
    except CoverError as error:
        raise GeometryError(str(error)) from error
    return replace(trace, reasons=tuple(_name_the_creature(encounter, r) for r in trace.reasons))


_CREATURE_COVER = re.compile(r"from (an ally|an enemy) at \((-?\d+), (-?\d+)\)")


def _name_the_creature(encounter: EncounterState, reason: str) -> str:
    """ "half cover from an ally at (5, 3)" -> "half cover from Bram (an ally) at (5, 3)": the
    board knows sides and sizes, the GM knows names."""
    found = _CREATURE_COVER.search(reason)
    if found is None:
        return reason
    tile = (int(found.group(2)), int(found.group(3)))
    for creature in encounter.combatants.values():
        if creature.position is not None and tile in creature.tiles():
            named = f"from {creature.name} ({found.group(1)}) at {tile}"
            return reason[: found.start()] + named + reason[found.end() :]
    return reason


@dataclass(frozen=True)
class Obscuration:
    """The obscuration an attack or a perception roll suffers (ruling 28): the stronger of the
    attacker's and the target's (they do not add), with where each comes from."""

    level: str
    attacker_level: str
    target_level: str
    reasons: tuple[str, ...]

    @property
    def maluses(self) -> int:
        return OBSCURATION_MALUSES.get(self.level, 0)


def obscuration_between(battle_map: object, attacker: Combatant, target: Combatant) -> Obscuration:
    """Ruling 28: obscuration penalises both ends; the stronger of the two tiles counts. Each
    creature is as obscured as its clearest tile; an area the line only crosses does not count.
    Total obscuration at the attacker's (or perceiver's) end counts as heavy (ruling 43): only a
    target inside total obscuration cannot be targeted."""
    mine, my_reasons = _clearest(battle_map, attacker.tiles())
    theirs, their_reasons = _clearest(battle_map, target.tiles())
    from_mine = "heavy" if mine == "total" else mine
    level = max(from_mine, theirs, key=_OBSCURATION_ORDER.index)
    reasons: list[str] = []
    if theirs != "none":
        reasons.append(f"{target.name} stands in {theirs} obscuration")
        reasons.extend(their_reasons)
    if mine != "none":
        reasons.append(f"{attacker.name} stands in {mine} obscuration")
        reasons.extend(my_reasons)
    if mine == "total":
        reasons.append("total obscuration at the attacker's end counts as heavy (ruling 43)")
    if mine != "none" and theirs != "none":
        reasons.append(f"the stronger counts, they do not add: {level} (ruling 28)")
    return Obscuration(level, mine, theirs, tuple(reasons))


@dataclass(frozen=True)
class AttackSituation:
    distance: float | None
    cover: str
    obscuration: str
    lower_target: bool
    cover_reasons: tuple[str, ...] = ()
    obscuration_reasons: tuple[str, ...] = ()
    measure: Measure | None = None


def attack_situation(
    encounter: EncounterState,
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    *,
    reaction: bool,
) -> AttackSituation:
    """Distance (reach and range checked unless it is a reaction: ruling 29), cover on the line
    (a reaction ignores partial cover but not walls, closed doors, full cover or embrasures:
    ruling 29), obscuration at both ends (ruling 28) and whether the target stands lower
    (ruling 20)."""
    if attacker.position is None or target.position is None:
        return AttackSituation(None, "none", "none", False)
    measured = measure(encounter, attacker, target)
    needed = measured.reach_needed(weapon.ranged)
    if needed > weapon.reach and not reaction:
        raise GeometryError(
            f"{target.name} is {needed:g} tiles away; {attacker.name}'s {weapon.name} reaches"
            f" {weapon.reach}"
        )
    trace = cover_between(encounter, attacker, target, ranged=weapon.ranged, reaction=reaction)
    seen = obscuration_between(encounter.battle_map, attacker, target)
    return AttackSituation(
        needed,
        trace.level,
        seen.level,
        measured.lower_target,
        cover_reasons=trace.reasons,
        obscuration_reasons=seen.reasons,
        measure=measured,
    )


_OBSCURATION_ORDER = ("none", "light", "heavy", "total")


def _clearest(battle_map: object, tiles: Sequence[Position]) -> tuple[str, tuple[str, ...]]:
    """The obscuration a creature stands in: that of its least obscured tile (one visible tile
    is enough to aim at), with the board's reasons."""
    best: tuple[str, tuple[str, ...]] | None = None
    for tile in tiles:
        found = tile_obscuration(battle_map, tile)  # type: ignore[arg-type]
        if best is None or _OBSCURATION_ORDER.index(found[0]) < _OBSCURATION_ORDER.index(best[0]):
            best = found
    return best if best is not None else ("none", ())
