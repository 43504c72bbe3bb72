"""Both themes read in a dim room and a bright one: every text colour of the light and the dark
palette, and every accent the docks write in, reaches WCAG AA contrast (4.5:1) on the
backgrounds it is drawn on."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette

from drase_desktop.ui.fight import attack_readout
from drase_desktop.ui.widgets.theme import ACCENTS, accent, apply_theme

AA = 4.5
Role = QPalette.ColorRole
# Text roles and the background each is drawn on.
PAIRS = (
    (Role.WindowText, Role.Window),
    (Role.Text, Role.Base),
    (Role.Text, Role.AlternateBase),
    (Role.ButtonText, Role.Button),
    (Role.HighlightedText, Role.Highlight),
    (Role.ToolTipText, Role.ToolTipBase),
    (Role.PlaceholderText, Role.Base),
    (Role.Link, Role.Base),
)


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_matches_wcag_reference_values() -> None:
    assert contrast(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast(QColor("#777777"), QColor("#ffffff")) == pytest.approx(4.48, abs=0.01)


@pytest.fixture(params=["light", "dark"])
def themed(request, qapp):
    before = QPalette(qapp.palette())
    apply_theme(qapp, request.param)
    yield qapp.palette()
    apply_theme(qapp, "system")
    qapp.setPalette(before)


def test_every_text_role_reaches_aa_on_its_background(themed: QPalette) -> None:
    low = [
        f"{text.name}/{ground.name}: {contrast(themed.color(text), themed.color(ground)):.2f}"
        for text, ground in PAIRS
        if contrast(themed.color(text), themed.color(ground)) < AA
    ]
    assert low == []


def test_every_accent_reaches_aa_on_window_and_base(themed: QPalette) -> None:
    low = []
    for name in ACCENTS:
        for ground in (Role.Window, Role.Base, Role.AlternateBase):
            ratio = contrast(accent(themed, name), themed.color(ground))
            if ratio < AA:
                low.append(f"{name} on {ground.name}: {ratio:.2f}")
    assert low == []


def test_the_attack_panels_words_reach_aa(themed: QPalette) -> None:
    """The big verdict and the grey notes of the working are text too."""
    low = []
    for key in attack_readout.COLOURS:
        colour = attack_readout.colour(themed, key)
        ratio = contrast(colour, themed.color(Role.Window))
        if ratio < AA:
            low.append(f"{key}: {ratio:.2f}")
    assert low == []
