"""A wrapping label remembers its height for each width until its text, font, style or text
format changes: every height it gives equals a fresh label's."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel

from drase_desktop.ui.widgets.widget_builders import wrapped_label

LONG = "The GM declares the NPCs' reactions and actions with the same limits as the players"


def fresh_height(label: QLabel, width: int) -> int:
    other = QLabel(label.text())
    other.setWordWrap(True)
    other.setFont(label.font())
    other.setStyleSheet(label.styleSheet())
    other.setTextFormat(label.textFormat())
    other.setContentsMargins(label.contentsMargins())
    other.setIndent(label.indent())
    other.setMargin(label.margin())
    other.ensurePolished()
    return other.heightForWidth(width)


def test_a_wrapped_labels_heights_follow_its_text_font_style_and_format(qtbot):
    label = wrapped_label("probe")
    qtbot.addWidget(label)
    label.ensurePolished()
    widths = (80, 160, 400)
    seen = set()

    def check() -> None:
        for width in widths:
            for _ in range(2):  # asked again: the remembered height
                assert label.heightForWidth(width) == fresh_height(label, width), width
            seen.add(label.heightForWidth(width))

    check()
    label.setText(LONG)
    check()
    label.setText("Short")
    check()
    label.setText(LONG)
    big = QFont(label.font())
    big.setPointSize(big.pointSize() * 2)
    label.setFont(big)
    check()
    label.setStyleSheet("font-size: 30px;")
    check()
    label.setText("<b>bold</b><br>two lines")
    label.setTextFormat(Qt.TextFormat.RichText)
    check()
    label.setTextFormat(Qt.TextFormat.PlainText)
    check()
    label.setContentsMargins(20, 0, 30, 0)
    check()
    label.setIndent(40)
    check()
    label.setMargin(12)
    check()
    assert len(seen) > 4
