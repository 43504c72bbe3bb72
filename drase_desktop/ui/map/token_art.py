"""Token art: a creature's portrait cropped to the token's circle, decoded and scaled once.

The encounter keeps each picture's bytes under its content key (`encounter.portraits`). Here a
key is decoded once into a square crop of the picture's middle, at most `SOURCE_PIXELS` a side,
and each disc size a token is drawn at (rounded up to a step of `SIZE_STEP` device pixels) is
scaled and clipped to a circle once. A frame with 300 tokens then only blits pixmaps, and each
token keeps its painted look in Qt's item cache besides. A picture Qt cannot decode draws as
the initials, as if it had none.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPixmap

# A token is rarely drawn wider than this many device pixels; bigger discs scale this up.
SOURCE_PIXELS = 256
SIZE_STEP = 16
MAX_DISC_PIXELS = 1024
# Distinct (picture, size) discs kept: 300 tokens of 20 pictures at three zooms fit easily.
_DISC_CACHE_SIZE = 512

_sources: dict[str, QImage | None] = {}
_discs: OrderedDict[tuple[str, int], QPixmap] = OrderedDict()


def source_image(key: str, data: bytes) -> QImage | None:
    """The picture's middle square, at most SOURCE_PIXELS a side (decoded once per key)."""
    if key in _sources:
        return _sources[key]
    image = QImage.fromData(data)
    square: QImage | None = None
    if not image.isNull():
        side = min(image.width(), image.height())
        left = (image.width() - side) // 2
        top = (image.height() - side) // 2
        square = image.copy(left, top, side, side)
        if side > SOURCE_PIXELS:
            square = square.scaled(
                SOURCE_PIXELS,
                SOURCE_PIXELS,
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        square = square.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    _sources[key] = square
    return square


def disc_pixmap(key: str, data: bytes, device_pixels: float) -> QPixmap | None:
    """The picture clipped to a circle `device_pixels` across (rounded up to SIZE_STEP)."""
    size = min(MAX_DISC_PIXELS, max(SIZE_STEP, math.ceil(device_pixels / SIZE_STEP) * SIZE_STEP))
    cached = _discs.get((key, size))
    if cached is not None:
        _discs.move_to_end((key, size))
        return cached
    source = source_image(key, data)
    if source is None:
        return None
    disc = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    disc.fill(0)
    painter = QPainter(disc)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    clip = QPainterPath()
    clip.addEllipse(QRectF(0, 0, size, size))
    painter.setClipPath(clip)
    painter.drawImage(QRectF(0, 0, size, size), source)
    painter.end()
    pixmap = QPixmap.fromImage(disc)
    _discs[(key, size)] = pixmap
    if len(_discs) > _DISC_CACHE_SIZE:
        _discs.popitem(last=False)
    return pixmap


def paint_disc_art(
    painter: QPainter, disc: QRectF, key: str, portraits: Mapping[str, bytes]
) -> bool:
    """Draw the picture of `key` in `disc`; False (nothing drawn) when there is none to draw."""
    data = portraits.get(key)
    if data is None:
        return False
    scale = math.hypot(painter.worldTransform().m11(), painter.worldTransform().m12())
    pixmap = disc_pixmap(key, data, disc.width() * max(scale, 1e-6))
    if pixmap is None:
        return False
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    painter.drawPixmap(disc, pixmap, QRectF(pixmap.rect()))
    painter.restore()
    return True
