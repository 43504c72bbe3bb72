"""The players' heads-up text: the round, whose phase it is, who acts now (the acting side and
the names the players may know) and the last roll in large type.

What it shows is chosen from the encounter by `table_status` and `last_public_roll`, which never
pick a roll by or against a hidden creature, nor a roll no creature made (the GM's own secret
rolls). Sizes are physical (millimetres on the screen), chosen for reading from two metres:
about 1 mm of letter height per 20 cm of distance, so 10 mm for the round line and 30 mm for
the number rolled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from drase_desktop.encounter.round_marks import acting_now
from drase_desktop.encounter.sides import sides_words

HUD_BACK = QColor(10, 12, 20, 215)
HUD_TEXT = QColor("#ffffff")
HUD_ACCENT = QColor("#ffd400")
HIT = QColor("#4caf50")
MISS = QColor("#ff8a80")
# Letter heights in millimetres on the screen (cap height is about 0.7 of the pixel size).
STATUS_MM = 10.0
ROLL_LABEL_MM = 7.0
ROLL_TOTAL_MM = 30.0


@dataclass(frozen=True)
class PublicRoll:
    label: str  # "Aldric attacks Goblin 1 with Longsword"
    dice: str  # "1d20 (14) + 5"
    total: int
    verdict: str = ""  # "Hit", "Miss", "Critical hit" or ""


def _hidden_ids(encounter: Any) -> set[str]:
    return {cid for cid, c in encounter.combatants.items() if c.hidden}


def last_public_roll(encounter: Any) -> PublicRoll | None:
    """The newest roll of the current phase the players may see, with the verdict of an attack
    that follows it. A new phase clears it: an old roll must not hide tokens for rounds."""
    hidden = _hidden_ids(encounter)
    entries = list(encounter.log)
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if (entry.round, entry.phase) != (encounter.round, encounter.phase.key):
            return None
        if entry.kind != "roll" or "total" not in entry.data:
            continue
        who, target = entry.data.get("combatant"), entry.data.get("target")
        if not who or who in hidden or (target and target in hidden):
            continue
        if who not in encounter.combatants:
            continue
        label, _, dice = entry.text.rpartition(": ")
        dice = dice.rsplit(" = ", 1)[0] if " = " in dice else dice
        verdict = ""
        following = entries[index + 1] if index + 1 < len(entries) else None
        if following is not None and following.kind == "attack":
            data = following.data
            verdict = (
                "Critical hit" if data.get("critical") else "Hit" if data.get("hit") else "Miss"
            )
        return PublicRoll(label.strip(), dice.strip(), int(entry.data["total"]), verdict)
    return None


def table_status(encounter: Any) -> str:
    """ "Round 2 (10-20 s) · Players' phase" or "Setup"."""
    if not encounter.started:
        return "Setup: the fight has not begun"
    return f"{encounter.clock_text} \u00b7 {encounter.phase.title}"


def acting_line(encounter: Any, shown: Callable[[Any], bool]) -> str:
    """Who acts now, as the players may know it: "The players: Aldric, Mira", or only the
    side ("The GM's side") when none of its acting creatures is `shown` to them; "" outside
    the fight or in a phase nobody acts in."""
    if not encounter.started:
        return ""
    acting = acting_now(encounter)
    if not acting:
        return ""
    sides = list(dict.fromkeys(c.side for c in acting))
    names = [c.name for c in acting if shown(c)]
    who = sides_words(sides, start=True)
    return f"{who}: {', '.join(names)}" if names else f"{who} act"


def hud_sizes(area: QRectF, pixels_per_mm: float) -> tuple[float, float, float]:
    """Pixel sizes of the status line, the roll's label and its total: the physical sizes for
    two metres, kept between a readable and a modest share of the screen's height (a small
    window on the GM's laptop must still show the map)."""
    height = area.height()

    def size(mm: float, low: float, high: float) -> float:
        # The cap height should be the millimetres asked: pixel size is about cap height / 0.7.
        return max(low * height, min(high * height, mm * pixels_per_mm / 0.7))

    return (
        size(STATUS_MM, 0.03, 0.05),
        size(ROLL_LABEL_MM, 0.022, 0.03),
        size(ROLL_TOTAL_MM, 0.08, 0.11),
    )


def status_band_height(area: QRectF, pixels_per_mm: float, lines: int = 1) -> float:
    """How much of the top of `area` the round/phase band takes (`lines`: 2 with the line of
    who acts now)."""
    return hud_sizes(area, pixels_per_mm)[0] * 1.35 * lines


