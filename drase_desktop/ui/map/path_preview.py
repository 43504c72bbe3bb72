"""The path a dragged token would take: a line through the tiles, red where it goes past speed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette, z_order
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile

# Item changes after which what the item shows is different (hidden, shown, faded).
SHOWN_CHANGES = (
    QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemOpacityHasChanged,
)


class MirroredItem(QGraphicsItem):
    """A line the player display mirrors (the drag path, the ruler): `on_change` is called
    whenever what it shows changes, so the mirror follows without polling."""

    def __init__(self, geometry: GridGeometry, z_value: float) -> None:
        super().__init__()
        self._geometry = geometry
        self.on_change: Callable[[], None] | None = None
        self.setZValue(z_value)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change in SHOWN_CHANGES:
            self._changed()
        return super().itemChange(change, value)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


class PathPreview(MirroredItem):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry, z_order.PATH)
        self._path: list[Tile] = []
        self._over_from = 0
        self._footprint = 1
        self._blocked = False
        self._bounds = QRectF()

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.clear()
        self._geometry = geometry

    @property
    def path(self) -> list[Tile]:
        return list(self._path)

    @property
    def tiles_over_speed(self) -> list[Tile]:
        return self._path[self._over_from :]

    def set_path(
        self, path: Sequence[Tile], over_from: int, footprint: int = 1, *, blocked: bool = False
    ) -> None:
        """Show `path`; steps from index `over_from` on are past the speed (drawn red).

        `blocked` draws the destination as a refused drop (a red cross).
        """
        self.prepareGeometryChange()
        self._path = list(path)
        self._over_from = max(1, min(over_from, len(self._path)))
        self._footprint = footprint
        self._blocked = blocked
        bounds = QRectF()
        for tile in self._path:
            bounds = bounds.united(self._geometry.tile_rect(tile, footprint))
        margin = self._geometry.length(0.2)
        self._bounds = bounds.adjusted(-margin, -margin, margin, margin)
        self.update()
        self._changed()

    def clear(self) -> None:
        self.set_path([], 0)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if len(self._path) < 1:
            return
        geometry = self._geometry
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(map_palette.PATH_OVER_FILL)
        for tile in self._path[self._over_from :]:
            painter.drawRect(geometry.tile_rect(tile, 1).adjusted(2, 2, -2, -2))
        centres = [geometry.tile_centre(tile, self._footprint) for tile in self._path]
        within = centres[: self._over_from]
        beyond = centres[self._over_from - 1 :] if self._over_from < len(centres) else []
        self._draw_line(painter, within, map_palette.PATH_OK, geometry)
        if beyond:
            self._draw_line(painter, beyond, map_palette.PATH_OVER, geometry)
        end = geometry.tile_rect(self._path[-1], self._footprint).adjusted(3, 3, -3, -3)
        over = self._over_from < len(self._path)
        colour = map_palette.PATH_OVER if over or self._blocked else map_palette.PATH_OK
        outline = QPen(colour, geometry.length(0.08))
        outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(outline)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(end)
        if self._blocked:
            painter.drawLine(end.topLeft(), end.bottomRight())
            painter.drawLine(end.topRight(), end.bottomLeft())

    @staticmethod
    def _draw_line(
        painter: QPainter, points: list[QPointF], colour, geometry: GridGeometry
    ) -> None:
        if len(points) < 2:
            return
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        # A dark outline under the line so it reads on light and dark ground alike.
        under = QPen(map_palette.PATH_OK_OUTLINE, geometry.length(0.2))
        under.setCapStyle(Qt.PenCapStyle.RoundCap)
        under.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(under)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        pen = QPen(colour, geometry.length(0.1))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(path)
        painter.setBrush(colour)
        painter.setPen(Qt.PenStyle.NoPen)
        for point in points[1:]:
            dot = geometry.length(0.1)
            painter.drawEllipse(point, dot, dot)
