"""The grid: one item drawing only the lines inside the exposed rect."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry
from drase_desktop.ui.tile_image_layer import screen_tile_size

# Under this many screen pixels per tile the lines would be a grey wash: draw none.
MIN_TILE_PIXELS = 4.0
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
        pixels = screen_tile_size(painter, self._geometry)
        if pixels < MIN_TILE_PIXELS:
            return
        x0, y0, x1, y1 = self._geometry.tile_range(option.exposedRect)
        size = self._geometry.tile_size
        top, bottom = y0 * size, y1 * size
        left, right = x0 * size, x1 * size
        minor: list[QLineF] = []
        major: list[QLineF] = []
        for x in range(x0, x1 + 1):
            (major if x % MAJOR_EVERY == 0 else minor).append(
                QLineF(x * size, top, x * size, bottom)
            )
        for y in range(y0, y1 + 1):
            (major if y % MAJOR_EVERY == 0 else minor).append(
                QLineF(left, y * size, right, y * size)
            )
        colour = QColor(self._colour)
        if pixels < 12:
            colour.setAlpha(colour.alpha() // 2)
        pen = QPen(colour, 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(minor)
        pen.setWidthF(2.0 if pixels >= 12 else 1.0)
        painter.setPen(pen)
        painter.drawLines(major)
