"""A text box on the map that stays the same size on screen whatever the zoom.

Used for the drag cost, the hover target's distance and cover, and the ruler. It ignores the
view's transformations so it is always big enough to read from across the table.

The box looks the same at any zoom, so it is drawn once into an image (at the label's sub-pixel
offset on the device, so it matches drawing it directly) and blitted in later frames until its
text changes: filling a rounded antialiased box and laying out its text cost a few tenths of a
millisecond a frame.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import map_palette, z_order
from drase_desktop.ui.map.level_of_detail import device_pixel_ratio

FONT_PIXELS = 20
PADDING = 8.0
# Screen pixels between the anchor (usually the cursor) and the box.
OFFSET = QPointF(22.0, 18.0)


class MapLabel(QGraphicsItem):
    def __init__(self, object_name: str = "") -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z_order.LABELS)
        self.object_name = object_name
        self._lines: list[str] = []
        self._warning = False
        self._font = QFont()
        self._font.setPixelSize(FONT_PIXELS)
        self._font.setBold(True)
        self._rect = QRectF()
        # The last box drawn: (what it shows and where within a device pixel, the image).
        self._image: tuple[tuple, QImage] | None = None
        self.hide()

    def set_font_pixels(self, pixels: int) -> None:
        """Letters `pixels` high (the player display's touch label is read across a table)."""
        if pixels != self._font.pixelSize():
            self._font.setPixelSize(pixels)
            self._lines = []  # measured again at the next show_text

    @property
    def text(self) -> str:
        return "\n".join(self._lines)

    @property
    def warning(self) -> bool:
        return self._warning

    def show_text(self, text: str, anchor: QPointF, *, warning: bool = False) -> None:
        """Show `text` (lines split on newlines) next to the scene point `anchor`."""
        lines = text.split("\n")
        if lines != self._lines or warning != self._warning:
            self.prepareGeometryChange()
            self._lines = lines
            self._warning = warning
            metrics = QFontMetricsF(self._font)
            width = max(metrics.horizontalAdvance(line) for line in lines)
            height = metrics.height() * len(lines)
            self._rect = QRectF(OFFSET.x(), OFFSET.y(), width + 2 * PADDING, height + 2 * PADDING)
            self.update()
        self._keep_on_screen(anchor)
        self.setPos(anchor)
        self.show()

    def _keep_on_screen(self, anchor: QPointF) -> None:
        """Put the box below-right of the anchor, or flip it left/up where the view ends."""
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if not views:
            return
        view = views[0]
        point = view.mapFromScene(anchor)
        size = view.viewport().size()
        width, height = self._rect.width(), self._rect.height()
        left = _fitted(point.x(), width, size.width(), OFFSET.x())
        top = _fitted(point.y(), height, size.height(), OFFSET.y())
        if (left, top) != (self._rect.left(), self._rect.top()):
            self.prepareGeometryChange()
            self._rect.moveTo(left, top)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        device = painter.deviceTransform()
        ratio = device_pixel_ratio(painter)
        scale = device.m11()
        if (
            ratio is None
            or device.type().value > QTransform.TransformationType.TxScale.value
            or scale <= 0
            or abs(device.m22() - scale) > 1e-9
        ):
            self._draw(painter)
            return
        bounds = self.boundingRect()
        left = math.floor(bounds.left() * scale + device.dx()) - 1
        top = math.floor(bounds.top() * scale + device.dy()) - 1
        right = math.ceil(bounds.right() * scale + device.dx()) + 1
        bottom = math.ceil(bounds.bottom() * scale + device.dy()) + 1
        # Where the label's origin falls inside the image, to the fraction of a pixel.
        offset_x, offset_y = device.dx() - left, device.dy() - top
        key = (
            tuple(self._lines),
            self._warning,
            self._rect.getRect(),
            scale,
            offset_x,
            offset_y,
            right - left,
            bottom - top,
        )
        if self._image is None or self._image[0] != key:
            image = QImage(right - left, bottom - top, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            image_painter = QPainter(image)
            image_painter.setRenderHints(painter.renderHints())
            image_painter.setTransform(QTransform(scale, 0, 0, scale, offset_x, offset_y))
            self._draw(image_painter)
            image_painter.end()
            self._image = (key, image)
        painter.save()
        # Device pixels: the world transform undoes only the screen's own scale, if any.
        painter.setWorldTransform(QTransform.fromScale(1 / ratio, 1 / ratio))
        painter.drawImage(QPoint(left, top), self._image[1])
        painter.restore()

    def _draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 6, 6)
        border = map_palette.PATH_OVER if self._warning else QColor(255, 255, 255, 160)
        painter.setPen(QPen(border, 2))
        painter.setBrush(map_palette.LABEL_BACKGROUND)
        painter.drawPath(path)
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        y = self._rect.top() + PADDING + metrics.ascent()
        for index, line in enumerate(self._lines):
            # The first line is the headline; a warning shows it in red.
            colour = map_palette.LABEL_WARNING if self._warning and index == 0 else None
            painter.setPen(colour or map_palette.LABEL_TEXT)
            painter.drawText(QPointF(self._rect.left() + PADDING, y), line)
            y += metrics.height()


def _fitted(anchor: float, length: float, extent: float, offset: float) -> float:
    """Where the box starts on one axis, relative to the anchor: after it, else before it, else
    (a long text where neither side has room) slid in so that its start stays on screen."""
    if anchor + offset + length <= extent:
        return offset
    if anchor - offset - length >= 0:
        return -offset - length
    return max(-anchor, min(offset, extent - length - anchor))
