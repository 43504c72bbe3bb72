"""The `.drase` encounter file: a round trip keeps everything; bad files are refused whole,
with a message naming the field; saves are atomic."""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "encounter"))
from helpers.encounter_builders import fight, go_to, random_operation, state  # noqa: E402

from drase_desktop.encounter.encounter import Encounter  # noqa: E402
from drase_desktop.storage.encounter_file import (  # noqa: E402
    SCHEMA_VERSION,
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)


def mid_fight() -> Encounter:
    """A Drase fight in round 2 with statuses, locks, defense, a GM status and a full log."""
    e = fight(seed=4)
    e.define_status("netted", duration=2, stackable=False, description="caught in a net")
    e.define_action("shield bash", "half", attack=True, damage_kind="blunt", rule="Bash.")
    e.set_surprised("orc")
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack", "shield bash"], reaction="opportunity attack")
    e.roll_defense("aldric", bonuses=2)
    e.advance()
    e.resolve_attack("aldric", "goblin", attack_faces=[20])
    e.apply_status("mira", "netted")
    e.apply_status("orc", "bleeding", duration=3)
    e.apply_status("orc", "bleeding", duration=2)
    go_to(e, "gm-action")
    e.declare("goblin", actions=["attack"], free_actions=["talk"], notes="cries for help")
    e.update_combatant("orc", resistances={"fire": 1}, immunities={"poison"}, hidden=True)
    return e


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    e = mid_fight()
    path = tmp_path / "fight.drase"
    save_encounter(e, path)
    loaded = load_encounter(path)
    assert state(loaded) == state(e)
    assert loaded.phase.key == "gm-action" and loaded.round == 1
    assert loaded.declaration("aldric").locked
    assert loaded.defense("aldric") == e.defense("aldric")
    assert [s.remaining for s in loaded.combatants["orc"].statuses] == [1, 3, 2]
    assert loaded.combatants["orc"].immunities == {"poison"}
    assert "netted" in loaded.status_catalogue
    assert loaded.action_catalogue.action("shield bash").attack
    assert [x.text for x in loaded.log] == [x.text for x in e.log]
    # The loaded fight goes on exactly like the original.
    loaded.rng = random.Random(9)
    e.rng = random.Random(9)
    for _ in range(8):
        loaded.advance()
        e.advance()
    assert state(loaded) == state(e)


def test_round_trip_of_a_crawler_fight_keeps_initiative(tmp_path: Path) -> None:
    e = fight("crawler", seed=2)
    go_to(e, "initiative")
    e.set_initiative("players", 6)
    e.set_initiative("gm", 1)
    e.advance()
    path = tmp_path / "crawl.drase"
    save_encounter(e, path)
    loaded = load_encounter(path)
    assert loaded.ruleset.key == "crawler"
    assert loaded.round_state.initiative == {"players": 6, "gm": 1}
    assert loaded.phase.key == e.phase.key == "morale:players"
    assert state(loaded) == state(e)


