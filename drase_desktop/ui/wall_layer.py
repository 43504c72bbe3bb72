"""Walls and doors: thick dark lines; a closed door a solid brown bar, an open one a hollow one."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry
from drase_desktop.ui.level_of_detail import exposed_rect


class WallLayer(QGraphicsItem):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__()
        self._geometry = geometry
        self._walls: list[QLineF] = []
        self._closed_doors: list[QLineF] = []
        self._open_doors: list[QLineF] = []
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.prepareGeometryChange()
        self._geometry = geometry

    def load_map(self, battle_map: Any) -> None:
        to_scene = self._geometry.corner_to_scene
        self._walls = [QLineF(to_scene(w.start), to_scene(w.end)) for w in battle_map.walls]
        doors = list(battle_map.doors)
        self._closed_doors = [QLineF(to_scene(d.start), to_scene(d.end)) for d in doors if d.closed]
        self._open_doors = [
            QLineF(to_scene(d.start), to_scene(d.end)) for d in doors if not d.closed
        ]
        self.update()

    @property
    def counts(self) -> tuple[int, int, int]:
        """(walls, closed doors, open doors) as drawn."""
        return len(self._walls), len(self._closed_doors), len(self._open_doors)

    def boundingRect(self) -> QRectF:
        margin = self._geometry.tile_size * 0.2
        return self._geometry.map_rect().adjusted(-margin, -margin, margin, margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = exposed_rect(painter, option)
        size = self._geometry.tile_size
        walls = [line for line in self._walls if _touches(line, exposed)]
        if walls:
            # A light edge under the dark line keeps walls visible on dark maps too.
            edge = QPen(map_palette.WALL_EDGE, size * 0.16)
            edge.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(edge)
            painter.drawLines(walls)
            wall = QPen(map_palette.WALL, size * 0.1)
            wall.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(wall)
            painter.drawLines(walls)
        closed = [line for line in self._closed_doors if _touches(line, exposed)]
        if closed:
            painter.setPen(_flat_pen(map_palette.WALL, size * 0.2))
            painter.drawLines(closed)
            painter.setPen(_flat_pen(map_palette.DOOR_CLOSED, size * 0.13))
            painter.drawLines(closed)
        opened = [line for line in self._open_doors if _touches(line, exposed)]
        if opened:
            pen = QPen(map_palette.DOOR_OPEN, size * 0.06, Qt.PenStyle.DashLine)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawLines(opened)


def _touches(line: QLineF, rect: QRectF) -> bool:
    return QRectF(line.p1(), line.p2()).normalized().adjusted(-8, -8, 8, 8).intersects(rect)


def _flat_pen(colour, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen
