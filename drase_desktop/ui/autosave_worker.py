"""Writes autosaves off the GUI thread so the window never waits for the disk.

The GUI thread takes a snapshot of the encounter (a plain document of its state: the encounter is
only ever touched there); a single worker thread encodes it (`encode`, e.g. to JSON bytes) and
writes it. Writes are coalesced: while one is running, only the newest pending
snapshot is kept, so a burst of edits costs at most one extra write and the last state always lands.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal


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
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one writer: snapshots land in order
        self._lock = threading.Lock()
        self._pending: Any = None
        self._running = False

    def schedule(self, data: Any) -> None:
        """Queue a snapshot (bytes, or what `encode` takes) to be written; returns at once."""
        with self._lock:
            self._pending = data
            if self._running:
                return
            self._running = True
        self._pool.start(self._drain)

    def wait(self, msecs: int = -1) -> bool:
        """Block until every queued snapshot is written (used on close and in tests)."""
        return self._pool.waitForDone(msecs)

    def _drain(self) -> None:
        while True:
            with self._lock:
                data, self._pending = self._pending, None
                if data is None:
                    self._running = False
                    return
            try:
                self._write(self._encode(data) if self._encode is not None else data)
            except Exception as error:  # noqa: BLE001 - reported to the GM, never kills the app
                self._report(self.failed, f"Autosave failed: {error}")
            else:
                self._report(self.written)

    @staticmethod
    def _report(signal: Any, *args: Any) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:
            pass  # the window was destroyed while the last write ran: nobody left to tell
