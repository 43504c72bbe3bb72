"""Small widget builders the docks and dialogs share: widgets found by their objectName (combo
boxes, check boxes, line edits, spin boxes and a map side's, buttons), a named wrapping label, a
frameless scroll area around a dock's body, a row of widgets side by side, the roll /
table-dice button pair, a dialog's OK / Cancel, and one slot called at any change of the GM's
fields."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.board.battle_map import MAX_SIDE

Named = TypeVar("Named", bound=QObject)


def named(thing: Named, name: str) -> Named:
    """`thing` with its objectName set: the tests and the style find widgets by it."""
    thing.setObjectName(name)
    return thing


def combo_box(
    name: str, items: Iterable[tuple[str, Any]] = (), *, editable: bool = False
) -> QComboBox:
    """A combo box of `items` (text, data); an `editable` one takes a typed text without adding
    it as an item."""
    combo = named(QComboBox(), name)
    for text, data in items:
        combo.addItem(text, data)
    if editable:
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    return combo


def check_box(text: str, name: str, *, checked: bool = False) -> QCheckBox:
    box = named(QCheckBox(text), name)
    box.setChecked(checked)
    return box


def line_edit(name: str, text: str = "", *, placeholder: str = "") -> QLineEdit:
    edit = named(QLineEdit(text), name)
    if placeholder:
        edit.setPlaceholderText(placeholder)
    return edit


def spin_box(
    name: str,
    low: int,
    high: int,
    value: int | None = None,
    *,
    suffix: str = "",
    prefix: str = "",
    tip: str = "",
) -> QSpinBox:
    """A spin box from `low` to `high` found by `name`, showing `value` (none given: the nearest
    to 0 in its range)."""
    box = named(QSpinBox(), name)
    box.setRange(low, high)
    if value is not None:
        box.setValue(value)
    if suffix:
        box.setSuffix(suffix)
    if prefix:
        box.setPrefix(prefix)
    if tip:
        box.setToolTip(tip)
    return box


def map_side_box(name: str, value: int) -> QSpinBox:
    """A map's width or height in tiles, up to the largest side a map may have."""
    return spin_box(name, 1, MAX_SIDE, value, suffix=" tiles")


def push_button(
    text: str, name: str, clicked: Callable[[], Any] | None = None, *, tip: str = ""
) -> QPushButton:
    """A button found by `name`, with its tooltip, calling `clicked` (without the checked flag
    Qt passes) when pressed."""
    button = named(QPushButton(text), name)
    if tip:
        button.setToolTip(tip)
    if clicked is not None:
        button.clicked.connect(lambda _checked=False: clicked())
    return button


def side_by_side(*widgets: QWidget | QLayout, stretch: tuple[int, ...] = ()) -> QHBoxLayout:
    """`widgets` in one row, each with its stretch factor (none given: 0)."""
    row = QHBoxLayout()
    for index, widget in enumerate(widgets):
        factor = stretch[index] if index < len(stretch) else 0
        if isinstance(widget, QLayout):
            row.addLayout(widget, factor)
        else:
            row.addWidget(widget, factor)
    return row


class WrappedLabel(QLabel):
    """A label that wraps its text, remembering its height for each width asked until its text,
    font or style changes. Qt lays the text out afresh at every ask, and a dock's layout asks
    each label many times per change (the scroll area tries its width with and without a scroll
    bar): a phase change re-laid the round dock's unchanged labels some thirty times."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self._heights: dict[tuple[int, str, Qt.TextFormat], int] = {}

    def heightForWidth(self, width: int) -> int:
        key = (width, self.text(), self.textFormat())
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 16:
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:
        # A font, a style (a style sheet's padding too) or the contents margins change the
        # wrapped height; the text and its format are part of what a height is kept by.
        self._heights.clear()
        super().changeEvent(event)

    def setMargin(self, margin: int) -> None:
        self._heights.clear()
        super().setMargin(margin)

    def setIndent(self, indent: int) -> None:
        self._heights.clear()
        super().setIndent(indent)


def wrapped_label(name: str, font: QFont | None = None) -> QLabel:
    """An empty label found by `name` that wraps its text (a narrow dock never cuts it)."""
    label = WrappedLabel()
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
        # The dock may not get narrower than its content: a scroll area alone would let the
        # content's right edge (the Roll button, a number) be cut off without a scroll bar.
        _MinimumWidthFollower(scroller, content)
    scroller.setWidget(content)
    return scroller


class _MinimumWidthFollower(QObject):
    """Keeps a vertical-only scroll area at least as wide as its content's minimum width
    (plus the scroll bar), whenever the content's layout changes."""

    def __init__(self, scroller: QScrollArea, content: QWidget) -> None:
        super().__init__(scroller)
        self._scroller = scroller
        self._content = content
        # Measured once the content is in its window: here it has no parent yet, so it
        # would be measured in the wrong font, and measured again when its dock's font is set
        # (the first measure of a dock's text is the dearest part of building the window).
        # The content is polished before any window that shows it is laid out.
        content.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._content and event.type() in (
            QEvent.Type.LayoutRequest,
            QEvent.Type.Polish,
        ):
            self._follow()
        elif watched is self._content and event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
        ):
            # A font set on the dock after it is built (the window's dock font) widens the
            # content at once. A page never shown yet (a stack's other page, a tab behind
            # another) keeps the layout sizes of the old font, so they are forgotten here:
            # else the dock column would widen later, by itself (at a phase change), and move
            # the map.
            for layout in self._content.findChildren(QLayout):
                layout.invalidate()
            self._follow()
        return False

    def _follow(self) -> None:
        bar = self._scroller.verticalScrollBar().sizeHint().width()
        self._scroller.setMinimumWidth(self._content.minimumSizeHint().width() + bar)


def with_footer(body: QWidget, footer: QLayout) -> QWidget:
    """`body` (a scroll area) above `footer` (a row of buttons) that never scrolls away."""
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(body, 1)
    footer.setContentsMargins(9, 4, 9, 6)
    layout.addLayout(footer)
    return holder


def roll_row(roll: QPushButton, table: QPushButton) -> QHBoxLayout:
    """Rolling with the app's dice (twice as wide: the usual choice) beside entering the dice
    rolled at the table."""
    return side_by_side(roll, table, stretch=(2, 1))


def on_change(slot: Callable[..., Any], *fields: QWidget) -> None:
    """Call `slot` whenever the GM changes one of `fields`: a spin box's value, a combo box's
    choice, a check box's tick, a line's text or a tick in a list."""
    for field in fields:
        if isinstance(field, QSpinBox | QDoubleSpinBox):
            field.valueChanged.connect(slot)
        elif isinstance(field, QComboBox):
            field.currentIndexChanged.connect(slot)
        elif isinstance(field, QAbstractButton):
            field.toggled.connect(slot)
        elif isinstance(field, QLineEdit):
            field.textChanged.connect(slot)
        elif isinstance(field, QListWidget):
            field.itemChanged.connect(slot)
        else:
            raise TypeError(f"no change to follow on {type(field).__name__}")


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, wired to accept and reject `dialog`."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
