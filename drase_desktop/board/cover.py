"""Cover between an attacker and a target (ruling 22).

The line runs from the attacker's tile centre to the target's; the strongest cover on it counts:
walls and closed doors (full), the cover feature of each tile it crosses, and creatures on it
relative to the attacker (an ally smaller than the attacker: half; an ally as big or bigger:
three-quarter; an enemy: full). A ranged attacker ignores partial cover (half, three-quarter) and
embrasures in tiles next to it ("directly adjacent" includes diagonal neighbours, ruling 38). A
reaction ignores partial cover, but walls, closed doors, full cover and embrasures still stop it
(ruling 29). Where the line passes exactly through a
grid corner it squeezes between two tiles: the weaker of the two counts (it can pass one, not both).
The tiles of the attacker and target themselves never cover. For creatures bigger than one tile,
every pair of their tiles is traced and the attacker takes the clearest line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ParamSpec

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import BattleMap, BoardError, tile_on_map
from drase_desktop.board.geometry import Position, line_walk

_RANK = {"none": 0, "half": 1, "three-quarter": 2, "embrasure": 3, "full": 4}
_LEVEL = {rank: level for level, rank in _RANK.items()}
# The board names cover levels and traces them; what each costs or stops in an attack is the
# rules' table (`drase_desktop.rules.attack`).
PARTIAL = ("half", "three-quarter")
P = ParamSpec("P")


class CoverError(BoardError):
    pass


@dataclass(frozen=True)
class CoverTrace:
    """The cover between attacker and target, and the working behind it for the GM."""

    level: str
    reasons: tuple[str, ...]


def _tiles(pos: Position, footprint: int) -> list[Position]:
    return [(pos[0] + i, pos[1] + j) for j in range(footprint) for i in range(footprint)]


def _creature_cover(attacker: tuple[str, int], other: tuple[str, int]) -> str:
    side, size = attacker
    other_side, other_size = other
    if other_side != side:
        return "full"
    return "half" if other_size < size else "three-quarter"


def _check_pos(battle_map: BattleMap, pos: object, what: str) -> Position:
    return tile_on_map(battle_map, pos, what, CoverError)


def trace_cover(
    battle_map: BattleMap,
    attacker: Position,
    target: Position,
    *,
    ranged: bool,
    creatures: Mapping[Position, tuple[str, int]] | None = None,
    reaction: bool = False,
    attacker_footprint: int = 1,
    target_footprint: int = 1,
) -> CoverTrace:
    """Cover with its reasons; `cover()` returns just the level."""
    attacker = _check_pos(battle_map, attacker, "attacker")
    target = _check_pos(battle_map, target, "target")
    creatures = creatures or {}
    me = creatures.get(attacker)
    if creatures and me is None:
        raise CoverError(f"the creatures on the map must include the attacker at {attacker}")
    own = set(_tiles(attacker, attacker_footprint))
    theirs = set(_tiles(target, target_footprint))
    near = {(x + dx, y + dy) for x, y in own for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - own
    barriers = barrier_index(battle_map)

    def tile_cover(tile: Position) -> tuple[int, str]:
        if tile in own or tile in theirs or not battle_map.in_bounds(tile):
            return 0, ""
        rank, why = 0, ""
        feature = battle_map.cover_feature(tile)
        if feature != "none":
            if ranged and tile in near and (feature in PARTIAL or feature == "embrasure"):
                pass  # ruling 22: a ranged attacker ignores partial cover and embrasures by it
            else:
                rank, why = _RANK[feature], f"{feature} cover from the map at {tile}"
        other = creatures.get(tile)
        if other is not None and me is not None:
            level = _creature_cover(me, other)
            if not (ranged and tile in near and level in PARTIAL) and _RANK[level] > rank:
                relation = "an enemy" if level == "full" else "an ally"
                rank, why = _RANK[level], f"{level} cover from {relation} at {tile}"
        return rank, why

    best: CoverTrace | None = None
    for start in sorted(own):
        for end in sorted(theirs):
            if barriers.line_blocked(
                (start[0] + 0.5, start[1] + 0.5), (end[0] + 0.5, end[1] + 0.5)
            ):
                trace = CoverTrace(
                    "full", ("a wall, closed door, window or object crosses the line",)
                )
            else:
                rank, reasons = 0, []
                for step in line_walk(start, end):
                    found = tile_cover(step[0])
                    if len(step) == 3:
                        # Squeezing through a corner: only the weaker side covers.
                        side = min(tile_cover(step[1]), tile_cover(step[2]))
                        if side[0] > found[0]:
                            found = (side[0], side[1] + " (both sides of a corner)")
                    if found[0]:
                        reasons.append(found[1])
                        rank = max(rank, found[0])
                trace = CoverTrace(_LEVEL[rank], tuple(reasons) or ("a clear line",))
            if best is None or _RANK[trace.level] < _RANK[best.level]:
                best = trace
            if best.level == "none":
                return best  # a clear line: nothing for a reaction to ignore or be stopped by
    assert best is not None
    return _as_reaction(best) if reaction else best


def _as_reaction(trace: CoverTrace) -> CoverTrace:
    """Ruling 29: a reaction ignores partial-cover penalties; what stops an attack (every level
    above partial) stops it."""
    if trace.level in PARTIAL:
        return CoverTrace(
            "none", (*trace.reasons, f"a reaction ignores {trace.level} cover (ruling 29)")
        )
    if trace.level != "none":
        return CoverTrace(trace.level, (*trace.reasons, "it stops reactions too (ruling 29)"))
    return trace


def _level_only(trace: Callable[P, CoverTrace]) -> Callable[P, str]:
    """`trace_cover` answering its level alone: the same terms, so one signature serves both."""

    def cover(*args: P.args, **kwargs: P.kwargs) -> str:
        """The cover level of `target` against `attacker`: "none", "half", "three-quarter", "full"
        or "embrasure". The terms of `trace_cover`: `creatures` maps each occupied tile to (side,
        size), attacker included."""
        return trace(*args, **kwargs).level

    return cover


cover = _level_only(trace_cover)
