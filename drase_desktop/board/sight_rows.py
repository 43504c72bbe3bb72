"""Which tiles an eye sees, a row of tiles at a time, as bit masks (bit x of a row is tile x).

The board's line of sight (ruling 23): a tile is in sight of an eye (a tile's centre) when no
wall or closed door touches the line between the two centres (`geometry.segments_touch`;
touching counts, so a line through a wall's end is stopped). Asking that for every tile costs a
Python call per tile and per nearby wall. Here each wall's shadow is worked out once per eye as
the range of directions it hides beyond it; a row of tiles is then cut from those ranges with a
few integer operations, walls whose shadow lies inside nearer shadows are dropped, and the rows
come out as Python integers that later steps combine a row at a time.

The answer is the same as `segments_touch` asked tile by tile. The ranges are computed in
floating point, so a tile whose centre lies within a hair (`TOL`) of a shadow's edge - a line
through a wall's end, common on a grid - is decided by `segments_touch` itself; anywhere else
the floating-point answer cannot differ from it.

Walls and closed doors are filed once per map by 16-tile chunks (`SightIndex`), so an eye with
a sight range looks only at the walls near it; the file follows the map's wall and door edits.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from typing import Any

from drase_desktop.board.geometry import Point, segments_touch
from drase_desktop.board.map_features import BARRIER_PURPOSES

Segment = tuple[Point, Point]
# A wall seen from one eye: nearest and farthest depth (tiles away across the rows), depth and
# offset (tiles across) of each end, the offset where it crosses the eye's row (or None), and
# the wall itself.
Wall = tuple[float, float, float, float, float, float, float | None, Segment]

# Tiles: a shadow edge this close to a tile centre (in the row's direction) is decided exactly.
TOL = 1e-6
# Slopes (tiles across per tile away): shadows overlapping by less than this are kept apart,
# so a hair-wide gap between two walls is checked exactly. At least twice TOL.
EPS = 2e-6
# A wall this close to an eye (but not touching it) is tested tile by tile: its shadow's
# direction range is too sensitive to rounding.
NEAR_EYE = 1e-6
# Tiles: wall ends on the half-tile grid nearer than this to the eye are told exactly.
GRID_EXACT = 2.0**20
CHUNK = 16
SIGHT_FEATURES = BARRIER_PURPOSES["sight"]


class SightIndex:
    """The map's walls and closed doors as segments, filed by 16 x 16-tile chunks.

    Built on first use and kept for the map; a wall or door edit files them again on the next
    question (`segments` and `near` always answer for the map as it is now)."""

    def __init__(self, battle_map: Any) -> None:
        self._map = battle_map
        self._segments: list[Segment] | None = None
        self._chunks: dict[tuple[int, int], list[int]] = {}
        battle_map.add_listener(self._on_map_change)

    def _on_map_change(self, what: str, old: Any, new: Any) -> None:
        if what in SIGHT_FEATURES:
            self._segments = None

    @property
    def segments(self) -> list[Segment]:
        """Every wall and closed door that can stand between two tile centres of the map."""
        if self._segments is None:
            self._build()
        assert self._segments is not None
        return self._segments

    def _build(self) -> None:
        width, height = self._map.width, self._map.height
        last_cx, last_cy = (width - 1) // CHUNK, (height - 1) // CHUNK
        segments: list[Segment] = []
        chunks: dict[tuple[int, int], list[int]] = {}
        for segment in self._map.barriers("sight"):
            (ax, ay), (bx, by) = segment
            # A line between two tile centres stays inside [0.5, side - 0.5].
            if max(ax, bx) < 0.5 or min(ax, bx) > width - 0.5:
                continue
            if max(ay, by) < 0.5 or min(ay, by) > height - 0.5:
                continue
            number = len(segments)
            segments.append(segment)
            x0 = max(0, math.floor(min(ax, bx) / CHUNK))
            x1 = min(last_cx, math.floor(max(ax, bx) / CHUNK))
            y0 = max(0, math.floor(min(ay, by) / CHUNK))
            y1 = min(last_cy, math.floor(max(ay, by) / CHUNK))
            for cy in range(y0, y1 + 1):
                for cx in range(x0, x1 + 1):
                    chunks.setdefault((cx, cy), []).append(number)
        self._segments, self._chunks = segments, chunks

    def near(self, left: float, top: float, right: float, bottom: float) -> list[Segment]:
        """The segments whose bounding boxes meet the box [left, right] x [top, bottom]."""
        segments = self.segments
        x0, x1 = max(0, math.floor(left / CHUNK)), math.floor(right / CHUNK)
        y0, y1 = max(0, math.floor(top / CHUNK)), math.floor(bottom / CHUNK)
        if (x1 - x0 + 1) * (y1 - y0 + 1) * 4 >= len(self._chunks) + 4:
            numbers: Any = range(len(segments))
        else:
            found: set[int] = set()
            chunks = self._chunks
            for cy in range(y0, y1 + 1):
                for cx in range(x0, x1 + 1):
                    found.update(chunks.get((cx, cy), ()))
            numbers = sorted(found)
        near = []
        for number in numbers:
            segment = segments[number]
            (ax, ay), (bx, by) = segment
            if (
                max(ax, bx) >= left
                and min(ax, bx) <= right
                and max(ay, by) >= top
                and min(ay, by) <= bottom
            ):
                near.append(segment)
        return near


def sight_index(battle_map: Any) -> SightIndex:
    """The map's sight index, built on first use and kept in step with the map after."""
    index: SightIndex | None = battle_map.derived_caches.get("sight")
    if index is None:
        index = battle_map.derived_caches["sight"] = SightIndex(battle_map)
    return index


