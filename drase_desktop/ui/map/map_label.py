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
from collections.abc import Sequence

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from drase_desktop.ui.map import map_palette, z_order
from drase_desktop.ui.map.level_of_detail import device_pixel_ratio

FONT_PIXELS = 20
PADDING = 8.0
# Screen pixels between the anchor (usually the cursor) and the box.
OFFSET = QPointF(22.0, 18.0)
# Screen pixels between the tiles a path ends on and a label set beside them.
BESIDE_GAP = 6.0
# A compact label (the selected token's name) is as small as the window's own texts and sits
# just under what it names, so that it covers no neighbouring token.
COMPACT_FONT_PIXELS = 13
COMPACT_PADDING = 3.0
COMPACT_GAP = 2.0
# Where a label beside a path's end is tried first, and a token's name.
BESIDE_ORDER = (
    "right",
    "left",
    "below",
    "above",
    "below right",
    "above right",
    "below left",
    "above left",
)
UNDER_ORDER = (
    "below",
    "above",
    "right",
    "left",
    "below right",
    "below left",
    "above right",
    "above left",
)
# The least room kept between a label and the view's edges.
VIEW_MARGIN = 4.0
# A label squeezed into a narrow view never gets smaller letters than these.
LEAST_FONT_PIXELS = 11


