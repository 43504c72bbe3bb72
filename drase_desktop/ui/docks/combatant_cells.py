"""How the combatants list draws its cells on one line: statuses cut short at the right, a
name cut short before the number that tells it apart ("Goblin Ar… 12"); whole in the cells'
tooltips."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
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
