"""Autosave and crash recovery: every change lands on disk; the next start knows if we crashed.

Each run of the app is a session with its own folder under the user data folder
(`paths.autosave_dir()/<session id>/`), so two windows never overwrite each other:
- `autosave.drase`: the newest bytes handed to `write` (written atomically; for the moment the
  next one takes its place it is `autosave.previous.drase`);
- `autosave.1.drase` ... `autosave.<backups>.drase`: older snapshots, rotated at most once per
  `backup_interval` seconds so they reach back minutes, not keystrokes;
- `session.json`: who wrote it (process id, start time, the file the GM had open);
- `session.lock`: locked by the running app for its whole life (`file_lock.py`); the
  operating system lets go of it when the process ends, however it ends;
- `clean-shutdown`: the marker written by `close()`. A session folder without it, whose lock
  nobody holds, is a crash: `pending_recoveries()` offers each such session's newest snapshot,
  one by one, and recovering or discarding one never touches another.

`write` is what the window's worker thread calls after each change: it takes the serialised
encounter and does nothing but rotate (renames) and one atomic write, under a lock; the
bytes reach the disk after (`flush`), so a slow disk never holds the next write back.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from drase_desktop.atomic_write import flush_to_disk, write_atomically, write_text_atomically
from drase_desktop.file_lock import FileLock, is_locked
from drase_desktop.file_reading import parse_json, read_regular_file
from drase_desktop.storage.paths import autosave_dir

AUTOSAVE_NAME = "autosave"
SUFFIX = ".drase"
SESSION_FILE = "session.json"
LOCK_FILE = "session.lock"
CLEAN_MARKER = "clean-shutdown"
MAX_SESSION_BYTES = 64 * 1024  # a session record is a few lines
KEEP_CLEAN_SESSIONS = 3
# A session folder with nothing to offer back and nobody holding it is deleted once it is this
# old (a younger one may belong to a window that is just starting).
EMPTY_SESSION_AGE_S = 3600.0


@dataclass(frozen=True)
class RecoveryInfo:
    """A crashed session's newest snapshot, for the "recover?" question at start."""

    path: Path  # the snapshot to open (a .drase file)
    saved_at: datetime  # when it was written (UTC)
    source: str | None  # the file the GM had open then, if it had been saved somewhere
    session: Path  # the session folder (removed by discard_recovery)
    backups: tuple[Path, ...]  # older snapshots, newest first


