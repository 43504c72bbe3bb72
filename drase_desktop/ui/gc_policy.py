"""The app's one garbage-collection policy: cycles are collected on the window's thread only.

Python runs its cycle collector in whichever thread happens to allocate when a collection is due.
Run in a worker (the autosave writer, the picture decoder), it can finalise Qt objects that
belong to the window's thread, which crashes Qt. Switching the collector off around each piece of
worker code does not hold: two workers overlap, and the one that finishes first switches it back
on under the other. So the app switches automatic collection off once, for good, and a timer on
the window's thread runs the collections that are due, generation by generation, with the same
thresholds Python would use. Workers never touch the collector and report through queued signals.

A full collection scans every object alive; with a big map (a movement graph of hundreds of
thousands of dicts) that is tens of milliseconds on the window's thread. Python itself avoids
rescanning long-lived objects; the timer cannot read Python's own measure of that, so the
survivors of a full collection are frozen (`gc.freeze`: later collections skip them) and thawed
again when another encounter opens (the old one's objects become garbage) and every few full
collections, so no cycle among them outlives a document for long.

A launch holds collection from before its imports (`hold_collection`): the modules, classes and
functions it makes live as long as the app, yet Python would scan them dozens of times while
they are made (some 30 ms of a launch). The collector freezes what exists when it is
installed, so its first collections do not scan them either; they are thawed with the rest.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

# Often enough that garbage never piles up between checks, rarely enough to cost nothing.
CHECK_INTERVAL_MS = 500
# Every this many full collections, the frozen survivors are scanned again too.
THAW_EVERY = 8


class MainThreadCollector(QObject):
    """Runs the due cycle collections on the thread it lives on (the window's)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainThreadCollector")
        self._thresholds = gc.get_threshold()
        self._full_collections = 0
        gc.disable()
        gc.freeze()  # what exists now (the app's modules and classes) stays: skip it from now on
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_INTERVAL_MS)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the young objects, or an older generation whose count passed its threshold;
        returns the number of objects found unreachable.

        The youngest generation is collected at every check (a fraction of a millisecond): its
        count is allocations less deallocations, so a check every half second can find it low
        after a burst that Python itself would have collected at its peak."""
        counts = gc.get_count()
        threshold = self._thresholds[2]
        if threshold and counts[2] > threshold:
            return self._collect_all()
        threshold = self._thresholds[1]
        if threshold and counts[1] > threshold:
            return gc.collect(1)
        return gc.collect(0)

    def thaw(self) -> None:
        """The next full collection scans every object again (another encounter opened)."""
        gc.unfreeze()

    def _collect_all(self) -> int:
        self._full_collections += 1
        if self._full_collections % THAW_EVERY == 0:
            gc.unfreeze()
        found = gc.collect(2)
        gc.freeze()
        return found


def hold_collection() -> None:
    """Automatic collection off from the start of a launch, before the app's imports; the
    collector installed with the window keeps it off and runs the due collections."""
    gc.disable()


def install_collector() -> MainThreadCollector:
    """Take over garbage collection for the running application (once; later calls return the
    same collector). Call it on the window's thread after the QApplication exists."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install_collector needs a running QApplication")
    found = app.findChild(MainThreadCollector, "mainThreadCollector")
    return found if found is not None else MainThreadCollector(app)
