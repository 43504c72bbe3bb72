"""Reading a file the GM opens off the window's thread, so the window never freezes on it.

Reading a `.drase` file with a 16384 px picture is reading 15 MB, parsing its JSON and decoding
the picture's base64 text: the window stood still for all of it. `DocumentReader` runs
`load_document` on a worker (`workers.run_on_worker`, joined at exit) and hands the encounter,
or the reason it cannot be opened, back on the window's thread. Only the newest read counts: a
file opened while another is still being read replaces it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from drase_desktop.ui.files.documents import DocumentError, load_document
from drase_desktop.ui.worker_answers import WorkerAnswers

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


def _read(path: Path, diagonal: str) -> ReadOutcome:
    outcome = ReadOutcome(path)
    try:
        outcome.encounter = load_document(path, diagonal=diagonal, warnings=outcome.warnings)
    except DocumentError as error:
        outcome.refusal = str(error)
        outcome.missing = not path.exists()
    except Exception as error:  # noqa: BLE001 (handed to the window's thread, raised there)
        outcome.crash = error
    return outcome


class DocumentReader(QObject):
    """Reads one file at a time for its window; `done(outcome)` is called on the window's
    thread for the newest read (an older one still running is dropped when it ends)."""

    def __init__(self, done: Callable[[ReadOutcome], object], parent: QObject | None = None):
        super().__init__(parent)
        self.setObjectName("documentReader")
        self._done = done
        self._newest = 0
        self._answers = WorkerAnswers(self._receive, LOOK_INTERVAL_MS, self)

    @property
    def reading(self) -> bool:
        """Whether a read the window still waits for has not been delivered yet."""
        return self._answers.pending

    def start(self, path: Path, diagonal: str) -> None:
        self._newest += 1
        number = self._newest
        self._answers.start(lambda: (number, _read(path, diagonal)))

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until every read has ended, then deliver the newest (tests, scripts); whether
        they ended in time."""
        return self._answers.wait(msecs)

    def _receive(self, answer: tuple[int, ReadOutcome]) -> None:
        number, outcome = answer
        if number == self._newest:  # an older read, overtaken by a newer one, is dropped
            self._done(outcome)