@dataclass(frozen=True)
class RunningSession:
    """Another app running now (its session's lock is held), and the file it has open."""

    session: Path
    source: str | None
    started: str | None


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
        # Held from the session's first file to close(): the session is running while held.
        self.session_lock = FileLock(self.session_dir / LOCK_FILE)
        # Crashed sessions being offered back: held so no other window offers them meanwhile.
        self._claims: dict[Path, FileLock] = {}

    @property
    def path(self) -> Path:
        """This session's newest snapshot."""
        return self.session_dir / (AUTOSAVE_NAME + SUFFIX)

    @property
    def _aside_path(self) -> Path:
        return _aside_path(self.session_dir)

    def set_source(self, path: str | os.PathLike[str] | None) -> None:
        """Record the file the GM is editing (after Open or Save As), for a later recovery and
        for other windows to know it is open here."""
        with self._lock:
            self._source = str(Path(path).absolute()) if path is not None else None
            if self._session_written or self._source is not None:
                self._start_session()
                self._write_session()

    def write(self, data: bytes) -> Path:
        """Store `data` as the newest snapshot; returns its path."""
        if not isinstance(data, bytes | bytearray | memoryview):
            raise TypeError(f"autosave takes the serialised bytes, not {type(data).__name__}")
        with self._lock:
            self._start_session()
            if not self._session_written:
                self._write_session()
            # A write after close() reopens the session: the marker must not lie.
            (self.session_dir / CLEAN_MARKER).unlink(missing_ok=True)
            self._rotate()
            # Never waits for the disk (write_atomically); `flush` follows off this path.
            write_atomically(self.path, bytes(data), sync=False, aside=self._aside_path)
            return self.path

    def flush(self) -> None:
        """Have the newest snapshot reach the disk. Called after `write`, off its path and
        without its lock: the next write never waits for a slow disk."""
        flush_to_disk(self.path)

    def close(self) -> bool:
        """Mark a clean shutdown: this session's snapshots stay, but are not offered as a crash.

        Never raises (the window is closing): returns False when the mark could not be written
        (a full disk), which only means the next start offers this session's work back."""
        with self._lock:
            for claim in self._claims.values():
                claim.release()
            self._claims.clear()
            if not self.session_lock.held:
                return True
            try:
                write_text_atomically(
                    self.session_dir / CLEAN_MARKER, datetime.now(UTC).isoformat() + "\n"
                )
            except OSError:
                return False
            finally:
                self.session_lock.release()
            return True

    def pending_recovery(self) -> RecoveryInfo | None:
        """The newest snapshot of a session that crashed (not this one), or None."""
        return pending_recovery(self.root, exclude=self.session_dir)

    def pending_recoveries(self) -> list[RecoveryInfo]:
        """Every session that crashed (not this one), the newest first."""
        return pending_recoveries(self.root, exclude=self.session_dir)

    def claim_recovery(self, info: RecoveryInfo) -> bool:
        """Hold a crashed session while the GM is asked about it, so no other window offers
        it meanwhile; False when another window already holds it (or it is running)."""
        with self._lock:
            if info.session in self._claims:
                return True
            claim = FileLock(info.session / LOCK_FILE)
            try:
                taken = claim.acquire()
            except OSError:
                return False
            if taken:
                self._claims[info.session] = claim
            return taken

    def release_recovery(self, info: RecoveryInfo) -> None:
        """Let go of a crashed session (the GM said later): the next start offers it again."""
        with self._lock:
            claim = self._claims.pop(info.session, None)
        if claim is not None:
            claim.release()

    def adopt_recovery(self, info: RecoveryInfo) -> bytes:
        """Take a crashed session's snapshot into this session, then discard that session
        (never another).

        The bytes are this session's snapshot before anything is deleted, so a second crash
        right after recovering still finds them. Returns the bytes (to load the encounter from).
        """
        data = info.path.read_bytes()
        if info.source is not None:
            self.set_source(info.source)
        self.write(data)
        self.discard_recovery(info)
        return data

    def discard_recovery(self, info: RecoveryInfo) -> None:
        """Delete one crashed session's snapshots (after the GM recovered or declined it)."""
        if info.session == self.session_dir or not self.claim_recovery(info):
            return  # another window has it now
        # Deleted while held, so no other window takes it up half-deleted; Windows cannot
        # delete a file that is open, so the lock file goes once let go of.
        shutil.rmtree(info.session, ignore_errors=True)
        self.release_recovery(info)
        shutil.rmtree(info.session, ignore_errors=True)

    def running_elsewhere(self, path: str | os.PathLike[str]) -> list[RunningSession]:
        """The other windows running now that have the file at `path` open."""
        wanted = str(Path(path).absolute())
        return [
            running
            for running in running_sessions(self.root, exclude=self.session_dir)
            if running.source == wanted
        ]

    def _start_session(self) -> None:
        """Make the session's folder and hold its lock (again, after close())."""
        if self.session_lock.held:
            return
        self.session_dir.mkdir(parents=True, exist_ok=True)
        self.session_lock.acquire()
        _prune_sessions(self.root, keep=KEEP_CLEAN_SESSIONS, skip=self.session_dir)

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
        # The oldest goes first and each moves to a free name: no rename over a file, which
        # would wait for the disk (write_atomically).
        _backup_path(self.session_dir, self.backups).unlink(missing_ok=True)
        for index in range(self.backups - 1, 0, -1):
            older = _backup_path(self.session_dir, index)
            if older.exists():
                os.replace(older, _backup_path(self.session_dir, index + 1))
        os.replace(self.path, _backup_path(self.session_dir, 1))


def _aside_path(session: Path) -> Path:
    """Where the newest snapshot is while the next one takes its place (`write_atomically`)."""
    return session / f"{AUTOSAVE_NAME}.previous{SUFFIX}"


def _backup_path(session: Path, index: int) -> Path:
    return session / f"{AUTOSAVE_NAME}.{index}{SUFFIX}"


