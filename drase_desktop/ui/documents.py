"""What the window can open: `.drase` encounters, `.drase-map` maps (a new encounter with no
combatants), Universal VTT files (imported as a map), and the bundled sample encounter.

Every failure is a `DocumentError` (a ValueError) whose message names the file and the problem,
so the window can show it and keep what was open.
"""

from __future__ import annotations

import json
import os
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from drase_desktop.board import load_map
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.storage import import_uvtt
from drase_desktop.storage.encounter_file import encounter_to_dict, load_encounter

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


class DocumentError(ValueError):
    """A file that cannot be opened; the message is for the GM."""


def _suffix(path: Path) -> str:
    name = path.name.lower()
    if name.endswith(MAP_SUFFIX):
        return MAP_SUFFIX
    return path.suffix.lower()


def is_encounter_file(path: str | os.PathLike[str]) -> bool:
    return _suffix(Path(path)) == ENCOUNTER_SUFFIX


def encounter_for_map(battle_map: Any, *, diagonal: str = "double", name: str = "") -> Encounter:
    """A new encounter on `battle_map` with no combatants, in Setup."""
    return Encounter(
        battle_map,
        name=name or battle_map.name or "New encounter",
        settings=EncounterSettings(diagonal=diagonal),
    )


def load_document(path: str | os.PathLike[str], *, diagonal: str = "double") -> Encounter:
    """Open an encounter, a map or a Universal VTT file as an encounter."""
    file = Path(path)
    suffix = _suffix(file)
    try:
        if suffix == MAP_SUFFIX:
            battle_map = load_map(file)
            return encounter_for_map(
                battle_map, diagonal=diagonal, name=battle_map.name or file.stem
            )
        if suffix in UVTT_SUFFIXES:
            battle_map = import_uvtt(file)
            return encounter_for_map(battle_map, diagonal=diagonal, name=file.stem)
        if suffix == ENCOUNTER_SUFFIX:
            return load_encounter(file)
    except DocumentError:
        raise
    except ValueError as error:
        message = str(error)
        if file.name not in message:
            message = f"{file.name}: {message}"
        raise DocumentError(message) from error
    except OSError as error:
        raise DocumentError(f"{file.name}: cannot be read ({error.strerror or error})") from error
    raise DocumentError(
        f"{file.name}: Drase Desktop opens .drase encounters, .drase-map maps and Universal VTT"
        " files (.dd2vtt, .uvtt, .df2vtt)"
    )


def load_sample() -> Encounter:
    """The bundled sample encounter (works installed, editable and frozen alike)."""
    resource = files("drase_desktop.sample_maps") / SAMPLE_NAME
    with as_file(resource) as path:
        return load_document(path)


def document_bytes(document: dict[str, Any]) -> bytes:
    """An encounter document (from `encounter_to_dict`) as the bytes of a `.drase` file."""
    text = json.dumps(document, indent=1, ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def encounter_bytes(encounter: Encounter) -> bytes:
    """The encounter as the bytes of a `.drase` file (the autosave's snapshot)."""
    return document_bytes(encounter_to_dict(encounter))
