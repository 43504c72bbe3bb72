"""A one-line label whose text, when wider than the label, is cut short with "…" rather than
wrapped onto more lines; the whole text is its tooltip. For a line that repeats what the widgets
under it show: it never pushes them down."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QWidget


class ElidingLabel(QLabel):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setTextFormat(Qt.TextFormat.PlainText)
        # What the layout tests read: the text is cut on purpose, whole in the tooltip.
        self.setProperty("elidedText", True)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setProperty("fullText", text)
        self.setToolTip(text)

    def shown_text(self) -> str:
        """The text as the label shows it: whole, or cut short to fit."""
        return self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width()
        )

    def minimumSizeHint(self) -> QSize:
        # As narrow as a few letters: a long text must not widen its dock.
        return QSize(self.fontMetrics().horizontalAdvance("Wm\u2026"), super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.shown_text(),
            QPalette.ColorRole.WindowText,
        )