def _snapshots(session: Path) -> list[Path]:
    """The session's snapshots, newest first: the current one, then autosave.1, autosave.2...
    An empty one is left out: a power cut before a write reached the disk (`flush_to_disk`)
    can leave the newest empty, and the one before it is then the work to offer."""
    current = session / (AUTOSAVE_NAME + SUFFIX)
    found = [path for path in (current, _aside_path(session)) if _holds_bytes(path)]
    numbered = []
    for path in session.glob(f"{AUTOSAVE_NAME}.*{SUFFIX}"):
        middle = path.name[len(AUTOSAVE_NAME) + 1 : -len(SUFFIX)]
        if middle.isdigit() and _holds_bytes(path):
            numbered.append((int(middle), path))
    return found + [path for _, path in sorted(numbered)]


def _holds_bytes(path: Path) -> bool:
    try:
        return path.is_file() and path.stat().st_size > 0
    except OSError:
        return False


def _read_session(session: Path) -> dict[str, Any]:
    try:
        # Read at every start for every session: a regular file only (a pipe would hold the
        # start for ever), and small.
        data = read_regular_file(session / SESSION_FILE, MAX_SESSION_BYTES, ValueError)
        info = parse_json(data, ValueError, lone_surrogates=True)  # a path, see settings
    except ValueError:
        return {}
    return info if isinstance(info, dict) else {}


def _is_running(session: Path) -> bool:
    """Whether an app holds the session's lock now. A folder without a lock file was left by
    a version before locks; its work is offered back like a crash."""
    return is_locked(session / LOCK_FILE)


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
        snapshots = _snapshots(session)
        if not snapshots or _is_running(session):
            continue  # nothing to offer, or another window is running and owns it
        crashed.append((session, _read_session(session), snapshots))
    return crashed


def pending_recoveries(
    root: str | os.PathLike[str] | None = None, *, exclude: Path | None = None
) -> list[RecoveryInfo]:
    """Every session under `root` that crashed, each with its newest snapshot, newest first."""
    folder = Path(root) if root is not None else autosave_dir()
    found: list[RecoveryInfo] = []
    for session, record, snapshots in _crashed_sessions(folder, exclude):
        try:
            written = snapshots[0].stat().st_mtime
        except OSError:
            continue
        found.append(
            RecoveryInfo(
                path=snapshots[0],
                saved_at=datetime.fromtimestamp(written, UTC),
                source=_source_of(record),
                session=session,
                backups=tuple(snapshots[1:]),
            )
        )
    found.sort(key=lambda info: info.saved_at, reverse=True)
    return found


def pending_recovery(
    root: str | os.PathLike[str] | None = None, *, exclude: Path | None = None
) -> RecoveryInfo | None:
    """The newest snapshot left by a crashed session under `root`, or None."""
    found = pending_recoveries(root, exclude=exclude)
    return found[0] if found else None


def running_sessions(
    root: str | os.PathLike[str] | None = None, *, exclude: Path | None = None
) -> list[RunningSession]:
    """The sessions of the apps running now (their locks are held), but `exclude`."""
    folder = Path(root) if root is not None else autosave_dir()
    if not folder.is_dir():
        return []
    running = []
    for session in folder.iterdir():
        if session.is_dir() and session != exclude and _is_running(session):
            record = _read_session(session)
            started = record.get("started")
            running.append(
                RunningSession(
                    session, _source_of(record), started if isinstance(started, str) else None
                )
            )
    return running


def _source_of(record: dict[str, Any]) -> str | None:
    source = record.get("source")
    return source if isinstance(source, str) and source else None


def _prune_sessions(root: Path, *, keep: int, skip: Path) -> None:
    """Keep the newest `keep` cleanly closed sessions as a safety net and delete older ones,
    and those a crash left with nothing to offer back (never a running one)."""
    clean, empty = [], []
    now = time.time()
    for session in root.iterdir():
        if not session.is_dir() or session == skip or _is_running(session):
            continue
        if (session / CLEAN_MARKER).exists():
            clean.append(session)
        elif not _snapshots(session) and now - _age_mark(session) > EMPTY_SESSION_AGE_S:
            empty.append(session)
    clean.sort(key=lambda session: (session / CLEAN_MARKER).stat().st_mtime, reverse=True)
    for session in clean[keep:] + empty:
        shutil.rmtree(session, ignore_errors=True)


def _age_mark(session: Path) -> float:
    try:
        return session.stat().st_mtime
    except OSError:
        return time.time()
