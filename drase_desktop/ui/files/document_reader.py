"""Reading a file the GM opens off the window's thread, so the window never freezes on it.

Reading a `.drase` file with a 16384 px picture is reading 15 MB, parsing its JSON and decoding
the picture's base64 text: the window stood still for all of it. `DocumentReader` runs
`load_document` on a worker (`workers.run_on_worker`, joined at exit) and hands the encounter,
or the reason it cannot be opened, back on the window's thread. Only the newest read counts: a
file opened while another is still being read replaces it.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDeadlineTimer, QObject, QThread, QTimer

from drase_desktop.ui.files.documents import DocumentError, load_document
from drase_desktop.ui.gc_policy import install_collector
from drase_desktop.ui.workers import run_on_worker

# How often the window looks for a finished read: well under a frame, so the map follows the
# read at once, while costing nothing when no read runs (the timer only runs during one).
LOOK_INTERVAL_MS = 5


@dataclass
class ReadOutcome:
    """What a read of `path` came to: the encounter (with the import's warnings), or `refusal`
    (the GM's words), or `crash` (an error no file should cause, raised again on the window's
    thread so the error reporter sees it)."""

    path: Path
    encounter: Any = None
    warnings: list[str] = field(default_factory=list)
    refusal: str = ""
    missing: bool = False  # the file is not there (the recent files forget it)
    crash: BaseException | None = None


class _Mailbox:
    """Where the worker leaves its outcome: plain Python, so the worker never touches a Qt
    object of the window's thread (see image_loader's mailbox)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.outcomes: deque[tuple[int, ReadOutcome | None]] = deque()
        self.running = 0


def _read(mailbox: _Mailbox, number: int, path: Path, diagonal: str) -> None:
    outcome = ReadOutcome(path)
    try:
        outcome.encounter = load_document(path, diagonal=diagonal, warnings=outcome.warnings)
    except DocumentError as error:
        outcome.refusal = str(error)
        outcome.missing = not path.exists()
    except Exception as error:  # noqa: BLE001 (handed to the window's thread, raised there)
        outcome.crash = error
    with mailbox.lock:
        mailbox.outcomes.append((number, outcome))
        mailbox.running -= 1


def _dropped(mailbox: _Mailbox, number: int) -> None:
    # The app is closing: a file nobody will see is not read.
    with mailbox.lock:
        mailbox.outcomes.append((number, None))
        mailbox.running -= 1


class DocumentReader(QObject):
    """Reads one file at a time for its window; `done(outcome)` is called on the window's
    thread for the newest read (an older one still running is dropped when it ends)."""

    def __init__(self, done: Callable[[ReadOutcome], object], parent: QObject | None = None):
        super().__init__(parent)
        self.setObjectName("documentReader")
        install_collector()  # the worker's garbage is collected on the window's thread
        self._done = done
        self._mailbox = _Mailbox()
        self._newest = 0
        self._looker = QTimer(self)
        self._looker.setInterval(LOOK_INTERVAL_MS)
        self._looker.timeout.connect(self.deliver)

    @property
    def reading(self) -> bool:
        """Whether a read the window still waits for has not been delivered yet."""
        with self._mailbox.lock:
            return self._mailbox.running > 0 or bool(self._mailbox.outcomes)

    def start(self, path: Path, diagonal: str) -> None:
        mailbox = self._mailbox
        self._newest += 1
        number = self._newest
        with mailbox.lock:
            mailbox.running += 1
        self._looker.start()
        run_on_worker(
            lambda: _read(mailbox, number, path, diagonal),
            if_stopped=lambda: _dropped(mailbox, number),
        )

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until every read has ended, then deliver the newest (tests, scripts); whether
        they ended in time."""
        deadline = QDeadlineTimer(msecs)
        while True:
            with self._mailbox.lock:
                if not self._mailbox.running:
                    break
            if deadline.hasExpired():
                return False
            QThread.msleep(2)
        self.deliver()
        return True

    def deliver(self) -> None:
        mailbox = self._mailbox
        with mailbox.lock:
            outcomes = list(mailbox.outcomes)
            mailbox.outcomes.clear()
            if not mailbox.running:
                self._looker.stop()
        for number, outcome in outcomes:
            if number == self._newest and outcome is not None:
                self._done(outcome)
