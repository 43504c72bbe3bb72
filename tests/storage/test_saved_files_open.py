"""Files written by this and earlier versions keep opening; a file from a newer version says so.

tests/storage/data holds encounters saved by the code before the formats were declared as
records (a fight in round 2; a Setup with token art, fog, a prepared effect and an attack
spell) and the sample encounter as first shipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drase_desktop.board.map_file import SCHEMA_VERSION as MAP_VERSION
from drase_desktop.board.map_file import MapFileError, load_map, map_from_json, map_to_dict
from drase_desktop.storage.encounter_file import (
    SCHEMA_VERSION,
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
ENCOUNTERS = sorted([*(ROOT / "maps").glob("*.drase"), *DATA.glob("*.drase")])
MAPS = sorted((ROOT / "maps").glob("*.drase-map"))


def test_there_are_files_to_open() -> None:
    assert len(ENCOUNTERS) >= 4 and len(MAPS) >= 4


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.name)
def test_a_saved_encounter_opens(path: Path) -> None:
    encounter = load_encounter(path)
    assert encounter.combatants
    written = json.loads(path.read_text(encoding="utf-8"))
    if path.name != "sample-as-first-shipped.drase":
        # Read and written again, it is the same document: the format did not change.
        assert encounter_to_dict(encounter) == written


def test_the_richest_saved_file_keeps_its_art_fog_preparations_and_spells() -> None:
    encounter = load_encounter(DATA / "setup-with-art-fog-and-preparations.drase")
    first = next(iter(encounter.combatants.values()))
    assert first.portrait in encounter.portraits
    assert [p.describe() for p in first.prepared] == ["illuminated (glowing draught), 2 round(s)"]
    assert any(w.spell and w.attribute == "intelligence" for w in first.weapons)
    assert not encounter.fog.all_revealed and encounter.fog.revealed_count == 3


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_a_shipped_map_opens_and_writes_back_the_same(path: Path) -> None:
    battle_map = load_map(path)
    assert map_to_dict(battle_map) == json.loads(path.read_text(encoding="utf-8"))


def _sample() -> dict:
    return json.loads((ROOT / "maps" / "sample.drase").read_text(encoding="utf-8"))


def test_an_encounter_from_a_newer_version_says_so() -> None:
    document = {**_sample(), "schema_version": SCHEMA_VERSION + 2, "a_new_part": {}}
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict(document)
    assert str(caught.value) == (
        f"schema_version {SCHEMA_VERSION + 2}: written by a newer Drase Desktop"
        f" (format {SCHEMA_VERSION + 2}); this version reads up to {SCHEMA_VERSION}"
    )


@pytest.mark.parametrize(
    ("place", "field"),
    [
        ((), "the file"),
        (("combatants", 3), "combatants[3]"),
        (("combatants", 0, "weapons", 0), "combatants[0].weapons[0]"),
        (("settings",), "settings"),
    ],
)
def test_a_field_this_version_does_not_know_is_put_down_to_a_newer_version(place, field) -> None:
    document = _sample()
    target = document
    for step in place:
        target = target[step]
    target["glow"] = True
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict(document)
    assert str(caught.value) == (
        f"{field}: 'glow' is a field this version does not know - was the file written by a"
        f" newer Drase Desktop? This version reads up to format {SCHEMA_VERSION}."
    )


def test_a_map_from_a_newer_version_says_so() -> None:
    document = json.loads(MAPS[0].read_text(encoding="utf-8"))
    document["schema_version"] = MAP_VERSION + 1
    with pytest.raises(MapFileError, match="newer Drase Desktop"):
        map_from_json(json.dumps(document))
