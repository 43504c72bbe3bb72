"""How the combatants list draws its rows: each cell on one line (statuses cut short at the
right, a name cut short before the number that tells it apart, "Goblin Ar… 12"; whole in the
cells' tooltips), and a change repainting only the rows in view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

Index = QModelIndex | QPersistentModelIndex


class OneLineDelegate(QStyledItemDelegate):
    """Draws a cell on one line, cut short where `elide` says when it is too long."""

    def __init__(self, parent: QWidget, elide: Qt.TextElideMode) -> None:
        super().__init__(parent)
        self._elide = elide

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = self._elide


class NameDelegate(OneLineDelegate):
    """A name too long for its cell is cut short at the right, keeping a number it ends with:
    "Goblin Archer 12" reads "Goblin Ar… 12", apart from "Goblin Ar… 11"."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent, Qt.TextElideMode.ElideRight)

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        if option.rect.width() <= 0:
            return  # measured for its size: the whole name
        style = option.widget.style() if option.widget is not None else QApplication.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, option.widget)
        room = option.rect.width() - option.decorationSize.width() - 3 * (margin + 1)
        option.text = elided_name(option.text, option.fontMetrics, room)


def elided_name(name: str, metrics: QFontMetrics, room: int) -> str:
    """`name` as it fits `room` pixels: whole, or cut short at the right before the number it
    ends with, if any."""
    if metrics.horizontalAdvance(name) <= room:
        return name
    head, _, number = name.rpartition(" ")
    if head and number.isdigit():
        tail = f" {number}"
        cut = metrics.elidedText(
            head, Qt.TextElideMode.ElideRight, room - metrics.horizontalAdvance(tail)
        )
        if cut:
            return cut + tail
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)


class CombatantTableView(QTableView):
    """The combatants' rows. A change reported for many rows at once (a new phase changes
    every row's marks) repaints only the rows in view: Qt repaints the whole list for a span
    that reaches past it, and a row's cells cost their text layout to paint."""

    def rows_in_view(self) -> tuple[int, int]:
        """The first and last rows the view shows: the first is -1 when it shows none, the last
        is the list's last row when the view reaches past it."""
        model = self.model()
        last = self.rowAt(self.viewport().height() - 1)
        if last < 0 and model is not None:
            last = model.rowCount() - 1
        return self.rowAt(0), last

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Any = ()) -> None:
        model = self.model()
        first, last = top_left.row(), bottom_right.row()
        top, bottom = self.rows_in_view()
        if (
            model is not None
            and top_left.isValid()
            and bottom_right.isValid()
            and top >= 0
            and self.state() != QAbstractItemView.State.EditingState
        ):
            first, last = max(first, top), min(last, bottom)
            if first > last:
                return  # none of the rows in view changed
            top_left = model.index(first, top_left.column())
            bottom_right = model.index(last, bottom_right.column())
        super().dataChanged(top_left, bottom_right, list(roles))
