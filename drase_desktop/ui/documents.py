"""What the window can open: `.drase` encounters, `.drase-map` maps (a new encounter with no
combatants), Universal VTT files (imported as a map), and the bundled sample encounter.

Every failure is a `DocumentError` (a ValueError) whose message names the file and the problem,
so the window can show it and keep what was open.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

import msgspec

from drase_desktop.board import load_map
from drase_desktop.board.distance import DOUBLE
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.file_reading import in_file, name_from_path, readable_name
from drase_desktop.refusal import Refusal
from drase_desktop.storage import read_uvtt
from drase_desktop.storage.encounter_file import (
    check_file_size,
    combatant_to_dict,
    encounter_to_dict,
    load_encounter,
)

ENCOUNTER_SUFFIX = ".drase"
MAP_SUFFIX = ".drase-map"
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
SAMPLE_NAME = "sample.drase"

OPEN_FILTER = (
    "Encounters and maps (*.drase *.drase-map);;Encounters (*.drase);;Maps (*.drase-map);;"
    "All files (*)"
)
SAVE_FILTER = "Encounters (*.drase)"
UVTT_FILTER = "Universal VTT (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"


class DocumentError(Refusal):
    """A file that cannot be opened; the message is for the GM."""


def _suffix(path: Path) -> str:
    name = path.name.lower()
    if name.endswith(MAP_SUFFIX):
        return MAP_SUFFIX
    return path.suffix.lower()


def is_encounter_file(path: str | os.PathLike[str]) -> bool:
    return _suffix(Path(path)) == ENCOUNTER_SUFFIX


def encounter_for_map(battle_map: Any, *, diagonal: str = DOUBLE, name: str = "") -> Encounter:
    """A new encounter on `battle_map` with no combatants, in Setup."""
    return Encounter(
        battle_map,
        name=name or battle_map.name or "New encounter",
        settings=EncounterSettings(diagonal=diagonal),
    )


def load_document(
    path: str | os.PathLike[str], *, diagonal: str = DOUBLE, warnings: list[str] | None = None
) -> Encounter:
    """Open an encounter, a map or a Universal VTT file as an encounter. What the GM should
    know about an import that still worked (a picture not embedded) is added to `warnings`."""
    file = Path(path)
    suffix = _suffix(file)
    if suffix in (MAP_SUFFIX, *UVTT_SUFFIXES):
        battle_map = load_map_file(file, warnings)
        name = battle_map.name if suffix == MAP_SUFFIX and battle_map.name else name_from_path(file)
        return encounter_for_map(battle_map, diagonal=diagonal, name=name)
    if suffix == ENCOUNTER_SUFFIX:
        with _as_document_error(file):
            return load_encounter(file)
    raise DocumentError(
        f"{file.name}: Drase Desktop opens .drase encounters, .drase-map maps and Universal VTT"
        " files (.dd2vtt, .uvtt, .df2vtt)"
    )


def load_map_file(path: str | os.PathLike[str], warnings: list[str] | None = None) -> Any:
    """The board of a `.drase-map` or Universal VTT file (DocumentError if it is neither or
    is broken); an import's warnings are added to `warnings`."""
    file = Path(path)
    suffix = _suffix(file)
    with _as_document_error(file):
        if suffix == MAP_SUFFIX:
            return load_map(file)
        if suffix in UVTT_SUFFIXES:
            result = read_uvtt(file)
            if warnings is not None:
                warnings.extend(result.warnings)
            return result.battle_map
    raise DocumentError(
        f"{file.name}: a map is a .drase-map file or a Universal VTT file (.dd2vtt, .uvtt, .df2vtt)"
    )


@contextmanager
def _as_document_error(file: Path) -> Iterator[None]:
    """Any reading failure as a DocumentError naming the file."""
    try:
        yield
    except DocumentError:
        raise
    except Refusal as error:
        message = str(error)
        if readable_name(file.name) not in message:
            message = in_file(file.name, message)
        raise DocumentError(message) from error
    except OSError as error:
        raise DocumentError(f"{file.name}: cannot be read ({error.strerror or error})") from error


def sample_names() -> list[str]:
    """The shipped sample encounters, then the sample maps, by file name."""
    folder = files("drase_desktop.sample_maps")
    names = [entry.name for entry in folder.iterdir() if entry.is_file()]
    encounters = sorted(n for n in names if _suffix(Path(n)) == ENCOUNTER_SUFFIX)
    maps = sorted(n for n in names if _suffix(Path(n)) == MAP_SUFFIX)
    return encounters + maps