def _font(pixels: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(max(8, int(pixels)))
    return font


def _outlined_text(painter: QPainter, rect: QRectF, flags, text: str, font: QFont, colour) -> None:
    """Text with a dark outline so it reads over any map."""
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(text)
    if flags & Qt.AlignmentFlag.AlignRight:
        x = rect.right() - width
    elif flags & Qt.AlignmentFlag.AlignHCenter:
        x = rect.center().x() - width / 2
    else:
        x = rect.left()
    y = rect.center().y() + (metrics.ascent() - metrics.descent()) / 2
    path = QPainterPath()
    path.addText(x, y, font, text)
    painter.setPen(QPen(QColor(0, 0, 0, 230), max(2.0, font.pixelSize() * 0.12)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(path)


def _fitted(text: str, pixels: float, room: float) -> QFont:
    """The line's font: `pixels` high, smaller when it would not fit `room` (never cut)."""
    font = _font(pixels)
    wide = QFontMetricsF(font).horizontalAdvance(text)
    if wide > room > 0:
        font = _font(pixels * room / wide)
    return font


def paint_hud(
    painter: QPainter,
    area: QRectF,
    encounter: Any,
    pixels_per_mm: float,
    acting: str = "",
) -> dict[str, QRectF]:
    """Paint the status band at the top of `area` (with `acting`, who acts now, on a second
    line in the accent colour) and the last roll at its bottom right.

    Returns the rects painted ("status", "acting", "roll") so a caller can keep the map clear
    of them.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    status_px, label_px, total_px = hud_sizes(area, pixels_per_mm)
    pad = status_px * 0.3
    painted: dict[str, QRectF] = {}
    status = table_status(encounter)
    fits = area.width() - 2 * status_px * 0.3
    # A narrow window (the GM's flipped view) gets a smaller line, never a cut one.
    font = _fitted(status, status_px, fits)
    line_height = status_px * 1.35
    band = QRectF(area.left(), area.top(), area.width(), line_height * (2 if acting else 1))
    painter.fillRect(band, HUD_BACK)
    first = QRectF(band.left(), band.top(), band.width(), line_height)
    _outlined_text(
        painter, first.adjusted(pad, 0, -pad, 0), Qt.AlignmentFlag.AlignLeft, status, font, HUD_TEXT
    )
    painted["status"] = band
    if acting:
        second = first.translated(0, line_height)
        acting_font = _fitted(acting, status_px, fits)
        _outlined_text(
            painter,
            second.adjusted(pad, 0, -pad, 0),
            Qt.AlignmentFlag.AlignLeft,
            acting,
            acting_font,
            HUD_ACCENT,
        )
        painted["acting"] = second
    roll = last_public_roll(encounter)
    if roll is not None:
        label_font = _font(label_px, bold=False)
        total_font = _font(total_px)
        verdict_font = _font(label_px * 1.4)
        total_text = str(roll.total)
        label_width = QFontMetricsF(label_font).horizontalAdvance(roll.label)
        dice_width = QFontMetricsF(label_font).horizontalAdvance(roll.dice)
        total_width = QFontMetricsF(total_font).horizontalAdvance(total_text)
        verdict_width = QFontMetricsF(verdict_font).horizontalAdvance(roll.verdict)
        width = min(
            area.width() * 0.6,
            max(label_width, dice_width, total_width + verdict_width + pad * 2) + pad * 2,
        )
        height = label_px * 1.3 * 2 + total_px * 1.1 + pad
        box = QRectF(area.right() - width, area.bottom() - height, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HUD_BACK)
        painter.drawRoundedRect(box, pad, pad)
        inner = box.adjusted(pad, pad / 2, -pad, -pad / 2)
        line = QRectF(inner.left(), inner.top(), inner.width(), label_px * 1.3)
        label = QFontMetricsF(label_font).elidedText(
            roll.label, Qt.TextElideMode.ElideRight, inner.width()
        )
        _outlined_text(painter, line, Qt.AlignmentFlag.AlignLeft, label, label_font, HUD_TEXT)
        line = line.translated(0, label_px * 1.3)
        dice = QFontMetricsF(label_font).elidedText(
            roll.dice, Qt.TextElideMode.ElideRight, inner.width()
        )
        _outlined_text(painter, line, Qt.AlignmentFlag.AlignLeft, dice, label_font, HUD_TEXT)
        big = QRectF(inner.left(), line.bottom(), inner.width(), total_px * 1.1)
        _outlined_text(painter, big, Qt.AlignmentFlag.AlignLeft, total_text, total_font, HUD_ACCENT)
        if roll.verdict:
            colour = MISS if roll.verdict == "Miss" else HIT
            _outlined_text(
                painter, big, Qt.AlignmentFlag.AlignRight, roll.verdict, verdict_font, colour
            )
        painted["roll"] = box
    painter.restore()
    return painted
