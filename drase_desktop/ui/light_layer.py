"""Light and obscuration as one translucent tint: darkness blue-black, obscuration zones fog white.

Passive: the scene hands it, per tile, the cause of obscuration that counts (poor light or a
zone; see `board_queries.light_and_obscuration`), and it keeps one colour per tile. The terrain
layer blends that tint into its own image (`tint()`); this item itself only marks the light
sources: a small sun, and a dashed ring where their bright light ends.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from drase_desktop.ui import board_queries, map_palette
from drase_desktop.ui.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.tile_image_layer import TileImageLayer

SOURCE_MIN_TILE_PIXELS = 8.0
LIGHT_TINTS: dict[str, QColor] = {"dim": map_palette.DIM_TINT, "dark": map_palette.DARK_TINT}
# Colour per board_queries.TINT_* code.
TINT_TABLE = [
    QColor(0, 0, 0, 0),
    map_palette.FOG_TINTS["light"],
    map_palette.FOG_TINTS["heavy"],
    map_palette.FOG_TINTS["total"],
    map_palette.DIM_TINT,
    map_palette.DARK_TINT,
]


class LightLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._light: dict[Tile, str] = {}
        self._zones: dict[Tile, str] = {}
        # Codes from `set_tint_codes` not yet turned into the dicts above (see _ensure_levels).
        self._codes: bytes | None = None
        # (centre in scene coordinates, bright radius in scene units) per light source.
        self._sources: list[tuple[QPointF, float]] = []

    def set_sources(self, lights: list) -> None:
        """The map's light sources (each with `position` in tiles and `radius`)."""
        size = self._geometry.tile_size
        self._sources = [
            (self._geometry.corner_to_scene(light.position), light.radius * size)
            for light in lights
        ]
        self.update()

    @property
    def source_count(self) -> int:
        return len(self._sources)

    def paint_details(self, painter: QPainter, exposed: QRectF, tiles) -> None:
        if not self._sources or self.tile_pixels(painter) < SOURCE_MIN_TILE_PIXELS:
            return
        size = self._geometry.tile_size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        ring = QPen(map_palette.LIGHT_SOURCE, size * 0.04, Qt.PenStyle.DashLine)
        for centre, radius in self._sources:
            reach = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            if not reach.adjusted(-size, -size, size, size).intersects(exposed):
                continue
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius, radius)
            painter.setPen(QPen(QColor(60, 40, 0), size * 0.04))
            painter.setBrush(map_palette.LIGHT_SOURCE)
            painter.drawEllipse(centre, size * 0.18, size * 0.18)

    def set_tint_codes(self, codes: bytes) -> None:
        """The whole overlay from one `board_queries.TINT_*` code per tile, row by row (the
        fast path for a map load: no per-tile Python objects until a tile is asked about)."""
        self._codes = bytes(codes)
        self._light, self._zones = {}, {}
        self.set_tile_codes(self._codes, TINT_TABLE)
        if not any(self._codes):
            self._content = (0, 0, 0, 0)

    def _ensure_levels(self) -> None:
        """Turn the codes of the last `set_tint_codes` into the per-tile dicts, once."""
        if self._codes is not None:
            self._light, self._zones = board_queries.tint_levels(self._codes, self._geometry.width)
            self._codes = None

    def set_levels(self, light: dict[Tile, str], zones: dict[Tile, str]) -> None:
        """`light`: tiles darkened to "dim" or "dark" (others bright); `zones`: fogged tiles."""
        self._codes = None
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
        self._ensure_levels()
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
        self._ensure_levels()
        return self._light.get(tile, "bright")

    def zone_at(self, tile: Tile) -> str:
        self._ensure_levels()
        return self._zones.get(tile, "none")
