"""A part of the main window that brings its own tools (the fight, the table, files, creatures):
it lives and dies with the window, is found by its objectName and works on the window's model."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject


class WindowPart(QObject):
    def __init__(self, window: Any, name: str = "") -> None:
        super().__init__(window)
        if name:
            self.setObjectName(name)
        self.window = window
        self.model = window.model
