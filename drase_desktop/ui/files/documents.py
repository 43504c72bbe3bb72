"""What the window can open: `.drase` encounters, `.drase-map` maps (a new encounter with no
combatants), Universal VTT files (imported as a map), and the bundled sample encounter.

Every failure is a `DocumentError` (a ValueError) whose message names the file and the problem,
so the window can show it and keep what was open.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from drase_desktop.board import load_map
from drase_desktop.board.distance import DOUBLE
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.file_reading import in_file, name_from_path, readable_name
from drase_desktop.refusal import Refusal
from drase_desktop.storage import read_uvtt
from drase_desktop.storage.encounter_file import load_encounter

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


def _scale_picture(data: bytes, width: int, height: int) -> bytes:
    # Qt is loaded only when a picture is too large: `drase-desktop check` runs without it.
    from drase_desktop.ui.files.picture_scaler import scale_picture

    return scale_picture(data, width, height)


def load_map_file(path: str | os.PathLike[str], warnings: list[str] | None = None) -> Any:
    """The board of a `.drase-map` or Universal VTT file (DocumentError if it is neither or
    is broken); an import's warnings are added to `warnings`."""
    file = Path(path)
    suffix = _suffix(file)
    with _as_document_error(file):
        if suffix == MAP_SUFFIX:
            return load_map(file)
        if suffix in UVTT_SUFFIXES:
            result = read_uvtt(file, scale_picture=_scale_picture)
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
