"""Walls, doors, windows and objects for the players: thick enough to read from two metres,
drawn over the fog's edge so a revealed room shows its whole outline, and never inside
unrevealed ground.

The GM's wall layer draws a wall centred on a tile edge; under the players' fog half of it
would vanish into a fogged neighbour. This layer sits above the fog and clips to the revealed
tiles grown by half a wall's width: the wall beside a revealed tile shows whole, a wall between
two fogged tiles not at all. Which pieces of walls and doors the players see is the core's
decision (`player_projection.wall_pieces`, the same the phones get); the clip only keeps each
stroke's width from spilling into the fog.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.player_projection import wall_pieces
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.map_layer import MapLayer

# Widths in tiles: about 6 mm and 4 mm on a true-scale table.
WALL_WIDTH = 0.24
EDGE_WIDTH = 0.34
DOOR_WIDTH = 0.2
OBJECT_WIDTH = 0.1
PLAYER_WALL = QColor("#101010")
PLAYER_WALL_EDGE = QColor("#f5f5f5")
# Just above the fog (fog_layer.FOG_Z), under paths and tokens.
WALLS_OVER_FOG_Z = 66.0


class PlayerWallLayer(MapLayer):
    OVERHANG_TILES = EDGE_WIDTH

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._walls: list[QLineF] = []
        self._closed: list[QLineF] = []
        self._open: list[QLineF] = []
        self._windows: list[QLineF] = []
        self._objects: list[QLineF] = []
        self._clip = QPainterPath()
        self._map: Any = None
        self._fog: Fog | None = None
        self.setZValue(WALLS_OVER_FOG_Z)

    def load_map(self, battle_map: Any) -> None:
        self._map = battle_map
        self._load_pieces()

    def _load_pieces(self) -> None:
        """The wall, door, window and object pieces the players see, as scene lines by kind."""
        kinds = ("wall", "door", "open door", "window", "object")
        lines: dict[str, list[QLineF]] = {kind: [] for kind in kinds}
        if self._map is not None and self._fog is not None:
            to_scene = self._geometry.corner_to_scene
            for piece in wall_pieces(self._map, self._fog):
                if piece.kind in lines:
                    lines[piece.kind].append(QLineF(to_scene(piece.start), to_scene(piece.end)))
        self._walls, self._closed, self._open = lines["wall"], lines["door"], lines["open door"]
        self._windows, self._objects = lines["window"], lines["object"]
        self.update()

    def load_fog(self, fog: Fog) -> None:
        """Clip to the revealed tiles, each grown by half the widest stroke."""
        self._fog = fog
        self._load_pieces()
        self._clip = revealed_path(self._geometry, fog, self._geometry.length(EDGE_WIDTH) / 2)
        self.update()

    @property
    def counts(self) -> tuple[int, int, int]:
        """(walls, closed doors, open doors) as drawn."""
        return len(self._walls), len(self._closed), len(self._open)

    @property
    def feature_counts(self) -> tuple[int, int]:
        """(window pieces, object outline pieces) as drawn."""
        return len(self._windows), len(self._objects)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._clip.isEmpty():
            return
        length = self._geometry.length
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setClipPath(self._clip, Qt.ClipOperation.IntersectClip)
        flat, square, round_ = (
            Qt.PenCapStyle.FlatCap,
            Qt.PenCapStyle.SquareCap,
            Qt.PenCapStyle.RoundCap,
        )
        walls = ((PLAYER_WALL_EDGE, EDGE_WIDTH), (PLAYER_WALL, WALL_WIDTH))
        self._stroke(painter, self._walls, square, walls)
        closed = ((PLAYER_WALL, EDGE_WIDTH), (map_palette.DOOR_CLOSED, DOOR_WIDTH))
        self._stroke(painter, self._closed, flat, closed)
        if self._open:
            pen = QPen(map_palette.DOOR_OPEN, length(0.1), Qt.PenStyle.DashLine)
            pen.setCapStyle(flat)
            painter.setPen(pen)
            painter.drawLines(self._open)
        # Glass over a dark edge, as on the GM's map: seen through, not crossed.
        glass = ((PLAYER_WALL, EDGE_WIDTH), (map_palette.WINDOW, DOOR_WIDTH))
        self._stroke(painter, self._windows, flat, glass)
        # A pillar's or table's outline: it blocks, so the players see it.
        outline = ((PLAYER_WALL, OBJECT_WIDTH + 0.06), (map_palette.OBJECT_EDGE, OBJECT_WIDTH))
        self._stroke(painter, self._objects, round_, outline)

    def _stroke(
        self,
        painter: QPainter,
        lines: list[QLineF],
        cap: Qt.PenCapStyle,
        layers: tuple[tuple[QColor, float], ...],
    ) -> None:
        """Draw `lines` once per (colour, width in tiles) layer, the first underneath."""
        if not lines:
            return
        for colour, width in layers:
            pen = QPen(colour, self._geometry.length(width))
            pen.setCapStyle(cap)
            painter.setPen(pen)
            painter.drawLines(lines)


def revealed_path(geometry: GridGeometry, fog: Fog, grow: float = 0.0) -> QPainterPath:
    """The revealed tiles as one area in scene units, each tile grown by `grow` on every side
    (empty when the fog does not fit the map)."""
    length = geometry.length
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    if fog.width == geometry.width and fog.height == geometry.height:
        for x, y, run in fog.to_dict()["revealed"]:
            path.addRect(
                QRectF(
                    length(x) - grow, length(y) - grow, length(run) + 2 * grow, length(1) + 2 * grow
                )
            )
    return path
