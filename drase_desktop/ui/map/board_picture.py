"""The map's still layers (terrain, height, light, reach, grid, cover, walls) drawn as one picture.

Each layer paints in Python, and with every overlay on a frame of a large map spent most of its
time there although nothing had changed. This item keeps what the layers drew as one image of
device pixels at the view's zoom, and a frame blits it: the layers paint again only where one of
them changed (its `update`), and all of them when the zoom or the view's sub-pixel offset changes.
A pan by whole pixels moves the image and paints only the strip that came into view. A frame at a
new zoom is painted straight through, and the picture made at the next frame at that zoom: the
steps of a wheel zoom cost what they cost without a picture, not that and the picture's making.

The layers stay items of the scene (found, shown and hidden as before) but carry no contents of
their own: the scene never paints them, this item does, in their stacking order. A painter it
cannot keep a picture for (a printer, a rotated view, a huge device) gets the layers painted
straight through.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

# A device larger than this many pixels (a poster print) is painted straight through.
MAX_PICTURE_PIXELS = 4096 * 4096
# Device kinds a picture is kept for: a widget, a pixmap, an image (QInternal's codes).
CACHED_DEVICES = {1, 2, 3, 7}
# A changed scene rect is repainted with this many device pixels round it, as Qt's views do
# (antialiased edges reach past a shape's exact rect).
DIRTY_MARGIN = 2
EPSILON = 1e-6


class BoardPicture(QGraphicsItem):
    def __init__(self, layers: Iterable[Any]) -> None:
        super().__init__()
        self._layers = sorted(layers, key=lambda layer: layer.zValue())
        for layer in self._layers:
            layer.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
            layer.drawn_by = self
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._image: QImage | None = None
        # The device transform and the render hints the image was drawn with.
        self._transform = QTransform()
        self._hints = QPainter.RenderHint(0)
        self._dirty = QRegion()  # device pixels of the image to paint again
        # The transform, device size and hints of the last frame painted straight through
        # because the picture did not fit it: the picture is made when the next frame matches.
        self._passing: tuple[QTransform, tuple[int, int], QPainter.RenderHint] | None = None
        self._bounds = self._layers_bounds()
        # How many times the layers were painted into the picture, and where the last time
        # (device pixels; tests read them).
        self.repaints = 0
        self.last_painted = QRegion()
        self.last_frame_kept = False  # whether the last frame came from the picture

    # -- told by the layers ------------------------------------------------------------------
    def layer_changed(self, rect: QRectF | None = None) -> None:
        """A layer's look changed inside scene `rect` (everywhere for None)."""
        if rect is None or self._image is None:
            self._image = None
            self._dirty = QRegion()
            self.update()
            return
        if rect.isEmpty():
            return
        on_device = self._transform.mapRect(rect).toAlignedRect()
        margin = DIRTY_MARGIN
        self._dirty += on_device.adjusted(-margin, -margin, margin, margin)
        self.update(rect)

    def geometry_changed(self) -> None:
        """A layer's bounds changed (the map was resized or replaced)."""
        self.prepareGeometryChange()
        self._bounds = self._layers_bounds()
        self.layer_changed()

    def _layers_bounds(self) -> QRectF:
        bounds = QRectF()
        for layer in self._layers:
            bounds = bounds.united(layer.boundingRect())
        return bounds

    def boundingRect(self) -> QRectF:
        return self._bounds

    # -- painting ----------------------------------------------------------------------------
    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = QRectF(option.exposedRect)
        size = self._device_size(painter)
        self.last_frame_kept = False
        if size is None:
            self._paint_layers(painter, exposed)
            return
        # Scene -> pixels of the device as the painter addresses it: a widget's painter may
        # be redirected into its window's backing store at an offset, applied after this.
        ratio = painter.device().devicePixelRatioF() or 1.0
        transform = painter.worldTransform() * QTransform.fromScale(ratio, ratio)
        if not self._fits(transform, size, painter.renderHints()):
            frame = (transform, size, painter.renderHints())
            if frame != self._passing:  # a frame at a new zoom: made when the zoom holds
                self._passing = frame
                self._paint_layers(painter, exposed)
                return
        self._passing = None
        self.last_frame_kept = True
        self._bring_up_to_date(painter, transform, size)
        image = self._image
        assert image is not None
        visible = transform.mapRect(exposed).toAlignedRect().intersected(image.rect())
        if painter.hasClipping():
            clip = transform.mapRect(painter.clipBoundingRect())
            visible = visible.intersected(clip.toAlignedRect().adjusted(-1, -1, 1, 1))
        if visible.isEmpty():
            return
        painter.save()
        painter.setWorldTransform(QTransform())
        target = QRectF(
            visible.x() / ratio,
            visible.y() / ratio,
            visible.width() / ratio,
            visible.height() / ratio,
        )
        painter.drawImage(target, image, QRectF(visible))
        painter.restore()

    def _device_size(self, painter: QPainter) -> tuple[int, int] | None:
        """The painter's device in device pixels, or None when no picture fits it."""
        device = painter.device()
        if device is None or device.devType() not in CACHED_DEVICES:
            return None
        world = painter.worldTransform()
        if world.type().value > QTransform.TransformationType.TxScale.value:
            return None
        if world.m11() <= 0 or world.m22() <= 0:
            return None
        ratio = device.devicePixelRatioF() or 1.0
        width, height = math.ceil(device.width() * ratio), math.ceil(device.height() * ratio)
        if width <= 0 or height <= 0 or width * height > MAX_PICTURE_PIXELS:
            return None
        return width, height

    def _fits(
        self, transform: QTransform, size: tuple[int, int], hints: QPainter.RenderHint
    ) -> bool:
        """Whether the kept picture serves a frame drawn with these (moved by whole pixels at
        most)."""
        image = self._image
        return (
            image is not None
            and hints == self._hints
            and (image.width(), image.height()) == size
            and _whole_pixel_shift(self._transform, transform) is not None
        )

    def _bring_up_to_date(
        self, painter: QPainter, transform: QTransform, size: tuple[int, int]
    ) -> None:
        image, old = self._image, self._transform
        hints = painter.renderHints()
        # A view painting with other hints draws other pixels; a resized device needs a
        # picture of its size.
        if hints != self._hints or image is None or (image.width(), image.height()) != size:
            image = None
        else:
            shift = _whole_pixel_shift(old, transform)
            if shift is None:
                image = None
            elif shift != QPoint(0, 0):
                self._image = image = self._shifted(image, shift)
                self._dirty.translate(shift)
                self._dirty += QRegion(image.rect()) - QRegion(image.rect().translated(shift))
                self._transform = transform
        if image is None:
            image = QImage(size[0], size[1], QImage.Format.Format_ARGB32_Premultiplied)
            device = painter.device()
            image.setDotsPerMeterX(round(device.logicalDpiX() / 0.0254))
            image.setDotsPerMeterY(round(device.logicalDpiY() / 0.0254))
            self._image = image
            self._transform = transform
            self._hints = hints
            self._dirty = QRegion(image.rect())
        dirty = self._dirty.intersected(image.rect())
        self._dirty = QRegion()
        if not dirty.isEmpty():
            self._repaint(image, dirty, hints)

    @staticmethod
    def _shifted(image: QImage, shift: QPoint) -> QImage:
        moved = QImage(image.size(), image.format())
        moved.setDotsPerMeterX(image.dotsPerMeterX())
        moved.setDotsPerMeterY(image.dotsPerMeterY())
        moved.fill(Qt.GlobalColor.transparent)
        painter = QPainter(moved)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(shift, image)
        painter.end()
        return moved

    def _repaint(self, image: QImage, dirty: QRegion, hints: QPainter.RenderHint) -> None:
        """Paint the layers again inside `dirty` (device pixels of the image)."""
        self.repaints += 1
        self.last_painted = QRegion(dirty)
        painter = QPainter(image)
        painter.setClipRegion(dirty)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.fillRect(dirty.boundingRect(), Qt.GlobalColor.transparent)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        painter.setRenderHints(hints)
        painter.setTransform(self._transform)
        inverse, _invertible = self._transform.inverted()
        self._paint_layers(painter, inverse.mapRect(QRectF(dirty.boundingRect())))
        painter.end()

    def _paint_layers(self, painter: QPainter, exposed: QRectF) -> None:
        option = QStyleOptionGraphicsItem()
        for layer in self._layers:
            if not layer.isVisible():
                continue
            option.exposedRect = exposed.intersected(layer.boundingRect())
            if option.exposedRect.isEmpty():
                continue
            painter.save()
            painter.setOpacity(painter.opacity() * layer.opacity())
            layer.paint(painter, option, None)
            painter.restore()


def _whole_pixel_shift(old: QTransform, new: QTransform) -> QPoint | None:
    """How many whole device pixels `new` moves the picture drawn with `old`, or None when the
    zoom or the sub-pixel offset differs (the picture must be painted afresh)."""
    if abs(old.m11() - new.m11()) > EPSILON or abs(old.m22() - new.m22()) > EPSILON:
        return None
    dx, dy = new.dx() - old.dx(), new.dy() - old.dy()
    if abs(dx - round(dx)) > EPSILON or abs(dy - round(dy)) > EPSILON:
        return None
    return QPoint(round(dx), round(dy))
