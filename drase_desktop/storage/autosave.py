"""Autosave and crash recovery: every change lands on disk; the next start knows if we crashed.

Each run of the app is a session with its own folder under the user data folder
(`paths.autosave_dir()/<session id>/`), so two windows never overwrite each other:
- `autosave.drase`: the newest bytes handed to `write` (written atomically);
- `autosave.1.drase` ... `autosave.<backups>.drase`: older snapshots, rotated at most once per
  `backup_interval` seconds so they reach back minutes, not keystrokes;
- `session.json`: who wrote it (process id, start time, the file the GM had open);
- `clean-shutdown`: the marker written by `close()`. A session folder without it, whose process
  is gone, is a crash: `pending_recovery()` offers its newest snapshot.

`write` is what the window's worker thread calls after each change: it takes the serialised
encounter and does nothing but rotate (renames) and one atomic write, under a lock.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from drase_desktop.atomic_write import write_atomically, write_text_atomically
from drase_desktop.file_reading import parse_json, read_regular_file
from drase_desktop.storage.paths import autosave_dir

AUTOSAVE_NAME = "autosave"
SUFFIX = ".drase"
SESSION_FILE = "session.json"
CLEAN_MARKER = "clean-shutdown"
MAX_SESSION_BYTES = 64 * 1024  # a session record is a few lines
KEEP_CLEAN_SESSIONS = 3


@dataclass(frozen=True)
class RecoveryInfo:
    """A crashed session's newest snapshot, for the "recover?" question at start."""

    path: Path  # the snapshot to open (a .drase file)
    saved_at: datetime  # when it was written (UTC)
    source: str | None  # the file the GM had open then, if it had been saved somewhere
    session: Path  # the session folder (removed by discard_recovery)
    backups: tuple[Path, ...]  # older snapshots, newest first


class Autosave:
    """The autosave of one running app. Thread-safe; the folder is created on first write."""

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        *,
        backups: int = 3,
        backup_interval: float = 60.0,
    ) -> None:
        if isinstance(backups, bool) or not isinstance(backups, int) or backups < 0:
            raise ValueError(f"backups must be a whole number of files, not {backups!r}")
        self.root = Path(root) if root is not None else autosave_dir()
        self.backups = backups
        self.backup_interval = backup_interval
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        self.session_dir = self.root / f"{stamp}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self._lock = threading.Lock()
        self._source: str | None = None
        self._started = datetime.now(UTC)
        self._session_written = False
        self._last_rotation: float | None = None

    @property
    def path(self) -> Path:
        """This session's newest snapshot."""
        return self.session_dir / (AUTOSAVE_NAME + SUFFIX)

    def set_source(self, path: str | os.PathLike[str] | None) -> None:
        """Record the file the GM is editing (after Open or Save As), for a later recovery."""
        with self._lock:
            self._source = str(Path(path).absolute()) if path is not None else None
            if self._session_written:
                self._write_session()

    def write(self, data: bytes) -> Path:
        """Store `data` as the newest snapshot; returns its path."""
        if not isinstance(data, bytes | bytearray | memoryview):
            raise TypeError(f"autosave takes the serialised bytes, not {type(data).__name__}")
        with self._lock:
            if not self._session_written:
                self.session_dir.mkdir(parents=True, exist_ok=True)
                self._write_session()
                _prune_clean_sessions(self.root, keep=KEEP_CLEAN_SESSIONS, skip=self.session_dir)
            # A write after close() reopens the session: the marker must not lie.
            (self.session_dir / CLEAN_MARKER).unlink(missing_ok=True)
            self._rotate()
            write_atomically(self.path, bytes(data))
            return self.path

    def close(self) -> bool:
        """Mark a clean shutdown: this session's snapshots stay, but are not offered as a crash.

        Never raises (the window is closing): returns False when the mark could not be written
        (a full disk), which only means the next start offers this session's work back."""
        with self._lock:
            if not self._session_written:
                return True
            try:
                write_text_atomically(
                    self.session_dir / CLEAN_MARKER, datetime.now(UTC).isoformat() + "\n"
                )
            except OSError:
                return False
            return True

    def pending_recovery(self) -> RecoveryInfo | None:
        """The newest snapshot of a session that crashed (not this one), or None."""
        return pending_recovery(self.root, exclude=self.session_dir)

    def adopt_recovery(self, info: RecoveryInfo) -> bytes:
        """Take a crashed session's snapshot into this session, then discard the crashed ones.

        The bytes are this session's snapshot before anything is deleted, so a second crash
        right after recovering still finds them. Returns the bytes (to load the encounter from).
        """
        data = info.path.read_bytes()
        if info.source is not None:
            self.set_source(info.source)
        self.write(data)
        self.discard_recovery()
        return data

    def discard_recovery(self) -> None:
        """Delete every crashed session's snapshots (after the GM recovered or declined)."""
        discard_recovery(self.root, exclude=self.session_dir)

    def _write_session(self) -> None:
        info = {
            "pid": os.getpid(),
            "started": self._started.isoformat(),
            "source": self._source,
        }
        write_text_atomically(self.session_dir / SESSION_FILE, json.dumps(info, indent=2) + "\n")
        self._session_written = True

    def _rotate(self) -> None:
        if self.backups == 0 or not self.path.exists():
            return
        now = time.monotonic()
        if self._last_rotation is not None and now - self._last_rotation < self.backup_interval:
            return
        self._last_rotation = now
        for index in range(self.backups - 1, 0, -1):
            older = _backup_path(self.session_dir, index)
            if older.exists():
                os.replace(older, _backup_path(self.session_dir, index + 1))
        os.replace(self.path, _backup_path(self.session_dir, 1))