def eye_rows(
    segments: list[Segment], eye: tuple[int, int], row_lo: int, allowed: list[int]
) -> list[int]:
    """The tiles of `allowed` (row masks for rows row_lo, row_lo + 1, ...) in sight of the
    centre of tile `eye`: no segment of `segments` touches the line between the centres.

    `segments` must hold every wall that could stand in the way (every one whose bounding box
    meets the box around the eye's centre and the allowed tiles' centres). The eye's own tile
    counts as in sight unless a wall touches the eye itself, which then sees nothing."""
    tx, ty = eye
    ex, ey = tx + 0.5, ty + 0.5
    centre = (ex, ey)
    rows = [0] * len(allowed)
    if any(segments_touch(centre, centre, a, b) for a, b in segments):
        return rows
    if 0 <= ty - row_lo < len(allowed):
        rows[ty - row_lo] = allowed[ty - row_lo] & ~_eye_row_blocked(
            segments, centre, tx, allowed[ty - row_lo]
        )
    for sign in (1, -1):
        _scan_half(segments, centre, tx, ty, sign, row_lo, allowed, rows)
    return rows


def _eye_row_blocked(segments: list[Segment], centre: Point, tx: int, allowed: int) -> int:
    """Tiles of the eye's own row hidden from it: beyond the first barrier either way."""
    if not allowed:
        return 0
    ex, ey = centre
    crossing = [s for s in segments if min(s[0][1], s[1][1]) <= ey <= max(s[0][1], s[1][1])]
    if not crossing:
        return 0
    first_x, last_x = (allowed & -allowed).bit_length() - 1, allowed.bit_length() - 1
    blocked = 0
    for side in (1, -1):
        nearest = math.inf
        for (ax, ay), (bx, by) in crossing:
            if ay == by:
                hits = [ax, bx]
            else:
                hits = [ax + (ey - ay) * (bx - ax) / (by - ay)]
            for x in hits:
                if (x - ex) * side > 0:
                    nearest = min(nearest, (x - ex) * side)
        if nearest == math.inf:
            continue
        # Every tile from the first one the line meets a barrier at is hidden (a farther
        # line contains the nearer one); the first one is found exactly.
        step = max(1, math.ceil(nearest - TOL))
        end = (last_x - tx) if side > 0 else (tx - first_x)
        while step <= end:
            target = (ex + side * step, ey)
            if any(segments_touch(centre, target, a, b) for a, b in crossing):
                break
            step += 1
        if step > end:
            continue
        if side > 0:
            blocked |= ((1 << (last_x - (tx + step) + 1)) - 1) << (tx + step)
        else:
            blocked |= (1 << (tx - step + 1)) - 1
    return blocked


