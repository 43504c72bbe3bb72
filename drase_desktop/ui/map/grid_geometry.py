"""Tile <-> scene coordinates in one place (like Tiled's MapRenderer).

The model speaks in `(x, y)` int tile tuples; only the scene speaks in `QPointF`. Every layer,
token and tool converts through one `GridGeometry` so a change of tile size touches nothing else:
no other file multiplies or divides by the tile size itself (a test scans for it).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt

Tile = tuple[int, int]
# A point in tile units: tile (x, y) spans [x, x + 1] x [y, y + 1] (walls, lights, free points).
TilePoint = tuple[float, float]

# Scene units per tile. Big enough that labels drawn at 1:1 are legible across a table.
DEFAULT_TILE_SIZE = 64.0
# The arrow keys as one-tile steps (x right, y down): a token's step, the player display's pan.
ARROW_STEPS: dict[int, Tile] = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}


class GridGeometry:
    """Converts between tile coordinates and scene coordinates for a map of a given size."""

    def __init__(self, width: int, height: int, tile_size: float = DEFAULT_TILE_SIZE) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"A map needs at least one tile, not {width} x {height}.")
        self.width = width
        self.height = height
        self.tile_size = tile_size

    def map_rect(self) -> QRectF:
        """The whole map in scene coordinates."""
        return QRectF(0.0, 0.0, self.width * self.tile_size, self.height * self.tile_size)

    def in_bounds(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    # -- lengths -------------------------------------------------------------------------------
    def length(self, tiles: float) -> float:
        """`tiles` tiles (a span, a pen width, a radius as a share of a tile) in scene units;
        also the scene coordinate of the grid line `tiles` from the map's edge."""
        return tiles * self.tile_size

    def tiles(self, length: float) -> float:
        """A scene length in tiles (fractional)."""
        return length / self.tile_size

    def tile_index(self, coordinate: float) -> int:
        """The column (or row) of tiles a scene x (or y) falls in; may be out of bounds."""
        return math.floor(coordinate / self.tile_size)

    def tile_to_scene(self, tile: Tile) -> QPointF:
        """The top-left corner of `tile`."""
        return QPointF(tile[0] * self.tile_size, tile[1] * self.tile_size)

    def tile_centre(self, tile: Tile, footprint: int = 1) -> QPointF:
        """The centre of the `footprint` x `footprint` square whose top-left tile is `tile`."""
        half = footprint * self.tile_size / 2.0
        return QPointF(tile[0] * self.tile_size + half, tile[1] * self.tile_size + half)

    def tile_rect(self, tile: Tile, footprint: int = 1) -> QRectF:
        side = footprint * self.tile_size
        return QRectF(tile[0] * self.tile_size, tile[1] * self.tile_size, side, side)

    def inset_tile_rect(self, tile: Tile, share: float) -> QRectF:
        """`tile`'s square shrunk by `share` of a tile on every side (a cover mark)."""
        size = self.tile_size
        inset = share * size
        return QRectF(
            tile[0] * size + inset, tile[1] * size + inset, size - 2 * inset, size - 2 * inset
        )

    def span_rect(self, x0: float, y0: float, x1: float, y1: float) -> QRectF:
        """The tiles from column `x0` to `x1` and row `y0` to `y1`, the ends excluded (a run
        of tiles, an exposed block) as a scene rect."""
        size = self.tile_size
        return QRectF(x0 * size, y0 * size, (x1 - x0) * size, (y1 - y0) * size)

    def edge_line(self, tile: Tile, side: str) -> QLineF:
        """One side of `tile` ("left", "right", "top" or "bottom") as a scene line."""
        size = self.tile_size
        x, y = tile
        if side == "right":
            return QLineF((x + 1) * size, y * size, (x + 1) * size, (y + 1) * size)
        if side == "bottom":
            return QLineF(x * size, (y + 1) * size, (x + 1) * size, (y + 1) * size)
        if side == "left":
            return QLineF(x * size, y * size, x * size, (y + 1) * size)
        if side == "top":
            return QLineF(x * size, y * size, (x + 1) * size, y * size)
        raise ValueError(f"A tile has a left, right, top and bottom side, not {side!r}.")

    def corner_to_scene(self, corner: TilePoint) -> QPointF:
        """A point in tile-corner coordinates (walls, lights) as a scene point."""
        return QPointF(corner[0] * self.tile_size, corner[1] * self.tile_size)

    def scene_to_corner(self, point: QPointF) -> TilePoint:
        """A scene point in tile-corner coordinates (the inverse of `corner_to_scene`)."""
        return (point.x() / self.tile_size, point.y() / self.tile_size)

    def nearest_corner(self, point: QPointF) -> Tile:
        """The tile corner nearest to a scene point: where a token whose top-left corner is
        at `point` snaps."""
        return (round(point.x() / self.tile_size), round(point.y() / self.tile_size))

    def scene_to_tile(self, point: QPointF) -> Tile:
        """The tile under a scene point (may be out of bounds)."""
        return (
            math.floor(point.x() / self.tile_size),
            math.floor(point.y() / self.tile_size),
        )

    def footprint_origin(self, point: QPointF, footprint: int) -> Tile:
        """The top-left tile of a footprint whose centre is nearest to `point`.

        A 2 x 2 token held by its centre snaps so that the square under the cursor is covered.
        """
        offset = (footprint - 1) * self.tile_size / 2.0
        return self.scene_to_tile(QPointF(point.x() - offset, point.y() - offset))

    def tile_range(self, rect: QRectF) -> tuple[int, int, int, int]:
        """Tiles touched by a scene rect, clamped to the map: (x0, y0, x1, y1), x1/y1 exclusive."""
        size = self.tile_size
        x0 = max(0, math.floor(rect.left() / size))
        y0 = max(0, math.floor(rect.top() / size))
        x1 = min(self.width, math.ceil(rect.right() / size))
        y1 = min(self.height, math.ceil(rect.bottom() / size))
        return x0, y0, max(x0, x1), max(y0, y1)
