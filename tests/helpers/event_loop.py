"""Waiting for what the window has left to do rather than for a fixed time: the layouts and
repaints Qt posts, and its zero-delay timers, run on the next turns of the event loop, however
slow the machine."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QWidget

T = TypeVar("T")

# Turns a reading must hold still: a layout can post another (a dock's body, then the dock).
STILL_TURNS = 3
MOST_TURNS = 500


def one_turn() -> None:
    """One turn of a real event loop: what was posted, the timers due, and what was to be
    deleted later (closed windows, replaced views) run as they do in the window."""
    loop = QEventLoop()
    QTimer.singleShot(0, loop.quit)
    loop.exec()


def settled(read: Callable[[], T]) -> T:
    """What `read()` answers once the event loop has run what was posted: the same answer
    STILL_TURNS turns running. Fails if it never holds still."""
    last = read()
    still = 0
    for _ in range(MOST_TURNS):
        one_turn()
        now = read()
        still = still + 1 if now == last else 0
        if still >= STILL_TURNS:
            return now
        last = now
    raise AssertionError(f"still changing after {MOST_TURNS} turns of the event loop: {last!r}")


def geometries(widget: QWidget) -> tuple[tuple[int, int, int, int], ...]:
    """Where the widget and every shown widget inside it stand: its layout, as one reading."""
    inside = [w for w in widget.findChildren(QWidget) if w.isVisible()]
    return tuple(w.geometry().getRect() for w in [widget, *inside])


def layout_settled(widget: QWidget) -> None:
    """Returns once no widget inside `widget` moves or resizes any more."""
    settled(lambda: geometries(widget))
