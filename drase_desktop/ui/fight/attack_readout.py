"""What the attack panel shows of an attack: before the roll, the refusal or the expression, the
number to beat, the chances, the damage and every term of the working; after it, the verdict
big and what each target took. Only the widgets: every line comes from `attack_words`."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from drase_desktop.encounter import attack_words as words
from drase_desktop.ui.widgets.theme import accent, heading_font
from drase_desktop.ui.widgets.widget_builders import wrapped_label

RESULT_POINT_SIZE = 22.0
NUMBER_POINT_SIZE = 14.0
# What each outcome is written in: a theme accent, so it reads on the light and dark themes.
COLOURS = {
    words.CRITICAL: "warning",
    words.HIT: "ok",
    words.MISS: "danger",
    words.BLOCKED: "danger",
    words.NEUTRAL: "",  # the palette's quieter text (placeholder) colour
}
CHOOSE = "Choose an attacker with a weapon and a target."


def colour(palette: QPalette, key: str) -> QColor:
    """The colour for an outcome `key` on `palette`."""
    name = COLOURS[key]
    if not name:
        return palette.color(QPalette.ColorRole.PlaceholderText)
    return accent(palette, name)


class AttackReadout(QObject):
    """The panel's words as widgets (the panel lays them out). `owner` is the widget whose
    palette colours them."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        self._owner = owner
        self.outcome = words.NEUTRAL  # the verdict's colour (COLOURS)
        self.blocked = wrapped_label("attackBlocked", heading_font(NUMBER_POINT_SIZE))
        self.working = QTableWidget(0, 2)
        self.working.setObjectName("attackWorking")
        self.working.setHorizontalHeaderLabels(["Term (source)", "Value"])
        self.working.verticalHeader().setVisible(False)
        self.working.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.working.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.working.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.working.setWordWrap(True)
        self.working.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.working.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.working.horizontalHeader()
        # Rows re-measured when the table's width changes (the dock was narrower or wider
        # when they were filled).
        self.working.viewport().installEventFilter(self)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        # The dice in the dock's type, the number to beat and the chances bold, one line each
        # in a laptop's dock: in the heading's type they took four lines there and pushed
        # Roll below the fold of a 768 px screen.
        self.expression = wrapped_label("attackExpression")
        self.target_number = wrapped_label("attackTargetNumber", heading_font(NUMBER_POINT_SIZE))
        self.chances = wrapped_label("attackChances", heading_font(NUMBER_POINT_SIZE))
        self.damage = wrapped_label("attackDamage")
        self.result = wrapped_label("attackResultLabel", heading_font(RESULT_POINT_SIZE))
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.result_detail = wrapped_label("attackResultDetail", heading_font(14.0))
        self.result_detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def paint(self) -> None:
        """The verdict and the refusal in their outcome's colour for the current theme."""
        palette = self._owner.palette()
        for label, key in ((self.result, self.outcome), (self.blocked, words.BLOCKED)):
            own = label.palette()
            own.setColor(QPalette.ColorRole.WindowText, colour(palette, key))
            label.setPalette(own)

    def show_preview(self, shown: words.PreviewWords | None) -> None:
        """An attack before the roll (None: nothing chosen to attack with)."""
        if shown is None:
            self.working.setRowCount(0)
            self.blocked.setText(CHOOSE)
            self.blocked.setVisible(True)
            for field in (self.expression, self.target_number, self.chances, self.damage):
                field.setText("")
            return
        self.blocked.setText(shown.blocked)
        self.blocked.setVisible(bool(shown.blocked))
        self._show_rows(shown.rows)
        self.expression.setText(shown.expression)
        self.target_number.setText(shown.target)
        self.chances.setText(shown.chances)
        self.damage.setText(shown.damage)

    def show_result(self, lines: Sequence[str], word: str, outcome: str) -> None:
        """The verdict big (`word`, coloured for `outcome`) and the lines under it."""
        self.result.setText(word)
        self.outcome = outcome
        self.paint()
        self.result_detail.setText("\n".join(lines))
        self.result.setVisible(bool(word))
        self.result_detail.setVisible(bool(lines))

    def _show_rows(self, rows: Sequence[words.Row]) -> None:
        self.working.setRowCount(len(rows))
        for index, row in enumerate(rows):
            left = QTableWidgetItem(row.label)
            right = QTableWidgetItem(row.value)
            right.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if row.note:
                left.setForeground(colour(self._owner.palette(), words.NEUTRAL))
            self.working.setItem(index, 0, left)
            self.working.setItem(index, 1, right)
        self.working.setVisible(bool(rows))
        self.fit_working_height()

    def fit_working_height(self, *_args: object) -> None:
        """Every term's whole text, wrapped: rows re-measured whenever the columns change
        width (the dock was narrower when they were filled), and the table as tall as they."""
        table = self.working
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(table.horizontalHeader().height() + rows + 4)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.working.viewport() and event.type() == QEvent.Type.Resize:
            assert isinstance(event, QResizeEvent)
            if event.size().width() != event.oldSize().width():
                QTimer.singleShot(0, self.fit_working_height)
        return False
