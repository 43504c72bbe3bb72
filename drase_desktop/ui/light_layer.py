"""Light and obscuration as one translucent tint: darkness blue-black, obscuration zones fog white.

Passive: the scene hands it, per tile, the cause of obscuration that counts (poor light or a
zone; see `board_queries.light_and_obscuration`), and it keeps one colour per tile. The terrain
layer blends that tint into its own image (`tint()`), so this item paints nothing itself: it only
holds the tint and answers what each tile shows.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.ui import map_palette
from drase_desktop.ui.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.tile_image_layer import TileImageLayer

LIGHT_TINTS: dict[str, QColor] = {"dim": map_palette.DIM_TINT, "dark": map_palette.DARK_TINT}


class LightLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._light: dict[Tile, str] = {}
        self._zones: dict[Tile, str] = {}

    def set_levels(self, light: dict[Tile, str], zones: dict[Tile, str]) -> None:
        """`light`: tiles darkened to "dim" or "dark" (others bright); `zones`: fogged tiles."""
        self._light = dict(light)
        self._zones = dict(zones)
        colours = {
            tile: LIGHT_TINTS[level] for tile, level in light.items() if level in LIGHT_TINTS
        }
        colours.update(
            {
                tile: map_palette.FOG_TINTS[level]
                for tile, level in zones.items()
                if level in map_palette.FOG_TINTS
            }
        )
        self.set_tile_colours(colours)

    def update_tiles(self, light: dict[Tile, str], zones: dict[Tile, str]) -> None:
        """Re-tint only the tiles named in `light` or `zones` (an editor dab): each maps to its
        level now ("bright" / "none" clears it)."""
        image = self._image
        x0, y0, x1, y1 = self._content
        for tile, level in light.items():
            self._light.pop(tile, None)
            if level in LIGHT_TINTS:
                self._light[tile] = level
        for tile, level in zones.items():
            self._zones.pop(tile, None)
            if level in map_palette.FOG_TINTS:
                self._zones[tile] = level
        for tile in {*light, *zones}:
            x, y = tile
            if not (0 <= x < image.width() and 0 <= y < image.height()):
                continue
            colour = map_palette.FOG_TINTS.get(self._zones.get(tile, "none"))
            if colour is None:
                colour = LIGHT_TINTS.get(self._light.get(tile, "bright"))
            image.setPixelColor(x, y, colour if colour is not None else QColor(0, 0, 0, 0))
            if colour is not None:
                if x1 <= x0:
                    x0, y0, x1, y1 = x, y, x + 1, y + 1
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1)
        self._content = (x0, y0, x1, y1)

    def tint(self) -> QImage:
        return self._image

    def paint_image(self, painter: QPainter, tiles: tuple[int, int, int, int]) -> None:
        """Painted by the terrain layer, under the grid, walls and tokens."""

    def light_at(self, tile: Tile) -> str:
        return self._light.get(tile, "bright")

    def zone_at(self, tile: Tile) -> str:
        return self._zones.get(tile, "none")
