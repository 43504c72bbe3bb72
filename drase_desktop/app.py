"""Builds the main window and runs the Qt event loop."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def create_main_window(path: str | Path | None = None) -> QMainWindow:
    """The main window with `path` open (the bundled sample when None).

    Needs an existing QApplication.
    """
    window = QMainWindow()
    window.setObjectName("mainWindow")
    window.setWindowTitle("Drase Desktop")
    window.setCentralWidget(QLabel("Drase Desktop"))
    return window


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Drase Desktop")
    window = create_main_window(path)
    window.resize(1280, 800)
    window.show()
    return app.exec()
