"""The plain search for what a creature sees: the reference the fast reveal is checked against.

This is the fog's search as it stood before the reveal worked a row at a time: a breadth-first
spread from the creature's tiles through its 8 neighbours, each tile tested against every wall
or closed door whose directions from the eye hold it (`segments_touch`). Slow, but plain enough
to trust; `plain_seen_by` joins viewers with no shared work at all.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from drase_desktop.board.battle_map import OBSCURATION_LEVELS
from drase_desktop.board.geometry import segments_touch
from drase_desktop.board.sight import obscuration_layer
from drase_desktop.encounter.fog import FogError, Position, sight_bound

_TOTAL = OBSCURATION_LEVELS.index("total")


def plain_seen_by(battle_map: Any, viewers: Any, *, radius: float | None = None) -> set:
    """Every viewer's plain view, bounded by `radius` and the light, joined."""
    light = obscuration_layer(battle_map)
    seen: set = set()
    for position, footprint in viewers:
        bounds = [
            b for b in (radius, sight_bound(battle_map, position, footprint)) if b is not None
        ]
        seen |= plain_seen_tiles(
            battle_map, position, footprint, radius=min(bounds) if bounds else None, light=light
        )
    return seen


def plain_seen_tiles(
    battle_map: Any,
    position: Position,
    footprint: int = 1,
    *,
    radius: float | None = None,
    light: bytes | bytearray | None = None,
) -> set[Position]:
    """What `fog.seen_tiles` answers (its docstring states the rule), found the plain way: a
    spread outward from the creature, tile by tile, through tiles in its line of sight.
    """
    px, py = position
    width, height = battle_map.width, battle_map.height
    own = [
        (px + i, py + j)
        for j in range(footprint)
        for i in range(footprint)
        if battle_map.in_bounds((px + i, py + j))
    ]
    if not own:
        raise FogError(f"a viewer at {position} is off the map")
    codes = light if light is not None else obscuration_layer(battle_map)
    segments = battle_map.barriers()
    eyes = [_Shadows((x + 0.5, y + 0.5), segments) for x, y in own]
    centre = (px + footprint / 2, py + footprint / 2)
    limit = math.inf if radius is None else float(radius) + footprint / 2
    seen = set(own)
    # Every tile looked at once: a blocked tile is not tested again from its other neighbours.
    looked = set(own)
    queue = deque(own)
    while queue:
        x, y = queue.popleft()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                tile = (x + dx, y + dy)
                if tile in looked or not (0 <= tile[0] < width and 0 <= tile[1] < height):
                    continue
                looked.add(tile)
                target = (tile[0] + 0.5, tile[1] + 0.5)
                if math.dist(centre, target) > limit:
                    continue
                if all(eye.blocked(target) for eye in eyes):
                    continue
                queue.append(tile)
                if codes[tile[1] * width + tile[0]] != _TOTAL:
                    seen.add(tile)
    return seen


class _Shadows:
    """The walls and closed doors around one eye, filed by the directions they cover.

    `blocked(target)` gives the board's line-of-sight answer (`segments_touch` against every
    barrier) but tests only the few barriers whose angular span from the eye holds the
    target's direction: a room's worth, instead of walking the grid cells of every line.
    """

    BINS = 720

    def __init__(self, eye: tuple[float, float], segments: list[Any]) -> None:
        self.eye = eye
        self._bins: list[list[Any]] = [[] for _ in range(self.BINS)]
        step = 2 * math.pi / self.BINS
        ex, ey = eye
        for segment in segments:
            (ax, ay), (bx, by) = segment
            a0 = math.atan2(ay - ey, ax - ex)
            span = math.atan2(by - ey, bx - ex) - a0
            span = (span + math.pi) % (2 * math.pi) - math.pi
            if _point_segment_distance(eye, segment) < 1e-9:
                first, last = 0, self.BINS - 1  # the eye is on it: it blocks every way
            else:
                low = min(a0, a0 + span)
                first = math.floor(low / step) - 1
                last = math.floor((low + abs(span)) / step) + 1
            for index in range(first, last + 1):
                self._bins[index % self.BINS].append(segment)

    def blocked(self, target: tuple[float, float]) -> bool:
        ex, ey = self.eye
        angle = math.atan2(target[1] - ey, target[0] - ex)
        candidates = self._bins[math.floor(angle / (2 * math.pi / self.BINS)) % self.BINS]
        return any(segments_touch(self.eye, target, start, end) for start, end in candidates)


def _point_segment_distance(point: tuple[float, float], segment: Any) -> float:
    (ax, ay), (bx, by) = segment
    px, py = point
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))
