"""Atomic file writes shared by every part that saves: write beside, flush, fsync, replace.

The bytes go to a hidden temporary file beside the target (`.NAME.` and eight random
characters), locked while it is written (`file_lock`). A save killed while it writes leaves
that file behind; the next save of the same file, and the next start for the recent files
(`remove_stale_temporaries`), remove such leftovers: only names of exactly that form, and only
when no running save holds their lock.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from drase_desktop.file_lock import is_locked, lock_descriptor

# tempfile.mkstemp's names: the prefix, then eight characters of this alphabet.
_RANDOM_PART = r"[a-z0-9_]{8}"


def write_atomically(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    sync: bool = True,
    aside: str | os.PathLike[str] | None = None,
) -> None:
    """Write `data` to `path` so a crash leaves either the old file or the new one, never half.

    The autosave writes without waiting for the disk: the app being killed cannot lose what the
    operating system already holds, and a busy disk can take longer than a GM's next click.
    - `sync=False`: no fsync here; the caller has the bytes reach the disk (`flush_to_disk`)
      off the path of the next write.
    - `aside`: the old file is first renamed there, the new one then takes the free name, and
      `aside` goes. Renaming over an existing file makes ext4 wait for the new bytes to reach
      the disk (20-150 ms on a busy disk); a rename to a free name does not. A kill between the
      renames leaves the old file whole at `aside`: the reader looks there when `path` is gone.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(target)
    descriptor, temporary = tempfile.mkstemp(prefix=_prefix(target), dir=target.parent)
    try:
        # Held while written, so no other save takes it for a leftover of a killed one.
        lock_descriptor(descriptor)
        # mkstemp makes the file private (0600); a saved map keeps the mode a new file would get.
        os.chmod(temporary, _mode_for(target))
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
            if sys.platform != "win32":  # replaced while still locked (Windows cannot)
                _put_in_place(Path(temporary), target, aside)
        if sys.platform == "win32":
            os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _put_in_place(written: Path, target: Path, aside: str | os.PathLike[str] | None) -> None:
    if aside is None:
        os.replace(written, target)
        return
    try:
        os.replace(target, aside)
    except FileNotFoundError:
        pass  # nothing to keep: a first write, or the last one was killed between the renames
    os.replace(written, target)
    Path(aside).unlink(missing_ok=True)


def flush_to_disk(path: str | os.PathLike[str]) -> None:
    """Have the bytes of `path` reach the disk (they survive a power cut); nothing if it is gone
    (replaced meanwhile by a newer write, which flushes its own)."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


@contextmanager
def replaced_when_written(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary file beside `path`, for a writer that needs a file name of its own (Qt's PDF
    writer): it replaces `path` when the block ends, and is removed if the block raises. The
    folder must exist (OSError otherwise): unlike a save, an export makes no folders."""
    target = Path(path)
    remove_stale_temporaries(target)
    descriptor, temporary = tempfile.mkstemp(prefix=_prefix(target), dir=target.parent)
    os.close(descriptor)
    try:
        os.chmod(temporary, _mode_for(target))
        yield Path(temporary)
        os.replace(temporary, target)
    finally:
        Path(temporary).unlink(missing_ok=True)


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    write_atomically(path, text.encode("utf-8"))


def remove_stale_temporaries(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files killed saves of `path` left beside it (never a file of
    another name, nor one a running save is writing). Never raises: a leftover that cannot
    go stays for the next time."""
    target = Path(path)
    prefix = _prefix(target)
    pattern = re.compile(re.escape(prefix) + _RANDOM_PART)
    try:
        names = [
            entry.name
            for entry in os.scandir(target.parent)
            if entry.name.startswith(prefix) and pattern.fullmatch(entry.name)
        ]
    except OSError:
        return
    for name in names:
        leftover = target.parent / name
        try:
            if leftover.is_file() and not is_locked(leftover):
                leftover.unlink()
        except OSError:
            continue


def _prefix(target: Path) -> str:
    return f".{target.name}."


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        return 0o666 & ~_current_umask()


def _current_umask() -> int:
    # os.umask can only be read by setting it; restore at once. Called on the saving thread only
    # for files that do not exist yet.
    umask = os.umask(0o077)
    os.umask(umask)
    return umask
