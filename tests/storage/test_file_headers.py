"""The encounter file, the map file and the creature library read their header with one check
(`file_document.check_header`) and write with one encoder (`file_document.document_bytes`): a
wrong or newer file gets the same words whichever of the three the GM opened."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.encounter_builders import fight

from drase_desktop.board import save_map
from drase_desktop.board.map_file import MapFileError, load_map, map_to_dict
from drase_desktop.file_document import document_bytes
from drase_desktop.storage.creature_library import (
    LibraryError,
    library_to_dict,
    read_library,
    starter_bestiary,
    write_library,
)
from drase_desktop.storage.encounter_file import (
    EncounterFileError,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)


def _encounter_document() -> dict[str, Any]:
    return encounter_to_dict(fight())


def _map_document() -> dict[str, Any]:
    return map_to_dict(fight().battle_map)


def _library_document() -> dict[str, Any]:
    return library_to_dict(starter_bestiary()[:2])


KINDS = [
    pytest.param(_encounter_document, load_encounter, EncounterFileError, "a Drase encounter",
                 "drase-encounter", id="encounter"),
    pytest.param(_map_document, load_map, MapFileError, "a Drase map", "drase-map", id="map"),
    pytest.param(_library_document, read_library, LibraryError, "a creature library",
                 "drase-creature-library", id="library"),
]  # fmt: skip


def _refusal(
    tmp_path: Path, document: dict[str, Any], load: Callable[[Path], Any], error: type
) -> str:
    path = tmp_path / "opened.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(error) as caught:
        load(path)
    return str(caught.value)


# A header field set wrong, and the refusal's words after "opened.json: " ({format_name} and
# {called} are the kind's).
WRONG_HEADERS = [
    pytest.param(
        {"format": "tiled-map"},
        "format is 'tiled-map', not '{format_name}': this is not {called}",
        id="another-kind",
    ),
    pytest.param(
        {"schema_version": 0}, "schema_version must be 1 or more, not 0", id="version-below-one"
    ),
    pytest.param(
        {"schema_version": "two"},
        "schema_version: expected a whole number, got 'two'",
        id="version-not-a-number",
    ),
]


@pytest.mark.parametrize(("wrong", "words"), WRONG_HEADERS)
@pytest.mark.parametrize(("make", "load", "error", "called", "format_name"), KINDS)
def test_a_wrong_header_is_named_in_the_same_words(
    tmp_path, make, load, error, called, format_name, wrong, words
) -> None:
    document = {**make(), **wrong}
    assert _refusal(tmp_path, document, load, error) == (
        "opened.json: " + words.format(format_name=format_name, called=called)
    )


@pytest.mark.parametrize(("make", "load", "error", "called", "format_name"), KINDS)
def test_a_newer_file_is_named_in_the_same_words(
    tmp_path, make, load, error, called, format_name
) -> None:
    document = make()
    newer = 99
    document["schema_version"] = newer
    words = _refusal(tmp_path, document, load, error)
    assert words.startswith(
        f"opened.json: schema_version {newer}: written by a newer Drase Desktop"
        f" (format {newer}); this version reads up to "
    )
    # A file writes the oldest version that holds what it has, so it reads at least that.
    assert int(words.rsplit(" ", 1)[1]) >= make()["schema_version"]


def test_an_encounter_from_before_the_format_field_still_opens(tmp_path) -> None:
    document = _encounter_document()
    del document["format"]
    path = tmp_path / "old.drase"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert load_encounter(path).name == fight().name


def test_the_three_files_are_written_by_one_encoder(tmp_path) -> None:
    encounter = fight()
    save_encounter(encounter, tmp_path / "fight.drase")
    save_map(encounter.battle_map, tmp_path / "board.drase-map")
    templates = starter_bestiary()[:2]
    write_library(templates, tmp_path / "creatures.json")
    assert (tmp_path / "fight.drase").read_bytes() == document_bytes(encounter_to_dict(encounter))
    assert (tmp_path / "board.drase-map").read_bytes() == document_bytes(
        map_to_dict(encounter.battle_map)
    )
    assert (tmp_path / "creatures.json").read_bytes() == document_bytes(library_to_dict(templates))
