"""What only the map maker sees: light sources with their bright and dim rings, and the current
tool's preview (the brush square, the rectangle being dragged, the wall or door being drawn)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry

# Above the walls and the ruler, under nothing: the GM must see what the brush will hit.
EDITOR_OVERLAY_Z = 220.0
LIGHT_COLOUR = QColor("#ffd54f")
LIGHT_EDGE = QColor("#6d4c00")
BRUSH_EDGE = QColor("#ffffff")
BRUSH_SHADOW = QColor(0, 0, 0, 200)
DOOR_PREVIEW = QColor(map_palette.DOOR_CLOSED)
WALL_PREVIEW = QColor("#e53935")


class EditorOverlay(QGraphicsObject):
    """A QGraphicsObject, not a plain item: the scene owns and deletes it, and as a QObject its
    Python side learns of that (a plain item dropped by Python while the scene still held it
    was freed twice). It follows the model's map itself, so the connection dies with it."""

    def __init__(self, scene: Any) -> None:
        super().__init__()
        self._scene = scene
        self.tool: Any = None
        # Where the tool's preview was last drawn: a mouse move repaints that and the new one,
        # never the whole map.
        self._preview_rect = QRectF()
        self.setZValue(EDITOR_OVERLAY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self)
        scene.model.mapChanged.connect(self.map_changed)

    def set_tool(self, tool: Any) -> None:
        if self.tool is not None:
            try:
                self.tool.previewChanged.disconnect(self._preview_changed)
            except (RuntimeError, TypeError):
                pass
        self.tool = tool
        if tool is not None:
            tool.previewChanged.connect(self._preview_changed)
        self._preview_rect = QRectF()
        self.update()

    def _preview_changed(self) -> None:
        new = self.preview_rect()
        old, self._preview_rect = self._preview_rect, new
        dirty = old.united(new) if not old.isEmpty() else new
        if not dirty.isEmpty():
            self.update(dirty)

    def preview_rect(self) -> QRectF:
        """The scene rect the current tool's preview covers (with room for the pens)."""
        tool = self.tool
        geometry = self._scene.geometry
        rect = QRectF()
        preview = getattr(tool, "preview_tiles", None)
        box = preview() if preview is not None else None
        if box is not None:
            (x0, y0), (x1, y1) = box
            rect = geometry.span_rect(x0, y0, x1 + 1, y1 + 1)
        line = getattr(tool, "line", None)
        if line is not None:
            ends = QRectF(geometry.corner_to_scene(line[0]), geometry.corner_to_scene(line[1]))
            rect = rect.united(ends.normalized().adjusted(-1, -1, 1, 1))
        hover = getattr(tool, "hover", None)
        if isinstance(hover, tuple) and hover and isinstance(hover[0], float):
            point = geometry.corner_to_scene(hover)
            rect = rect.united(QRectF(point.x() - 1, point.y() - 1, 2.0, 2.0))
        moved = getattr(tool, "ghost", None)
        if moved is not None:
            reach = geometry.length(2 * tool.options.light_radius)
            centre = geometry.corner_to_scene(moved)
            rect = rect.united(QRectF(centre.x() - reach, centre.y() - reach, 2 * reach, 2 * reach))
        if rect.isEmpty():
            return QRectF()
        margin = geometry.length(0.5)
        return rect.normalized().adjusted(-margin, -margin, margin, margin)

    def map_changed(self) -> None:
        self.prepareGeometryChange()
        self.update()

    def boundingRect(self) -> QRectF:
        battle_map = self._scene.battle_map
        geometry = self._scene.geometry
        reach = geometry.length(
            max((2 * light.radius for light in battle_map.lights), default=0.0) + 2
        )
        return geometry.map_rect().adjusted(-reach, -reach, reach, reach)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        geometry = self._scene.geometry
        length = geometry.length
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for light in self._scene.battle_map.lights:
            self._paint_light(painter, light.position, light.radius, geometry)
        tool = self.tool
        if tool is None:
            return
        preview = getattr(tool, "preview_tiles", None)
        if preview is not None:
            box = preview()
            if box is not None:
                (x0, y0), (x1, y1) = box
                rect = geometry.span_rect(x0, y0, x1 + 1, y1 + 1)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(BRUSH_SHADOW, length(0.08)))
                painter.drawRect(rect)
                painter.setPen(QPen(BRUSH_EDGE, length(0.04), Qt.PenStyle.DashLine))
                painter.drawRect(rect)
        line = getattr(tool, "line", None)
        if line is not None:
            start, end = line
            colour = DOOR_PREVIEW if getattr(tool, "door_mode", False) else WALL_PREVIEW
            pen = QPen(colour, length(0.12))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(QLineF(geometry.corner_to_scene(start), geometry.corner_to_scene(end)))
        hover = getattr(tool, "hover", None)
        if line is None and isinstance(hover, tuple) and isinstance(hover[0], float):
            if hasattr(tool, "door_mode"):
                painter.setPen(QPen(BRUSH_SHADOW, length(0.03)))
                painter.setBrush(QBrush(BRUSH_EDGE))
                painter.drawEllipse(geometry.corner_to_scene(hover), length(0.1), length(0.1))
        moved = getattr(tool, "ghost", None)
        if moved is not None:
            painter.setOpacity(0.5)
            self._paint_light(painter, moved, tool.options.light_radius, geometry)
            painter.setOpacity(1.0)

    @staticmethod
    def _paint_light(
        painter: QPainter, position: tuple[float, float], radius: float, geometry: GridGeometry
    ) -> None:
        length = geometry.length
        centre = geometry.corner_to_scene(position)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        bright = QPen(LIGHT_COLOUR, length(0.05), Qt.PenStyle.DashLine)
        painter.setPen(bright)
        painter.drawEllipse(centre, length(radius), length(radius))
        dim = QPen(QColor(LIGHT_COLOUR.red(), LIGHT_COLOUR.green(), LIGHT_COLOUR.blue(), 120))
        dim.setWidthF(length(0.03))
        dim.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(dim)
        painter.drawEllipse(centre, length(2 * radius), length(2 * radius))
        painter.setPen(QPen(LIGHT_EDGE, length(0.04)))
        painter.setBrush(QBrush(LIGHT_COLOUR))
        painter.drawEllipse(centre, length(0.22), length(0.22))
        painter.setPen(QPen(LIGHT_EDGE, length(0.05)))
        for angle in range(0, 360, 45):
            ray = QLineF.fromPolar(length(0.38), angle).translated(centre)
            ray.setP1(QLineF.fromPolar(length(0.27), angle).translated(centre).p2())
            painter.drawLine(ray)
