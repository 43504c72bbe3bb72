"""Every text a file or the GM wrote is shown as plain text, everywhere.

Qt takes a label's or a tooltip's text for rich text when it merely looks like HTML, and rich text
loads images: a combatant named `<img src="/dev/zero">Aldric` made Qt read /dev/zero until the
window aborted, and the same name aimed at a named pipe froze it for good. Names, notes, log
lines, file names and error messages reach labels, message boxes and tooltips in many places, so
one application-wide guard handles them all, including widgets added later: the application's
style. Qt has every widget polished by the style before it is first laid out or shown, so the
style switches each QLabel from automatic detection to plain text at that moment (the moment Qt
would load an image comes later). A tooltip is such a label too (Qt's tooltip label, polished as
it is made, before its text is set), so every tooltip is shown as written.
Whatever sets the application's style sets a `PlainTextStyle` (`plain_text_style(base)`; the
themes do); `install_plain_text_guard`, run by every main window, puts one in place otherwise.

Seeing the widgets through their style costs one call into Python per widget polished; an event
filter on the application would see every event of every widget (ten thousand while the window
is built, and each mouse move of a drag).

A label that really is rich text (markup the program wrote, with the GM's parts escaped) says so
with `allow_rich_text(label)`.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QProxyStyle, QStyle, QStyleFactory, QWidget

RICH_TEXT_PROPERTY = "draseRichText"


def allow_rich_text(label: QLabel) -> QLabel:
    """Mark `label` as holding markup the program wrote (every outside text in it escaped with
    `escaped`): the guard leaves its format alone."""
    label.setProperty(RICH_TEXT_PROPERTY, True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def escaped(text: str) -> str:
    """`text` made safe to put inside markup."""
    return html.escape(text, quote=False)


class PlainTextStyle(QProxyStyle):
    """A style (the platform's or Fusion, given as `base`) that makes every label it polishes
    plain text unless the program marked it rich."""

    def polish(self, target: QWidget | QApplication | QPalette) -> None:  # type: ignore[override]
        # One name for Qt's three overloads: a widget, the application, a palette.
        if isinstance(target, QLabel):
            _make_plain(target)
        super().polish(target)


def _make_plain(label: QLabel) -> None:
    if label.textFormat() == Qt.TextFormat.AutoText and not label.property(RICH_TEXT_PROPERTY):
        label.setTextFormat(Qt.TextFormat.PlainText)


def plain_text_style(base: QStyle | None) -> PlainTextStyle:
    """`base` (Fusion when None) made to show labels and tooltips as plain text."""
    return PlainTextStyle(base or QStyleFactory.create("Fusion"))


def install_plain_text_guard(app: QApplication | None = None) -> None:
    """Make the application's style a `PlainTextStyle` (the same look; nothing when it is one
    already). Widgets that exist are polished again by it."""
    application = app or QApplication.instance()
    assert isinstance(application, QApplication), "needs a QApplication"
    if not isinstance(application.style(), PlainTextStyle):
        application.setStyle(plain_text_style(QStyleFactory.create(application.style().name())))
