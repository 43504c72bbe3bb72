"""Read a whole import file, refusing one too large to be what it claims before reading it.

The image import and the Universal VTT import share this; each names its files and its error.
"""

from __future__ import annotations

from pathlib import Path

_MB = 1024 * 1024


def read_at_most(source: Path, limit: int, what: str, error: type[ValueError]) -> bytes:
    """The bytes of `source`; `error` when it is over `limit` bytes (the message calls such
    files `what`, e.g. "images") or cannot be read."""
    try:
        size = source.stat().st_size
        if size > limit:
            raise error(
                f"{source.name} is {size // _MB} MB; {what} over {limit // _MB} MB are refused."
            )
        return source.read_bytes()
    except OSError as failure:
        raise error(f"Cannot read {source.name}: {failure.strerror or failure}.") from failure
