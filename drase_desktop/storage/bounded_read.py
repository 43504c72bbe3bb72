"""Read a whole import file, refusing one too large to be what it claims before reading it.

The image import and the Universal VTT import share this; each names its files and its error.
"""

from __future__ import annotations

from pathlib import Path

from drase_desktop.file_reading import read_regular_file


def read_at_most(source: Path, limit: int, what: str, error: type[ValueError]) -> bytes:
    """The bytes of `source`; `error` when it is over `limit` bytes (the message calls such
    files `what`, e.g. "images"), is not a regular file (a pipe, a device) or cannot be read."""
    return read_regular_file(source, limit, error, what)
