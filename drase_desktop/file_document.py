"""What every Drase JSON file shares: the header read first, and the bytes written.

An encounter (`.drase`), a map (`.drase-map`) and a creature library each begin with
`"format"` (which file this is) and `"schema_version"` (which version of it wrote the file).
`check_header` reads those two before anything else, so a newer file's new fields are explained
rather than refused one by one, and a wrong file is named in the same words whichever kind the
GM opened. `document_bytes` is the one encoder the three write with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import msgspec

from drase_desktop.file_reading import describe_value
from drase_desktop.file_schema import read_record


@dataclass(frozen=True)
class FileKind:
    """One kind of Drase file as its header names it."""

    format: str  # the "format" value its files hold
    newest: int  # the newest schema_version this program reads
    called: str  # what a GM calls it: "a Drase encounter"
    # Files written before the format field existed leave it out (encounters only).
    format_may_be_missing: bool = False


class _Header(msgspec.Struct):
    schema_version: int
    format: str | None = None


def check_header(document: dict[str, Any], kind: FileKind, error: type[ValueError]) -> None:
    """`error` when `document` is not a file of `kind`, or one written by a newer version."""
    header = read_record(document, _Header, error)
    found = header.format
    if not (found == kind.format or (found is None and kind.format_may_be_missing)):
        shown = "missing" if "format" not in document else describe_value(found)
        raise error(f"format is {shown}, not {kind.format!r}: this is not {kind.called}")
    version = header.schema_version
    if version > kind.newest:
        raise error(
            f"schema_version {version}: written by a newer Drase Desktop (format {version});"
            f" this version reads up to {kind.newest}"
        )
    if version < 1:
        raise error(f"schema_version must be 1 or more, not {version}")


def document_bytes(document: dict[str, Any], *, compact: bool = False) -> bytes:
    """A file's document as the bytes of the file.

    A saved file is indented so a person can read it. `compact` (the autosave) writes it on one
    line with msgspec's encoder: the same document (the same JSON values), written some fifteen
    times faster than Python's own compact encoder, which holds Python's lock in one piece on the
    worker that shares it with the window (6 ms for a fight of 300: a stall in a phase's
    repaint)."""
    if compact:
        return msgspec.json.encode(document) + b"\n"
    text = json.dumps(document, indent=1, ensure_ascii=False)
    return (text + "\n").encode("utf-8")
