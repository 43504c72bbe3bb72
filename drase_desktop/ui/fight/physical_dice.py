"""Entering the dice the GM rolled at the table: one box per die of the expression, each bounded
by its faces, so the app judges the table's roll exactly as it would judge its own."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.rules.dice import DiceError, dice_faces, parse
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import ok_cancel


def die_labels(expression: str) -> list[str]:
    """One label per die, in the order `roll_with_faces` reads them: "d20", "bonus d6 1", ..."""
    labels: list[str] = []
    for term in parse(expression):
        if term.faces is None:
            continue
        kind = ""
        if term.faces == 6 and term.keep == 1 and term.count >= 1 and not term.keep_lowest:
            kind = "bonus " if term.sign > 0 else "malus "
        for index in range(term.count):
            number = f" #{index + 1}" if term.count > 1 else ""
            labels.append(f"{kind}d{term.faces}{number}")
    return labels


def parse_faces(text: str, expression: str) -> list[int]:
    """Faces typed as "14, 3 5" for `expression`; a DiceError says what is wrong."""
    sizes = dice_faces(expression)
    pieces = [p for p in text.replace(",", " ").split() if p]
    if len(pieces) != len(sizes):
        raise DiceError(f"{expression} needs {len(sizes)} dice, {len(pieces)} were typed")
    faces: list[int] = []
    for number, (piece, size) in enumerate(zip(pieces, sizes, strict=True), start=1):
        if not piece.isdigit():
            raise DiceError(f"die {number} (a d{size}): {piece!r} is not a number")
        face = int(piece)
        if not 1 <= face <= size:
            raise DiceError(f"die {number} is a d{size}: it cannot show {face}")
        faces.append(face)
    return faces


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
            zip(die_labels(expression), dice_faces(expression), strict=True)
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


def ask_faces(parent: QWidget | None, expression: str, title: str) -> list[int] | None:
    """The faces the GM rolled for `expression`, or None if they cancelled. An expression with
    no dice needs nothing: an empty list."""
    if not dice_faces(expression):
        return []
    dialog = TableDiceDialog(expression, title, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.faces()
