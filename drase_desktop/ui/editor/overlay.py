"""What only the map maker sees: light sources with their bright and dim rings, and the current
tool's preview (the brush square, the rectangle being dragged, the wall or door being drawn)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette

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
        size = self._scene.geometry.tile_size
        rect = QRectF()
        preview = getattr(tool, "preview_tiles", None)
        box = preview() if preview is not None else None
        if box is not None:
            (x0, y0), (x1, y1) = box
            rect = QRectF(x0 * size, y0 * size, (x1 - x0 + 1) * size, (y1 - y0 + 1) * size)
        line = getattr(tool, "line", None)
        if line is not None:
            (ax, ay), (bx, by) = line
            ends = QRectF(QPointF(ax * size, ay * size), QPointF(bx * size, by * size))
            rect = rect.united(ends.normalized().adjusted(-1, -1, 1, 1))
        hover = getattr(tool, "hover", None)
        if isinstance(hover, tuple) and hover and isinstance(hover[0], float):
            rect = rect.united(QRectF(hover[0] * size - 1, hover[1] * size - 1, 2.0, 2.0))
        moved = getattr(tool, "ghost", None)
        if moved is not None:
            reach = 2 * tool.options.light_radius * size
            centre = QPointF(moved[0] * size, moved[1] * size)
            rect = rect.united(QRectF(centre.x() - reach, centre.y() - reach, 2 * reach, 2 * reach))
        if rect.isEmpty():
            return QRectF()
        margin = size * 0.5
        return rect.normalized().adjusted(-margin, -margin, margin, margin)

    def map_changed(self) -> None:
        self.prepareGeometryChange()
        self.update()

    def boundingRect(self) -> QRectF:
        battle_map = self._scene.battle_map
        size = self._scene.geometry.tile_size
        reach = max((2 * light.radius for light in battle_map.lights), default=0.0) + 2
        rect = self._scene.geometry.map_rect()
        return rect.adjusted(-reach * size, -reach * size, reach * size, reach * size)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        size = self._scene.geometry.tile_size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for light in self._scene.battle_map.lights:
            self._paint_light(painter, light.position, light.radius, size)
        tool = self.tool
        if tool is None:
            return
        preview = getattr(tool, "preview_tiles", None)
        if preview is not None:
            box = preview()
            if box is not None:
                (x0, y0), (x1, y1) = box
                rect = QRectF(x0 * size, y0 * size, (x1 - x0 + 1) * size, (y1 - y0 + 1) * size)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(BRUSH_SHADOW, size * 0.08))
                painter.drawRect(rect)
                painter.setPen(QPen(BRUSH_EDGE, size * 0.04, Qt.PenStyle.DashLine))
                painter.drawRect(rect)
        line = getattr(tool, "line", None)
        if line is not None:
            start, end = line
            colour = DOOR_PREVIEW if getattr(tool, "door_mode", False) else WALL_PREVIEW
            pen = QPen(colour, size * 0.12)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(QLineF(start[0] * size, start[1] * size, end[0] * size, end[1] * size))
        hover = getattr(tool, "hover", None)
        if line is None and isinstance(hover, tuple) and isinstance(hover[0], float):
            if hasattr(tool, "door_mode"):
                painter.setPen(QPen(BRUSH_SHADOW, size * 0.03))
                painter.setBrush(QBrush(BRUSH_EDGE))
                painter.drawEllipse(
                    QPointF(hover[0] * size, hover[1] * size), size * 0.1, size * 0.1
                )
        moved = getattr(tool, "ghost", None)
        if moved is not None:
            painter.setOpacity(0.5)
            self._paint_light(painter, moved, tool.options.light_radius, size)
            painter.setOpacity(1.0)

    @staticmethod
    def _paint_light(painter: QPainter, position: tuple[float, float], radius: float, size: float):
        centre = QPointF(position[0] * size, position[1] * size)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        bright = QPen(LIGHT_COLOUR, size * 0.05, Qt.PenStyle.DashLine)
        painter.setPen(bright)
        painter.drawEllipse(centre, radius * size, radius * size)
        dim = QPen(QColor(LIGHT_COLOUR.red(), LIGHT_COLOUR.green(), LIGHT_COLOUR.blue(), 120))
        dim.setWidthF(size * 0.03)
        dim.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(dim)
        painter.drawEllipse(centre, 2 * radius * size, 2 * radius * size)
        painter.setPen(QPen(LIGHT_EDGE, size * 0.04))
        painter.setBrush(QBrush(LIGHT_COLOUR))
        painter.drawEllipse(centre, size * 0.22, size * 0.22)
        painter.setPen(QPen(LIGHT_EDGE, size * 0.05))
        for angle in range(0, 360, 45):
            ray = QLineF.fromPolar(size * 0.38, angle).translated(centre)
            ray.setP1(QLineF.fromPolar(size * 0.27, angle).translated(centre).p2())
            painter.drawLine(ray)
