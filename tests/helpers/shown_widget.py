"""A widget as a test sees it on the screen: closed with the test, at its size, shown and
exposed (so it has laid itself out and painted)."""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

Shown = TypeVar("Shown", bound=QWidget)


def shown_widget(qtbot: Any, widget: Shown, width: int | QSize, height: int = 0) -> Shown:
    qtbot.addWidget(widget)
    if isinstance(width, QSize):
        widget.resize(width)
    else:
        widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
