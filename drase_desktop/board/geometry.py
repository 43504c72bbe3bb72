"""Plane geometry on the tile grid: segment contact, the cells a segment touches, line walks.

Tile (x, y) is the closed square [x, x+1] x [y, y+1]; its centre is (x + 0.5, y + 0.5).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

Point = tuple[float, float]
Position = tuple[int, int]
_HAIR = 1e-9


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def _between(a: float, b: float, c: float) -> bool:
    return min(a, b) <= c <= max(a, b)


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments p1-p2 and q1-q2 share at least one point.

    Touching counts: a wall ending exactly on a line still stops it, so two walls meeting at a
    room's corner leave no gap a diagonal could slip through.
    """
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = p1, p2, q1, q2
    # Boxes apart: no contact (the common case, decided without products).
    if (ax if ax > bx else bx) < (cx if cx < dx else dx) or (cx if cx > dx else dx) < (
        ax if ax < bx else bx
    ):
        return False
    if (ay if ay > by else by) < (cy if cy < dy else dy) or (cy if cy > dy else dy) < (
        ay if ay < by else by
    ):
        return False
    d1 = _orient(cx, cy, dx, dy, ax, ay)
    d2 = _orient(cx, cy, dx, dy, bx, by)
    d3 = _orient(ax, ay, bx, by, cx, cy)
    d4 = _orient(ax, ay, bx, by, dx, dy)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    if d1 == 0 and _between(cx, dx, ax) and _between(cy, dy, ay):
        return True
    if d2 == 0 and _between(cx, dx, bx) and _between(cy, dy, by):
        return True
    if d3 == 0 and _between(ax, bx, cx) and _between(ay, by, cy):
        return True
    return d4 == 0 and _between(ax, bx, dx) and _between(ay, by, dy)


def clip_to_box(
    start: Point, end: Point, left: float, top: float, right: float, bottom: float
) -> tuple[float, float] | None:
    """Liang-Barsky: the parameters (t0, t1), 0 <= t0 <= t1 <= 1, of the part of the segment
    start-end inside the closed box [left, right] x [top, bottom], or None when it misses."""
    (ax, ay), (bx, by) = start, end
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - left), (dx, right - ax), (-dy, ay - top), (dy, bottom - ay)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def _cell_span(lo: float, hi: float) -> tuple[int, int]:
    """Cells whose closed interval [c, c+1] meets [lo, hi], widened by a hair so a rounding
    error never drops a cell the segment only grazes (the index may hold extra; never less)."""
    return math.floor(lo - _HAIR), math.floor(hi + _HAIR)


def cells_touched(p: Point, q: Point, width: int, height: int) -> Iterator[Position]:
    """Every in-bounds tile whose closed square the segment p-q meets (boundaries included)."""
    (x1, y1), (x2, y2) = p, q
    if x1 > x2:
        x1, y1, x2, y2 = x2, y2, x1, y1
    first, last = _cell_span(x1, x2)
    for cx in range(max(first, 0), min(last, width - 1) + 1):
        slope = (y2 - y1) / (x2 - x1) if x1 != x2 else math.inf
        if not math.isfinite(slope):
            # Upright, or so nearly that the slope overflows: its whole height in the column.
            ya, yb = y1, y2
        else:
            ya = y1 + (max(cx, x1) - x1) * slope
            yb = y1 + (min(cx + 1, x2) - x1) * slope
        low, high = _cell_span(min(ya, yb), max(ya, yb))
        for cy in range(max(low, 0), min(high, height - 1) + 1):
            yield (cx, cy)


def centre(pos: Position, footprint: int = 1) -> Point:
    """The centre of an n x n footprint whose top-left tile is `pos`."""
    return (pos[0] + footprint / 2, pos[1] + footprint / 2)


def line_walk(a: Position, b: Position) -> Iterator[tuple[Position, ...]]:
    """Walk the straight line from tile a's centre to tile b's centre, tile by tile.

    Yields `(tile,)` for each tile whose inside the line crosses, after a, ending with b. Where the
    line passes exactly through a grid corner it yields `(tile, side_1, side_2)`: the line squeezes
    between the two side tiles, touching each at a single point. Exact integer arithmetic.
    """
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    x, y, i, j = ax, ay, 0, 0
    while i < nx or j < ny:
        # The i-th vertical grid line is crossed at t = (2i + 1) / (2 nx), likewise horizontal.
        if i < nx and j < ny:
            order = (2 * i + 1) * ny - (2 * j + 1) * nx
        else:
            order = -1 if i < nx else 1
        if order == 0:
            sides = ((x + sx, y), (x, y + sy))
            x, y, i, j = x + sx, y + sy, i + 1, j + 1
            yield ((x, y), *sides)
        elif order < 0:
            x, i = x + sx, i + 1
            yield ((x, y),)
        else:
            y, j = y + sy, j + 1
            yield ((x, y),)
