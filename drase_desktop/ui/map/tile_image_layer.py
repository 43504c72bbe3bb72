"""A layer whose look is one colour per tile, kept as a QImage of one pixel per tile.

Painting scales only the exposed part of that image onto the scene without smoothing, so a
200 x 200 map costs one `drawImage` per frame whatever the zoom: never an item per tile.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.level_of_detail import exposed_rect, screen_tile_size
from drase_desktop.ui.map.map_layer import MapLayer


class TileImageLayer(MapLayer):
    """Base for layers that colour whole tiles; subclasses fill `self._image` and may draw more."""

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._image = self._blank_image()
        # Tiles (x0, y0, x1, y1), ends exclusive, outside which the image is transparent: a
        # small overlay (reachable tiles) then costs nothing on the rest of the screen.
        self._content = (0, 0, 0, 0)

    def _blank_image(self) -> QImage:
        image = QImage(
            self._geometry.width, self._geometry.height, QImage.Format.Format_ARGB32_Premultiplied
        )
        image.fill(Qt.GlobalColor.transparent)
        return image

    def set_geometry(self, geometry: GridGeometry) -> None:
        super().set_geometry(geometry)
        self._image = self._blank_image()
        self._content = (0, 0, 0, 0)

    def set_tile_colours(
        self, colours: dict[Tile, QColor], changed: Iterable[Tile] | None = None
    ) -> None:
        """Replace the whole image: listed tiles get their colour, the rest are transparent.

        `changed`, when given, names every tile whose colour may differ from before, and only
        their rect is repainted: an overlay that follows each editor dab costs a small rect.

        Built as one byte per tile indexing a colour table (Qt converts it in C), so a tint
        covering a whole 200 x 200 map costs a few milliseconds, not a call per pixel."""
        width, height = self._geometry.width, self._geometry.height
        table: dict[int, int] = {0: 0}  # rgba -> code; code 0 is transparent
        codes = bytearray(width * height)
        xs: list[int] = []
        ys: list[int] = []
        for (x, y), colour in colours.items():
            if not (0 <= x < width and 0 <= y < height) or not colour.alpha():
                continue
            rgba = colour.rgba()
            code = table.get(rgba)
            if code is None:
                if len(table) == 256:
                    self._set_pixel_by_pixel(colours)
                    return
                code = table[rgba] = len(table)
            codes[y * width + x] = code
            xs.append(x)
            ys.append(y)
        rgbas = sorted(table, key=table.__getitem__)
        dirty = None if changed is None else self._tiles_rect(changed)
        self.set_tile_codes(codes, [QColor.fromRgba(rgba) for rgba in rgbas], dirty=dirty)
        self._content = (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else (0, 0, 0, 0)

    def _tiles_rect(self, tiles: Iterable[Tile]) -> QRectF:
        """The scene rect around `tiles` (empty for none)."""
        tiles = list(tiles)
        if not tiles:
            return QRectF()
        x0 = min(x for x, _ in tiles)
        y0 = min(y for _, y in tiles)
        x1 = max(x for x, _ in tiles) + 1
        y1 = max(y for _, y in tiles) + 1
        return self._geometry.span_rect(x0, y0, x1, y1)

    def _set_pixel_by_pixel(self, colours: dict[Tile, QColor]) -> None:
        """More than 255 distinct colours: the slow way."""
        image = self._blank_image()
        for (x, y), colour in colours.items():
            if 0 <= x < image.width() and 0 <= y < image.height():
                image.setPixelColor(x, y, colour)
        self.set_image(image)

    def set_image(self, image: QImage, dirty: QRectF | None = None) -> None:
        """Replace the whole image (one pixel per tile, premultiplied ARGB); repaint `dirty`
        (a scene rect) when only that part can differ, else everything."""
        self._image = image
        self._content = (0, 0, self._geometry.width, self._geometry.height)
        if dirty is None:
            self.update()
        elif not dirty.isEmpty():
            self.update(dirty)

    @property
    def image(self) -> QImage:
        return self._image

    def set_tile_codes(
        self,
        codes: bytes | bytearray | memoryview,
        table: list[QColor],
        dirty: QRectF | None = None,
    ) -> None:
        """Replace the whole image from one byte per tile (row by row) and a colour per code.

        Qt builds the image from an indexed table in C, so a 200 x 200 map loads in microseconds.
        """
        width, height = self._geometry.width, self._geometry.height
        data = bytes(codes)
        if len(data) != width * height:
            raise ValueError(f"expected {width * height} tile codes, got {len(data)}")
        indexed = QImage(data, width, height, width, QImage.Format.Format_Indexed8)
        indexed.setColorTable([colour.rgba() for colour in table])
        # convertToFormat copies, so the image no longer refers to `data`.
        self.set_image(
            indexed.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied), dirty=dirty
        )

    def tile_colour(self, tile: Tile) -> QColor:
        """The colour this layer gives `tile` (for tests and the inspector)."""
        return self._image.pixelColor(tile[0], tile[1])

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = exposed_rect(painter, option)
        x0, y0, x1, y1 = self._geometry.tile_range(exposed)
        if x1 <= x0 or y1 <= y0:
            return
        self.paint_image(painter, (x0, y0, x1, y1))
        self.paint_details(painter, exposed, (x0, y0, x1, y1))

    def paint_image(self, painter: QPainter, tiles: tuple[int, int, int, int]) -> None:
        """Scale the exposed part of the one-pixel-per-tile image onto the map."""
        cx0, cy0, cx1, cy1 = self._content
        x0, y0 = max(tiles[0], cx0), max(tiles[1], cy0)
        x1, y1 = min(tiles[2], cx1), min(tiles[3], cy1)
        if x1 <= x0 or y1 <= y0:
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(
            self._geometry.span_rect(x0, y0, x1, y1),
            self._image,
            QRectF(x0, y0, x1 - x0, y1 - y0),
        )

    def paint_details(
        self, painter: QPainter, exposed: QRectF, tiles: tuple[int, int, int, int]
    ) -> None:
        """Hook for what a colour cannot say (numbers, hatching): `exposed` is the part of the
        map to paint, `tiles` the same as a tile range (x0, y0, x1, y1), ends exclusive."""

    def tile_pixels(self, painter: QPainter) -> float:
        """Screen pixels per tile at the painter's zoom."""
        return screen_tile_size(painter, self._geometry.length(1))
