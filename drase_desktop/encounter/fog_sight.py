"""What the players' tokens see, for the fog's "reveal what the players see": line of sight
through walls and closed doors as the board rules it, bounded by the light (ruling 23) and a
sight range, worked a row of tiles at a time as bit masks."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from drase_desktop.board.battle_map import OBSCURATION_LEVELS
from drase_desktop.board.sight import obscuration_layer
from drase_desktop.board.sight_rows import eye_rows, sight_index
from drase_desktop.encounter.fog_error import FogError, RevealCancelled
from drase_desktop.encounter.fog_shapes import checked_tile

Position = tuple[int, int]

_TOTAL = OBSCURATION_LEVELS.index("total")
# progress(done, total) -> False to stop
Progress = Callable[[int, int], bool]


def sight_bound(battle_map: Any, position: Position, footprint: int = 1) -> float | None:
    """How far (tiles, centre to tile centre) a creature could possibly see anything, from the
    light alone: in darkness only tiles within twice a light's radius of it (dim light, ruling
    23) are not in total obscuration, so nothing beyond the farthest of them can be revealed.
    None when the ambient light is not dark (then the light bounds nothing)."""
    if battle_map.ambient_light != "dark":
        return None
    cx, cy = position[0] + footprint / 2, position[1] + footprint / 2
    far = 0.0
    for light in battle_map.lights:
        lx, ly = light.position
        far = max(far, math.hypot(lx - cx, ly - cy) + 2 * light.radius)
    return far


def seen_by(
    battle_map: Any,
    viewers: Iterable[tuple[Position, int]],
    *,
    radius: float | None = None,
    progress: Progress | None = None,
) -> set[Position]:
    """Every tile one of the `viewers` sees (`seen_tiles` of each, joined), each bounded by
    `radius` (a sight range) and by the light (`sight_bound`).

    Work is shared: the map's walls are filed once for every viewer, viewers on the same tiles
    look once, and a viewer whose whole bounded view is already seen by others is skipped (its
    own view lies inside that bound). Raises RevealCancelled when `progress` returns False."""
    sight = FogSight(battle_map)
    return sight.tiles(sight.seen_rows(viewers, radius, progress))


def seen_tiles(
    battle_map: Any,
    position: Position,
    footprint: int = 1,
    *,
    radius: float | None = None,
    light: bytes | bytearray | None = None,
) -> set[Position]:
    """Tiles a creature at `position` sees: a line from one of its tiles' centres to the tile's
    centre that no wall or closed door touches (the board's line of sight), and a tile not in
    total obscuration (darkness or a total zone, ruling 23). Its own tiles it always knows.

    The view spreads outward from the creature through tiles in its line of sight (a tile in
    sight that only a wall's gap too narrow to pass any tile's centre would connect stays
    unseen), so a closed room yields only its own tiles. `radius` (tiles) bounds it; None is
    the whole map. `light` is `obscuration_layer(battle_map)` when the caller has it.
    """
    sight = FogSight(battle_map, light)
    rows = [0] * battle_map.height
    sight.add_view(rows, checked_tile(position, "viewer"), footprint, radius)
    return sight.tiles(rows)


_CLEAR_TABLE = bytes(b"0"[0] if code == _TOTAL else b"1"[0] for code in range(256))


def row_bits(codes: bytes | bytearray | memoryview, table: bytes) -> int:
    """One row of byte codes as a bit mask (bit x: tile x), through a byte-to-'0'/'1' table."""
    return int(bytes(codes).translate(table)[::-1], 2)


class FogSight:
    """One reveal's view of the map: its walls (filed once per map, `sight_index`), and which
    tiles are not in total obscuration, a row of tiles to a Python integer (bit x: tile x).

    A viewer's view is built a row at a time: each eye's rows in sight (`eye_rows`), joined,
    cut to the sight range, then spread from the viewer's own tiles through neighbouring tiles
    in sight, as the plain search spreads tile by tile."""

    def __init__(self, battle_map: Any, light: bytes | bytearray | None = None) -> None:
        self.map = battle_map
        self.width, self.height = battle_map.width, battle_map.height
        self.index = sight_index(battle_map)
        codes = light if light is not None else obscuration_layer(battle_map)
        width = self.width
        self.clear = [
            row_bits(codes[y * width : (y + 1) * width], _CLEAR_TABLE) for y in range(self.height)
        ]

    def seen_rows(
        self,
        viewers: Iterable[tuple[Position, int]],
        radius: float | None,
        progress: Progress | None,
    ) -> list[int]:
        unique = list(
            dict.fromkeys(
                (checked_tile(position, "viewer"), footprint) for position, footprint in viewers
            )
        )
        rows = [0] * self.height
        total = len(unique)
        for done, (position, footprint) in enumerate(unique):
            bounds = [
                b for b in (radius, sight_bound(self.map, position, footprint)) if b is not None
            ]
            self.add_view(rows, position, footprint, min(bounds) if bounds else None)
            if progress is not None and not progress(done + 1, total):
                raise RevealCancelled("the reveal was stopped; the fog is unchanged")
        return rows

    def add_view(
        self, rows: list[int], position: Position, footprint: int, bound: float | None
    ) -> None:
        """Join into `rows` what a creature at `position` sees within `bound` tiles."""
        px, py = position
        width, height = self.width, self.height
        own_tiles = [
            (px + i, py + j)
            for j in range(footprint)
            for i in range(footprint)
            if 0 <= px + i < width and 0 <= py + j < height
        ]
        if not own_tiles:
            raise FogError(f"a viewer at {position} is off the map")
        cx, cy = px + footprint / 2, py + footprint / 2
        limit = math.inf if bound is None else float(bound) + footprint / 2
        if limit == math.inf:
            row_lo, row_hi, col_lo, col_hi = 0, height - 1, 0, width - 1
        else:
            row_lo = max(0, min(py, math.floor(cy - limit - 0.5) - 1))
            row_hi = min(height - 1, max(py + footprint - 1, math.ceil(cy + limit - 0.5) + 1))
            col_lo = max(0, min(px, math.floor(cx - limit - 0.5) - 1))
            col_hi = min(width - 1, max(px + footprint - 1, math.ceil(cx + limit - 0.5) + 1))
        allowed = [
            _within_row((cx, cy), limit, y, col_lo, col_hi) for y in range(row_lo, row_hi + 1)
        ]
        own = [0] * len(allowed)
        for x, y in own_tiles:
            own[y - row_lo] |= 1 << x
        clear = self.clear
        if bound is not None and all(
            not ((mask & clear[row_lo + i]) | own[i]) & ~rows[row_lo + i]
            for i, mask in enumerate(allowed)
        ):
            return  # everything it could see within its bound is seen already
        segments = self.index.near(col_lo + 0.5, row_lo + 0.5, col_hi + 0.5, row_hi + 0.5)
        in_sight = own[:]
        for eye in own_tiles:
            for i, mask in enumerate(eye_rows(segments, eye, row_lo, allowed)):
                in_sight[i] |= mask
        reached = _spread(own, in_sight, width)
        for i, mask in enumerate(reached):
            rows[row_lo + i] |= mask & (clear[row_lo + i] | own[i])

    def tiles(self, rows: list[int]) -> set[Position]:
        return {
            (index % self.width, index // self.width) for index in row_indices(rows, self.width)
        }


def _within_row(centre: tuple[float, float], limit: float, y: int, first: int, last: int) -> int:
    """Row y's tiles from `first` to `last` whose centres lie within `limit` of `centre` (as
    `math.dist` measures it), as a mask."""
    if limit == math.inf:
        return ((1 << (last - first + 1)) - 1) << first
    cx, cy = centre
    dy = y + 0.5 - cy
    half = math.sqrt(max(0.0, limit * limit - dy * dy))
    low = max(first, math.ceil(cx - half - 0.5))
    high = min(last, math.floor(cx + half - 0.5))

    def inside(x: int) -> bool:
        return math.dist(centre, (x + 0.5, y + 0.5)) <= limit

    # The square root only estimates the ends; math.dist settles them.
    while low > first and inside(low - 1):
        low -= 1
    while high < last and inside(high + 1):
        high += 1
    while low <= high and not inside(low):
        low += 1
    while high >= low and not inside(high):
        high -= 1
    return ((1 << (high - low + 1)) - 1) << low if low <= high else 0


def _runs_holding(seeds: int, mask: int, width: int) -> int:
    """The runs of set bits of `mask` that hold a bit of `seeds` (seeds within mask)."""
    # Upward: adding a seed carries through the rest of its run.
    up = (((mask + seeds) ^ mask) & mask) | seeds
    # Downward: doubling steps, each reaching twice as far through unbroken runs.
    down, unbroken, shift = seeds, mask, 1
    while shift < width and unbroken:
        down |= unbroken & (down >> shift)
        unbroken &= unbroken >> shift
        shift <<= 1
    return up | down


def _spread(seeds: list[int], passable: list[int], width: int) -> list[int]:
    """The tiles of `passable` joined to `seeds` through neighbouring tiles (8 ways), rows as
    masks: down the rows, then up, until nothing more joins."""
    reached = [_runs_holding(s, p, width) if s else 0 for s, p in zip(seeds, passable, strict=True)]
    count = len(reached)
    changed = True
    while changed:
        changed = False
        for order, step in ((range(1, count), -1), (range(count - 2, -1, -1), 1)):
            for i in order:
                near = reached[i + step]
                if not near:
                    continue
                grow = (near | (near << 1) | (near >> 1)) & passable[i] & ~reached[i]
                if grow:
                    reached[i] |= _runs_holding(grow, passable[i], width)
                    changed = True
    return reached


def row_indices(rows: list[int], width: int) -> list[int]:
    """The tile indices (y * width + x) of the set bits of row masks, in order."""
    indices: list[int] = []
    for y, row in enumerate(rows):
        if not row:
            continue
        bits = format(row, "b")[::-1]
        base = y * width
        start = bits.find("1")
        while start != -1:
            end = bits.find("0", start)
            if end == -1:
                end = len(bits)
            indices.extend(range(base + start, base + end))
            start = bits.find("1", end)
    return indices