def _backup_path(session: Path, index: int) -> Path:
    return session / f"{AUTOSAVE_NAME}.{index}{SUFFIX}"


def _snapshots(session: Path) -> list[Path]:
    """The session's snapshots, newest first: the current one, then autosave.1, autosave.2..."""
    current = session / (AUTOSAVE_NAME + SUFFIX)
    found = [current] if current.is_file() else []
    numbered = []
    for path in session.glob(f"{AUTOSAVE_NAME}.*{SUFFIX}"):
        middle = path.name[len(AUTOSAVE_NAME) + 1 : -len(SUFFIX)]
        if middle.isdigit() and path.is_file():
            numbered.append((int(middle), path))
    return found + [path for _, path in sorted(numbered)]


def _read_session(session: Path) -> dict[str, Any]:
    try:
        # Read at every start for every session: a regular file only (a pipe would hold the
        # start for ever), and small.
        data = read_regular_file(session / SESSION_FILE, MAX_SESSION_BYTES, ValueError)
        info = parse_json(data, ValueError, lone_surrogates=True)  # a path, see settings
    except ValueError:
        return {}
    return info if isinstance(info, dict) else {}


def _process_alive(pid: object) -> bool:
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: existence check only
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError:
        return False
    return True


def _windows_process_alive(pid: int) -> bool:
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _crashed_sessions(
    root: Path, exclude: Path | None
) -> list[tuple[Path, dict[str, Any], list[Path]]]:
    """Each crashed session with its record and snapshots (each read once)."""
    if not root.is_dir():
        return []
    crashed = []
    for session in root.iterdir():
        if not session.is_dir() or session == exclude or (session / CLEAN_MARKER).exists():
            continue
        record = _read_session(session)
        if _process_alive(record.get("pid")):
            continue  # another window is running and owns it
        snapshots = _snapshots(session)
        if snapshots:
            crashed.append((session, record, snapshots))
    return crashed


def pending_recovery(
    root: str | os.PathLike[str] | None = None, *, exclude: Path | None = None
) -> RecoveryInfo | None:
    """The newest snapshot left by a crashed session under `root`, or None."""
    folder = Path(root) if root is not None else autosave_dir()
    best: RecoveryInfo | None = None
    for session, record, snapshots in _crashed_sessions(folder, exclude):
        try:
            written = snapshots[0].stat().st_mtime
        except OSError:
            continue
        info = RecoveryInfo(
            path=snapshots[0],
            saved_at=datetime.fromtimestamp(written, UTC),
            source=_source_of(record),
            session=session,
            backups=tuple(snapshots[1:]),
        )
        if best is None or info.saved_at > best.saved_at:
            best = info
    return best


def _source_of(record: dict[str, Any]) -> str | None:
    source = record.get("source")
    return source if isinstance(source, str) and source else None


def discard_recovery(
    root: str | os.PathLike[str] | None = None, *, exclude: Path | None = None
) -> None:
    """Delete every crashed session under `root` (never a running one, never `exclude`)."""
    folder = Path(root) if root is not None else autosave_dir()
    for session, _record, _files in _crashed_sessions(folder, exclude):
        shutil.rmtree(session, ignore_errors=True)


def _prune_clean_sessions(root: Path, *, keep: int, skip: Path) -> None:
    """Keep the newest `keep` cleanly closed sessions as a safety net; delete older ones."""
    clean = [
        session
        for session in root.iterdir()
        if session.is_dir() and session != skip and (session / CLEAN_MARKER).exists()
    ]
    clean.sort(key=lambda session: (session / CLEAN_MARKER).stat().st_mtime, reverse=True)
    for session in clean[keep:]:
        shutil.rmtree(session, ignore_errors=True)