def test_file_is_readable_json_with_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "fight.drase"
    save_encounter(mid_fight(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["format"] == "drase-encounter"
    assert data["map"]["width"] == 10
    assert {c["id"] for c in data["combatants"]} == {"aldric", "mira", "goblin", "orc"}


def _broken(mutate: Any) -> dict[str, Any]:
    data = copy.deepcopy(encounter_to_dict(mid_fight()))
    mutate(data)
    return data


def _set(path: list[Any], value: Any) -> Any:
    def mutate(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _delete(path: list[Any]) -> Any:
    def mutate(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


BROKEN = [
    ("newer schema", _set(["schema_version"], SCHEMA_VERSION + 1), "schema_version"),
    ("no schema", _delete(["schema_version"]), "schema_version is missing"),
    ("wrong format", _set(["format"], "drase-map"), "format"),
    ("unknown ruleset", _set(["ruleset"], "gurps"), "ruleset"),
    ("bad diagonal", _set(["settings", "diagonal"], "hex"), "settings.diagonal"),
    ("no combatants", _delete(["combatants"]), "combatants is missing"),
    ("hp as text", _set(["combatants", 1, "hp"], "lots"), r"combatants\[1\]\.hp"),
    ("bool as number", _set(["combatants", 0, "level"], True), r"combatants\[0\]\.level"),
    ("bad size", _set(["combatants", 2, "size"], 9), r"combatants\[2\].*size"),
    (
        "bad weapon",
        _set(["combatants", 0, "weapons", 0, "damage"], "1d"),
        r"combatants\[0\]\.weapons\[0\]",
    ),
    (
        "bad damage type",
        _set(["combatants", 0, "weapons", 0, "damage_type"], "zap"),
        r"combatants\[0\]\.weapons\[0\].*zap",
    ),
    (
        "unknown status",
        _set(["combatants", 3, "statuses", 0, "name"], "sparkly"),
        r"combatants\[3\]\.statuses\[0\].*sparkly",
    ),
    (
        "status without rounds",
        _delete(["combatants", 3, "statuses", 0, "remaining"]),
        r"combatants\[3\]\.statuses\[0\]",
    ),
    ("off the map", _set(["combatants", 0, "position"], [30, 1]), r"off the map"),
    ("bad position", _set(["combatants", 0, "position"], [1]), r"combatants\[0\]\.position"),
    ("shared tile", _set(["combatants", 0, "position"], [2, 4]), "shares tile"),
    ("duplicate id", _set(["combatants", 1, "id"], "aldric"), "used twice"),
    ("phase mismatch", _set(["phase"], "player-phase"), "phase"),
    ("phase index", _set(["phase_index"], 99), "phase_index"),
    ("negative round", _set(["round"], -1), "round"),
    (
        "declaration of nobody",
        _set(["round_state", "declarations", "ghost"], {}),
        "round_state.declarations.ghost",
    ),
    (
        "bad declaration",
        _set(["round_state", "declarations", "aldric", "actions"], "attack"),
        "round_state.declarations.aldric.actions",
    ),
    (
        "defense as text",
        _set(["round_state", "defense", "aldric"], "high"),
        "round_state.defense.aldric",
    ),
    ("bad log kind", _set(["log", 0, "kind"], "gossip"), r"log\[0\]"),
    ("log without text", _delete(["log", 2, "text"]), r"log\[2\]\.text"),
    ("bad custom status", _set(["custom_statuses", 0, "duration"], 0), r"custom_statuses\[0\]"),
    ("bad custom action", _set(["custom_actions", 0, "cost"], "double"), r"custom_actions\[0\]"),
    ("bad map", _set(["map", "width"], 0), "map"),
    ("no map", _delete(["map"]), "map is missing"),
]


@pytest.mark.parametrize("name", [case[0] for case in BROKEN])
def test_corrupt_document_is_refused_naming_the_field(name: str) -> None:
    _, mutate, field = next(case for case in BROKEN if case[0] == name)
    data = _broken(mutate)
    with pytest.raises(EncounterFileError, match=field):
        encounter_from_dict(data)


def test_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.drase"
    path.write_text('{"schema_version": 1, "combatants": [', encoding="utf-8")
    with pytest.raises(EncounterFileError, match=r"bad\.drase: the file is not valid JSON \(line"):
        load_encounter(path)
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(EncounterFileError, match="UTF-8"):
        load_encounter(path)
    with pytest.raises(EncounterFileError, match="Cannot read missing.drase"):
        load_encounter(tmp_path / "missing.drase")
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(EncounterFileError, match="JSON object"):
        load_encounter(path)


def test_truncated_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fight.drase"
    save_encounter(mid_fight(), path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(EncounterFileError, match="not valid JSON"):
        load_encounter(path)


def test_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fight.drase"
    e = mid_fight()
    save_encounter(e, path)
    old = path.read_bytes()
    e.apply_damage("orc", 5, "cut")

    def broken_replace(*args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save_encounter(e, path)
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.drase"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), length=st.integers(0, 30))
def test_any_fight_survives_a_round_trip(seed: int, length: int) -> None:
    rng = random.Random(seed)
    e = fight(rng.choice(["drase", "crawler"]), seed=seed)
    for _ in range(length):
        random_operation(e, rng)
    assert state(encounter_from_dict(json.loads(json.dumps(encounter_to_dict(e))))) == state(e)
