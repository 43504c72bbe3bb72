"""The fog tools' shapes: a round brush and a rectangle of tiles, clipped to the map."""

from __future__ import annotations

from typing import Any

from drase_desktop.encounter.fog_error import FogError

Position = tuple[int, int]

# Beyond this many tiles a brush is a mistake (a map side is at most 500 tiles).
MAX_BRUSH_RADIUS = 50


def checked_tile(pos: Any, what: str) -> Position:
    try:
        x, y = pos
    except (TypeError, ValueError):
        raise FogError(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if (
        isinstance(x, bool)
        or isinstance(y, bool)
        or not (isinstance(x, int) and isinstance(y, int))
    ):
        raise FogError(f"{what} must be a pair of whole numbers, not {pos!r}")
    return (x, y)


def brush_tiles(centre: Position, radius: int, width: int, height: int) -> list[Position]:
    """A round brush: tiles within `radius` tiles of `centre` (0 is the tile alone), on the map."""
    cx, cy = checked_tile(centre, "brush centre")
    if (
        isinstance(radius, bool)
        or not isinstance(radius, int)
        or not 0 <= radius <= MAX_BRUSH_RADIUS
    ):
        raise FogError(f"brush radius must be 0 to {MAX_BRUSH_RADIUS} tiles, not {radius!r}")
    # r * r + r rounds the disc out: radius 1 is a 3 x 3 square, radius 2 a 5 x 5 less corners.
    limit = radius * radius + radius
    return [
        (x, y)
        for y in range(max(0, cy - radius), min(height, cy + radius + 1))
        for x in range(max(0, cx - radius), min(width, cx + radius + 1))
        if (x - cx) ** 2 + (y - cy) ** 2 <= limit
    ]


def rect_tiles(corner: Position, other: Position, width: int, height: int) -> list[Position]:
    """Every tile of the rectangle between two corner tiles (both included), on the map."""
    ax, ay = checked_tile(corner, "rectangle corner")
    bx, by = checked_tile(other, "rectangle corner")
    x0, x1 = max(0, min(ax, bx)), min(width - 1, max(ax, bx))
    y0, y1 = max(0, min(ay, by)), min(height - 1, max(ay, by))
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
