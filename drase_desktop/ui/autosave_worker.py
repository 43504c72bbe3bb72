"""Writes autosaves off the GUI thread so the window never waits for the disk.

The GUI thread takes a snapshot of the encounter (a plain document of its state: the encounter is
only ever touched there); a single worker thread encodes it (`encode`, e.g. to JSON bytes) and
writes it. Writes are coalesced: while one is running, only the newest pending
snapshot is kept, so a burst of edits costs at most one extra write and the last state always lands.
"""

from __future__ import annotations

import gc
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

REPORT_INTERVAL_MS = 100


class AutosaveWriter(QObject):
    written = Signal()
    failed = Signal(str)

    def __init__(
        self,
        write: Callable[[bytes], None],
        parent: QObject | None = None,
        encode: Callable[[Any], bytes] | None = None,
    ) -> None:
        super().__init__(parent)
        self._write = write
        self._encode = encode
        # The application's shared pool: a pool of our own would be destroyed (joining its
        # thread) whenever Python collects this object, which can crash mid-collection. One
        # drain at a time (`_running`) keeps the snapshots in order on any pool.
        self._pool = QThreadPool.globalInstance()
        self._idle = threading.Condition()
        self._pending: Any = None
        self._running = False
        # The worker never touches Qt (a signal emitted from a pool thread has been seen to
        # crash a later garbage collection): it leaves its outcomes here and a GUI-thread timer
        # turns them into the `written` / `failed` signals.
        self._outcomes: deque[str | None] = deque()
        self._reporter = QTimer(self)
        self._reporter.setInterval(REPORT_INTERVAL_MS)
        self._reporter.timeout.connect(self._report_outcomes)

    def schedule(self, data: Any) -> None:
        """Queue a snapshot (bytes, or what `encode` takes) to be written; returns at once."""
        with self._idle:
            self._pending = data
            if self._running:
                return
            self._running = True
        self._reporter.start()
        self._pool.start(self._drain)

    def wait(self, msecs: int = -1) -> bool:
        """Block until every queued snapshot is written (used on close and in tests)."""
        with self._idle:
            done = self._idle.wait_for(
                lambda: not self._running, None if msecs < 0 else msecs / 1000
            )
        self._report_outcomes()
        return done

    def _report_outcomes(self) -> None:
        """On the GUI thread: tell listeners what the worker did."""
        while self._outcomes:
            outcome = self._outcomes.popleft()
            if outcome is None:
                self.written.emit()
            else:
                self.failed.emit(outcome)
        with self._idle:
            if not self._running:
                self._reporter.stop()

    def _drain(self) -> None:
        # Python's garbage collector runs in whichever thread allocates when it is due; run
        # here it could free Qt widgets (a closed dialog, an old map view) off the GUI thread,
        # which crashes Qt. So no collection while this thread works: it resumes when the
        # writes are done, and the next collection then happens on the GUI thread (this thread
        # allocates nothing after re-enabling).
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._write_pending()
        finally:
            if collecting:
                gc.enable()

    def _write_pending(self) -> None:
        while True:
            with self._idle:
                data, self._pending = self._pending, None
                if data is None:
                    self._running = False
                    self._idle.notify_all()
                    return
            try:
                self._write(self._encode(data) if self._encode is not None else data)
            except Exception as error:  # noqa: BLE001 - reported to the GM, never kills the app
                self._outcomes.append(f"Autosave failed: {error}")
            else:
                self._outcomes.append(None)
