"""The creature library file: the GM's own templates in the user data folder, search and groups,
import and export, and broken or hostile files refused whole with a message; the starter
bestiary and the ready player characters load through the same checks and fit the rules."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers.encounter_builders import fight
from helpers.storage_samples import png_bytes

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.creature_template import (
    MONSTERS,
    NPCS,
    PLAYER_CHARACTERS,
    TEMPLATE_GROUPS,
    CreatureTemplate,
)
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.placement import place_from_template
from drase_desktop.rules.character import ATTRIBUTES, attribute_modifier, level_bonus
from drase_desktop.rules.damage import DAMAGE_TYPES, critical_effect
from drase_desktop.rules.status import default_catalogue
from drase_desktop.storage.creature_library import (
    MAX_LIBRARY_BYTES,
    CreatureLibrary,
    LibraryError,
    library_to_dict,
    read_library,
    starter_bestiary,
    starter_library,
    user_library_path,
    write_library,
)
from drase_desktop.storage.encounter_file import combatant_from_dict, combatant_to_dict


def own_library(tmp_path: Path) -> CreatureLibrary:
    return CreatureLibrary.open(tmp_path / "library.json")


# ---------------------------------------------------------------------------- the bestiary
BESTIARY = starter_bestiary()
SHIPPED = starter_library()  # the ready player characters too


def test_the_bestiary_has_the_creatures_a_drase_gm_needs() -> None:
    names = {t.name for t in BESTIARY}
    assert len(BESTIARY) >= 20
    for wanted in (
        "Bandit",
        "Bandit Archer",
        "Bandit Captain",
        "War Dog",
        "Wolf",
        "Goblin",
        "Skeleton",
        "Brown Bear",
        "Cultist",
        "Guard",
    ):
        assert wanted in names
    assert {t.group for t in BESTIARY} == {MONSTERS, NPCS}


@pytest.mark.parametrize("template", SHIPPED, ids=lambda t: t.name)
def test_every_bestiary_creature_is_a_valid_combatant_that_fits_the_rules(
    template: CreatureTemplate,
) -> None:
    """Each entry goes through the .drase file's combatant checks, and its numbers make sense
    under the rules: level 1-20 (ruling 4), scores 1-30 with modifiers (ruling 3), AC = 10 + AC
    bonus within reach of a d20 (ruling 7), speed in tiles (ruling 17), known damage types and
    statuses (rulings 9, 14), save attacks name an attribute (ruling 2), ranged attacks have a
    range, and a Finesse weapon only matters when Finesse beats Power (ruling 41)."""
    creature = template.creature
    again = combatant_from_dict(combatant_to_dict(creature), template.name)
    assert again == creature
    assert creature.hp == creature.max_hp >= 1
    level_bonus(creature.level)
    assert set(creature.attributes) == set(ATTRIBUTES)
    assert all(1 <= score <= 30 for score in creature.attributes.values())
    assert all(-5 <= attribute_modifier(s) <= 10 for s in creature.attributes.values())
    assert 8 <= creature.ac <= 25
    assert 1 <= creature.speed <= 12
    assert creature.notes or template.description
    statuses = default_catalogue()
    assert creature.weapons, f"{creature.name} has no attack"
    for weapon in creature.weapons:
        assert weapon.damage_type in DAMAGE_TYPES
        assert critical_effect(weapon.damage_type) in statuses
        if weapon.critical_effect is not None:
            assert weapon.critical_effect in statuses
        if weapon.ranged:
            assert weapon.reach >= 2, f"{weapon.name} shoots no further than reach"
        else:
            assert 1 <= weapon.reach <= 3
        if weapon.save is not None:
            assert weapon.save in ATTRIBUTES and not weapon.adds_modifier
    for kind in (*creature.resistances, *creature.vulnerabilities, *creature.immunities):
        assert kind in DAMAGE_TYPES
    if creature.morale is not None:
        assert 2 <= creature.morale <= 12  # a 2d6 morale score


@pytest.mark.parametrize("template", SHIPPED, ids=lambda t: t.name)
def test_ruling_41_bestiary_weapons_roll_power_or_the_higher_finesse(
    template: CreatureTemplate,
) -> None:
    """Ruling 41: a weapon rolls Power, or Finesse when the weapon allows it and Finesse is
    higher, and the level bonus is added. Each bestiary weapon's attack preview on open ground
    (no cover, light or height) adds exactly that."""
    creature = template.creature
    for weapon in creature.weapons:
        if weapon.save is not None or not weapon.adds_modifier:
            continue  # save attacks and attack spells
        e = Encounter(BattleMap(12, 12), [], "drase")
        place_from_template(e, template, [(2, 2)])
        gap = 2 if weapon.ranged else 0  # a ranged attack from two tiles away
        e.add_combatant(
            Combatant("target", "Target", "players", position=(2 + creature.footprint + gap, 2))
        )
        attacker = next(iter(e.combatants))
        preview = attack_preview(e, attacker, "target", weapon=weapon.name)
        assert preview.working is not None, preview.blocked
        power = attribute_modifier(creature.attributes["power"])
        finesse = attribute_modifier(creature.attributes["finesse"])
        expected = (
            (max(power, finesse) if weapon.finesse else power)
            + level_bonus(creature.level)
            + weapon.to_hit
        )
        flat = sum(part.amount for part in preview.working.parts if part.kind == "flat")
        assert flat == expected, f"{creature.name}'s {weapon.name}: {preview.working}"


def test_every_bestiary_creature_places_on_a_fight() -> None:
    e = fight(width=40, height=40)
    for index, template in enumerate(BESTIARY):
        place_from_template(e, template, [(index % 8 * 5, index // 8 * 5)])
    assert len(e.combatants) == 4 + len(BESTIARY)


# ---------------------------------------------------------------------------- the GM's library
def test_the_library_lives_in_the_user_data_folder(isolated_home: Path) -> None:
    assert user_library_path() == isolated_home / "data" / "library" / "creatures.json"
    library = CreatureLibrary.open()
    assert library.own == [] and len(library.templates()) == len(SHIPPED)
    library.save_template(CreatureTemplate.from_combatant(fight().combatants["aldric"]))
    assert CreatureLibrary.open().get("aldric").group == PLAYER_CHARACTERS


def test_save_to_library_replaces_by_name_and_shadows_the_bestiary(tmp_path: Path) -> None:
    library = own_library(tmp_path)
    e = fight()
    e.update_combatant("goblin", name="Goblin", ac_bonus=7)
    assert library.save_template(CreatureTemplate.from_combatant(e.combatants["goblin"])) is False
    assert library.get("GOBLIN").creature.ac_bonus == 7  # the GM's goblin, not the bestiary's
    assert [t.name for t in library.templates()].count("Goblin") == 1
    e.update_combatant("goblin", ac_bonus=1)
    assert library.save_template(CreatureTemplate.from_combatant(e.combatants["goblin"])) is True
    assert own_library(tmp_path).get("goblin").creature.ac_bonus == 1
    library.remove("Goblin")
    assert own_library(tmp_path).get("goblin").creature.ac_bonus == 3  # the bestiary's again


def test_search_and_groups(tmp_path: Path) -> None:
    library = own_library(tmp_path)
    library.save_template(CreatureTemplate.from_combatant(fight().combatants["mira"]))
    assert [t.name for t in library.search("bandit arch")] == ["Bandit Archer"]
    assert [t.name for t in library.search("mira", PLAYER_CHARACTERS)] == ["Mira"]
    assert "Mira" in [t.name for t in library.search("", PLAYER_CHARACTERS)]
    grouped = library.grouped("wolf")
    assert list(grouped) == list(TEMPLATE_GROUPS)
    assert [t.name for t in grouped[MONSTERS]] == ["Dire Wolf", "Wolf"]
    assert grouped[NPCS] == []
    with pytest.raises(LibraryError, match="no group"):
        library.search("", "dragons")


def test_export_then_import_round_trips_with_art(tmp_path: Path) -> None:
    mine = own_library(tmp_path)
    picture = png_bytes(10, 10)
    template = CreatureTemplate.from_combatant(fight().combatants["orc"], portrait=picture)
    mine.save_template(template)
    shared = tmp_path / "shared.json"
    assert mine.export_file(shared) == 1
    theirs = CreatureLibrary.open(tmp_path / "theirs.json")
    assert [t.name for t in theirs.import_file(shared)] == ["Orc"]
    assert CreatureLibrary.open(tmp_path / "theirs.json").get("orc").portrait == picture
    assert read_library(shared)[0].creature == template.creature


# ---------------------------------------------------------------------------- refused files
def refused(tmp_path: Path, content: bytes | str | dict, match: str) -> None:
    library = own_library(tmp_path)
    library.save_template(CreatureTemplate.from_combatant(fight().combatants["orc"]))
    saved = (tmp_path / "library.json").read_bytes()
    bad = tmp_path / "bad.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode()
    bad.write_bytes(content)
    with pytest.raises(LibraryError, match=match) as caught:
        library.import_file(bad)
    assert len(str(caught.value)) < 400
    assert [t.name for t in library.own] == ["Orc"]
    assert (tmp_path / "library.json").read_bytes() == saved  # nothing changed on disk


def good_document() -> dict:
    return library_to_dict(BESTIARY[:3])


def test_a_file_that_is_not_a_library_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, b"\xff\xfe garbage", "not UTF-8")
    refused(tmp_path, "{not json", "not valid JSON")
    refused(tmp_path, {"format": "drase-encounter", "schema_version": 1}, "not a creature library")
    refused(tmp_path, {**good_document(), "schema_version": 9}, "written by a newer Drase Desktop")


def test_one_bad_entry_refuses_the_whole_file(tmp_path: Path) -> None:
    document = good_document()
    document["creatures"][2]["creature"]["weapons"][0]["damage"] = "1d6 + banana"
    refused(tmp_path, document, r"creatures\[2\] \(Bandit Captain\).*Scimitar")
    document = good_document()
    document["creatures"][1]["creature"]["size"] = 9
    refused(tmp_path, document, "size must be 1")
    document = good_document()
    document["creatures"][1]["creature"]["position"] = [1, 1]
    refused(tmp_path, document, "does not keep")
    document = good_document()
    document["creatures"][0]["group"] = "dragons"
    refused(tmp_path, document, "group must be one of")
    document = good_document()
    document["creatures"].append(document["creatures"][0])
    refused(tmp_path, document, "same name")
    document = good_document()
    document["creatures"][0]["portrait"] = "aGVsbG8="  # "hello": not a picture
    refused(tmp_path, document, "not a PNG, JPEG or WebP")


def test_hostile_files_are_refused_without_hanging_or_crashing(tmp_path: Path) -> None:
    refused(tmp_path, "[" * 100_000 + "]" * 100_000, "nest too deeply")
    refused(tmp_path, "[" * 40 + "]" * 40, "nest too deeply")
    huge_number = '{"format": "drase-creature-library", "schema_version": 1' + "9" * 5000 + "}"
    refused(tmp_path, huge_number, "number 5001 characters long")
    long_name = good_document()
    long_name["creatures"][0]["creature"]["name"] = 7
    long_name["creatures"][0]["creature"]["notes"] = "x" * 1_000_000
    refused(tmp_path, long_name, "creature.name: expected text, got 7")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(LibraryError, match="not a file"):
        own_library(tmp_path).import_file(fifo)
    with pytest.raises(LibraryError, match="not a file"):
        read_library(tmp_path)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:
        stream.truncate(MAX_LIBRARY_BYTES + 1)
    with pytest.raises(LibraryError, match="are refused"):
        read_library(huge)


def test_a_broken_own_library_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "library.json"
    path.write_text("{broken", encoding="utf-8")
    with pytest.raises(LibraryError, match="library.json: the file is not valid JSON"):
        CreatureLibrary.open(path)
    assert path.read_text(encoding="utf-8") == "{broken"


def test_write_library_failure_is_a_library_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(LibraryError, match="Cannot write"):
        write_library(BESTIARY[:1], blocker / "sub" / "library.json")
