"""Small widget builders the docks and dialogs share: a named wrapping label, a frameless
scroll area around a dock's body, the roll / table-dice button pair, and a dialog's OK / Cancel."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QWidget,
)


def wrapped_label(name: str, font: QFont | None = None) -> QLabel:
    """An empty label found by `name` that wraps its text (a narrow dock never cuts it)."""
    label = QLabel()
    label.setObjectName(name)
    if font is not None:
        label.setFont(font)
    label.setWordWrap(True)
    return label


def scrolling(content: QWidget | QLayout, *, horizontal: bool = True) -> QScrollArea:
    """`content` (a widget, or a layout put in one) in a frameless scroll area that resizes it:
    on a small screen a dock scrolls instead of growing the window past the screen. With
    `horizontal` off the content must fit the width (no sideways scroll bar)."""
    if isinstance(content, QLayout):
        body = QWidget()
        body.setLayout(content)
        content = body
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QScrollArea.Shape.NoFrame)
    if not horizontal:
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setWidget(content)
    return scroller


def roll_row(roll: QPushButton, table: QPushButton) -> QHBoxLayout:
    """Rolling with the app's dice (twice as wide: the usual choice) beside entering the dice
    rolled at the table."""
    row = QHBoxLayout()
    row.addWidget(roll, 2)
    row.addWidget(table, 1)
    return row


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, wired to accept and reject `dialog`."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
