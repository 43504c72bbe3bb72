"""A measuring line between two points: the ruler, and the line to a hovered target."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette, z_order
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.path_preview import MirroredItem


class RulerItem(MirroredItem):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry, z_order.RULER)
        self._line = QLineF()
        self._colour = QColor(map_palette.RULER)
        self.hide()

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.prepareGeometryChange()
        self._geometry = geometry
        self.hide()

    @property
    def line(self) -> QLineF:
        return QLineF(self._line)

    def show_line(self, start: QPointF, end: QPointF, colour: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self._line = QLineF(start, end)
        self._colour = QColor(colour or map_palette.RULER)
        self.show()
        self.update()
        self._changed()

    def boundingRect(self) -> QRectF:
        margin = self._geometry.length(0.3)
        return (
            QRectF(self._line.p1(), self._line.p2())
            .normalized()
            .adjusted(-margin, -margin, margin, margin)
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        length = self._geometry.length
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        under = QPen(map_palette.RULER_OUTLINE, length(0.12))
        under.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(under)
        painter.drawLine(self._line)
        pen = QPen(self._colour, length(0.06), Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(self._line)
        painter.setPen(QPen(map_palette.RULER_OUTLINE, length(0.03)))
        painter.setBrush(self._colour)
        for point in (self._line.p1(), self._line.p2()):
            painter.drawEllipse(point, length(0.12), length(0.12))
