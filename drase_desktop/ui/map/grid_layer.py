"""The grid: one item drawing only the lines inside the exposed rect.

One-pixel rows are filled as one-pixel-high rects on the device pixels a cosmetic line would
light (see `_fill_rows`): the same pixels, for a fraction of the cost.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.level_of_detail import exposed_rect, screen_tile_size
from drase_desktop.ui.map.map_layer import MapLayer

# Under this many screen pixels per tile the lines would be a grey wash: draw none.
MIN_TILE_PIXELS = 4.0
# Below this only every fifth line is drawn.
MINOR_MIN_TILE_PIXELS = 8.0
# Every fifth line is stronger so counting tiles from across the table is easy.
MAJOR_EVERY = 5


class GridLayer(MapLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._colour = QColor(map_palette.GRID_LINE)

    def set_over_image(self, over_image: bool) -> None:
        self._colour = QColor(
            map_palette.GRID_LINE_ON_IMAGE if over_image else map_palette.GRID_LINE
        )
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pixels = screen_tile_size(painter, self._geometry.length(1))
        if pixels < MIN_TILE_PIXELS:
            return
        x0, y0, x1, y1 = self._geometry.tile_range(exposed_rect(painter, option))
        if x1 <= x0 or y1 <= y0:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        length = self._geometry.length
        top, bottom = length(y0), length(y1)
        left, right = length(x0), length(x1)
        # Below MINOR_MIN_TILE_PIXELS lines every few pixels are a grey wash: only every fifth
        # line is drawn, still good for counting tiles.
        step = MAJOR_EVERY if pixels < MINOR_MIN_TILE_PIXELS else 1
        thick = pixels >= 12
        # One-pixel lines across the screen, two-pixel major lines when zoomed in.
        columns: list[QLineF] = []
        rows: list[float] = []
        major: list[QLineF] = []
        for x in range(x0 - x0 % step, x1 + 1, step):
            line = QLineF(length(x), top, length(x), bottom)
            (major if thick and x % MAJOR_EVERY == 0 else columns).append(line)
        for y in range(y0 - y0 % step, y1 + 1, step):
            if thick and y % MAJOR_EVERY == 0:
                major.append(QLineF(left, length(y), right, length(y)))
            else:
                rows.append(length(y))
        pen = QPen(self._colour, 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        if columns:
            painter.drawLines(columns)
        if rows and not _fill_rows(painter, left, right, rows, self._colour):
            painter.drawLines([QLineF(left, y, right, y) for y in rows])
        if major:
            pen.setWidthF(2.0)
            painter.setPen(pen)
            painter.drawLines(major)


def _fill_rows(
    painter: QPainter, left: float, right: float, rows: list[float], colour: QColor
) -> bool:
    """Fill the device pixels a one-pixel cosmetic pen lights for horizontal lines from `left`
    to `right` at each of `rows`: the pixel row holding the line, and every pixel from the one
    holding its start to the one holding its end, both included. False (nothing drawn) when
    the painter is rotated or flipped.

    Qt's cosmetic stroker walks a horizontal line pixel by pixel; a rect is one span fill, so a
    screenful of grid rows costs a tenth as much. (Vertical lines are one pixel per scan line
    either way, and the stroker is the faster of the two for those.)
    """
    transform = painter.deviceTransform()
    if transform.type().value > QTransform.TransformationType.TxScale.value:
        return False
    sx, sy = transform.m11(), transform.m22()
    dx, dy = transform.dx(), transform.dy()
    if sx <= 0 or sy <= 0:
        return False
    # Device pixels [first, last] across, back in item coordinates.
    first = math.floor(left * sx + dx)
    last = math.floor(right * sx + dx)
    x = (first - dx) / sx
    width = (last + 1 - first) / sx
    height = 1 / sy
    rects = [QRectF(x, (math.floor(y * sy + dy) - dy) / sy, width, height) for y in rows]
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRects(rects)
    return True
