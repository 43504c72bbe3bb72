"""Segment geometry for importing Universal VTT walls: clip to the board, cut door gaps, and
simplify cave walls of many short segments.

Exporters draw a wall line straight through a door (DungeonFog, Arkenforge) or stop it at the
door's edges (Dungeondraft). Either way the wall under a door's span must go, or an open door
would still block; `cut_door_gaps` removes exactly that part and leaves the rest of the line.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

from drase_desktop.board.geometry import clip_to_box

Point = tuple[float, float]
Segment = tuple[Point, Point]

# Exporters write coordinates to about 6 decimals; a door is "in" a wall line when both its ends
# lie within this distance (in tiles) of the line. 0.02 tiles is about a pixel at 64 px per tile.
ON_LINE_TOLERANCE = 0.02
# Wall pieces shorter than this (in tiles) after cutting are slivers of rounding, not walls.
MIN_PIECE = 1e-4


def clip_segment(segment: Segment, width: float, height: float) -> Segment | None:
    """The part of `segment` inside [0, width] x [0, height], or None."""
    (x0, y0), (x1, y1) = segment
    if 0 <= x0 <= width and 0 <= x1 <= width and 0 <= y0 <= height and 0 <= y1 <= height:
        return segment  # the usual case, decided without the loop
    found = clip_to_box(segment[0], segment[1], 0.0, 0.0, width, height)
    if found is None:
        return None
    low, high = found
    if low == 0.0 and high == 1.0:
        return segment
    dx, dy = x1 - x0, y1 - y0
    return ((x0 + low * dx, y0 + low * dy), (x0 + high * dx, y0 + high * dy))


def _cell_box(segment: Segment) -> tuple[int, int, int, int]:
    """The first and last cell columns and rows the segment's padded bounding box covers."""
    (x0, y0), (x1, y1) = segment
    pad = ON_LINE_TOLERANCE
    low_x, high_x = (x0, x1) if x0 <= x1 else (x1, x0)
    low_y, high_y = (y0, y1) if y0 <= y1 else (y1, y0)
    return (
        math.floor(low_x - pad),
        math.floor(high_x + pad),
        math.floor(low_y - pad),
        math.floor(high_y + pad),
    )


def _door_span_on(wall: Segment, door: Segment) -> tuple[float, float] | None:
    """The stretch [t0, t1] of `wall` (in tiles from its start) that `door` covers, if any."""
    (ax, ay), (bx, by) = wall
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    ends = []
    for px, py in door:
        rx, ry = px - ax, py - ay
        if abs(ux * ry - uy * rx) > ON_LINE_TOLERANCE:
            return None
        ends.append(ux * rx + uy * ry)
    start, end = max(min(ends), 0.0), min(max(ends), length)
    if end - start <= MIN_PIECE:
        return None
    return start, end


def cut_door_gaps(walls: Sequence[Segment], doors: Sequence[Segment]) -> list[Segment]:
    """`walls` with every stretch that lies along a door removed (split where needed)."""
    if not doors:
        return list(walls)
    by_cell: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, door in enumerate(doors):
        first_x, last_x, first_y, last_y = _cell_box(door)
        for cx in range(first_x, last_x + 1):
            for cy in range(first_y, last_y + 1):
                by_cell[(cx, cy)].append(index)
    everyone = range(len(doors))
    result: list[Segment] = []
    for wall in walls:
        # A long wall asks every door; a short one only the doors in the cells it spans.
        first_x, last_x, first_y, last_y = _cell_box(wall)
        if (last_x - first_x + 1) * (last_y - first_y + 1) >= len(doors):
            candidates: Iterable[int] = everyone
        else:
            found: set[int] = set()
            for cx in range(first_x, last_x + 1):
                for cy in range(first_y, last_y + 1):
                    near = by_cell.get((cx, cy))
                    if near:
                        found.update(near)
            if not found:
                result.append(wall)
                continue
            candidates = found
        spans = [span for i in candidates if (span := _door_span_on(wall, doors[i])) is not None]
        if not spans:
            result.append(wall)
            continue
        result.extend(_pieces_outside(wall, spans))
    return result


def _pieces_outside(wall: Segment, spans: list[tuple[float, float]]) -> list[Segment]:
    (ax, ay), (bx, by) = wall
    length = math.hypot(bx - ax, by - ay)

    def at(t: float) -> Point:
        if t <= 0.0:
            return wall[0]
        if t >= length:
            return wall[1]
        return (ax + (bx - ax) * t / length, ay + (by - ay) * t / length)

    pieces: list[Segment] = []
    cursor = 0.0
    for start, end in sorted(spans):
        if start - cursor > MIN_PIECE:
            pieces.append((at(cursor), at(start)))
        cursor = max(cursor, end)
    if length - cursor > MIN_PIECE:
        pieces.append((at(cursor), at(length)))
    return pieces


# Cave walls arrive as hundreds of short segments (a Dungeondraft curve is a point every few
# pixels). Sight and movement cost grows with the segment count, and no rule cares about a
# wall's wobble finer than this (in tiles): 0.05 tiles is 10 cm of a 2 m tile, 3 px at 64 px.
SIMPLIFY_TOLERANCE = 0.05


def _gap_to_chord(point: Point, start: Point, end: Point) -> float:
    """How far `point` lies from the segment start-end."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _douglas_peucker(points: Sequence[Point], tolerance: float) -> list[Point]:
    """The Ramer-Douglas-Peucker simplification of an open polyline: every dropped point lies
    within `tolerance` of the line kept in its place (iterative, so long walls never recurse)."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        worst, where = -1.0, -1
        for index in range(first + 1, last):
            gap = _gap_to_chord(points[index], points[first], points[last])
            if gap > worst:
                worst, where = gap, index
        if worst > tolerance:
            keep[where] = True
            stack.append((first, where))
            stack.append((where, last))
    return [point for point, kept in zip(points, keep, strict=True) if kept]


def simplify_polyline(
    points: Sequence[Point], tolerance: float = SIMPLIFY_TOLERANCE, pinned: Sequence[bool] = ()
) -> list[Point]:
    """`points` with the points that add no more than `tolerance` tiles of shape left out.

    Points marked in `pinned` stay (a door's or window's ends in the wall, so the gap cut for
    it stays exactly where the portal is); the stretches between them are simplified alone."""
    if len(points) < 3:
        return list(points)
    anchors = [0, *(i for i, pin in enumerate(pinned) if pin and 0 < i < len(points) - 1)]
    anchors.append(len(points) - 1)
    result: list[Point] = [points[0]]
    for first, last in zip(anchors, anchors[1:], strict=False):
        result.extend(_douglas_peucker(points[first : last + 1], tolerance)[1:])
    return result


def near_any(point: Point, segments: Sequence[Segment], within: float) -> bool:
    """True when `point` lies within `within` tiles of one of `segments`."""
    return any(_gap_to_chord(point, start, end) <= within for start, end in segments)
