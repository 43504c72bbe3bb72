"""Atomic file writes shared by every part that saves: write beside, flush, fsync, replace."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so a crash leaves either the old file or the new one, never half."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        # mkstemp makes the file private (0600); a saved map keeps the mode a new file would get.
        os.chmod(temporary, _mode_for(target))
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    write_atomically(path, text.encode("utf-8"))


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
