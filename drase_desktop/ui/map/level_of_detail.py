"""How much of the map a paint call must draw, and at what detail.

Layers paint only the exposed part of the map and drop details too small to read. Qt hands each
item `option.exposedRect`, but some render paths (`QGraphicsView.render`, printing) pass the whole
item; intersecting with what the painter's device can show keeps those frames cheap too.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem


def exposed_rect(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of the item (item coordinates) this paint call can actually show."""
    rect = QRectF(option.exposedRect)
    device = painter.device()
    if device is None:
        return rect
    inverse, invertible = painter.worldTransform().inverted()
    if not invertible:
        return rect
    ratio = device.devicePixelRatioF() or 1.0
    on_device = QRectF(0.0, 0.0, device.width() / ratio, device.height() / ratio)
    if painter.hasClipping():
        clip = painter.clipBoundingRect()
        if not clip.isEmpty():
            # The clip is in the painter's logical (item) coordinates already.
            return rect.intersected(clip).intersected(inverse.mapRect(on_device))
    return rect.intersected(inverse.mapRect(on_device))


def screen_tile_size(painter: QPainter, tile_length: float) -> float:
    """How many device pixels one tile (`tile_length` scene units) spans at the painter's
    current zoom."""
    detail = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return detail * tile_length


def device_pixel_ratio(painter: QPainter) -> float | None:
    """The uniform scale from the painter's world to its device (1 on an ordinary screen, 2 on
    a doubled high-DPI one), or None when the device adds more than a scale."""
    world_inverse, invertible = painter.worldTransform().inverted()
    if not invertible:
        return None
    extra = world_inverse * painter.deviceTransform()
    if extra.type().value > QTransform.TransformationType.TxScale.value:
        return None
    if extra.m11() <= 0 or abs(extra.m11() - extra.m22()) > 1e-9:
        return None
    if abs(extra.dx()) > 1e-9 or abs(extra.dy()) > 1e-9:
        return None
    return extra.m11()