class MapLabel(QGraphicsItem):
    """`compact`: small letters in a tight box centred under the anchor (`show_under`), elided
    only when the view is narrower than the text; otherwise a box beside the cursor whose
    lines wrap, then whose letters shrink, when the view is narrower than the box."""

    def __init__(self, object_name: str = "", *, compact: bool = False) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z_order.LABELS)
        self.object_name = object_name
        self.compact = compact
        self._lines: list[str] = []
        # What the box shows: the lines wrapped, or elided, to the view's width.
        self._shown: list[str] = []
        self._warning = False
        self._font = QFont()
        self._font.setPixelSize(COMPACT_FONT_PIXELS if compact else FONT_PIXELS)
        self._font.setBold(not compact)
        # The letters asked for; a narrow view may draw them smaller (`_font`).
        self._font_pixels = self._font.pixelSize()
        self._padding = COMPACT_PADDING if compact else PADDING
        # What the box was last laid out for: (lines, warning, the view's width).
        self._laid_out: tuple | None = None
        self._rect = QRectF()
        # The last box drawn: (what it shows and where within a device pixel, the image).
        self._image: tuple[tuple, QImage] | None = None
        self.hide()

    def set_font_pixels(self, pixels: int) -> None:
        """Letters `pixels` high (the player display's touch label is read across a table)."""
        if pixels != self._font_pixels:
            self._font_pixels = pixels
            self._font.setPixelSize(pixels)
            self._laid_out = None  # measured again at the next show_text

    @property
    def text(self) -> str:
        """The whole text, as asked for (the box may wrap or elide it to fit the view)."""
        return "\n".join(self._lines)

    @property
    def shown_text(self) -> str:
        """The text as the box shows it."""
        return "\n".join(self._shown)

    @property
    def font_pixels(self) -> int:
        """The height of the letters drawn (smaller than asked for only in a narrow view)."""
        return self._font.pixelSize()

    @property
    def warning(self) -> bool:
        return self._warning

    def show_text(self, text: str, anchor: QPointF, *, warning: bool = False) -> None:
        """Show `text` (lines split on newlines) next to the scene point `anchor`."""
        self._set_text(text, warning)
        self._keep_on_screen(anchor)
        self.setPos(anchor)
        self.show()

    def show_beside(
        self,
        text: str,
        around: QRectF,
        avoid: Sequence[QRectF] = (),
        *,
        warning: bool = False,
    ) -> None:
        """Show `text` beside the scene rect `around` (the tiles a path ends on), on whichever
        side keeps the box on screen and off every scene rect of `avoid` (the tokens): right,
        left, below, above, then the corners; where none is clear, the side covering least."""
        self._set_text(text, warning)
        self._place_beside(around, avoid, BESIDE_ORDER, BESIDE_GAP)
        self.show()

    def _place_beside(
        self, around: QRectF, avoid: Sequence[QRectF], order: Sequence[str], gap: float
    ) -> None:
        """Put the box `gap` screen pixels beside the scene rect `around`, slid into the view
        where a side has no room: on the first side of `order` where it covers neither
        `around` nor any rect of `avoid`; where none is clear, on the side covering least."""
        anchor = around.center()
        self.setPos(anchor)
        view = self._view()
        if view is None:
            self._move_box(OFFSET.x(), OFFSET.y())
            return
        centre = QPointF(view.mapFromScene(anchor))
        ends = view.mapFromScene(around).boundingRect()
        gap_x = ends.width() / 2 + gap
        gap_y = ends.height() / 2 + gap
        width, height = self._rect.width(), self._rect.height()
        places = {
            "right": (gap_x, -height / 2),
            "left": (-gap_x - width, -height / 2),
            "below": (-width / 2, gap_y),
            "above": (-width / 2, -gap_y - height),
            "below right": (gap_x, gap_y),
            "above right": (gap_x, -gap_y - height),
            "below left": (-gap_x - width, gap_y),
            "above left": (-gap_x - width, -gap_y - height),
        }
        sides = [places[name] for name in order]
        screen = QRectF(view.viewport().rect()).adjusted(
            VIEW_MARGIN, VIEW_MARGIN, -VIEW_MARGIN, -VIEW_MARGIN
        )
        # What the box keeps off: the tokens, and what it stands beside.
        kept_off = [QRectF(view.mapFromScene(rect).boundingRect()) for rect in (*avoid, around)]
        best: tuple[float, float, float] | None = None
        for left, top in sides:
            # Where a side has no room for the whole box, it slides in to stay inside the view:
            # what it then covers is what it costs.
            left = max(screen.left() - centre.x(), min(left, screen.right() - width - centre.x()))
            top = max(screen.top() - centre.y(), min(top, screen.bottom() - height - centre.y()))
            box = QRectF(centre.x() + left, centre.y() + top, width, height)
            cost = sum(_area(box.intersected(rect)) for rect in kept_off)
            if best is None or cost < best[0]:
                best = (cost, left, top)
            if cost == 0:
                break
        assert best is not None
        self._move_box(best[1], best[2])

    def screen_rect(self) -> QRectF | None:
        """The box in the first view's viewport pixels (None when hidden or viewless)."""
        view = self._view()
        if view is None or not self.isVisible():
            return None
        origin = QPointF(view.mapFromScene(self.pos()))
        return self._rect.translated(origin)

    def show_under(self, text: str, around: QRectF, avoid: Sequence[QRectF] = ()) -> None:
        """Show `text` centred just under the scene rect `around` (a token), or above it,
        beside it, at a corner: the first place that keeps the box on screen and off every
        scene rect of `avoid` (the other tokens)."""
        self._set_text(text, False)
        self._place_beside(around, avoid, UNDER_ORDER, COMPACT_GAP)
        self.show()

    def _view(self) -> QGraphicsView | None:
        """The view the label is read in (the scene's first), if any."""
        scene = self.scene()
        views = scene.views() if scene is not None else []
        return views[0] if views else None

    def _view_width(self) -> float | None:
        view = self._view()
        return view.viewport().width() - 2 * VIEW_MARGIN if view is not None else None

    def _set_text(self, text: str, warning: bool) -> None:
        lines = text.split("\n")
        room = self._view_width()
        key = (lines, warning, room)
        if key == self._laid_out:
            return
        self._laid_out = key
        self.prepareGeometryChange()
        self._lines, self._warning = lines, warning
        self._font.setPixelSize(self._font_pixels)
        self._shown = self._fitted_lines(lines, room)
        metrics = QFontMetricsF(self._font)
        width = max(metrics.horizontalAdvance(line) for line in self._shown)
        height = metrics.height() * len(self._shown)
        pad = self._padding
        self._rect = QRectF(OFFSET.x(), OFFSET.y(), width + 2 * pad, height + 2 * pad)
        self.update()

    def _fitted_lines(self, lines: list[str], room: float | None) -> list[str]:
        """The lines as the box shows them in a view `room` pixels wide: as they are when they
        fit; a compact label's elided at the end; any other's wrapped between words, then
        drawn in smaller letters (never below LEAST_FONT_PIXELS) while a word is too wide."""
        if room is None:
            return lines
        text_room = room - 2 * self._padding
        metrics = QFontMetricsF(self._font)
        if max(metrics.horizontalAdvance(line) for line in lines) <= text_room:
            return lines
        if self.compact:
            return [
                metrics.elidedText(line, Qt.TextElideMode.ElideRight, text_room) for line in lines
            ]
        while True:
            metrics = QFontMetricsF(self._font)
            wrapped = [part for line in lines for part in _wrapped(line, metrics, text_room)]
            widest = max(metrics.horizontalAdvance(line) for line in wrapped)
            pixels = self._font.pixelSize()
            if widest <= text_room or pixels <= LEAST_FONT_PIXELS:
                return wrapped
            self._font.setPixelSize(
                max(LEAST_FONT_PIXELS, min(pixels - 1, int(pixels * text_room / widest)))
            )

    def _keep_on_screen(self, anchor: QPointF) -> None:
        """Put the box below-right of the anchor, or flip it left/up where the view ends."""
        view = self._view()
        if view is None:
            return
        point = view.mapFromScene(anchor)
        size = view.viewport().size()
        width, height = self._rect.width(), self._rect.height()
        left = _fitted(point.x(), width, size.width(), OFFSET.x())
        top = _fitted(point.y(), height, size.height(), OFFSET.y())
        self._move_box(left, top)

    def _move_box(self, left: float, top: float) -> None:
        """Put the box's top-left corner `left`, `top` screen pixels from the label's origin."""
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
            tuple(self._shown),
            self._font.pixelSize(),
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
        corner = 3 if self.compact else 6
        path.addRoundedRect(self._rect, corner, corner)
        border = map_palette.PATH_OVER if self._warning else QColor(255, 255, 255, 160)
        painter.setPen(QPen(border, 2))
        painter.setBrush(map_palette.LABEL_BACKGROUND)
        painter.drawPath(path)
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        y = self._rect.top() + self._padding + metrics.ascent()
        for index, line in enumerate(self._shown):
            # The first line is the headline; a warning shows it in red.
            colour = map_palette.LABEL_WARNING if self._warning and index == 0 else None
            painter.setPen(colour or map_palette.LABEL_TEXT)
            painter.drawText(QPointF(self._rect.left() + self._padding, y), line)
            y += metrics.height()


