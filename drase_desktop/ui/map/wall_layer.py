"""Walls and doors: thick dark lines; a closed door a solid brown bar, an open one a dashed one.

Each door also carries a handle at its middle, a knob at least `HANDLE_MIN_PIXELS` across on
screen however far the map is zoomed out, so the GM sees where to click to open or close it:
filled while closed, a ring while open, square (with a keyhole) when locked.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.level_of_detail import exposed_rect, screen_tile_size
from drase_desktop.ui.map.map_layer import MapLayer

# Below this many screen pixels per tile walls and doors are drawn as thin crisp lines.
THIN_MIN_TILE_PIXELS = 12.0
# A door's handle: a third of a tile across, never under this many screen pixels.
HANDLE_TILES = 0.34
HANDLE_MIN_PIXELS = 11.0
# Zoomed out further than this, handles would hide the map: none are drawn (nor clicked there).
HANDLE_FROM_TILE_PIXELS = 5.0


class WallLayer(MapLayer):
    OVERHANG_TILES = 0.5  # the doors' handles stand out past the map's edge

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        # Each line with its bounding rect (see _bounded).
        self._walls: list[tuple[QRectF, QLineF]] = []
        self._closed_doors: list[tuple[QRectF, QLineF]] = []
        self._open_doors: list[tuple[QRectF, QLineF]] = []
        # (middle, closed, locked) of each door, for its handle.
        self._handles: list[tuple[QPointF, bool, bool]] = []

    def load_map(self, battle_map: Any) -> None:
        margin = self._geometry.length(0.2)
        walls, closed, opened = wall_lines(self._geometry, battle_map)
        self._walls = _bounded(walls, margin)
        self._closed_doors = _bounded(closed, margin)
        self._open_doors = _bounded(opened, margin)
        to_scene = self._geometry.corner_to_scene
        self._handles = [
            (QLineF(to_scene(door.start), to_scene(door.end)).center(), door.closed, door.locked)
            for door in battle_map.doors
        ]
        self.update()

    @property
    def handles(self) -> list[tuple[QPointF, bool, bool]]:
        """(scene point, closed, locked) of each door's handle, as drawn."""
        return list(self._handles)

    @property
    def counts(self) -> tuple[int, int, int]:
        """(walls, closed doors, open doors) as drawn."""
        return len(self._walls), len(self._closed_doors), len(self._open_doors)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = exposed_rect(painter, option)
        length = self._geometry.length
        walls = _visible(self._walls, exposed)
        tile_pixels = screen_tile_size(painter, length(1))
        if tile_pixels < THIN_MIN_TILE_PIXELS:
            self._paint_thin(painter, walls, exposed)
            self._paint_handles(painter, exposed, tile_pixels)
            return
        if walls:
            # A light edge under the dark line keeps walls visible on dark maps too.
            edge = QPen(map_palette.WALL_EDGE, length(0.16))
            edge.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(edge)
            painter.drawLines(walls)
            wall = QPen(map_palette.WALL, length(0.1))
            wall.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(wall)
            painter.drawLines(walls)
        closed = _visible(self._closed_doors, exposed)
        if closed:
            painter.setPen(_flat_pen(map_palette.WALL, length(0.2)))
            painter.drawLines(closed)
            painter.setPen(_flat_pen(map_palette.DOOR_CLOSED, length(0.13)))
            painter.drawLines(closed)
        opened = _visible(self._open_doors, exposed)
        if opened:
            pen = QPen(map_palette.DOOR_OPEN, length(0.09), Qt.PenStyle.DashLine)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawLines(opened)
        self._paint_handles(painter, exposed, tile_pixels)

    def _paint_handles(self, painter: QPainter, exposed: QRectF, tile_pixels: float) -> None:
        """A knob on each door: where a click opens or closes it."""
        if not self._handles or tile_pixels < HANDLE_FROM_TILE_PIXELS:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scene_per_pixel = self._geometry.length(1) / max(tile_pixels, 1e-6)
        radius = max(self._geometry.length(HANDLE_TILES), HANDLE_MIN_PIXELS * scene_per_pixel) / 2
        outline = QPen(map_palette.WALL_EDGE, max(radius * 0.28, scene_per_pixel * 1.5))
        for centre, closed, locked in self._handles:
            box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            if not box.intersects(exposed):
                continue
            colour = map_palette.DOOR_CLOSED if closed else map_palette.DOOR_OPEN
            painter.setPen(outline)
            painter.setBrush(QBrush(colour) if closed else Qt.BrushStyle.NoBrush)
            if locked:
                painter.drawRect(box)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QBrush(map_palette.WALL_EDGE))
                hole = radius * 0.32
                painter.drawEllipse(centre, hole, hole)
            else:
                painter.drawEllipse(centre, radius, radius)
            if not closed:
                ring = QPen(colour, radius * 0.35)
                painter.setPen(ring)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, radius * 0.7, radius * 0.7)

    def _paint_thin(self, painter: QPainter, walls: list[QLineF], exposed: QRectF) -> None:
        """Zoomed far out: crisp two-pixel lines, one pass each (thick antialiased strokes
        would cost more than the rest of the frame and show no more)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for lines, colour in (
            (walls, map_palette.WALL),
            (_visible(self._closed_doors, exposed), map_palette.DOOR_CLOSED),
            (_visible(self._open_doors, exposed), map_palette.DOOR_OPEN),
        ):
            if lines:
                pen = QPen(colour, 2.0)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines(lines)


def wall_lines(
    geometry: GridGeometry, battle_map: Any
) -> tuple[list[QLineF], list[QLineF], list[QLineF]]:
    """The map's walls, closed doors and open doors as scene lines along the tile edges."""
    to_scene = geometry.corner_to_scene

    def line(segment: Any) -> QLineF:
        return QLineF(to_scene(segment.start), to_scene(segment.end))

    doors = list(battle_map.doors)
    return (
        [line(wall) for wall in battle_map.walls],
        [line(door) for door in doors if door.closed],
        [line(door) for door in doors if not door.closed],
    )


def _bounded(lines: list[QLineF], margin: float) -> list[tuple[QRectF, QLineF]]:
    """Each line with its bounding rect, made once so a frame only tests rects."""
    return [
        (QRectF(line.p1(), line.p2()).normalized().adjusted(-margin, -margin, margin, margin), line)
        for line in lines
    ]


def _visible(lines: list[tuple[QRectF, QLineF]], exposed: QRectF) -> list[QLineF]:
    return [line for bounds, line in lines if bounds.intersects(exposed)]


def _flat_pen(colour, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen
