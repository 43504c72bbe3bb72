"""The main window as the window benchmarks open and close it: 1280 x 800, shown, and closed
without the save-changes question (so no dialog waits for an answer)."""

from __future__ import annotations

from typing import Any

from drase_desktop.ui.main_window import DISCARD, MainWindow


def show_window(qapp: Any, window: MainWindow) -> MainWindow:
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    return window


def close_window(qapp: Any, window: MainWindow) -> None:
    window.ask_save_changes = lambda: DISCARD  # type: ignore[method-assign]
    window.close()
    window.deleteLater()
    qapp.processEvents()
