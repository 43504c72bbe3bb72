"""Shared set-up for the window tests: a private home folder and a window whose dialogs never
block (each question gets a scripted answer and is recorded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QPushButton, QWidget

from drase_desktop.app import create_main_window
from drase_desktop.ui.main_window import DISCARD, MainWindow

DOCK_NAMES = ("combatantsDock", "phaseDock", "declarationDock", "logDock", "inspectorDock")


class Dialogs:
    """Stands in for the window's message boxes: answers and remembers."""

    def __init__(self, window: MainWindow) -> None:
        self.save_answer = DISCARD
        self.asked: list[str] = []
        self.errors: list[tuple[str, str]] = []
        self.save_path = ""
        self.open_path = ""
        window.ask_save_changes = self._ask_save  # type: ignore[method-assign]
        window.show_error = self._error  # type: ignore[method-assign]
        window.ask_save_path = lambda: self.save_path  # type: ignore[method-assign]
        window.ask_open_path = lambda *_args: self.open_path  # type: ignore[method-assign]

    def _ask_save(self) -> str:
        self.asked.append("save changes?")
        return self.save_answer

    def _error(self, title: str, message: str) -> None:
        self.errors.append((title, message))


def open_window(qtbot: Any, path: str | Path | None = None) -> tuple[MainWindow, Dialogs]:
    window = create_main_window(path)
    assert isinstance(window, MainWindow)
    dialogs = Dialogs(window)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window, dialogs


def dock(window: QWidget, name: str) -> QDockWidget:
    found = window.findChild(QDockWidget, name)
    assert found is not None, f"no dock named {name}"
    return found


def action(window: QWidget, name: str) -> QAction:
    found = window.findChild(QAction, name)
    assert found is not None, f"no action named {name}"
    return found


def button(window: QWidget, name: str) -> QPushButton:
    found = window.findChild(QPushButton, name)
    assert found is not None, f"no button named {name}"
    return found


def combatant_id(window: MainWindow, name: str) -> str:
    for combatant in window.model.encounter.combatants.values():
        if combatant.name == name:
            return combatant.id
    raise AssertionError(f"no combatant named {name}")


def open_player_display(qtbot: Any, window: MainWindow) -> Any:
    """The window's player display, opened from its table tools as the GM does (F8)."""
    window.table_tools.show_player_display()
    display = window.table_tools.player_display
    qtbot.addWidget(display)
    return display


def window_saying(qtbot: Any, path: str | Path | None = None) -> MainWindow:
    """A window that keeps each message of its status bar in `window.messages`."""
    window, _ = open_window(qtbot, path)
    messages: list[str] = []
    window.messages = messages  # type: ignore[attr-defined]
    window.statusBar().messageChanged.connect(lambda text: text and messages.append(text))
    return window
