"""The ground: the map's background image, or terrain colours, with difficult ground hatched.

Height shading and the light/obscuration tint are also one colour per tile, so they are blended
into this layer's one-pixel-per-tile image (`set_tint`) rather than painted as layers of their
own: a frame then blends one image over the screen instead of three.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QImageReader, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from drase_desktop.board.battle_map import DIFFICULT_KINDS, TERRAIN_KINDS
from drase_desktop.refusal import Refusal
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.image_loader import (
    ImageLoader,
    decode_image,
    recall_display,
    remember_display,
)
from drase_desktop.ui.map.level_of_detail import exposed_rect
from drase_desktop.ui.map.tile_image_layer import TileImageLayer

# A battlemap image is kept at most this sharp: more detail than this is never seen at a table,
# and a 200-tile map at 140 px per tile would be a 28,000 px image.
MAX_DISPLAY_PIXELS_PER_TILE = 48.0
MAX_DISPLAY_SIDE = 8192
# Below this many screen pixels per tile the hatch is noise.
HATCH_MIN_TILE_PIXELS = 10.0
# The terrain codes drawn hatched: difficult ground.
_DIFFICULT_CODES = frozenset(
    code for code, kind in enumerate(TERRAIN_KINDS) if kind in DIFFICULT_KINDS
)
# Terrain codes to 1 where hatched, else 0 (`bytes.translate`): the whole map at once.
_HATCH_TABLE = bytes(1 if code in _DIFFICULT_CODES else 0 for code in range(256))
_HATCH_RUN = re.compile(rb"\x01+")
# Over a picture, terrain colours are only a tint so the picture still shows.
TINT_ALPHA_OVER_IMAGE = 90
# A picture longer than this decodes on a worker: the map shows its terrain colours at once and
# the picture a moment later, instead of the window freezing for a second or more.
DECODE_LATER_ABOVE_PX = 8192


def picture_side(data: bytes) -> int:
    """The longest side of the picture in `data`, read from its header (0 if unreadable)."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    size = QImageReader(buffer).size()
    return max(size.width(), size.height()) if size.isValid() else 0


class _Decoding:
    """One picture decoding on a worker, for every layer that shows it (the GM's map and the
    players' display decode it once between them)."""

    def __init__(self, data: bytes, pixels_per_tile: float) -> None:
        self.data = data
        self.pixels_per_tile = pixels_per_tile
        self.waiting: list[weakref.ref[TerrainLayer]] = []
        self.loader = ImageLoader(QCoreApplication.instance())
        self.loader.loaded.connect(self._loaded)
        self.loader.failed.connect(self._failed)
        self.loader.start(data, MAX_DISPLAY_SIDE, MAX_DISPLAY_PIXELS_PER_TILE / pixels_per_tile)

    def _loaded(self, image: QImage, scale: float) -> None:
        small, shown_ppt = display_image(image, self.pixels_per_tile * scale)
        remember_display(self.data, self.pixels_per_tile, small, shown_ppt)
        self._finish()

    def _failed(self, reason: str) -> None:
        _remember_undecodable(self.data, reason)
        for ref in self.waiting:
            layer = ref()
            if layer is not None:
                layer._tell_picture_failed(reason)
        self._finish()  # the map keeps its terrain colours, as for a picture that cannot load

    def _finish(self) -> None:
        _DECODING.pop(id(self.data), None)
        self.loader.deleteLater()
        for ref in self.waiting:
            layer = ref()
            if layer is not None:
                layer._picture_decoded(self.data)


_DECODING: dict[int, _Decoding] = {}
# Pictures Qt could not decode, with its reason, keyed by the very bytes object: told to the GM
# once and never decoded again (a map edit reloads the layer; a worker would retry for ever).
_UNDECODABLE: dict[int, tuple[bytes, str]] = {}
_UNDECODABLE_KEPT = 3


def _remember_undecodable(data: bytes, reason: str) -> None:
    while len(_UNDECODABLE) >= _UNDECODABLE_KEPT:
        _UNDECODABLE.pop(next(iter(_UNDECODABLE)))
    _UNDECODABLE[id(data)] = (data, reason)


def _undecodable(data: bytes) -> bool:
    found = _UNDECODABLE.get(id(data))
    return found is not None and found[0] is data


def display_image(image: QImage, pixels_per_tile: float) -> tuple[QImage, float]:
    """A copy of `image` small enough to paint fast, and its pixels per tile."""
    scale = min(1.0, MAX_DISPLAY_PIXELS_PER_TILE / pixels_per_tile)
    longest = max(image.width(), image.height()) * scale
    if longest > MAX_DISPLAY_SIDE:
        scale *= MAX_DISPLAY_SIDE / longest
    if scale >= 1.0:
        return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied), pixels_per_tile
    small = image.scaled(
        max(1, round(image.width() * scale)),
        max(1, round(image.height() * scale)),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    return small.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied), pixels_per_tile * scale


