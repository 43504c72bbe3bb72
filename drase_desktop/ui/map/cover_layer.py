"""Cover features: a brown block per tile, stronger for stronger cover, marked ½ / ¾ / slit."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.board.battle_map import COVER_LEVELS
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.level_of_detail import exposed_rect, screen_tile_size
from drase_desktop.ui.map.map_layer import MapLayer

MARK_MIN_TILE_PIXELS = 20.0
# How much of the tile the block covers, by level: bigger block, better cover.
INSET = {"half": 0.3, "three-quarter": 0.2, "full": 0.08, "embrasure": 0.08}
# A tile with some cover (code 0 is none): found by a scan in C, not tile by tile.
_SOME_COVER = re.compile(rb"[^\x00]")


class CoverLayer(MapLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._cover: dict[Tile, str] = {}
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(int(geometry.length(0.42)))

    def load_map(self, battle_map: Any) -> None:
        width = battle_map.width
        codes = bytes(battle_map.layer_codes("cover"))
        self._cover = {
            (index % width, index // width): COVER_LEVELS[codes[index]]
            for index in (found.start() for found in _SOME_COVER.finditer(codes))
        }
        self.update()

    def cover_at(self, tile: Tile) -> str:
        return self._cover.get(tile, "none")

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._cover:
            return
        x0, y0, x1, y1 = self._geometry.tile_range(exposed_rect(painter, option))
        if (x1 - x0) * (y1 - y0) < len(self._cover):
            visible = [
                ((x, y), self._cover[(x, y)])
                for y in range(y0, y1)
                for x in range(x0, x1)
                if (x, y) in self._cover
            ]
        else:
            visible = [
                (tile, level)
                for tile, level in self._cover.items()
                if x0 <= tile[0] < x1 and y0 <= tile[1] < y1
            ]
        if not visible:
            return
        geometry = self._geometry
        marks = screen_tile_size(painter, geometry.length(1)) >= MARK_MIN_TILE_PIXELS
        by_level: dict[str, list[QRectF]] = {}
        for tile, level in visible:
            by_level.setdefault(level, []).append(
                geometry.inset_tile_rect(tile, INSET.get(level, 0.3))
            )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(QColor(255, 240, 200, 220), 0) if marks else Qt.PenStyle.NoPen)
        for level, boxes in by_level.items():
            painter.setBrush(
                map_palette.COVER_COLOURS.get(level, map_palette.COVER_COLOURS["half"])
            )
            painter.drawRects(boxes)
        if not marks:
            return
        mark_colour = QColor(255, 240, 200)
        painter.setFont(self._font)
        painter.setPen(mark_colour)
        for level, boxes in by_level.items():
            text = map_palette.COVER_TEXT.get(level, "")
            for box in boxes:
                if level == "embrasure":
                    slit = QRectF(
                        box.left(),
                        box.center().y() - geometry.length(0.05),
                        box.width(),
                        geometry.length(0.1),
                    )
                    painter.fillRect(slit, mark_colour)
                elif text:
                    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
