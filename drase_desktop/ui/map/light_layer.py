"""Light and obscuration as one translucent tint: darkness blue-black, obscuration zones fog white.

Passive: the scene hands it, per tile, the cause of obscuration that counts (poor light or a
zone; see `board.light_tints`), and it keeps one colour per tile. The terrain
layer blends that tint into its own image (`tint()`); this item itself only marks the light
sources: a small sun, and a dashed ring where their bright light ends.

An antialiased dashed circle is dear to rasterise (a quarter of a millisecond per ring on a
screen), so the marks of each source wholly on screen are drawn once into an image at the
view's scale and sub-pixel offset, and blitted in later frames until the zoom changes.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTransform

from drase_desktop.board import light_tints
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.level_of_detail import device_pixel_ratio
from drase_desktop.ui.map.tile_image_layer import TileImageLayer

SOURCE_MIN_TILE_PIXELS = 8.0
# A source's marks bigger than this many device pixels a side are drawn directly, not cached.
MAX_MARK_IMAGE_SIDE = 2048
# Cached mark images kept at most (zooming through many scales drops them all).
MAX_MARK_IMAGES = 64
LIGHT_TINTS: dict[str, QColor] = {"dim": map_palette.DIM_TINT, "dark": map_palette.DARK_TINT}
# Colour per light_tints.TINT_* code.
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
        # (device scale x, y, radius, sub-pixel offset x, y) -> the marks of a source drawn at
        # that scale and offset, and where its centre sits in the image.
        self._mark_images: dict[tuple[float, ...], tuple[QImage, int, int]] = {}

    def set_sources(self, lights: list) -> None:
        """The map's light sources (each with `position` in tiles and `radius`)."""
        geometry = self._geometry
        self._sources = [
            (geometry.corner_to_scene(light.position), geometry.length(light.radius))
            for light in lights
        ]
        self.update()

    @property
    def source_count(self) -> int:
        return len(self._sources)

    def paint_details(self, painter: QPainter, exposed: QRectF, tiles) -> None:
        if not self._sources or self.tile_pixels(painter) < SOURCE_MIN_TILE_PIXELS:
            return
        size = self._geometry.length(1)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        device = painter.deviceTransform()
        # The world -> device scale of the painter's device (a high-DPI screen), needed to blit
        # an image of device pixels; cached images only for an upright, unrotated view, and
        # not inside a kept board picture (it keeps the marks already, drawn exactly).
        device_scale = device_pixel_ratio(painter)
        cached = (
            self.drawn_by is None
            and device.type().value <= QTransform.TransformationType.TxScale.value
            and device.m11() > 0
            and device.m22() > 0
            and device_scale is not None
        )
        world = painter.worldTransform()
        screen = _device_rect(painter)
        for centre, radius in self._sources:
            reach = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            if not reach.adjusted(-size, -size, size, size).intersects(exposed):
                continue
            # Qt dashes a ring running off the device only roughly, so the dashes of such a
            # ring would land elsewhere in an image of its own: those are drawn directly.
            marks = max(radius, self._geometry.length(0.2)) + self._geometry.length(0.04)
            inside = screen.adjusted(2, 2, -2, -2).contains(
                world.mapRect(QRectF(centre.x() - marks, centre.y() - marks, 2 * marks, 2 * marks))
            )
            if (
                cached
                and inside
                and device_scale is not None
                and self._blit_marks(painter, device, device_scale, centre, radius)
            ):
                continue
            self._draw_marks(painter, centre, radius)

    def _draw_marks(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        """A source's dashed ring where its bright light ends, and the sun at its centre."""
        length = self._geometry.length
        painter.setPen(QPen(map_palette.LIGHT_SOURCE, length(0.04), Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(QPen(QColor(60, 40, 0), length(0.04)))
        painter.setBrush(map_palette.LIGHT_SOURCE)
        painter.drawEllipse(centre, length(0.18), length(0.18))

    def _blit_marks(
        self,
        painter: QPainter,
        device: QTransform,
        device_scale: float,
        centre: QPointF,
        radius: float,
    ) -> bool:
        """Blit the source's marks from an image drawn at this scale and sub-pixel offset (drawn
        now if missing); False when they are too big to keep as an image."""
        sx, sy = device.m11(), device.m22()
        x = centre.x() * sx + device.dx()
        y = centre.y() * sy + device.dy()
        whole_x, whole_y = math.floor(x), math.floor(y)
        key = (sx, sy, radius, x - whole_x, y - whole_y)
        found = self._mark_images.get(key)
        if found is None:
            found = self._mark_image(sx, sy, radius, x - whole_x, y - whole_y)
            if found is None:
                return False
            if len(self._mark_images) >= MAX_MARK_IMAGES:
                self._mark_images.clear()
            self._mark_images[key] = found
        image, half_x, half_y = found
        painter.save()
        # Device pixels: the world transform undoes only the screen's own scale, if any.
        painter.setWorldTransform(QTransform.fromScale(1 / device_scale, 1 / device_scale))
        painter.drawImage(QPoint(whole_x - half_x, whole_y - half_y), image)
        painter.restore()
        return True

    def _mark_image(
        self, sx: float, sy: float, radius: float, offset_x: float, offset_y: float
    ) -> tuple[QImage, int, int] | None:
        # Half the image: the ring's radius and half its pen, plus room for antialiasing.
        half_pen = self._geometry.length(0.02)
        half_x = math.ceil((radius + half_pen) * sx) + 2
        half_y = math.ceil((radius + half_pen) * sy) + 2
        if max(half_x, half_y) * 2 > MAX_MARK_IMAGE_SIDE:
            return None
        image = QImage(2 * half_x, 2 * half_y, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setTransform(QTransform(sx, 0, 0, sy, half_x + offset_x, half_y + offset_y))
        self._draw_marks(painter, QPointF(0, 0), radius)
        painter.end()
        return image, half_x, half_y

    def set_tint_codes(self, codes: bytes) -> None:
        """The whole overlay from one `light_tints.TINT_*` code per tile, row by row (the
        fast path for a map load: no per-tile Python objects until a tile is asked about)."""
        self._codes = bytes(codes)
        self._light, self._zones = {}, {}
        self.set_tile_codes(self._codes, TINT_TABLE)
        if not any(self._codes):
            self._content = (0, 0, 0, 0)

    def _ensure_levels(self) -> None:
        """Turn the codes of the last `set_tint_codes` into the per-tile dicts, once."""
        if self._codes is not None:
            self._light, self._zones = light_tints.tint_levels(self._codes, self._geometry.width)
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


def _device_rect(painter: QPainter) -> QRectF:
    """The painter's whole device in its logical (world -> device before any screen scale)
    coordinates; empty when there is no device."""
    device = painter.device()
    if device is None:
        return QRectF()
    ratio = device.devicePixelRatioF() or 1.0
    return QRectF(0.0, 0.0, device.width() / ratio, device.height() / ratio)
