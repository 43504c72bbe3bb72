"""Windows and objects on the GM's map: a window a pale glass-blue bar over a dark edge (it lets
the eye through, not the feet); an object (pillar, table, statue) its outline in stone with a
translucent fill, the picture still showing under it. The object or window the editor has
selected is drawn in the selection colour."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.level_of_detail import exposed_rect
from drase_desktop.ui.map.map_layer import MapLayer


class FeatureLayer(MapLayer):
    OVERHANG_TILES = 0.2  # the outlines' pens

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._windows: list[tuple[QRectF, QLineF]] = []
        self._objects: list[tuple[QRectF, QPolygonF, bool]] = []
        # ("windows" or "objects", index) the editor has selected, drawn highlighted.
        self.selected: tuple[str, int] | None = None

    def load_map(self, battle_map: Any) -> None:
        to_scene = self._geometry.corner_to_scene
        margin = self._geometry.length(0.2)
        self._windows = []
        for window in battle_map.windows:
            line = QLineF(to_scene(window.start), to_scene(window.end))
            bounds = QRectF(line.p1(), line.p2()).normalized()
            self._windows.append((bounds.adjusted(-margin, -margin, margin, margin), line))
        self._objects = []
        for item in battle_map.objects:
            polygon = QPolygonF([QPointF(to_scene(point)) for point in item.points])
            bounds = polygon.boundingRect().adjusted(-margin, -margin, margin, margin)
            self._objects.append((bounds, polygon, item.closed or len(item.points) > 3))
        if self.selected is not None:
            kind, index = self.selected
            if index >= len(self._windows if kind == "windows" else self._objects):
                self.selected = None
        self.update()

    def select(self, found: tuple[str, int] | None) -> None:
        self.selected = found
        self.update()

    @property
    def counts(self) -> tuple[int, int]:
        """(windows, objects) as drawn."""
        return len(self._windows), len(self._objects)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = exposed_rect(painter, option)
        length = self._geometry.length
        selected = self.selected
        for index, (bounds, polygon, filled) in enumerate(self._objects):
            if not bounds.intersects(exposed):
                continue
            chosen = selected == ("objects", index)
            edge = QPen(map_palette.SELECTED_FEATURE if chosen else map_palette.OBJECT_EDGE)
            edge.setWidthF(length(0.07 if chosen else 0.045))
            edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(edge)
            if filled:
                painter.setBrush(QBrush(map_palette.OBJECT_FILL))
                painter.drawPolygon(polygon)
            else:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolyline(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for index, (bounds, line) in enumerate(self._windows):
            if not bounds.intersects(exposed):
                continue
            under = QPen(map_palette.WALL, length(0.2))
            under.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(under)
            painter.drawLine(line)
            chosen = selected == ("windows", index)
            glass = QPen(
                map_palette.SELECTED_FEATURE if chosen else map_palette.WINDOW, length(0.1)
            )
            glass.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(glass)
            painter.drawLine(line)
