"""The TV's Table Link codes: one QR code per player character, its name above and the short
address under it (for a phone without a camera), shown on the player display while the GM
invites the players. A seat whose phone is connected shows "connected" instead of its code, and
the panel goes once every seat is taken."""

from __future__ import annotations

from typing import Any

import segno
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QWidget

# Sized to be scanned and read from across a table on a 1080p TV.
CARD_WIDTH = 300
QR_SIDE = 250
CARD_HEIGHT = 360
MARGIN = 16


class TableCodes(QWidget):
    """Over the player display (objectName "tableLinkCodes")."""

    def __init__(self, link: Any, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("tableLinkCodes")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.link = link
        self.cards: list[tuple[str, str, Any]] = []  # name, short address, QR matrix
        link.seatsChanged.connect(self.refresh)
        link.connectionsChanged.connect(self.refresh)
        parent.installEventFilter(self)
        self.refresh()

    def refresh(self, *_: Any) -> None:
        combatants = self.link.model.encounter.combatants
        urls = self.link.seat_urls()
        self.cards = []
        for seat, url in urls.items():
            if seat in self.link.connected:
                continue
            name = combatants[seat].name if seat in combatants else seat
            matrix = segno.make_qr(url, error="m").matrix
            self.cards.append((name, url.removeprefix("http://"), matrix))
        self.setVisible(bool(self.cards))
        self._place()
        self.update()

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == event.Type.Resize:
            self._place()
        return False

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        per_row = max(1, min(len(self.cards), (parent.width() - MARGIN) // (CARD_WIDTH + MARGIN)))
        rows = (len(self.cards) + per_row - 1) // per_row if self.cards else 0
        width = per_row * (CARD_WIDTH + MARGIN) + MARGIN
        height = rows * (CARD_HEIGHT + MARGIN) + MARGIN + 34
        # Bottom right: the phase banner keeps the top of the TV.
        height = min(height, parent.height())
        self.setGeometry(
            max(0, parent.width() - width), max(0, parent.height() - height), width, height
        )
        self.raise_()

    def paintEvent(self, event: Any) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(20, 22, 26, 235))
        painter.setPen(QColor("#ffffff"))
        title = QFont(self.font())
        title.setPixelSize(20)
        title.setBold(True)
        painter.setFont(title)
        painter.drawText(
            QRectF(MARGIN, 6, self.width() - 2 * MARGIN, 28),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            "Scan your code to play on your phone",
        )
        per_row = max(1, (self.width() - MARGIN) // (CARD_WIDTH + MARGIN))
        name_font = QFont(self.font())
        name_font.setPixelSize(20)
        name_font.setBold(True)
        address_font = QFont(self.font())
        address_font.setPixelSize(16)
        for index, (name, address, matrix) in enumerate(self.cards):
            left = MARGIN + (index % per_row) * (CARD_WIDTH + MARGIN)
            top = 40 + (index // per_row) * (CARD_HEIGHT + MARGIN)
            card = QRectF(left, top, CARD_WIDTH, CARD_HEIGHT)
            painter.fillRect(card, QColor("#ffffff"))
            painter.setPen(QColor("#111111"))
            painter.setFont(name_font)
            painter.drawText(
                QRectF(left, top + 4, CARD_WIDTH, 28), Qt.AlignmentFlag.AlignCenter, name
            )
            _paint_qr(
                painter,
                matrix,
                QRectF(left + (CARD_WIDTH - QR_SIDE) / 2, top + 34, QR_SIDE, QR_SIDE),
            )
            painter.setFont(address_font)
            painter.drawText(
                QRectF(left + 6, top + 34 + QR_SIDE + 4, CARD_WIDTH - 12, 70),
                Qt.AlignmentFlag.AlignHCenter
                | Qt.AlignmentFlag.AlignTop
                | Qt.TextFlag.TextWrapAnywhere,
                address,
            )
        painter.end()


def _paint_qr(painter: QPainter, matrix: Any, area: QRectF) -> None:
    """The QR code's modules as black squares, with its quiet zone of four modules."""
    rows = list(matrix)
    count = len(rows) + 8
    module = area.width() / count
    painter.fillRect(area, QColor("#ffffff"))
    black = QColor("#000000")
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                painter.fillRect(
                    QRectF(
                        area.left() + (x + 4) * module,
                        area.top() + (y + 4) * module,
                        module + 0.02,
                        module + 0.02,
                    ),
                    black,
                )