def is_shipped_sample(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is one of the files shipped with the app (inside its installation):
    those open as untitled copies, so Save never writes into the installation."""
    folder = files("drase_desktop.sample_maps")
    try:
        with as_file(folder) as shipped:
            return Path(path).resolve().is_relative_to(Path(shipped).resolve())
    except (OSError, TypeError, ValueError):
        return False


def load_sample_file(name: str, *, diagonal: str = DOUBLE) -> Encounter:
    """A shipped sample (an encounter, or a map as a new encounter) by file name."""
    if name not in sample_names():
        raise DocumentError(f"There is no sample called {name!r}")
    with as_file(files("drase_desktop.sample_maps") / name) as path:
        return load_document(path, diagonal=diagonal)


def load_sample() -> Encounter:
    """The bundled sample encounter (works installed, editable and frozen alike)."""
    return load_sample_file(SAMPLE_NAME)


def document_bytes(document: dict[str, Any], *, compact: bool = False) -> bytes:
    """An encounter document (from `encounter_to_dict`) as the bytes of a `.drase` file.

    A saved file is indented so a person can read it. `compact` (the autosave) writes it on one
    line with msgspec's encoder: the same document (the same JSON values), written some fifteen
    times faster than Python's own compact encoder, which holds Python's lock in one piece on the
    worker that shares it with the window (6 ms for a fight of 300: a stall in a phase's
    repaint)."""
    if compact:
        return msgspec.json.encode(document) + b"\n"
    text = json.dumps(document, indent=1, ensure_ascii=False)
    return (text + "\n").encode("utf-8")


# Stands in for the picture's base64 text while the rest is encoded (no JSON escapes in it).
_PICTURE_MARK = "drase-picture-data-5c1d0f3e9b7a"


def autosave_bytes(encounter: Encounter) -> bytes:
    """The autosave's snapshot: the same document as a saved file, on one line."""
    return encounter_bytes(encounter, compact=True)


class AutosaveEncoder:
    """`autosave_bytes` for a series of snapshots (`copy_for_saving`, each taken with the one
    before): a combatant's copy shared with the snapshot before keeps the document made for it
    there. Copies never change once taken, so the document is the one it would make again;
    the worker encoding it shares Python's lock with the window, and 300 combatants' documents
    were most of its work after a change that touched one."""

    def __init__(self) -> None:
        self._documents: dict[str, tuple[Combatant, dict[str, Any]]] = {}

    def __call__(self, encounter: Encounter) -> bytes:
        documents: dict[str, tuple[Combatant, dict[str, Any]]] = {}
        for cid, combatant in encounter.combatants.items():
            kept = self._documents.get(cid)
            if kept is None or kept[0] is not combatant:
                kept = (combatant, combatant_to_dict(combatant))
            documents[cid] = kept
        self._documents = documents
        listed = [document for _combatant, document in documents.values()]
        return encounter_bytes(encounter, compact=True, combatant_documents=listed)


def encounter_bytes(
    encounter: Encounter,
    *,
    compact: bool = False,
    combatant_documents: list[dict[str, Any]] | None = None,
) -> bytes:
    """The encounter as the bytes of a `.drase` file (the autosave's snapshot).

    The map's picture (tens of megabytes of base64 for a large battlemap) is spliced in as bytes
    rather than passed through the JSON encoder: encoding one huge string holds Python's lock
    in one piece, and the autosave worker would stall the window meanwhile. Base64 needs no
    escaping, so the bytes are exactly what encoding it would give."""
    data = _document_with_picture(encounter_to_dict(encounter, combatant_documents), compact)
    check_file_size(encounter, len(data))  # the loader's limit: an autosave that opens again
    return data


def _document_with_picture(document: dict[str, Any], compact: bool) -> bytes:
    picture = (document.get("map") or {}).get("background") or {}
    text = picture.get("data_base64")
    if not isinstance(text, str) or len(text) < 1 << 16:
        return document_bytes(document, compact=compact)
    picture["data_base64"] = _PICTURE_MARK
    pieces = document_bytes(document, compact=compact).split(_PICTURE_MARK.encode("ascii"))
    picture["data_base64"] = text
    if len(pieces) != 2:  # the mark also occurs elsewhere: encode the plain way
        return document_bytes(document, compact=compact)
    return b"".join((pieces[0], text.encode("ascii"), pieces[1]))
