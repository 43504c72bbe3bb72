"""What a window shows of a widget now: its backing store, not a fresh rendering (`grab()`
paints the widget anew, so a repaint the window left undone would not show in it)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget


def on_screen(widget: QWidget) -> QImage:
    window = widget.window()
    corner = widget.mapTo(window, QPoint(0, 0))
    screen = QApplication.primaryScreen()
    return screen.grabWindow(
        window.winId(), corner.x(), corner.y(), widget.width(), widget.height()
    ).toImage()
