"""A one-line label cuts a text wider than itself short with "…", keeps the whole text (and
shows it in its tooltip), and never asks its dock for the width of a long text."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics

from drase_desktop.ui.widgets.eliding_label import ElidingLabel

LONG = "Declared: attack, defend; reaction opportunity attack; free talk; at Bandit Captain"


def test_a_long_text_is_cut_short_with_the_whole_text_a_hover_away(qtbot) -> None:
    label = ElidingLabel("probeLabel")
    qtbot.addWidget(label)
    label.setText(LONG)
    label.resize(200, label.sizeHint().height())
    label.show()
    shown = label.shown_text()
    assert shown.endswith("\u2026") and LONG.startswith(shown[:-1])
    assert QFontMetrics(label.font()).horizontalAdvance(shown) <= 200
    assert label.text() == LONG and label.toolTip() == LONG
    assert label.property("fullText") == LONG
    assert label.minimumSizeHint().width() < 200
    assert label.minimumSizeHint().height() == label.sizeHint().height()


def test_a_text_that_fits_shows_whole(qtbot) -> None:
    label = ElidingLabel("probeLabel")
    qtbot.addWidget(label)
    label.setText("Declared: attack")
    label.resize(QFontMetrics(label.font()).horizontalAdvance("Declared: attack") + 4, 30)
    assert label.shown_text() == "Declared: attack"
