"""Opening the 200 x 200, 300-token benchmark battle from its `.drase` file.

Baseline in the same run: the encounter checked the way it was before the file format was
declared, each token compared with every other for a shared tile (a quadratic pass that was
three quarters of the load).
"""

import pytest
from helpers.big_battle import big_battle

from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage import encounter_file
from drase_desktop.storage.encounter_file import EncounterFileError, load_encounter, save_encounter


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    battle = big_battle()
    for combatant in battle.combatants.values():
        combatant.weapons = [
            Weapon("Sword", "1d8", "cut"),
            Weapon("Bow", "1d6", "pierce", ranged=True, reach=16),
        ]
    path = tmp_path_factory.mktemp("encounter-file") / "battle.drase"
    save_encounter(battle, path)
    return path


def each_against_all(encounter: Encounter) -> None:
    for combatant in encounter.combatants.values():
        taken = {
            tile: other.id
            for other in encounter.combatants.values()
            if other.id != combatant.id
            for tile in other.tiles()
        }
        for tile in combatant.tiles():
            if tile in taken:
                raise EncounterFileError(f"{combatant.name} shares tile {tile}")


def test_open_big_battle(benchmark, saved):
    encounter = benchmark(load_encounter, saved)
    assert len(encounter.combatants) == 300


def test_open_big_battle_baseline_each_token_against_all(benchmark, saved, monkeypatch):
    monkeypatch.setattr(encounter_file, "_check_positions", each_against_all)
    encounter = benchmark(load_encounter, saved)
    assert len(encounter.combatants) == 300
