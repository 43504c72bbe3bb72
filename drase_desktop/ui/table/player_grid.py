"""The grid for the players: lines drawn in tile units, so on a true-scale table a line is
about 0.6 mm wide whatever the screen's pixel size, and never thinner than a pixel and a half.

The GM's grid uses one-pixel cosmetic lines, right at arm's length on a laptop and nearly
invisible from two metres on a television.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.level_of_detail import exposed_rect, screen_tile_size
from drase_desktop.ui.map.map_layer import MapLayer

LINE_TILES = 0.025
MIN_LINE_PIXELS = 1.5
MAJOR_EVERY = 5
PLAYER_GRID = QColor("#7a7468")
PLAYER_GRID_ON_IMAGE = QColor(255, 255, 255, 140)


class PlayerGridLayer(MapLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._colour = QColor(PLAYER_GRID)

    def set_over_image(self, over_image: bool) -> None:
        self._colour = QColor(PLAYER_GRID_ON_IMAGE if over_image else PLAYER_GRID)
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        length = self._geometry.length
        pixels = screen_tile_size(painter, length(1))
        if pixels < 4:
            return
        x0, y0, x1, y1 = self._geometry.tile_range(exposed_rect(painter, option))
        if x1 <= x0 or y1 <= y0:
            return
        width = max(length(LINE_TILES), length(MIN_LINE_PIXELS) / pixels)
        minor: list[QLineF] = []
        major: list[QLineF] = []
        for x in range(x0, x1 + 1):
            line = QLineF(length(x), length(y0), length(x), length(y1))
            (major if x % MAJOR_EVERY == 0 else minor).append(line)
        for y in range(y0, y1 + 1):
            line = QLineF(length(x0), length(y), length(x1), length(y))
            (major if y % MAJOR_EVERY == 0 else minor).append(line)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(self._colour, width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLines(minor)
        pen.setWidthF(width * 1.8)
        painter.setPen(pen)
        painter.drawLines(major)
