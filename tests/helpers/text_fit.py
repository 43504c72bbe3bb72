"""Finds the texts a GM cannot read whole: a label, button, tab, header or table cell whose text
is wider than the room its widget gives it (neither wrapped nor elided with the full text in a
tooltip), and a widget cut off by the edge of what holds it.

Used by the layout tests at laptop and desktop sizes; each problem is one line naming the widget
(its objectName, or its class and text) so a failing test says what to fix.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QToolButton,
    QWidget,
)

# Pixels of slack: anti-aliasing and a style's rounding must not fail a test.
SLACK = 2
# Room measured text must leave (1.0: none). The layout tests rather enlarge the fonts, as
# a screen of higher resolution does, so widgets sized to their text grow with it.
FONT_MARGIN = 1.0
# A tab's text has this much padding on each side.
CELL_PADDING = 4
SMALL_ICON = QStyle.PixelMetric.PM_SmallIconSize


def advance(metrics: QFontMetrics, text: str) -> int:
    """The width `text` needs, with FONT_MARGIN to spare."""
    return math.ceil(metrics.horizontalAdvance(text) * FONT_MARGIN)


def describe(widget: QWidget, text: str = "") -> str:
    name = widget.objectName() or type(widget).__name__
    shown = text or getattr(widget, "text", lambda: "")()
    return f"{name} {shown[:60]!r}" if shown else name


def shown_rect(widget: QWidget) -> QRect:
    """The part of `widget` (in its own coordinates) its parents do not cut off."""
    window = widget.window()
    shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown &= QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        parent = parent.parentWidget()
    shown &= window.rect()
    return shown.translated(-widget.mapTo(window, QPoint(0, 0)))


def shown_widgets(root: QWidget) -> Iterator[QWidget]:
    """Every widget under `root` the GM can see now: visible (not in a hidden tab page) and
    not wholly scrolled away."""
    for widget in root.findChildren(QWidget):
        if widget.isVisible() and widget.window() is root.window():
            if not shown_rect(widget).isEmpty():
                yield widget


def _elided_on_purpose(widget: QWidget, full: str) -> bool:
    """Elided text is fine when the full text is a hover away."""
    return bool(full) and full in widget.toolTip()


def _lines(text: str) -> list[str]:
    return [line for line in text.replace("\u2028", "\n").split("\n") if line]


def label_problems(label: QLabel) -> list[str]:
    text = label.text()
    if not text or label.textFormat() == Qt.TextFormat.RichText or GuiQt.mightBeRichText(text):
        return []
    if label.property("elidedText") and _elided_on_purpose(label, label.property("fullText")):
        return []
    metrics = QFontMetrics(label.font())
    width = label.contentsRect().width() - 2 * label.margin() - label.indent() * 0
    problems = []
    if label.wordWrap():
        for line in _lines(text):
            for word in line.split():
                if advance(metrics, word) > width + SLACK:
                    problems.append(f"{describe(label)}: the word {word!r} is wider than the label")
                    break
        needed = label.heightForWidth(label.width())
        if needed > label.height() + SLACK:
            problems.append(
                f"{describe(label)}: wrapped text needs {needed} px of height, has {label.height()}"
            )
    else:
        for line in _lines(text):
            if advance(metrics, line) > width + SLACK:
                problems.append(
                    f"{describe(label)}: {advance(metrics, line)} px of text in {width} px"
                )
                break
    return problems


def button_problems(button: QAbstractButton) -> list[str]:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text or isinstance(button, QToolButton):
        return []
    if _elided_on_purpose(button, button.property("fullText") or ""):
        return []
    extra = QFontMetrics(button.font()).horizontalAdvance(text) * (FONT_MARGIN - 1)
    hint = math.ceil(button.sizeHint().width() + extra)
    if isinstance(button, QPushButton | QCheckBox | QRadioButton) and hint > button.width() + SLACK:
        return [f"{describe(button)}: needs {hint} px, has {button.width()}"]
    return []


def combo_problems(combo: QComboBox) -> list[str]:
    text = combo.currentText()
    if not text or combo.isEditable() or _elided_on_purpose(combo, text):
        return []
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    needed = advance(QFontMetrics(combo.font()), text)
    if needed > field.width() + SLACK:
        return [f"{describe(combo, text)}: {needed} px of text in {field.width()} px, no tooltip"]
    return []


def tab_problems(bar: QTabBar) -> list[str]:
    problems = []
    metrics = QFontMetrics(bar.font())
    for index in range(bar.count()):
        text = bar.tabText(index).replace("&", "")
        room = bar.tabRect(index).width() - 2 * CELL_PADDING
        if advance(metrics, text) > room + SLACK:
            problems.append(f"tab {text!r}: needs {advance(metrics, text)} px, has {room}")
        if not bar.rect().contains(bar.tabRect(index)):
            problems.append(f"tab {text!r} is outside its tab bar (scroll buttons hide it)")
    return problems


def header_problems(header: QHeaderView) -> list[str]:
    problems = []
    model = header.model()
    if model is None:
        return []
    metrics = QFontMetrics(header.font())
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        text = str(model.headerData(section, header.orientation()) or "")
        if header.orientation() == Qt.Orientation.Vertical or not text:
            continue
        room = header.sectionSize(section) - 2 * CELL_PADDING
        if advance(metrics, text) > room + SLACK:
            problems.append(
                f"{describe(header)} column {text!r}: needs {advance(metrics, text)} px, has {room}"
            )
        position = header.sectionViewportPosition(section)
        if position < 0 or position + header.sectionSize(section) > header.viewport().width() + 1:
            problems.append(f"{describe(header)} column {text!r} is scrolled out of the view")
    return problems


def _indexes(view: QAbstractItemView) -> Iterable[QModelIndex]:
    model = view.model()
    if model is None:
        return
    root = view.rootIndex()
    try:
        columns = model.columnCount(root)
    except TypeError:  # a list's model hides its one column
        columns = 1
    for row in range(model.rowCount(root)):
        for column in range(columns):
            index = model.index(row, column, root)
            hidden = getattr(view, "isColumnHidden", lambda _c: False)(column) or getattr(
                view, "isRowHidden", lambda _r: False
            )(row)
            if not hidden:
                yield index


def cell_problems(view: QAbstractItemView) -> list[str]:
    problems = []
    viewport: QRect = view.viewport().rect()
    wraps = bool(getattr(view, "wordWrap", lambda: False)())
    for index in _indexes(view):
        rect = view.visualRect(index)
        if rect.isEmpty() or not rect.intersects(viewport):
            continue  # scrolled away vertically: a list may scroll
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if not text:
            continue
        tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
        if view.textElideMode() != Qt.TextElideMode.ElideNone and text in tip:
            continue  # elided, and the whole text is a hover away
        font = index.data(Qt.ItemDataRole.FontRole) or view.font()
        metrics = QFontMetrics(font)
        padding = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
        room = min(rect.right() + 1, viewport.right() + 1) - rect.left() - 2 * padding
        if index.data(Qt.ItemDataRole.DecorationRole) is not None:
            icon = view.iconSize().width()
            room -= (icon if icon > 0 else view.style().pixelMetric(SMALL_ICON)) + padding
        needed = max(advance(metrics, line) for line in text.split("\n"))
        if wraps:
            needed = max(advance(metrics, word) for word in text.split())
        if needed > room + SLACK:
            problems.append(
                f"{describe(view)} cell ({index.row()}, {index.column()}) {text[:40]!r}:"
                f" needs {needed} px, has {room}"
            )
        elif wraps:
            wrapped = metrics.boundingRect(
                QRect(0, 0, max(1, room), 100_000), Qt.TextFlag.TextWordWrap, text
            ).height()
            if wrapped > rect.height() + SLACK:
                problems.append(
                    f"{describe(view)} cell ({index.row()}, {index.column()}) {text[:40]!r}:"
                    f" wrapped it needs {wrapped} px of height, has {rect.height()}"
                )
    return problems


def clipped_by_parent(widget: QWidget) -> str:
    """A widget whose right or left edge a parent cuts off (a scroll area may cut the bottom:
    it scrolls)."""
    visible = shown_rect(widget)
    if visible.isEmpty():
        return ""
    if visible.width() + SLACK < widget.width():
        return f"{describe(widget)}: only {visible.width()} of {widget.width()} px wide is shown"
    return ""


# Each kind of widget with its own check; the first kind a widget is decides (a header is an
# item view too, checked as a header).
_CHECKS: tuple[tuple[type[QWidget], Callable[[Any], list[str]]], ...] = (
    (QLabel, label_problems),
    (QAbstractButton, button_problems),
    (QComboBox, combo_problems),
    (QTabBar, tab_problems),
    (QHeaderView, header_problems),
    (QAbstractItemView, cell_problems),
)


def text_problems(root: QWidget) -> list[str]:
    """Every text under `root` the GM sees cut: an empty list when all fit."""
    problems: list[str] = []
    for widget in shown_widgets(root):
        for kind, check in _CHECKS:
            if isinstance(widget, kind):
                problems += check(widget)
                break
        if isinstance(widget, QLabel | QAbstractButton | QComboBox | QAbstractScrollArea):
            clipped = clipped_by_parent(widget)
            if clipped:
                problems.append(clipped)
    return problems


def outside_view(widget: QWidget) -> str:
    """Why a control the GM needs every round cannot be seen whole now ("" when it can)."""
    if not widget.isVisible():
        return f"{describe(widget)} is hidden"
    visible = shown_rect(widget)
    if visible != widget.rect():
        return (
            f"{describe(widget)}: only {visible.width()}x{visible.height()} of"
            f" {widget.width()}x{widget.height()} is on screen"
        )
    return ""
