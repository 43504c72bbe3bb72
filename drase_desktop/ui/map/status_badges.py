"""Status badges on a token's disc: a purple dot with the status's initial, up to a few, the last
one saying how many more there are. The GM's tokens and the players' display both draw them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from drase_desktop.ui.map.grid_geometry import GridGeometry

MAX_BADGES = 3
BADGE_COLOUR = QColor("#6a1b9a")
BADGE_TEXT = QColor("#ffffff")


def paint_status_badges(
    painter: QPainter,
    disc: QRectF,
    geometry: GridGeometry,
    statuses: Sequence[str],
    *,
    radius_share: float,
    inset: float,
) -> None:
    """Badges along the disc's top right; `radius_share` of a tile each, their centres `inset`
    radii in from the disc's corner."""
    if not statuses:
        return
    radius = geometry.length(radius_share)
    texts = [name[:1].upper() for name in statuses[:MAX_BADGES]]
    if len(statuses) > MAX_BADGES:
        texts[-1] = f"+{len(statuses) - MAX_BADGES + 1}"
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(5, int(radius * 1.3)))
    painter.setFont(font)
    for index, text in enumerate(texts):
        centre = QPointF(
            disc.right() - radius * inset - index * radius * 1.9, disc.top() + radius * inset
        )
        painter.setPen(QPen(BADGE_TEXT, geometry.length(0.03)))
        painter.setBrush(BADGE_COLOUR)
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(BADGE_TEXT)
        painter.drawText(
            QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            text,
        )