class TerrainLayer(TileImageLayer):
    """Terrain colours from the map (one pixel per tile), under the background image if any."""

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._background: QImage | None = None
        self._background_rect = QRectF()
        # One byte per tile, row by row: 1 where the ground is hatched. A frame turns only the
        # rows it shows into rects, so opening a big map makes none for the rows off screen.
        self._hatch_mask = b""
        self._hatch_width = 0
        self._ground = self._blank_image()
        # Per-tile tints blended over the terrain, bottom first: "height", then "light".
        self._tints: dict[str, QImage | None] = {"height": None, "light": None}
        self._table: list[QColor] = []
        # The decoded picture, kept while the map's image bytes stay the same: a map edit
        # reloads the layer, and decoding a large battlemap again would stall the window.
        self._decoded: tuple[bytes, float, QImage, float] | None = None
        # The map last loaded, to load again when its picture has decoded on a worker; and
        # who to tell then (the scene: the grid is drawn differently over a picture).
        self._map: Any = None
        self.picture_ready: Callable[[], None] | None = None
        # Who to tell, in words for the GM, when the map's picture cannot be shown.
        self.picture_failed: Callable[[str], None] | None = None

    @property
    def has_background(self) -> bool:
        return self._background is not None

    def opaque_rect(self) -> QRectF:
        """The scene rect this layer always covers with opaque pixels when shown (the whole map
        when it is plain terrain colours), else an empty rect: over it the view need not paint
        its background first."""
        if (
            self._background is not None
            or not self._table
            or not self.isVisible()
            or self.effectiveOpacity() < 1.0
            or any(colour.alpha() < 255 for colour in self._table)
        ):
            return QRectF()
        return self.mapRectToScene(self._geometry.map_rect())

    def load_map(self, battle_map: Any) -> None:
        self._map = battle_map
        self._load_background(battle_map.background)
        # Over a picture, plain ground is left clear and other terrain is only a tint.
        over_image = self._background is not None
        table = []
        for kind in TERRAIN_KINDS:
            colour = QColor(map_palette.terrain_colour(kind))
            if over_image:
                colour.setAlpha(0 if kind == "normal" else TINT_ALPHA_OVER_IMAGE)
            table.append(colour)
        self._table = table
        codes = battle_map.layer_codes("terrain")
        self.set_tile_codes(codes, table)
        self._ground = self._image
        self._compose()
        self._load_hatch(codes, battle_map.width)

    def update_tiles(self, battle_map: Any, tiles: Iterable[Tile]) -> None:
        """Recolour only `tiles` (terrain and tints) after an editor dab, and repaint only their
        rect: the rest of the image and the other rows' hatching stay as they are."""
        tiles = [tile for tile in tiles if self._geometry.in_bounds(tile)]
        if not tiles or not self._table:
            return
        if len(tiles) * 4 > battle_map.width * battle_map.height:
            # A fill over much of the map: recolouring the whole image at once is far quicker
            # than one pixel at a time (the picture, if any, stays decoded).
            self.load_map(battle_map)
            return
        codes = battle_map.layer_codes("terrain")
        width = battle_map.width
        for x, y in tiles:
            self._ground.setPixelColor(x, y, self._table[codes[y * width + x]])
        x0 = min(x for x, _ in tiles)
        y0 = min(y for _, y in tiles)
        x1 = max(x for x, _ in tiles) + 1
        y1 = max(y for _, y in tiles) + 1
        box = QRect(x0, y0, x1 - x0, y1 - y0)
        painter = QPainter(self._image)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(box, self._ground, box)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        for tint in self._tints.values():
            if tint is not None and tint.size() == self._image.size():
                painter.drawImage(box, tint, box)
        painter.end()
        self._load_hatch(codes, width)
        self.update(self._geometry.span_rect(x0, y0, x1, y1))

    def set_tint(self, name: str, tint: QImage | None) -> None:
        """Blend a one-pixel-per-tile tint ("height" or "light") over the terrain, or drop it."""
        if name not in self._tints:
            raise ValueError(f"unknown tint {name!r}; choose one of {', '.join(self._tints)}")
        self._tints[name] = tint
        self._compose()

    def _compose(self) -> None:
        image = QImage(self._ground)
        tints = [t for t in self._tints.values() if t is not None and t.size() == image.size()]
        if tints:
            painter = QPainter(image)
            for tint in tints:
                painter.drawImage(0, 0, tint)
            painter.end()
        self.set_image(image)

    def _load_hatch(self, codes: Any, width: int) -> None:
        self._hatch_mask = bytes(codes).translate(_HATCH_TABLE)
        self._hatch_width = width

    def hatch_rects(self, y0: int, y1: int) -> list[QRectF]:
        """Rows `y0` to `y1` (excluded)'s difficult tiles as rects, neighbours in a row merged:
        fewer rects to paint."""
        mask = self._hatch_mask
        width = self._hatch_width
        span_rect = self._geometry.span_rect
        rects: list[QRectF] = []
        for y in range(max(0, y0), min(y1, len(mask) // width if width else 0)):
            start = y * width
            for run in _HATCH_RUN.finditer(mask, start, start + width):
                rects.append(span_rect(run.start() - start, y, run.end() - start, y + 1))
        return rects

    def _load_background(self, background: Any) -> None:
        self._background = None
        if background is None or _undecodable(background.data):
            return  # an undecodable picture was told about when it failed
        decoded = self._decoded
        ppt = float(background.pixels_per_tile)
        if decoded is not None and decoded[0] is background.data and decoded[1] == ppt:
            small, pixels_per_tile = decoded[2], decoded[3]
        else:
            # Decoded scaled, straight to the display size: a 16384 px picture never needs
            # its gigabyte of full-size pixels here (the editor may have decoded it already).
            found = recall_display(background.data, ppt)
            if found is None and picture_side(background.data) > DECODE_LATER_ABOVE_PX:
                self._decode_later(background.data, ppt)
                return
            if found is None:
                try:
                    image, scale = decode_image(
                        bytes(background.data),
                        MAX_DISPLAY_SIDE,
                        MAX_DISPLAY_PIXELS_PER_TILE / ppt,
                    )
                except Refusal as error:
                    _remember_undecodable(background.data, str(error))
                    self._tell_picture_failed(str(error))
                    return
                found = display_image(image, ppt * scale)
                # The players' display shows the same picture: it finds this copy.
                remember_display(background.data, ppt, *found)
            small, pixels_per_tile = found
            self._decoded = (background.data, ppt, small, pixels_per_tile)
        self._background = small
        length = self._geometry.length
        # `offset` is the image pixel where tile (0, 0)'s top-left corner sits.
        offset_x, offset_y = background.offset
        original_ppt = float(background.pixels_per_tile)
        self._background_rect = QRectF(
            length(-offset_x / original_ppt),
            length(-offset_y / original_ppt),
            length(small.width() / pixels_per_tile),
            length(small.height() / pixels_per_tile),
        )

    def _decode_later(self, data: bytes, pixels_per_tile: float) -> None:
        decoding = _DECODING.get(id(data))
        if decoding is None or decoding.data is not data:
            decoding = _DECODING[id(data)] = _Decoding(data, pixels_per_tile)
        decoding.waiting.append(weakref.ref(self))

    @property
    def decoding(self) -> bool:
        """True while this layer waits for its map's picture to decode on a worker."""
        background = self._map.background
        return (
            background is not None and self._background is None and id(background.data) in _DECODING
        )

    def _tell_picture_failed(self, reason: str) -> None:
        if self.picture_failed is not None:
            self.picture_failed(
                f"The map picture cannot be shown ({reason.rstrip('.')}); the map shows its"
                " terrain colours instead."
            )

    def _picture_decoded(self, data: bytes) -> None:
        background = self._map.background
        if background is None or background.data is not data:
            return  # another map is shown by now
        self.load_map(self._map)
        self.update()
        if self.picture_ready is not None:
            self.picture_ready()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self._background is not None:
            exposed = exposed_rect(painter, option).intersected(self._background_rect)
            if not exposed.isEmpty():
                image_rect = self._background_rect
                sx = self._background.width() / image_rect.width()
                sy = self._background.height() / image_rect.height()
                source = QRectF(
                    (exposed.left() - image_rect.left()) * sx,
                    (exposed.top() - image_rect.top()) * sy,
                    exposed.width() * sx,
                    exposed.height() * sy,
                )
                painter.drawImage(exposed, self._background, source)
        super().paint(painter, option, widget)

    def paint_details(self, painter, exposed, tiles) -> None:
        if b"\x01" not in self._hatch_mask or self.tile_pixels(painter) < HATCH_MIN_TILE_PIXELS:
            return
        x0, y0, x1, y1 = tiles
        visible = [rect for rect in self.hatch_rects(y0, y1) if rect.intersects(exposed)]
        if not visible:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(60, 40, 10, 120), Qt.BrushStyle.BDiagPattern))
        painter.drawRects(visible)
