"""Height: raised ground lighter, sunken ground darker, the number on each tile, cliffs outlined.

The shading is one colour per tile like the terrain, so the terrain layer blends it into its own
image (`tint()`): one full-screen image draw instead of two. This item draws what is not a tile
colour: the cliff edges and the numbers.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from typing import Any

from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.tile_image_layer import TileImageLayer

NUMBER_MIN_TILE_PIXELS = 30.0
# From this zoom every raised or sunken tile shows its number. Below it a number marks where a
# level begins: a tile whose left and upper neighbours both stand at another height (the
# top-left corner of each region, roughly), so ground that is all +1 reads "+1" once, not as a
# carpet of numbers.
EVERY_NUMBER_MIN_TILE_PIXELS = 110.0
# Below this a cliff is a thin crisp line: thick antialiased strokes would cost the frame.
THICK_CLIFF_MIN_TILE_PIXELS = 12.0
# Shading per tile of height, capped so a tower does not turn white.
SHADE_STEP = 45
SHADE_MAX = 150
# Ruling 20: a difference of 2 tiles or more is a cliff no automatic path crosses.
CLIFF_DIFFERENCE = 2
# A byte of a raised or sunken tile's two-byte height (level ground is all zero bytes): found by
# a scan in C, so a map mostly level is not read tile by tile.
_NONZERO_BYTE = re.compile(rb"[^\x00]")


class HeightLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._heights: dict[Tile, int] = {}
        # Cliff edges by tile row (a tile's right and bottom edges), so a frame reads only the
        # rows it shows.
        self._cliff_rows: list[list[QLineF]] = []
        self._step_rows: list[list[QLineF]] = []
        # (x, height) of raised or sunken tiles by row, sorted by x; and the subset labelled
        # when zoomed out a little.
        self._height_rows: list[list[tuple[int, int]]] = []
        self._label_rows: list[list[tuple[int, int]]] = []
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(int(geometry.length(0.34)))
        self._number_cache: dict[tuple[int, int], QImage] = {}
        # The map size and heights last loaded (None: nothing yet).
        self._loaded: tuple[int, int, bytes] | None = None

    def set_geometry(self, geometry: Any) -> None:
        super().set_geometry(geometry)
        self._loaded = None  # the image was cleared: the next load draws it again

    def load_map(self, battle_map: Any) -> None:
        # A map reload after a terrain fill finds the heights as they were: keep what was made.
        loaded = (battle_map.width, battle_map.height, bytes(battle_map.layer_codes("elevation")))
        if loaded == self._loaded:
            return
        self._loaded = loaded
        width = battle_map.width
        levels = battle_map.layer_codes("elevation")
        heights: dict[Tile, int] = {}
        for found in _NONZERO_BYTE.finditer(loaded[2]):
            index = found.start() // levels.itemsize
            heights[(index % width, index // width)] = levels[index]  # once if both bytes set
        self._heights = heights
        self._cliff_rows = self._cliff_lines(heights)
        # Steps of one tile: contour lines where the numbers are too small to draw.
        self._step_rows = self._cliff_lines(heights, steps=True)
        self._height_rows = [[] for _ in range(battle_map.height)]
        self._label_rows = [[] for _ in range(battle_map.height)]
        # `heights` was filled row by row, so each row's list comes out sorted by x.
        for (x, y), level in heights.items():
            self._height_rows[y].append((x, level))
            if heights.get((x - 1, y), 0) != level and heights.get((x, y - 1), 0) != level:
                self._label_rows[y].append((x, level))
        shades: dict[int, QColor] = {}
        for level in set(heights.values()):
            alpha = min(SHADE_MAX, SHADE_STEP * abs(level))
            shades[level] = QColor(255, 255, 255, alpha) if level > 0 else QColor(0, 0, 40, alpha)
        self.set_tile_colours({tile: shades[level] for tile, level in heights.items()})

    def tint(self) -> QImage:
        """The height shading, one pixel per tile, for the terrain layer to blend in."""
        return self._image

    def paint_image(self, painter: QPainter, tiles: tuple[int, int, int, int]) -> None:
        """The shading is painted by the terrain layer."""

    def height_at(self, tile: Tile) -> int:
        return self._heights.get(tile, 0)

    @property
    def cliff_count(self) -> int:
        return sum(len(row) for row in self._cliff_rows)

    @property
    def contour_count(self) -> int:
        return sum(len(row) for row in self._step_rows)

    def _paint_contours(self, painter: QPainter, tiles: tuple[int, int, int, int]) -> None:
        """Too far out for numbers: a dashed line where the ground steps up or down one tile,
        so raised ground still reads (the shading alone is faint on a busy map)."""
        # Contours show only when zoomed out, where the exposed columns are most of the map:
        # the exposed rows' lines go to Qt whole (it clips them) rather than being filtered one
        # by one in Python on every frame.
        _, y0, _, y1 = tiles
        lines = list(itertools.chain.from_iterable(self._step_rows[max(0, y0 - 1) : y1]))
        if not lines:
            return
        pen = QPen(map_palette.HEIGHT_CONTOUR, 1.5)
        pen.setCosmetic(True)  # the same on screen at every zoom
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLines(lines)

    def _cliff_lines(self, heights: dict[Tile, int], *, steps: bool = False) -> list[list[QLineF]]:
        """The edges between tiles CLIFF_DIFFERENCE or more apart (with `steps`: exactly one
        tile apart), by row."""

        def wanted(difference: int) -> bool:
            return difference == 1 if steps else difference >= CLIFF_DIFFERENCE

        edge_line = self._geometry.edge_line
        rows: list[list[QLineF]] = [[] for _ in range(self._geometry.height)]
        # Only tiles next to a raised or sunken tile can border a cliff.
        candidates = set(heights)
        for x, y in heights:
            candidates.update({(x - 1, y), (x, y - 1)})
        for x, y in candidates:
            if not self._geometry.in_bounds((x, y)):
                continue
            here = heights.get((x, y), 0)
            if x + 1 < self._geometry.width:
                if wanted(abs(here - heights.get((x + 1, y), 0))):
                    rows[y].append(edge_line((x, y), "right"))
            if y + 1 < self._geometry.height:
                if wanted(abs(here - heights.get((x, y + 1), 0))):
                    rows[y].append(edge_line((x, y), "bottom"))
        return rows

    def paint_details(self, painter: QPainter, exposed: QRectF, tiles) -> None:
        x0, y0, x1, y1 = tiles
        length = self._geometry.length
        left, right = length(x0), length(x1)
        pixels = self.tile_pixels(painter)
        # A row's lines reach one tile up (the right edge) and down (the bottom edge).
        lines = [
            line
            for row in self._cliff_rows[max(0, y0 - 1) : y1]
            for line in row
            if left <= max(line.x1(), line.x2()) and min(line.x1(), line.x2()) <= right
        ]
        if lines:
            if pixels >= THICK_CLIFF_MIN_TILE_PIXELS:
                pen = QPen(map_palette.CLIFF, length(0.12))
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            else:
                # One device pixel: thicker cosmetic lines take a slower rasteriser path.
                pen = QPen(map_palette.CLIFF, 1.0)
                pen.setCosmetic(True)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(pen)
            painter.drawLines(lines)
        if self._heights and pixels < NUMBER_MIN_TILE_PIXELS:
            self._paint_contours(painter, tiles)
            return
        if not self._heights:
            return
        every = pixels >= EVERY_NUMBER_MIN_TILE_PIXELS
        visible: list[tuple[Tile, int]] = []
        for y in range(y0, y1):
            row = self._label_rows[y] if not every else self._height_rows[y]
            if row:
                xs = [x for x, _ in row]
                visible.extend(
                    ((x, y), level) for x, level in row[bisect_left(xs, x0) : bisect_left(xs, x1)]
                )
        # Labels are blitted unscaled in device pixels: text layout and scaled drawing are the
        # dearest things a frame would otherwise do per tile.
        transform = painter.worldTransform()
        font_pixels = max(6, round(pixels * 0.34))
        painter.save()
        painter.resetTransform()
        for (x, y), level in visible:
            # Bottom-left corner, out of the way of a token's name in the middle.
            corner = transform.map(QPointF(length(x) + 3, length(y) + length(0.56)))
            painter.drawImage(
                QPoint(round(corner.x()), round(corner.y())), self._number(level, font_pixels)
            )
        painter.restore()

    def _number(self, level: int, font_pixels: int) -> QImage:
        """The label for a height at a font size, drawn once and reused."""
        key = (level, font_pixels)
        image = self._number_cache.get(key)
        if image is None:
            if len(self._number_cache) > 256:
                self._number_cache.clear()  # zoomed through many sizes: start again
            font = QFont(self._font)
            font.setPixelSize(font_pixels)
            text = f"{level:+d}"
            metrics = QFontMetricsF(font)
            image = QImage(
                int(metrics.horizontalAdvance(text)) + 4,
                int(metrics.height()) + 3,
                QImage.Format.Format_ARGB32_Premultiplied,
            )
            image.fill(0)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            painter.setFont(font)
            box = QRectF(image.rect())
            painter.setPen(QColor(0, 0, 0, 210))
            painter.drawText(box.translated(1.5, 1.5), Qt.AlignmentFlag.AlignLeft, text)
            painter.setPen(QColor(255, 255, 255) if level > 0 else QColor(255, 235, 150))
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft, text)
            painter.end()
            self._number_cache[key] = image
        return image
