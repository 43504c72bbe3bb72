"""Writes autosaves off the GUI thread so the window never waits for the disk.

The GUI thread takes a snapshot of the encounter (a plain document of its state: the encounter is
only ever touched there); a single worker thread encodes it (`encode`, e.g. to JSON bytes) and
writes it. Writes are coalesced: while one is running, only the newest pending
snapshot is kept, so a burst of edits costs at most one extra write and the last state always lands.
The worker reports each write through a queued signal, delivered on the GUI thread; it never
touches the garbage collector (`gc_policy`: collections run on the GUI thread only).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal

from drase_desktop.ui.gc_policy import install_collector
from drase_desktop.ui.workers import run_on_worker


def failure_message(error: Exception) -> str:
    """What the GM reads when an autosave could not be written (a full disk, a lost drive)."""
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return f"Autosave failed: {reason}. The last autosave is kept; the next change tries again."


class AutosaveWriter(QObject):
    written = Signal()
    failed = Signal(str)
    # From the worker: None for a write that landed, else the failure's message. Queued, so
    # the slot runs on the GUI thread.
    _outcome = Signal(object)

    def __init__(
        self,
        write: Callable[[bytes], object],
        parent: QObject | None = None,
        encode: Callable[[Any], bytes] | None = None,
    ) -> None:
        super().__init__(parent)
        self._write = write
        self._encode = encode
        # The application's shared pool (workers.py, joined at exit): a pool of our own would
        # be destroyed (joining its thread) whenever Python collects this object, which can
        # crash mid-collection. One drain at a time (`_running`) keeps the snapshots in order.
        self._idle = threading.Condition()
        self._pending: Any = None
        self._running = False
        install_collector()
        self._outcome.connect(self._report_outcome, Qt.ConnectionType.QueuedConnection)

    def schedule(self, data: Any) -> None:
        """Queue a snapshot (bytes, or what `encode` takes) to be written; returns at once."""
        with self._idle:
            self._pending = data
            if self._running:
                return
            self._running = True
        run_on_worker(self._write_pending)  # never dropped at exit: the last change lands

    def wait(self, msecs: int = -1) -> bool:
        """Block until every queued snapshot is written (used on close and in tests)."""
        with self._idle:
            done = self._idle.wait_for(
                lambda: not self._running, None if msecs < 0 else msecs / 1000
            )
        # Deliver the outcomes already queued now, not at the next turn of the event loop.
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
        return done

    def _report_outcome(self, outcome: str | None) -> None:
        """On the GUI thread: tell listeners what the worker did."""
        if outcome is None:
            self.written.emit()
        else:
            self.failed.emit(outcome)

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
                self._outcome.emit(failure_message(error))
            else:
                self._outcome.emit(None)
