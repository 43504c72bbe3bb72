"""The window as a GM sees it at first run on a laptop (1366 x 768) and a desktop screen
(1920 x 1080): the window's room when maximised, and fonts at the size a real screen resolves
them to (offscreen Qt uses 96 dpi; Xvfb and many laptops 100 or more)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFont

from drase_desktop.ui.docks import phase_dock
from drase_desktop.ui.fight import attack_readout
from drase_desktop.ui.main_window import MainWindow
from drase_desktop.ui.widgets import theme
from helpers.event_loop import layout_settled
from helpers.window_helpers import open_window

# The window's room when maximised: the screen less a panel and the title bar.
SCREENS = {"laptop": (1366, 768 - 62), "desktop": (1920, 1080 - 62)}

# Texts are checked at the larger size, where a text that only just fitted at 96 dpi is cut.
FONT_SCALE = 100 / 96


@pytest.fixture
def fonts_as_on_a_real_screen(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    for name in ("DOCK_POINT_SIZE", "HEADING_POINT_SIZE", "ROUND_POINT_SIZE"):
        monkeypatch.setattr(theme, name, getattr(theme, name) * FONT_SCALE)
    monkeypatch.setattr(phase_dock, "ROUND_POINT_SIZE", theme.ROUND_POINT_SIZE)
    for name in ("RESULT_POINT_SIZE", "NUMBER_POINT_SIZE"):
        monkeypatch.setattr(attack_readout, name, getattr(attack_readout, name) * FONT_SCALE)
    font = qapp.font()
    larger = QFont(font)
    larger.setPointSizeF(font.pointSizeF() * FONT_SCALE)
    qapp.setFont(larger)
    yield
    qapp.setFont(font)


def first_run_window(qtbot: Any, size: tuple[int, int], path: Any = None) -> MainWindow:
    window, _ = open_window(qtbot, path)
    window.resize(*size)
    layout_settled(window)
    window.give_the_map_its_share()
    layout_settled(window)
    return window
