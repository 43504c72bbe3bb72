"""What the players may see: one set of decisions for the TV (`ui/table/player_scene.py`) and
the players' phones (`seat_view.py`), so nothing the TV hides can reach a phone.

Decided here, item by item, from the encounter and its fog (`fog.py`):
- `player_visible(combatant, fog)`: a token shows when it is placed and not hidden, and either
  on the players' side (`sides.on_players_side`: they know where they stand) or on at least
  one revealed tile. `visible_combatants` lists them.
- `condition(combatant)`: all the players learn of anyone's health ("unhurt", "wounded",
  "bloodied", "down"); never a number. `player_tag(name)`: the token's short label.
- `player_viewers(encounter)`: the eyes that reveal the fog ("what the players see").
- `revealed_prefix`, `line_revealed`, `shown_gm_path`, `shown_ruler`: the GM's drag path and
  ruler, mirrored only over revealed ground and for tokens the players can see.
- `wall_pieces(battle_map, fog)`: the walls, doors, windows and objects beside revealed
  ground, cut where they run on into the fog (a wall between two fogged tiles never shows).
- `shown_lights(battle_map, fog)`: light sources standing on revealed ground.

Plain Python, no Qt: the board's positions are (x, y) tiles, walls (x, y) tile corners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drase_desktop.board.geometry import line_walk
from drase_desktop.encounter.sides import on_players_side
from drase_desktop.rules import health

if TYPE_CHECKING:
    from drase_desktop.encounter.fog import Fog

Position = tuple[int, int]
Point = tuple[float, float]

# A wall piece this close (tiles) to a revealed tile shows: a wall along the edge of a revealed
# tile belongs to what the players see of it (the TV grows its clip by half a wall's width).
WALL_MARGIN = 1e-6


def player_tag(name: str) -> str:
    """At most three characters, big enough to read from two metres inside a 1-inch disc:
    "Mira", "Aldric" -> "Ald", "Thug 2" -> "T2", "Brother Bram" -> "BB"."""
    name = name.strip()
    if len(name) <= 4:
        return name
    words = name.split()
    if len(words) == 1:
        return name[:3]
    tag = "".join(word if word.isdigit() else word[0].upper() for word in words)
    return tag[:3]


def condition(combatant: Any) -> str:
    """ "unhurt", "wounded", "bloodied" (half HP or less) or "down": all the players learn (the
    core's health band, badly hurt told as bloodied)."""
    if combatant.incapacitated:
        return health.DOWN
    band = health.health_band(combatant.hp, combatant.max_hp)
    return health.BLOODIED if band == health.BADLY_HURT else band


def player_visible(combatant: Any, fog: Fog) -> bool:
    """May the players see this token? Never when hidden or off the map; a player-side token
    always; any other only when it stands on at least one revealed tile."""
    if combatant.hidden or combatant.position is None:
        return False
    if on_players_side(combatant):
        return True
    return any(fog.is_revealed(tile) for tile in combatant.tiles())


def visible_combatants(encounter: Any, fog: Fog) -> list[Any]:
    """The encounter's combatants the players may see, in the encounter's order."""
    return [c for c in encounter.combatants.values() if player_visible(c, fog)]


def player_viewers(encounter: Any) -> list[tuple[Position, int]]:
    """The eyes of the players' side: placed, visible, conscious player-side tokens, as
    (position, footprint) pairs."""
    return [
        (combatant.position, combatant.footprint)
        for combatant in encounter.combatants.values()
        if combatant.position is not None
        and not combatant.hidden
        and on_players_side(combatant)
        and not combatant.incapacitated
    ]


# -- the GM's drag path and ruler ------------------------------------------------------------
def revealed_prefix(path: Sequence[Position], footprint: int, fog: Fog) -> list[Position]:
    """The start of `path` up to (not including) its first step onto a fogged tile."""
    shown: list[Position] = []
    for x, y in path:
        tiles = [(x + i, y + j) for j in range(footprint) for i in range(footprint)]
        if not all(fog.is_revealed(tile) for tile in tiles):
            break
        shown.append((x, y))
    return shown


def line_revealed(start: Position, end: Position, fog: Fog) -> bool:
    """Does the straight line between two tiles' centres run over revealed tiles only?"""
    if not (fog.is_revealed(start) and fog.is_revealed(end)):
        return False
    return all(fog.is_revealed(tile) for step in line_walk(start, end) for tile in step)


def shown_gm_path(
    encounter: Any, combatant_id: str, path: Sequence[Position], footprint: int, fog: Fog
) -> list[Position]:
    """What the players see of the GM dragging `combatant_id` along `path`: nothing for a
    hidden or unknown token, else the path up to its first fogged step."""
    combatant = encounter.combatants.get(combatant_id)
    if combatant is None or combatant.hidden or not path:
        return []
    return revealed_prefix(path, footprint, fog)


def shown_ruler(encounter: Any, start: Position, end: Position, fog: Fog) -> bool:
    """Whether the players see the GM's ruler from `start` to `end`: over revealed ground only,
    and never pointing at a hidden creature's tile."""
    hidden_tiles = {tile for c in encounter.combatants.values() if c.hidden for tile in c.tiles()}
    if start in hidden_tiles or end in hidden_tiles:
        return False
    return line_revealed(start, end, fog)


# -- walls, doors and lights -----------------------------------------------------------------
@dataclass(frozen=True)
class WallPiece:
    """A run of a wall or door the players see: `kind` is "wall", "door" (closed), "open
    door", "window" or "object" (a piece of a pillar's or table's outline); `start` and `end`
    are tile-corner points."""

    kind: str
    start: Point
    end: Point


def _touches_revealed(point: Point, fog: Fog) -> bool:
    """Is `point` on or within WALL_MARGIN of a revealed tile?"""
    px, py = point
    xs = range(math.floor(px - WALL_MARGIN), math.floor(px + WALL_MARGIN) + 1)
    ys = range(math.floor(py - WALL_MARGIN), math.floor(py + WALL_MARGIN) + 1)
    return any(fog.is_revealed((x, y)) for y in ys for x in xs)


def _crossings(start: Point, end: Point) -> list[float]:
    """The fractions along start->end where it crosses a grid line, 0 and 1 included."""
    cuts = {0.0, 1.0}
    for axis in (0, 1):
        a, b = start[axis], end[axis]
        if a == b:
            continue
        low, high = sorted((a, b))
        for line in range(math.ceil(low), math.floor(high) + 1):
            cuts.add((line - a) / (b - a))
    return sorted(t for t in cuts if 0.0 <= t <= 1.0)


def clip_to_revealed(start: Point, end: Point, fog: Fog) -> list[tuple[Point, Point]]:
    """The runs of the segment start->end that lie beside revealed tiles."""
    if fog.all_revealed:
        return [(start, end)]

    def at(t: float) -> Point:
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

    cuts = _crossings(start, end)
    runs: list[tuple[Point, Point]] = []
    run_start: float | None = None
    run_end = 0.0
    for t0, t1 in zip(cuts, cuts[1:], strict=False):
        if t1 - t0 <= 1e-12:
            continue
        if _touches_revealed(at((t0 + t1) / 2), fog):
            if run_start is None:
                run_start = t0
            run_end = t1
        elif run_start is not None:
            runs.append((at(run_start), at(run_end)))
            run_start = None
    if run_start is not None:
        runs.append((at(run_start), at(run_end)))
    if start == end and _touches_revealed(start, fog):
        runs.append((start, end))
    return runs


def wall_pieces(battle_map: Any, fog: Fog) -> list[WallPiece]:
    """The map's walls, doors, windows and objects as the players see them."""
    segments: list[tuple[str, Point, Point]] = [("wall", w.start, w.end) for w in battle_map.walls]
    segments += [("door" if d.closed else "open door", d.start, d.end) for d in battle_map.doors]
    segments += [("window", w.start, w.end) for w in getattr(battle_map, "windows", ())]
    segments += [
        ("object", start, end)
        for item in getattr(battle_map, "objects", ())
        for start, end in item.segments()
    ]
    pieces: list[WallPiece] = []
    for kind, first, last in segments:
        for start, end in clip_to_revealed(first, last, fog):
            pieces.append(WallPiece(kind, start, end))
    return pieces


def shown_lights(battle_map: Any, fog: Fog) -> list[Any]:
    """The map's light sources whose point lies on (or at the edge of) a revealed tile."""
    return [light for light in battle_map.lights if _touches_revealed(light.position, fog)]
