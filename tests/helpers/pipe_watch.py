"""A named pipe that tells whether anything opened it for reading.

A reader of a named pipe waits for a writer forever, so a fault that makes the app read one would
hang the test. Here a watcher keeps looking for a reader; when one appears it records it and
opens the pipe for writing and closes it at once, so the reader gets an empty file and the test
fails instead of hanging."""

from __future__ import annotations

import os
import threading
from pathlib import Path


class PipeWatch:
    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self.read = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.02):
            try:
                # Without blocking, opening for writing fails while nobody reads.
                descriptor = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            self.read = True
            os.close(descriptor)

    def close(self) -> None:
        """Stop watching and remove the pipe, so a later read finds no file instead of waiting."""
        self._stop.set()
        self._thread.join()
        try:  # release a reader that arrived after the last look
            os.close(os.open(self.path, os.O_WRONLY | os.O_NONBLOCK))
            self.read = True
        except OSError:
            pass
        self.path.unlink(missing_ok=True)