class _Shadows:
    """The merged direction ranges hidden by walls the rows have passed, for one half-plane.

    Groups are disjoint, sorted ranges of slopes (tiles across per tile away) kept at least EPS
    apart. Each holds its critical slopes: the members' ends not yet safely inside another
    member. A slope in a group more than EPS from every critical slope lies more than EPS
    inside one member's range, so a tile there is hidden whatever the rounding."""

    def __init__(self, deepest: int, tx: int, columns: int) -> None:
        self.lows: list[float] = []
        self.highs: list[float] = []
        self.crit_slopes: list[list[float]] = []
        # Where a critical slope's edge passes right by a tile centre: a wall end on the grid
        # (coordinates in half tiles) does so exactly every `period` rows and nowhere else
        # (its slope is a fraction with that denominator), and the tile there is hidden: `due`
        # holds those tiles as a mask per row (columns 0 to `columns` - 1; the eye's is tx).
        # Other ends may do so on any row: `anywhere`.
        self.deepest, self.tx, self.columns = deepest, tx, columns
        self.due: dict[int, int] = {}
        self.anywhere: list[tuple[float, Segment]] = []

    def covers(self, low: float, high: float) -> bool:
        """True when [low, high] lies safely inside the hidden directions."""
        i = bisect_right(self.lows, low - EPS) - 1
        if i < 0 or self.highs[i] < high + EPS:
            return False
        slopes = self.crit_slopes[i]
        j = bisect_left(slopes, low - EPS)
        return j == len(slopes) or slopes[j] > high + EPS

    def add(self, wall: Wall, depth: int) -> None:
        """Hide the directions of `wall` from row `depth` on."""
        (low, low_period, low_step), (high, high_period, high_step) = _ends(wall)
        # An end safely inside what is hidden already needs no exact test around it.
        ends = []
        due, tx, columns = self.due, self.tx, self.columns
        for end, period, step in ((low, low_period, low_step), (high, high_period, high_step)):
            if self.covers(end - EPS, end + EPS):
                continue
            ends.append(end)
            if period is None:
                self.anywhere.append((end, wall[7]))
            elif period:
                # Row m * period: the line through the end meets it at column tx + m * step.
                for m in range(-(-depth // period), self.deepest // period + 1):
                    x = tx + m * step
                    if not 0 <= x < columns:
                        break  # and farther rows lie farther off to that side
                    due[m * period] = due.get(m * period, 0) | (1 << x)
        lows, highs = self.lows, self.highs
        first = bisect_left(highs, low - EPS)
        last = bisect_right(lows, high + EPS)
        slopes: list[float] = []
        new_low, new_high = low, high
        if first < last:
            new_low = min(low, lows[first])
            new_high = max(high, highs[last - 1])
            inner_low, inner_high = low + EPS, high - EPS
            for i in range(first, last):
                slopes.extend(
                    slope for slope in self.crit_slopes[i] if not inner_low < slope < inner_high
                )
        for slope in ends:
            slopes.insert(bisect_right(slopes, slope), slope)
        lows[first:last] = [new_low]
        highs[first:last] = [new_high]
        self.crit_slopes[first:last] = [slopes]


def _scan_half(
    segments: list[Segment],
    centre: Point,
    tx: int,
    ty: int,
    sign: int,
    row_lo: int,
    allowed: list[int],
    rows: list[int],
) -> None:
    """Fill `rows` for the rows on one side of the eye (sign 1: below, -1: above)."""
    ex, ey = centre
    # The window's farthest row on this side (nearer rows may lie outside the window).
    deepest = row_lo + len(allowed) - 1 - ty if sign > 0 else ty - row_lo
    if deepest < 1:
        return
    # Each wall reaching this side: (nearest depth, farthest depth, depths and offsets of its
    # ends, the offset where it crosses the eye's row or None).
    walls: list[Wall] = []
    exact: list[Segment] = []
    for segment in segments:
        (ax, ay), (bx, by) = segment
        da, db = sign * (ay - ey), sign * (by - ey)
        if da <= 0 and db <= 0:
            continue  # only the eye itself lies on both sides, and no wall touches it
        la, lb = ax - ex, bx - ex
        across: float | None = None
        if da <= 0 or db <= 0:
            across = la + (lb - la) * (0 - da) / (db - da)
            if abs(across) < NEAR_EYE:
                exact.append(segment)
                continue
        walls.append((min(da, db), max(da, db), da, la, db, lb, across, segment))
    walls.sort(key=lambda wall: wall[0])
    shadows = _Shadows(deepest, tx, max(mask.bit_length() for mask in allowed))
    active: list[Wall] = []
    waiting = 0
    inf, ceil, floor = math.inf, math.ceil, math.floor
    for depth in range(1, deepest + 1):
        # Walls starting by this row join, unless their whole shadow is already cast.
        while waiting < len(walls) and walls[waiting][0] <= depth:
            wall = walls[waiting]
            waiting += 1
            if shadows.lows and shadows.covers(*_slopes(wall, inf)):
                continue
            active.append(wall)
        # Walls wholly nearer than this row hide a fixed range of directions from now on.
        still = []
        for wall in active:
            if wall[1] < depth:
                shadows.add(wall, depth)
            else:
                still.append(wall)
        active = still
        y = ty + sign * depth
        mask = allowed[y - row_lo] if 0 <= y - row_lo < len(allowed) else 0
        if not mask:
            continue
        first_x, last_x = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
        first, last = first_x - tx, last_x - tx  # the row's offsets from the eye
        blocked = 0
        doubtful: dict[int, list[Segment]] = {}
        lows, highs = shadows.lows, shadows.highs
        left, right = first / depth, last / depth
        i = bisect_left(highs, left - EPS)
        groups = len(lows)
        while i < groups and lows[i] <= right + EPS:
            low, high = lows[i], highs[i]
            start = first if low < left else ceil(low * depth)
            end = last if high > right else floor(high * depth)
            if start <= end:
                blocked |= ((1 << (end - start + 1)) - 1) << (tx + start)
            i += 1
        # Wall ends on the half-tile grid: the lines to these tiles pass exactly through them
        # (so touch the walls, and segments_touch, exact on such coordinates, says so).
        blocked |= shadows.due.pop(depth, 0)
        for slope, edge in shadows.anywhere:
            if left - EPS <= slope <= right + EPS:
                offset = slope * depth
                nearest = round(offset)
                if first <= nearest <= last and -TOL <= offset - nearest <= TOL:
                    doubtful.setdefault(nearest, []).append(edge)
        for wall in active:
            low, high = _slopes(wall, depth)
            blocked |= _cut(low, high, depth, first, last, tx)
            _doubt(low * depth, wall[7], first, last, doubtful)
            _doubt(high * depth, wall[7], first, last, doubtful)
        ty_centre = ey + sign * depth
        for segment in exact:
            for offset in range(first, last + 1):
                target = (ex + offset, ty_centre)
                if segments_touch(centre, target, *segment):
                    blocked |= 1 << (tx + offset)
        for offset, suspects in doubtful.items():
            target = (ex + offset, ty_centre)
            bit = 1 << (tx + offset)
            if any(segments_touch(centre, target, a, b) for a, b in suspects) or any(
                segments_touch(centre, target, a, b) for a, b in segments
            ):
                blocked |= bit
            else:
                blocked &= ~bit
        rows[y - row_lo] = mask & ~blocked


End = tuple[float, int | None, int]


def _ends(wall: Wall) -> tuple[End, End]:
    """The slopes of the ends of `wall` as a whole, low then high, each with how often (in
    rows) its edge passes exactly by a tile centre: 0 never (an end toward the eye's row,
    slope infinite), None when that cannot be told (not on the half-tile grid); and how many
    columns the edge moves across in that many rows."""
    _, _, da, la, db, lb, across, _ = wall
    ends: list[End] = []
    # segments_touch is exact for half-tile coordinates this small (its products stay whole
    # numbers a float holds), so it agrees that a line through the wall's end touches it.
    on_grid = max(abs(da), abs(la), abs(db), abs(lb)) < GRID_EXACT
    for d, lat in ((da, la), (db, lb)):
        if d <= 0:
            assert across is not None
            ends.append((math.inf if across > 0 else -math.inf, 0, 0))
            continue
        twice_lat, twice_d = 2 * lat, 2 * d
        period: int | None = None
        step = 0
        if on_grid and twice_lat.is_integer() and twice_d.is_integer():
            # The slope is twice_lat / twice_d exactly: a row `depth` puts the edge on a
            # tile centre when depth * twice_lat / twice_d is whole.
            common = math.gcd(int(twice_lat), int(twice_d))
            period, step = int(twice_d) // common, int(twice_lat) // common
        ends.append((lat / d, period, step))
    low, high = ends
    return (low, high) if low[0] <= high[0] else (high, low)


def _slopes(wall: Wall, depth: float) -> tuple[float, float]:
    """The directions (slopes) in which the part of `wall` no deeper than `depth` lies."""
    _, _, da, la, db, lb, across, _ = wall
    ends = []
    for d, lat, od, olat in ((da, la, db, lb), (db, lb, da, la)):
        if d <= 0:
            assert across is not None
            ends.append(math.inf if across > 0 else -math.inf)
        elif d <= depth:
            ends.append(lat / d)
        else:  # clipped at the row: the point of the wall at this depth
            ends.append((olat + (lat - olat) * (depth - od) / (d - od)) / depth)
    low, high = ends
    return (low, high) if low <= high else (high, low)


def _cut(low: float, high: float, depth: int, first: int, last: int, tx: int) -> int:
    """The row's tiles (offsets first..last from the eye) whose directions lie in
    [low, high], as a mask; tiles right at an edge are settled by `_doubt`."""
    start = first if low == -math.inf else max(first, math.ceil(low * depth))
    end = last if high == math.inf else min(last, math.floor(high * depth))
    if start > end:
        return 0
    return ((1 << (end - start + 1)) - 1) << (tx + start)


def _doubt(
    offset: float, wall: Segment, first: int, last: int, doubtful: dict[int, list[Segment]]
) -> None:
    """Note the tile at `offset` for an exact test when a shadow edge passes right by it."""
    if offset != offset or offset in (math.inf, -math.inf):
        return
    nearest = round(offset)
    if abs(offset - nearest) <= TOL and first <= nearest <= last:
        doubtful.setdefault(nearest, []).append(wall)
