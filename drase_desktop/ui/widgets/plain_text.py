"""Every text a file or the GM wrote is shown as plain text, everywhere.

Qt takes a label's or a tooltip's text for rich text when it merely looks like HTML, and rich text
loads images: a combatant named `<img src="/dev/zero">Aldric` made Qt read /dev/zero until the
window aborted, and the same name aimed at a named pipe froze it for good. Names, notes, log
lines, file names and error messages reach labels, message boxes and tooltips in many places, so
one application-wide guard handles them all, including widgets added later:

- a QLabel is switched from automatic detection to plain text when it is polished or put into a
  parent, before it is ever laid out (the moment Qt would load an image);
- a tooltip (a widget's, an item view's cell, a map item's, a menu action's) is shown escaped.

A label that really is rich text (markup the program wrote, with the GM's parts escaped) says so
with `allow_rich_text(label)`.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QMenu,
    QTabBar,
    QToolTip,
    QWidget,
)

RICH_TEXT_PROPERTY = "draseRichText"
_LABEL_EVENTS = frozenset({QEvent.Type.Polish, QEvent.Type.ParentChange, QEvent.Type.Show})


def allow_rich_text(label: QLabel) -> QLabel:
    """Mark `label` as holding markup the program wrote (every outside text in it escaped with
    `escaped`): the guard leaves its format alone."""
    label.setProperty(RICH_TEXT_PROPERTY, True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def escaped(text: str) -> str:
    """`text` made safe to put inside markup."""
    return html.escape(text, quote=False)


def as_tooltip(text: str) -> str:
    """Tooltip markup that shows `text` exactly as written (line breaks kept)."""
    lines = escaped(text).split("\n")
    return "<p style='white-space:pre'>" + "<br>".join(lines) + "</p>"


class PlainTextGuard(QObject):
    """The application-wide event filter described above."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        # Every event of the application passes here (ten thousand while the window is
        # built): the type checks come first because they are cheap, and only the few events
        # that can matter have their type read (each read makes a Python enum member).
        if isinstance(event, QHelpEvent):
            if event.type() == QEvent.Type.ToolTip:
                return _show_plain_tooltip(watched, event)
        elif isinstance(watched, QLabel) and event.type() in _LABEL_EVENTS:
            _make_plain(watched)
        return False


def _make_plain(label: QLabel) -> None:
    if label.textFormat() == Qt.TextFormat.AutoText and not label.property(RICH_TEXT_PROPERTY):
        label.setTextFormat(Qt.TextFormat.PlainText)


def _tooltip_text(watched: QObject, event: QHelpEvent) -> str | None:
    """The tooltip Qt would show for this event, or None where Qt's own handling is kept
    (texts the program wrote, such as column headers)."""
    position = event.pos()
    owner = watched.parent()
    if isinstance(owner, QHeaderView):
        return None
    if isinstance(owner, QAbstractItemView) and watched is owner.viewport():
        index = owner.indexAt(position)
        value = index.data(Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
        return str(value) if value else ""
    if isinstance(owner, QGraphicsView) and watched is owner.viewport():
        for item in owner.items(position):
            if item.toolTip():
                return item.toolTip()
        return ""
    if isinstance(watched, QTabBar):
        return watched.tabToolTip(watched.tabAt(position))
    if isinstance(watched, QMenu):
        if not watched.toolTipsVisible():
            return None
        action = watched.actionAt(position)
        return action.toolTip() if action is not None else ""
    if isinstance(watched, QWidget) and not isinstance(watched, QHeaderView):
        return watched.toolTip()
    return None


def _show_plain_tooltip(watched: QObject, event: QHelpEvent) -> bool:
    text = _tooltip_text(watched, event)
    if not text:  # Qt's own handling: nothing to show here, or the parent's tooltip
        return False
    widget = watched if isinstance(watched, QWidget) else None
    QToolTip.showText(event.globalPos(), as_tooltip(text), widget)
    return True


def install_plain_text_guard(app: QApplication | None = None) -> PlainTextGuard:
    """Install the guard on the application once (later calls return the same guard)."""
    application = app or QApplication.instance()
    assert isinstance(application, QApplication), "needs a QApplication"
    existing = application.findChild(PlainTextGuard)
    if isinstance(existing, PlainTextGuard):
        return existing
    guard = PlainTextGuard(application)
    application.installEventFilter(guard)
    return guard
