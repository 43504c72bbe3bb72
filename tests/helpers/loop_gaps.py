"""The longest wait of the window's event loop: what a GM feels as a freeze.

A 2 ms timer ticks while the loop is spun for a span; the longest gap between two ticks is the
longest time the loop was held (by a paint, a build, a Python lock held by a worker...)."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QTimer


def longest_gap(
    qapp, span_s: float, during: Callable[[], object] | None = None, after_ms: int = 20
) -> float:
    """Seconds of the longest wait between a 2 ms timer's ticks over `span_s`; `during` is
    called once, `after_ms` into the span, from inside the loop's turn."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    clock = QElapsedTimer()
    clock.start()
    started = False
    while clock.elapsed() < span_s * 1000:
        if during is not None and not started and clock.elapsed() > after_ms:
            during()
            started = True
        qapp.processEvents()
    timer.stop()
    return max((b - a for a, b in zip(ticks, ticks[1:], strict=False)), default=span_s)
