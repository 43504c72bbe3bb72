"""The app's log: a rotating text file in the user log folder, and a crash file that Python's
faulthandler writes when the process dies too hard for Python to log it (a fault inside Qt).

`start_logging()` opens both for the `drase_desktop` loggers. The crash file is emptied at each
start, after its content (a previous session's hard crash) has been copied into the log, so the
trace of a crash survives the restart that follows it. `AppLog.close()` undoes it all (tests).
"""

from __future__ import annotations

import faulthandler
import logging
import sys
from dataclasses import dataclass
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import TextIO

from drase_desktop.storage.paths import log_dir

LOGGER_NAME = "drase_desktop"
LOG_NAME = "drase-desktop.log"
CRASH_NAME = "crash.log"
# A few sessions of errors and start lines; the oldest file goes once the newest is full.
MAX_LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
# A hard crash's trace is a few kilobytes per thread; a crash file bigger than this is cut.
MAX_CRASH_BYTES = 256_000
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@dataclass
class AppLog:
    """The open log file and crash file of this process."""

    folder: Path
    handler: RotatingFileHandler
    crash_file: TextIO
    faulthandler_was_enabled: bool

    @property
    def path(self) -> Path:
        return self.folder / LOG_NAME

    @property
    def crash_path(self) -> Path:
        return self.folder / CRASH_NAME

    def close(self) -> None:
        """Stop writing the log and the crash file; faulthandler goes back to how it was."""
        global _current
        logging.getLogger(LOGGER_NAME).removeHandler(self.handler)
        self.handler.close()
        if self.faulthandler_was_enabled:
            faulthandler.enable(file=sys.__stderr__ or sys.stderr, all_threads=True)
        else:
            faulthandler.disable()
        self.crash_file.close()
        if _current is self:
            _current = None


_current: AppLog | None = None


def current_log() -> AppLog | None:
    """The log `start_logging` opened, if it is open."""
    return _current


def start_logging(folder: Path | None = None) -> AppLog:
    """Log to `folder` (the user log folder when None), replacing any log opened before."""
    global _current
    if _current is not None:
        _current.close()
    folder = log_dir() if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(
        folder / LOG_NAME, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)

    crash_path = folder / CRASH_NAME
    previous_crash = _read_tail(crash_path, MAX_CRASH_BYTES).strip()
    if previous_crash:
        logger.warning("The previous session ended in a hard crash:\n%s", previous_crash)
    crash_file = open(crash_path, "w", encoding="utf-8")  # noqa: SIM115 - open while running
    was_enabled = faulthandler.is_enabled()
    faulthandler.enable(file=crash_file, all_threads=True)
    _current = AppLog(folder, handler, crash_file, was_enabled)
    return _current


def _read_tail(path: Path, limit: int) -> str:
    try:
        with open(path, "rb") as file:
            size = file.seek(0, 2)
            file.seek(max(0, size - limit))
            return file.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
