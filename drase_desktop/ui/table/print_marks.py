"""What a printed sheet carries beside the map: millimetres turned into device dots, pens and
fonts sized in millimetres, registration crosses, and the page's labels in its margin (its name,
the caption, the neighbours' names), laid out so no two texts overlap."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from drase_desktop.ui.table.print_plan import (
    PrintLayout,
    PrintPage,
    neighbour_labels,
    page_caption,
)

INK = QColor("#202020")
MARK = QColor("#c00000")
FAINT = QColor("#8a8a8a")
# Text is measured at this many dots per millimetre, whatever the device, then kept this far
# apart (mm): fonts round to whole pixels differently at each resolution.
MEASURE_DOTS_PER_MM = 40.0
TEXT_GAP_MM = 2.0
LABEL_MM = 6.0
CAPTION_MM = 2.8
SMALLEST_CAPTION_MM = 2.2
NEIGHBOUR_MM = 3.5


@dataclass(frozen=True)
class SheetText:
    """One text on a sheet: its box (mm from the sheet's corner), which it fills from the left."""

    box: QRectF
    text: str
    height_mm: float
    bold: bool = False
    colour: str = INK.name()


def text_width_mm(text: str, height_mm: float, *, bold: bool = False) -> float:
    """How wide `text` prints in a font `height_mm` tall."""
    metrics = QFontMetricsF(font_mm(height_mm, MEASURE_DOTS_PER_MM, bold=bold))
    return metrics.horizontalAdvance(text) / MEASURE_DOTS_PER_MM


def text_height_mm(text: str, height_mm: float, width_mm: float, flags: int) -> float:
    """How tall `text` prints when wrapped in a box `width_mm` wide."""
    metrics = QFontMetricsF(font_mm(height_mm, MEASURE_DOTS_PER_MM))
    box = QRectF(0, 0, width_mm * MEASURE_DOTS_PER_MM, 1e6)
    return metrics.boundingRect(box, flags, text).height() / MEASURE_DOTS_PER_MM + 1.0


def elided(text: str, height_mm: float, width_mm: float) -> str:
    metrics = QFontMetricsF(font_mm(height_mm, MEASURE_DOTS_PER_MM))
    return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, width_mm * MEASURE_DOTS_PER_MM)


def page_header(
    layout: PrintLayout, page: PrintPage, title: str, printed: set[str] | None = None
) -> list[SheetText]:
    """The texts of the top margin: the page's name at the left, the page above's name just
    after it, and the caption filling the rest at the right, on two lines (the title shortened
    in its middle) when one does not fit."""
    margin = layout.options.margin_mm
    paper_w = layout.paper_mm[0]
    band_h = margin * 0.8  # the outer part of the margin, clear of the crop marks
    top = (margin - band_h) / 2 - 0.5
    left, right = margin + 3, paper_w - margin - 3  # inset from the crop marks at the corners
    label_mm = min(LABEL_MM, band_h * 0.7)
    texts = [_text(left, top, band_h, page.label, label_mm, bold=True)]
    end = texts[-1].box.right()
    above = neighbour_labels(layout, page, printed).get("above")
    if above is not None:
        arrow_mm = min(NEIGHBOUR_MM, band_h * 0.5)
        texts.append(
            _text(end + TEXT_GAP_MM, top, band_h, f"\u2191 {above}", arrow_mm, True, MARK.name())
        )
        end = texts[-1].box.right()
    room = right - (end + TEXT_GAP_MM)
    caption = page_caption(layout, page, title)
    height = min(CAPTION_MM, band_h * 0.4)
    if text_width_mm(caption, height) <= room:
        texts.append(_text(right - text_width_mm(caption, height), top, band_h, caption, height))
        return texts
    # Two lines: the title, then where the page sits and the scale.
    height = max(SMALLEST_CAPTION_MM, min(height, band_h * 0.42))
    place = caption[len(title) :].lstrip(" \u00b7")
    lines = [elided(title, height, room), elided(place, height, room)]
    line_h = band_h / 2
    for row, line in enumerate(lines):
        width = text_width_mm(line, height)
        texts.append(_text(right - width, top + row * line_h, line_h, line, height))
    return texts


