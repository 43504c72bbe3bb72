"""Windows and line-of-sight objects: board features that block some things and not others.

A wall blocks movement and sight; a closed door does too while closed. Two more features:
- A `Window` is a segment set in a wall: it blocks movement (no one climbs through in a step)
  but not sight or light. It bounds a room like the wall around it.
- A `MapObject` is a pillar, a table, a statue: an outline (a polyline of points in tile-corner
  coordinates, closed when its last point is its first) that blocks movement and sight like a
  wall, but stands inside a room: it never bounds one (the fog's room tool and the painter's
  flood fill pass around it).

Which features count for which question is said once here (`BARRIER_PURPOSES`), so sight, light,
movement, cover and rooms each read the one list they need from `BattleMap.barriers`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from drase_desktop.board.board_error import BoardError

Point = tuple[float, float]
Segment = tuple[Point, Point]

# What each question counts as a barrier:
# - "movement": what a step cannot cross, and what gives full cover (a solid thing on the line):
#   walls, closed doors, windows, objects.
# - "sight": what the eye and light cannot pass: walls, closed doors, objects.
# - "rooms": what bounds a room (fog's room tool, flood fill): walls, closed doors, windows.
BARRIER_PURPOSES: dict[str, frozenset[str]] = {
    "movement": frozenset({"walls", "doors", "windows", "objects"}),
    "sight": frozenset({"walls", "doors", "objects"}),
    "rooms": frozenset({"walls", "doors", "windows"}),
}
# The map's lists of features that stand between tiles (their change notices name them).
BARRIER_FEATURES: tuple[str, ...] = ("walls", "doors", "windows", "objects")
MAX_OBJECT_POINTS = 4096


class FeatureError(BoardError):
    """A window or object the board cannot hold; the message is for the GM."""


def finite_point(value: Any, what: str, error: type[BoardError] = BoardError) -> Point:
    """`value` as an (x, y) pair of finite floats, or `error` saying why it is not one."""
    try:
        x, y = value
        point = (float(x), float(y))
    except (TypeError, ValueError):
        raise error(f"{what} must be an (x, y) pair of numbers, not {value!r}") from None
    if not (math.isfinite(point[0]) and math.isfinite(point[1])):
        raise error(f"{what} must be finite, not {value!r}")
    return point


@dataclass(frozen=True)
class SegmentFeature:
    """A feature lying from `start` to `end` in tile-corner coordinates (a wall, a door, a
    window): both ends checked as finite points, refused with the feature's own error."""

    start: Point
    end: Point

    # What its ends are called in a refusal, and the refusal it raises.
    _ends: ClassVar[tuple[str, str]] = ("segment start", "segment end")
    _error: ClassVar[type[BoardError]] = BoardError

    def __post_init__(self) -> None:
        start, end = self._ends
        object.__setattr__(self, "start", finite_point(self.start, start, self._error))
        object.__setattr__(self, "end", finite_point(self.end, end, self._error))


@dataclass(frozen=True)
class Window(SegmentFeature):
    """A window in a wall: blocks movement, not sight or light."""

    _ends = ("window start", "window end")
    _error = FeatureError


@dataclass(frozen=True)
class MapObject:
    """A pillar, table or statue: its outline blocks movement and sight, never bounds a room."""

    points: tuple[Point, ...]

    def __post_init__(self) -> None:
        try:
            raw = list(self.points)
        except TypeError:
            raise FeatureError(
                f"an object's outline is a list of points, not {self.points!r}"
            ) from None
        if not 2 <= len(raw) <= MAX_OBJECT_POINTS:
            raise FeatureError(
                f"an object's outline has 2 to {MAX_OBJECT_POINTS} points, not {len(raw)}"
            )
        points = tuple(finite_point(point, "an object's point", FeatureError) for point in raw)
        if all(point == points[0] for point in points):
            raise FeatureError("an object's outline needs two different points")
        object.__setattr__(self, "points", points)

    def segments(self) -> Iterator[Segment]:
        """The outline's pieces, point to point (zero-length pieces left out)."""
        points = self.points
        for start, end in zip(points, points[1:], strict=False):
            if start != end:
                yield (start, end)

    @property
    def closed(self) -> bool:
        return len(self.points) > 2 and self.points[0] == self.points[-1]

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the outline, in tiles."""
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    def length(self) -> float:
        return sum(math.dist(start, end) for start, end in self.segments())

    def moved(self, dx: float, dy: float) -> MapObject:
        return MapObject(tuple((x + dx, y + dy) for x, y in self.points))


def rectangle_object(left: float, top: float, right: float, bottom: float) -> MapObject:
    """A closed rectangular outline (a table, a block of stone) with the given sides."""
    x0, x1 = sorted((left, right))
    y0, y1 = sorted((top, bottom))
    if x0 == x1 or y0 == y1:
        raise FeatureError("an object needs some width and height; drag a rectangle")
    return MapObject(((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)))


def feature_segments(kind: str, item: Any) -> list[Segment]:
    """The segments one feature of `kind` ("walls", "doors", "windows", "objects") puts between
    tiles now: a door's only while closed, an object's whole outline."""
    if kind == "objects":
        return list(item.segments())
    if kind == "doors" and not item.closed:
        return []
    return [(item.start, item.end)]


def check_purpose(purpose: str) -> frozenset[str]:
    kinds = BARRIER_PURPOSES.get(purpose)
    if kinds is None:
        raise FeatureError(
            f"unknown barrier purpose {purpose!r}; choose one of {', '.join(BARRIER_PURPOSES)}"
        )
    return kinds
