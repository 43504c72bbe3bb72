"""A lock the operating system lets go of when the process holding it ends, however it ends.

Each running app holds the lock of its autosave session for its whole life, and a save holds
the lock of its temporary file while it writes; another app (or the next start) asks
`is_locked` to tell a running session from a crashed one, and a save being written from one a
kill left behind. A process id cannot tell them apart: after a reboot a crashed session's number
may belong to another process, and the crashed work was hidden until that process ended. The
lock is on the file itself (`flock` on POSIX, a locked byte on Windows), never its existence or
its contents.
"""

from __future__ import annotations

import os
import sys
import weakref
from pathlib import Path
from typing import IO

__all__ = ["FileLock", "is_locked", "lock_descriptor"]


class FileLock:
    """An exclusive lock on the file at `path` (created when missing), held until `release`
    or the end of the process."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._handle: IO[bytes] | None = None
        self._closer: weakref.finalize[[], FileLock] | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock; False when another holds it (another window, or this process through
        another FileLock). Raises OSError when the file cannot be made at all."""
        if self._handle is not None:
            return True
        handle = open(self.path, "a+b")  # noqa: SIM115 - kept open while the lock is held
        try:
            _lock(handle)
        except OSError:
            handle.close()
            return False
        self._handle = handle
        # A lock nobody can reach any more is let go of, as at the end of the process.
        self._closer = weakref.finalize(self, handle.close)
        return True

    def release(self) -> None:
        """Let go of the lock (as the operating system does when the process ends)."""
        handle, self._handle = self._handle, None
        if self._closer is not None:
            self._closer.detach()
            self._closer = None
        if handle is not None:
            try:
                _unlock(handle)
            except OSError:
                pass  # closing lets go of it all the same
            handle.close()


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether some process holds the lock on `path` (this one included, through another
    FileLock). A missing file is not locked."""
    if not Path(path).is_file():
        return False
    probe = FileLock(path)
    try:
        if not probe.acquire():
            return True
    except OSError:
        return False  # cannot even open it: nobody can be holding it for a running window
    probe.release()
    return False


def _lock(handle: IO[bytes]) -> None:
    handle.seek(0)
    lock_descriptor(handle.fileno())


def _unlock(handle: IO[bytes]) -> None:
    handle.seek(0)
    _unlock_descriptor(handle.fileno())


if sys.platform == "win32":
    import msvcrt

    def lock_descriptor(descriptor: int) -> None:
        """Lock the open file (at its start); OSError when another holds it."""
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)

    def _unlock_descriptor(descriptor: int) -> None:
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def lock_descriptor(descriptor: int) -> None:
        """Lock the open file; OSError when another holds it."""
        # flock, not lockf: a lock of the open file, so another handle in this same process
        # sees it too, and closing that handle does not let go of this one.
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock_descriptor(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
