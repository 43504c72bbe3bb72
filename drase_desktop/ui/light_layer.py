"""Light and obscuration as one translucent overlay: darkness tints blue-black, zones fog white.

Passive: the scene hands it the light level and the obscuration zone of each tile (computed by
the board), and it keeps them as two one-pixel-per-tile images.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.tile_image_layer import TileImageLayer

LIGHT_TINTS: dict[str, QColor] = {"dim": map_palette.DIM_TINT, "dark": map_palette.DARK_TINT}


class LightLayer(TileImageLayer):
    """The darkness image is the base image; the fog image is painted over it."""

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._fog = self._blank_image()
        self._light: dict[Tile, str] = {}
        self._zones: dict[Tile, str] = {}

    def set_geometry(self, geometry: GridGeometry) -> None:
        super().set_geometry(geometry)
        self._fog = self._blank_image()

    def set_levels(self, light: dict[Tile, str], zones: dict[Tile, str]) -> None:
        """`light`: tiles that are "dim" or "dark" (others bright); `zones`: obscured tiles."""
        self._light = dict(light)
        self._zones = dict(zones)
        fog = self._blank_image()
        for (x, y), level in zones.items():
            tint = map_palette.FOG_TINTS.get(level)
            if tint is not None and 0 <= x < fog.width() and 0 <= y < fog.height():
                fog.setPixelColor(x, y, tint)
        self._fog = fog
        self.set_tile_colours(
            {tile: LIGHT_TINTS[level] for tile, level in light.items() if level in LIGHT_TINTS}
        )

    def light_at(self, tile: Tile) -> str:
        return self._light.get(tile, "bright")

    def zone_at(self, tile: Tile) -> str:
        return self._zones.get(tile, "none")

    def paint_details(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, tiles: tuple[int, int, int, int]
    ) -> None:
        if not self._zones:
            return
        x0, y0, x1, y1 = tiles
        size = self._geometry.tile_size
        painter.drawImage(
            QRectF(x0 * size, y0 * size, (x1 - x0) * size, (y1 - y0) * size),
            self._fog,
            QRectF(x0, y0, x1 - x0, y1 - y0),
        )