def _text(
    x: float,
    top: float,
    band_h: float,
    text: str,
    height_mm: float,
    bold: bool = False,
    colour: str = INK.name(),
) -> SheetText:
    width = text_width_mm(text, height_mm, bold=bold)
    box_h = min(band_h, height_mm * 1.4)
    box = QRectF(x, top + (band_h - box_h) / 2, width, box_h)
    return SheetText(box, text, height_mm, bold, colour)


def paint_texts(painter: QPainter, texts: list[SheetText], dots_per_mm: float) -> None:
    for text in texts:
        painter.setPen(QColor(text.colour))
        painter.setFont(font_mm(text.height_mm, dots_per_mm, bold=text.bold))
        # A little room on the right: the device's font may round a pixel wider.
        box = text.box.adjusted(0, 0, TEXT_GAP_MM / 2, 0)
        painter.drawText(
            mm(box, dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            text.text,
        )


def paint_page_labels(
    painter: QPainter,
    layout: PrintLayout,
    page: PrintPage,
    title: str,
    dots_per_mm: float,
    printed: set[str] | None = None,
) -> None:
    """The page's header, and its printed neighbours' names below and at the sides."""
    margin = layout.options.margin_mm
    paper_w, paper_h = layout.paper_mm
    band = margin * 0.8
    paint_texts(painter, page_header(layout, page, title, printed), dots_per_mm)
    painter.setFont(font_mm(min(NEIGHBOUR_MM, band * 0.5), dots_per_mm, bold=True))
    painter.setPen(MARK)
    below = QRectF(margin, paper_h - margin + (margin - band) / 2, paper_w - 2 * margin, band)
    for side, label in neighbour_labels(layout, page, printed).items():
        if side == "below":
            painter.drawText(
                mm(below, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), f"\u2193 {label}"
            )
        elif side in ("left", "right"):
            # Along the side margin, turned to read from the page's inside.
            on_left = side == "left"
            x = margin / 2 if on_left else paper_w - margin / 2
            painter.save()
            painter.translate(mm_point(QPointF(x, paper_h / 2), dots_per_mm))
            painter.rotate(-90 if on_left else 90)
            half = QRectF(-40, -band / 2, 80, band)
            text = f"\u2190 {label}" if on_left else f"{label} \u2192"
            painter.drawText(mm(half, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), text)
            painter.restore()


# --- millimetres to device dots ---------------------------------------------------------------


def mm(rect: QRectF, dots_per_mm: float) -> QRectF:
    return QRectF(
        rect.x() * dots_per_mm,
        rect.y() * dots_per_mm,
        rect.width() * dots_per_mm,
        rect.height() * dots_per_mm,
    )


def mm_rect(x: float, y: float, width: float, height: float, dots_per_mm: float) -> QRectF:
    return mm(QRectF(x, y, width, height), dots_per_mm)


def mm_point(point: QPointF, dots_per_mm: float) -> QPointF:
    return QPointF(point.x() * dots_per_mm, point.y() * dots_per_mm)


def pen_mm(colour: QColor, width_mm: float, dots_per_mm: float) -> QPen:
    pen = QPen(colour, width_mm * dots_per_mm)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def font_mm(height_mm: float, dots_per_mm: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(height_mm * dots_per_mm)))
    font.setBold(bold)
    return font


def registration_cross(painter: QPainter, centre_mm: QPointF, dots_per_mm: float) -> None:
    """A circle with a cross through it, 6 mm across: two of them laid one on the other line up
    two pages to a fraction of a millimetre."""
    centre = mm_point(centre_mm, dots_per_mm)
    radius = 2.0 * dots_per_mm
    arm = 3.0 * dots_per_mm
    for colour, width in ((QColor("#ffffff"), 0.6), (MARK, 0.2)):
        painter.setPen(pen_mm(colour, width, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius, radius)
        painter.drawLine(centre - QPointF(arm, 0), centre + QPointF(arm, 0))
        painter.drawLine(centre - QPointF(0, arm), centre + QPointF(0, arm))
