"""The grid: one item drawing only the lines inside the exposed rect."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry
from drase_desktop.ui.level_of_detail import exposed_rect, screen_tile_size

# Under this many screen pixels per tile the lines would be a grey wash: draw none.
MIN_TILE_PIXELS = 4.0
# Below this only every fifth line is drawn.
MINOR_MIN_TILE_PIXELS = 8.0
# Every fifth line is stronger so counting tiles from across the table is easy.
MAJOR_EVERY = 5


class GridLayer(QGraphicsItem):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__()
        self._geometry = geometry
        self._colour = QColor(map_palette.GRID_LINE)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.prepareGeometryChange()
        self._geometry = geometry

    def set_over_image(self, over_image: bool) -> None:
        self._colour = QColor(
            map_palette.GRID_LINE_ON_IMAGE if over_image else map_palette.GRID_LINE
        )
        self.update()

    def boundingRect(self) -> QRectF:
        return self._geometry.map_rect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pixels = screen_tile_size(painter, self._geometry.tile_size)
        if pixels < MIN_TILE_PIXELS:
            return
        x0, y0, x1, y1 = self._geometry.tile_range(exposed_rect(painter, option))
        if x1 <= x0 or y1 <= y0:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        size = self._geometry.tile_size
        top, bottom = y0 * size, y1 * size
        left, right = x0 * size, x1 * size
        # Below MINOR_MIN_TILE_PIXELS lines every few pixels are a grey wash: only every fifth
        # line is drawn, still good for counting tiles.
        step = MAJOR_EVERY if pixels < MINOR_MIN_TILE_PIXELS else 1
        minor: list[QLineF] = []
        major: list[QLineF] = []
        for x in range(x0 - x0 % step, x1 + 1, step):
            line = QLineF(x * size, top, x * size, bottom)
            (major if x % MAJOR_EVERY == 0 else minor).append(line)
        for y in range(y0 - y0 % step, y1 + 1, step):
            line = QLineF(left, y * size, right, y * size)
            (major if y % MAJOR_EVERY == 0 else minor).append(line)
        pen = QPen(self._colour, 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        if minor:
            painter.drawLines(minor)
        pen.setWidthF(2.0 if pixels >= 12 else 1.0)
        painter.setPen(pen)
        painter.drawLines(major)
