"""Status badges on a token's disc: each status its own mark, a short label ("Bl" bleeding, "Pr"
prone, "GB" guard break) on a colour of its own, up to a few, the last one saying how many more
there are. The GM's tokens and the players' display both draw them; the token's tooltip names
them in full.

The label and colour come from the status's name alone, so a status the GM adds gets its own too
and the same status looks the same on every token and every screen."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from drase_desktop.ui.map.grid_geometry import GridGeometry

MAX_BADGES = 3
BADGE_TEXT = QColor("#ffffff")
# Dark enough for white letters, far enough apart to tell at a glance.
BADGE_COLOURS: tuple[QColor, ...] = tuple(
    QColor(code)
    for code in (
        "#6a1b9a",  # purple
        "#b71c1c",  # red
        "#1b5e20",  # green
        "#0d47a1",  # blue
        "#e65100",  # orange
        "#006064",  # teal
        "#4e342e",  # brown
        "#880e4f",  # magenta
        "#37474f",  # slate
    )
)
MORE_COLOUR = QColor("#424242")


def status_mark(name: str) -> str:
    """A status's short label: its two first letters ("Bl", "Sk", "St"), or the initials of a
    name of several words ("GB" for guard break)."""
    words = [word for word in name.replace("-", " ").split() if word]
    if not words:
        return "?"
    if len(words) > 1:
        return "".join(word[0] for word in words[:2]).upper()
    return words[0][:2].capitalize()


def status_colour(name: str) -> QColor:
    """The status's own badge colour (the same for it everywhere)."""
    return BADGE_COLOURS[zlib.crc32(name.encode("utf-8")) % len(BADGE_COLOURS)]


def paint_status_badges(
    painter: QPainter,
    disc: QRectF,
    geometry: GridGeometry,
    statuses: Sequence[str],
    *,
    radius_share: float,
    inset: float,
) -> None:
    """Badges down the disc's right edge; `radius_share` of a tile each, their centres `inset`
    radii in from the disc's corner."""
    if not statuses:
        return
    radius = geometry.length(radius_share)
    shown = list(statuses[:MAX_BADGES])
    badges = [(status_mark(name), status_colour(name)) for name in shown]
    if len(statuses) > MAX_BADGES:
        badges[-1] = (f"+{len(statuses) - MAX_BADGES + 1}", MORE_COLOUR)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(5, int(radius * 1.15)))
    painter.setFont(font)
    # Pills two letters wide, stacked down the disc's right edge from its top: inside the
    # token's own tile, so they never cover a neighbour.
    width = radius * 2.4
    left = disc.right() - radius * inset + radius - width
    top = disc.top() + radius * inset - radius
    for text, colour in badges:
        box = QRectF(left, top, width, 2 * radius)
        painter.setPen(QPen(BADGE_TEXT, geometry.length(0.03)))
        painter.setBrush(colour)
        painter.drawRoundedRect(box, radius, radius)
        painter.setPen(BADGE_TEXT)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        top += radius * 2.1
