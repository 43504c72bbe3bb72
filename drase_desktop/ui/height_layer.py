"""Height: raised ground lighter, sunken ground darker, the number on each tile, cliffs outlined."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPen

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.tile_image_layer import TileImageLayer, screen_tile_size

NUMBER_MIN_TILE_PIXELS = 26.0
# Shading per tile of height, capped so a tower does not turn white.
SHADE_STEP = 28
SHADE_MAX = 150
# Ruling 20: a difference of 2 tiles or more is a cliff no automatic path crosses.
CLIFF_DIFFERENCE = 2


class HeightLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._heights: dict[Tile, int] = {}
        self._cliffs: list[QLineF] = []
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(int(geometry.tile_size * 0.34))

    def load_map(self, battle_map: Any) -> None:
        width = battle_map.width
        heights: dict[Tile, int] = {
            (index % width, index // width): level
            for index, level in enumerate(battle_map.layer_codes("elevation"))
            if level
        }
        self._heights = heights
        self._cliffs = self._cliff_lines(heights)
        colours = {}
        for tile, level in heights.items():
            alpha = min(SHADE_MAX, SHADE_STEP * abs(level))
            colours[tile] = QColor(255, 255, 255, alpha) if level > 0 else QColor(0, 0, 40, alpha)
        self.set_tile_colours(colours)

    def height_at(self, tile: Tile) -> int:
        return self._heights.get(tile, 0)

    def _cliff_lines(self, heights: dict[Tile, int]) -> list[QLineF]:
        size = self._geometry.tile_size
        lines = []
        # Only tiles next to a raised or sunken tile can border a cliff.
        candidates = set(heights)
        for x, y in list(heights):
            candidates.update({(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)})
        for x, y in candidates:
            if not self._geometry.in_bounds((x, y)):
                continue
            here = heights.get((x, y), 0)
            if x + 1 < self._geometry.width:
                if abs(here - heights.get((x + 1, y), 0)) >= CLIFF_DIFFERENCE:
                    lines.append(QLineF((x + 1) * size, y * size, (x + 1) * size, (y + 1) * size))
            if y + 1 < self._geometry.height:
                if abs(here - heights.get((x, y + 1), 0)) >= CLIFF_DIFFERENCE:
                    lines.append(QLineF(x * size, (y + 1) * size, (x + 1) * size, (y + 1) * size))
        return lines

    def paint_details(self, painter, option, tiles) -> None:
        if self._cliffs:
            pen = QPen(map_palette.CLIFF, self._geometry.tile_size * 0.12)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            exposed = option.exposedRect
            painter.drawLines([line for line in self._cliffs if _touches(line, exposed)])
        if not self._heights or screen_tile_size(painter, self._geometry) < NUMBER_MIN_TILE_PIXELS:
            return
        x0, y0, x1, y1 = tiles
        size = self._geometry.tile_size
        painter.setFont(self._font)
        if (x1 - x0) * (y1 - y0) < len(self._heights):
            visible = [
                ((x, y), self._heights[(x, y)])
                for y in range(y0, y1)
                for x in range(x0, x1)
                if (x, y) in self._heights
            ]
        else:
            visible = [
                (tile, level)
                for tile, level in self._heights.items()
                if x0 <= tile[0] < x1 and y0 <= tile[1] < y1
            ]
        for (x, y), level in visible:
            # Bottom-left corner, out of the way of a token's name in the middle.
            box = QRectF(x * size + 3, y * size + size * 0.58, size * 0.6, size * 0.4)
            painter.setPen(QColor(0, 0, 0, 200))
            painter.drawText(box.translated(1, 1), Qt.AlignmentFlag.AlignLeft, f"{level:+d}")
            painter.setPen(QColor(255, 255, 255) if level > 0 else QColor(255, 235, 150))
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft, f"{level:+d}")


def _touches(line: QLineF, rect: QRectF) -> bool:
    return QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(rect)
