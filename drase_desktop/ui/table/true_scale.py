"""True scale for a screen laid flat on the table: one tile is exactly one inch (25.4 mm).

Miniatures stand on 1-inch bases, so the screen must draw a tile 25.4 mm wide. How many pixels
that is comes from the screen's size: the GM types the diagonal in inches (the number on the
box), or Qt's `QScreen.physicalSize()` (from the monitor's EDID; TVs often report nonsense, so
the diagonal wins when given). A calibration page draws a ruler to check against a real one.

All lengths here are in the logical pixels Qt paints with (device pixels / devicePixelRatio).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from drase_desktop.refusal import Refusal

MM_PER_INCH = 25.4
# Reported sizes outside this are not a real screen (TVs report 0, 1 or their aspect ratio).
MIN_PHYSICAL_MM = 50.0
MAX_DIAGONAL_INCHES = 200.0
# TVs crop 2.5-5 % at each edge unless "just scan" is on; 0 for monitors.
MAX_OVERSCAN = 0.15


class TrueScaleError(Refusal):
    """A screen size that cannot be right; the message says what to type instead."""


def pixels_per_inch_from_diagonal(diagonal_inches: float, width_px: int, height_px: int) -> float:
    """Pixels per inch of a `width_px` x `height_px` screen whose diagonal is given (square
    pixels, as every flat panel has)."""
    if not (isinstance(diagonal_inches, int | float) and math.isfinite(diagonal_inches)):
        raise TrueScaleError(f"The diagonal must be a number of inches, not {diagonal_inches!r}")
    if not 1.0 <= diagonal_inches <= MAX_DIAGONAL_INCHES:
        raise TrueScaleError(
            f"A screen diagonal of {diagonal_inches:g} inches cannot be right: type the size on"
            f" the box, between 1 and {MAX_DIAGONAL_INCHES:g} inches"
        )
    if width_px <= 0 or height_px <= 0:
        raise TrueScaleError(f"The screen has no pixels ({width_px} x {height_px})")
    return math.hypot(width_px, height_px) / diagonal_inches


def pixels_per_inch_from_physical(
    width_px: int, height_px: int, width_mm: float, height_mm: float
) -> float:
    """Pixels per inch from the physical size Qt reports, or TrueScaleError if it is not real."""
    if width_mm < MIN_PHYSICAL_MM or height_mm < MIN_PHYSICAL_MM:
        raise TrueScaleError(
            f"The screen reports a size of {width_mm:g} x {height_mm:g} mm, which cannot be"
            " right: type its diagonal instead"
        )
    across = width_px / (width_mm / MM_PER_INCH)
    down = height_px / (height_mm / MM_PER_INCH)
    if abs(across - down) > 0.1 * max(across, down):
        raise TrueScaleError(
            f"The screen reports {width_mm:g} x {height_mm:g} mm for {width_px} x {height_px}"
            " pixels, which are not square: type its diagonal instead"
        )
    return (across + down) / 2


def diagonal_from_physical(width_mm: float, height_mm: float) -> float:
    return math.hypot(width_mm, height_mm) / MM_PER_INCH


@dataclass(frozen=True)
class TrueScale:
    """One tile = one inch at `pixels_per_inch`; `overscan` is the fraction hidden at each edge."""

    pixels_per_inch: float
    overscan: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.pixels_per_inch) and 10 <= self.pixels_per_inch <= 2000):
            raise TrueScaleError(f"{self.pixels_per_inch:g} pixels per inch cannot be right")
        if not 0.0 <= self.overscan <= MAX_OVERSCAN:
            raise TrueScaleError(
                f"Overscan must be 0 to {MAX_OVERSCAN:.0%} of each edge, not {self.overscan:.0%}"
            )

    @property
    def tile_pixels(self) -> float:
        """A tile is 1 inch: this many logical pixels."""
        return self.pixels_per_inch

    def safe_rect(self, width: float, height: float, top_reserved: float = 0.0) -> QRectF:
        """The part of a `width` x `height` screen a TV does not crop, less `top_reserved`
        pixels at its top (the status band)."""
        dx, dy = width * self.overscan, height * self.overscan
        return QRectF(dx, dy + top_reserved, width - 2 * dx, height - 2 * dy - top_reserved)

    def whole_tiles(
        self, width: float, height: float, top_reserved: float = 0.0
    ) -> tuple[int, int]:
        """How many whole tiles fit across and down the safe part of the screen."""
        safe = self.safe_rect(width, height, top_reserved)
        return (
            max(1, int(safe.width() // self.tile_pixels)),
            max(1, int(safe.height() // self.tile_pixels)),
        )

    def tiles_rect(self, width: float, height: float, top_reserved: float = 0.0) -> QRectF:
        """Where the whole tiles sit on screen: centred in the safe part."""
        across, down = self.whole_tiles(width, height, top_reserved)
        size = QSizeF(across * self.tile_pixels, down * self.tile_pixels)
        safe = self.safe_rect(width, height, top_reserved)
        left = safe.left() + (safe.width() - size.width()) / 2
        top = safe.top() + (safe.height() - size.height()) / 2
        return QRectF(QPointF(left, top), size)


def snap_origin(
    centre: tuple[float, float], tiles: tuple[int, int], map_size: tuple[int, int]
) -> tuple[int, int]:
    """The top-left tile of a `tiles`-sized window centred as near `centre` (tile units) as
    whole tiles allow, kept on the map where the map is big enough."""
    origin = []
    for c, count, side in zip(centre, tiles, map_size, strict=True):
        start = math.floor(c - count / 2 + 0.5)  # halves round up, never to even
        if side >= count:
            start = max(0, min(side - count, start))
        else:
            start = -((count - side) // 2)  # a small map sits in the middle
        origin.append(start)
    return origin[0], origin[1]


class CalibrationPage(QWidget):
    """A ruler in inches and centimetres and a 1-inch square, drawn at the given scale, for
    the GM to check against a real ruler (objectName "calibrationPage")."""

    def __init__(self, scale: TrueScale, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calibrationPage")
        self.scale = scale
        self.setAutoFillBackground(True)

    def set_scale(self, scale: TrueScale) -> None:
        self.scale = scale
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#ffffff"))
        ppi = self.scale.pixels_per_inch
        safe = self.scale.safe_rect(self.width(), self.height())
        left = safe.left() + ppi * 0.5
        inches = max(1, int((safe.width() - ppi) // ppi))
        black = QColor("#000000")
        font = QFont()
        font.setPixelSize(max(12, int(ppi * 0.28)))
        font.setBold(True)
        painter.setFont(font)
        # The inch ruler: a long tick each inch, shorter each half and quarter.
        base = safe.top() + ppi * 1.4
        painter.setPen(QPen(black, 2))
        painter.drawLine(QPointF(left, base), QPointF(left + inches * ppi, base))
        for quarter in range(inches * 4 + 1):
            x = left + quarter * ppi / 4
            length = ppi * (0.45 if quarter % 4 == 0 else 0.3 if quarter % 2 == 0 else 0.18)
            painter.drawLine(QPointF(x, base), QPointF(x, base - length))
            if quarter % 4 == 0:
                painter.drawText(
                    QRectF(x - ppi / 2, base - ppi, ppi, ppi * 0.4),
                    Qt.AlignmentFlag.AlignCenter,
                    str(quarter // 4),
                )
        painter.drawText(
            QRectF(left, safe.top() + ppi * 0.1, inches * ppi, ppi * 0.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            "inches: each long tick must be 1 inch (25.4 mm) on a real ruler",
        )
        # The centimetre ruler under it.
        cm = ppi / 2.54
        base2 = base + ppi * 1.3
        count = int(inches * 2.54)
        painter.drawLine(QPointF(left, base2), QPointF(left + count * cm, base2))
        for mm in range(count * 10 + 1):
            x = left + mm * cm / 10
            length = cm * (0.6 if mm % 10 == 0 else 0.4 if mm % 5 == 0 else 0.2)
            painter.setPen(QPen(black, 2 if mm % 10 == 0 else 1))
            painter.drawLine(QPointF(x, base2), QPointF(x, base2 - length))
            if mm % 10 == 0:
                painter.drawText(
                    QRectF(x - cm / 2, base2 - cm * 1.2, cm, cm * 0.5),
                    Qt.AlignmentFlag.AlignCenter,
                    str(mm // 10),
                )
        # A 1-inch square: a miniature's base should sit exactly inside it.
        square = QRectF(left, base2 + ppi * 0.5, ppi, ppi)
        painter.setPen(QPen(QColor("#d32f2f"), 3))
        painter.setBrush(QColor(211, 47, 47, 40))
        painter.drawRect(square)
        painter.setPen(black)
        painter.drawText(
            QRectF(square.right() + ppi * 0.3, square.top(), safe.width(), ppi),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            f"one tile: 1 inch square ({ppi:.1f} px per inch). Too big or small? Correct the"
            " screen diagonal.",
        )
        if self.scale.overscan:
            painter.setPen(QPen(QColor("#1f6fe0"), 3, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(safe.adjusted(1.5, 1.5, -1.5, -1.5))
        painter.end()
