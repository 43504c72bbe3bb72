"""A box that takes dice notation ("1d20 + 4 + 2d6k1") and rolls it, or says clearly why not.

The roll itself is done by `roller` (the log dock passes one that rolls through the encounter so
the roll is logged and undoable); any ValueError it raises is shown under the box.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import Roll, roll
from drase_desktop.ui.widgets.plain_text import allow_rich_text, escaped


class DiceBox(QWidget):
    """Emits `rolled(Roll)` for a good expression; shows the error message for a bad one."""

    rolled = Signal(object)

    def __init__(
        self, parent: QWidget | None = None, roller: Callable[[str], Roll] | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("diceBox")
        self.roller: Callable[[str], Roll] = roller or roll
        self.entry = QLineEdit()
        self.entry.setObjectName("diceEntry")
        self.entry.setPlaceholderText("dice, e.g. 1d20 + 4 + 2d6k1")
        self.entry.setClearButtonEnabled(True)
        self.entry.returnPressed.connect(self.roll_entry)
        self.entry.textEdited.connect(lambda _text: self._show_error(""))
        self.button = QPushButton("Roll")
        self.button.setObjectName("diceRollButton")
        self.button.clicked.connect(self.roll_entry)
        self.error = QLabel()
        self.error.setObjectName("diceError")
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.setStyleSheet("color: #ff6b6b; font-weight: bold;")
        self.error.hide()
        self.result = allow_rich_text(QLabel())  # the total in bold; the roll's text escaped
        self.result.setObjectName("diceResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.entry, 1)
        row.addWidget(self.button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.error)
        column.addWidget(self.result)

    def roll_entry(self) -> Roll | None:
        expression = self.entry.text().strip()
        if not expression:
            self._show_error("Type dice to roll, e.g. 1d20 + 4")
            return None
        try:
            result = self.roller(expression)
        except Refusal as error:
            self._show_error(f"Cannot roll “{expression}”: {error}")
            return None
        self._show_error("")
        self.result.setText(f"<b>{result.total}</b> &nbsp; {escaped(result.text)}")
        self.rolled.emit(result)
        return result

    def error_text(self) -> str:
        return self.error.text() if not self.error.isHidden() else ""

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
