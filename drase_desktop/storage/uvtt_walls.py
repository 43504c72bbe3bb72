"""A Universal VTT file's walls, portals and objects: wall lines in board tiles, simplified
where curved (points by a portal kept), portals as doors or windows, object outlines on the
board."""

from __future__ import annotations

import math
from typing import Any

from drase_desktop.board.limits import MAX_COORDINATE
from drase_desktop.storage.uvtt_error import UvttImportError
from drase_desktop.storage.uvtt_fields import (
    MAX_SEGMENTS,
    describe,
    list_field,
    place_field,
    require_field,
    shifted,
)
from drase_desktop.storage.uvtt_geometry import (
    SIMPLIFY_TOLERANCE,
    Segment,
    clip_segment,
    near_any,
    simplify_polyline,
)

# Dungeondraft's windows are portals about 0.78 tiles wide, its doors a tile or more (MapTool
# #3110): a portal narrower than this is a window. Drase's own export marks its windows.
WINDOW_MAX_WIDTH = 0.9
WINDOW_MARK = "drase_window"
# Wall points this close to a portal stay when walls are simplified, so its gap stays exact.
_PINNED_NEAR_PORTAL = 2 * SIMPLIFY_TOLERANCE


def polyline_points(
    line: list[Any], where: str, origin: tuple[float, float]
) -> list[tuple[float, float]]:
    """The points of one wall line in board tiles (a fast path: cave walls have thousands)."""
    ox, oy = origin
    limit = MAX_COORDINATE
    points = []
    for item in line:
        try:
            x, y = item["x"], item["y"]
        except (TypeError, KeyError, IndexError):
            x = y = None
        kind_x, kind_y = type(x), type(y)
        if (kind_x is float or kind_x is int) and (kind_y is float or kind_y is int):
            # Chained comparisons are False for NaN and the infinities too.
            if -limit <= x <= limit and -limit <= y <= limit:
                points.append((x - ox, y - oy))
                continue
        points.append(shifted(place_field(item, where), origin))  # raises with the reason
    return points


def polylines(document: dict[str, Any], key: str, *, required: bool) -> list[tuple[str, list[Any]]]:
    if required and key not in document:
        raise UvttImportError(f"The '{key}' field (the walls) is missing.")
    lines = list_field(document, key, MAX_SEGMENTS)
    result = []
    for index, line in enumerate(lines):
        if not isinstance(line, list):
            raise UvttImportError(
                f"'{key}[{index}]' must be a list of points, not {describe(line)}."
            )
        result.append((f"{key}[{index}]", line))
    return result


def read_portal(
    portal: Any, where: str, origin: tuple[float, float], width: int, height: int
) -> list[tuple[Segment, bool, bool]]:
    """The portal as (segment, closed, is a window), or nothing when it closes no gap.

    Dungeondraft writes doors and windows alike (`closed` means "blocks light"): a portal
    narrower than WINDOW_MAX_WIDTH is a window, as is one Drase's export marked."""
    if not isinstance(portal, dict):
        raise UvttImportError(f"'{where}' must be an object, not {describe(portal)}.")
    bounds = require_field(portal, "bounds", list, where)
    if len(bounds) != 2:
        raise UvttImportError(f"'{where}.bounds' must hold 2 points, not {len(bounds)}.")
    start, end = (
        shifted(place_field(p, f"{where}.bounds[{i}]"), origin) for i, p in enumerate(bounds)
    )
    closed = portal.get("closed", True)
    if not isinstance(closed, bool):
        raise UvttImportError(f"'{where}.closed' must be true or false, not {describe(closed)}.")
    # A zero-width portal or one wholly off the board closes no gap: it is left out.
    clipped = clip_segment((start, end), width, height) if start != end else None
    if clipped is None or clipped[0] == clipped[1]:
        return []
    window = portal.get(WINDOW_MARK) is True or math.dist(start, end) < WINDOW_MAX_WIDTH
    return [(clipped, closed, window)]


def simplified_line(
    points: list[tuple[float, float]], portals: list[Segment], counts: list[int]
) -> list[tuple[float, float]]:
    """A wall or object line with its points closer than SIMPLIFY_TOLERANCE to the line kept
    left out (points by a portal stay); `counts` adds the segments before and after."""
    if len(points) > 3:
        pinned = [near_any(point, portals, _PINNED_NEAR_PORTAL) for point in points]
        kept = simplify_polyline(points, SIMPLIFY_TOLERANCE, pinned)
    else:
        kept = points
    counts[0] += max(len(points) - 1, 0)
    counts[1] += max(len(kept) - 1, 0)
    return kept


def object_on_board(points: list[tuple[float, float]], width: int, height: int) -> bool:
    """An object line with two different points and some of it on the board."""
    if len(points) < 2 or all(point == points[0] for point in points):
        return False
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return max(xs) >= 0 and max(ys) >= 0 and min(xs) <= width and min(ys) <= height
