"""Entering the dice the GM rolled at the table: one box per die the rules ask for, each bounded
by its faces and named as the core names it ("d20", "bonus d6 #1"), so the app judges the
table's roll exactly as it would judge its own.

`ask_dice(parent, request)` asks for one roll an operation needs; `rules.dice_source`'s
`roll_with_table_dice` runs the operation with the GM's dice, asking for each roll the rules
need in the order they need it (the encounter is untouched while the dialog is open)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.rules.dice import dice_faces
from drase_desktop.rules.dice_source import DiceRequest, die_names
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import ok_cancel

# The window's way of asking the GM for one roll (tests answer in its place).
AskDice = Callable[[DiceRequest], Sequence[int] | None]


class TableDiceDialog(QDialog):
    """Asks for the faces of every die of `expression`; `.faces()` after it is accepted."""

    def __init__(self, expression: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableDiceDialog")
        self.setWindowTitle("Dice rolled at the table")
        self.expression = expression
        heading = QLabel(title)
        heading.setFont(heading_font())
        heading.setWordWrap(True)
        formula = QLabel(f"Roll {expression}: enter what each die shows")
        formula.setObjectName("tableDiceFormula")
        grid = QGridLayout()
        self.boxes: list[QSpinBox] = []
        for row, (label, size) in enumerate(
            zip(die_names(expression), dice_faces(expression), strict=True)
        ):
            box = QSpinBox()
            box.setObjectName(f"tableDie{row}")
            box.setRange(1, size)
            box.setValue(1)
            box.setMinimumWidth(90)
            box.setFont(heading_font())
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(box, row, 1)
            self.boxes.append(box)
        buttons = ok_cancel(self)
        buttons.setObjectName("tableDiceButtons")
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(formula)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        if self.boxes:
            self.boxes[0].setFocus()
            self.boxes[0].selectAll()

    def set_faces(self, faces: Sequence[int]) -> None:
        for box, face in zip(self.boxes, faces, strict=True):
            box.setValue(face)

    def faces(self) -> list[int]:
        return [box.value() for box in self.boxes]


def ask_dice(parent: QWidget | None, request: DiceRequest) -> list[int] | None:
    """The faces the GM rolled for `request`, or None if they cancelled. A roll with no dice
    needs nothing: an empty list."""
    if not request.dice:
        return []
    dialog = TableDiceDialog(request.expression, request.title or request.purpose, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.faces()
