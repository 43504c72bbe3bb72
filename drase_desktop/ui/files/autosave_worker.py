"""Writes autosaves off the GUI thread so the window never waits for the disk.

The GUI thread takes a snapshot of the encounter (a plain document of its state: the encounter is
only ever touched there); a single worker thread encodes it (`encode`, e.g. to JSON bytes) and
writes it. Writes are coalesced: while one is running, only the newest pending
snapshot is kept, so a burst of edits costs at most one extra write and the last state always lands.
The writes do not wait for the disk (a crash of the app cannot lose what the operating system
holds). The newest is flushed to it (`flush`, for a power cut) at most once every FLUSH_DELAY_MS,
by a job of its own: a flush makes the disk's journal commit, and the writes of a burst that ran
beside one waited for it (100 ms on a busy disk, the gap between two fast clicks).
The worker reports each write through a queued signal, delivered on the GUI thread; it never
touches the garbage collector (`gc_policy`: collections run on the GUI thread only).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal

from drase_desktop.ui.gc_policy import install_collector
from drase_desktop.ui.workers import run_on_worker

FLUSH_DELAY_MS = 1000


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
        flush: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(parent)
        self._write = write
        self._encode = encode
        self._flush = flush
        self._flush_wanted = False
        self._flushing = False
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FLUSH_DELAY_MS)
        self._flush_timer.timeout.connect(self._request_flush)
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
        """Block until every queued snapshot is written and flushed to the disk (used on close
        and in tests)."""
        timeout = None if msecs < 0 else msecs / 1000
        with self._idle:
            written = self._idle.wait_for(lambda: not self._running, timeout)
        # Deliver the outcomes already queued now, not at the next turn of the event loop.
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
        if self._flush_timer.isActive():  # the flush owed is not left for later
            self._flush_timer.stop()
            self._request_flush()
        with self._idle:
            flushed = self._idle.wait_for(lambda: not self._flushing, timeout)
        return written and flushed

    def _report_outcome(self, outcome: str | None) -> None:
        """On the GUI thread: tell listeners what the worker did."""
        if outcome is None:
            if self._flush is not None and not self._flush_timer.isActive():
                self._flush_timer.start()  # not restarted: a long burst is flushed every second
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

    def _request_flush(self) -> None:
        """Start a flush job, unless one is running (it then flushes again when it ends)."""
        if self._flush is None:
            return
        with self._idle:
            self._flush_wanted = True
            if self._flushing:
                return
            self._flushing = True
        run_on_worker(self._flush_pending)

    def _flush_pending(self) -> None:
        assert self._flush is not None
        while True:
            with self._idle:
                if not self._flush_wanted:
                    self._flushing = False
                    self._idle.notify_all()
                    return
                self._flush_wanted = False
            try:
                self._flush()
            except OSError as error:  # the bytes are handed over; the next flush tries again
                self._outcome.emit(failure_message(error))