def _area(rect: QRectF) -> float:
    return 0.0 if rect.isEmpty() else rect.width() * rect.height()


def _fitted(anchor: float, length: float, extent: float, offset: float) -> float:
    """Where the box starts on one axis, relative to the anchor: after it, else before it, else
    (a long text where neither side has room) slid in so that its start stays on screen."""
    if anchor + offset + length <= extent:
        return offset
    if anchor - offset - length >= 0:
        return -offset - length
    return max(-anchor, min(offset, extent - length - anchor))


def _wrapped(line: str, metrics: QFontMetricsF, room: float) -> list[str]:
    """`line` broken between words into lines no wider than `room` where the words allow."""
    parts: list[str] = []
    current = ""
    for word in line.split(" "):
        tried = f"{current} {word}" if current else word
        if current and metrics.horizontalAdvance(tried) > room:
            parts.append(current)
            current = word
        else:
            current = tried
    parts.append(current)
    return parts


# Where Qt opens a tooltip asked for at a point: this far right and down of it (it flips above
# the point, over what is there, when the screen ends below).
TOOLTIP_DROP = QPoint(2, 16)
# The tooltip's frame and margins round its text, counted generously.
TOOLTIP_FRAME = 12


def tooltip_spot(label: QRect, text: str, screen: QRect) -> QPoint:
    """The point to ask a tooltip showing `text` at, in global pixels, so that it opens clear
    of `label` (the label's box, global): under it, or above it where the screen ends below."""
    metrics = QFontMetrics(QToolTip.font())
    lines = text.split("\n")
    height = metrics.lineSpacing() * len(lines) + TOOLTIP_FRAME
    under = QPoint(label.left(), label.bottom() + 2)
    if under.y() + TOOLTIP_DROP.y() + height <= screen.bottom():
        return under
    return QPoint(label.left(), label.top() - 2 - height - TOOLTIP_DROP.y())
