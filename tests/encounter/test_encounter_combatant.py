"""The Combatant contract: sizes and footprints, incapacitation, objects, copies, validation."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, state

from drase_desktop.encounter.combatant import Combatant, CombatantError, StatusInstance, Weapon
from drase_desktop.encounter.encounter import EncounterError


@pytest.mark.parametrize(("size", "footprint"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 3), (6, 4)])
def test_footprint_by_size(size: int, footprint: int) -> None:
    creature = Combatant("c", "C", size=size, position=(2, 3))
    assert creature.footprint == footprint
    assert len(creature.tiles()) == footprint**2
    assert creature.tiles()[0] == (2, 3)


def test_incapacitated_is_the_status() -> None:
    creature = Combatant("c", "C", hp=-4)
    assert not creature.incapacitated  # HP alone does not do it (ruling 11)
    creature.statuses.append(StatusInstance("incapacitated", None, 1))
    assert creature.incapacitated


def test_objects_are_immune_to_psychic_and_poison_and_ac_is_ten_plus_bonus() -> None:
    door = Combatant("door", "Door", is_object=True, ac_bonus=5, immunities={"fire"})
    assert door.ac == 15
    assert door.all_immunities() == {"fire", "psychic", "poison"}
    assert Combatant("c", "C").all_immunities() == frozenset()


def test_copy_is_independent() -> None:
    original = Combatant("c", "C", weapons=[Weapon("Club", "1d4", "blunt")], resistances={"cut": 1})
    clone = original.copy()
    assert clone == original and clone is not original
    clone.resistances["cut"] = 3
    clone.weapons.append(Weapon("Rock", "1d2", "blunt", ranged=True))
    clone.attributes["power"] = 18
    assert original.resistances == {"cut": 1} and len(original.weapons) == 1
    assert original.attributes["power"] == 10


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"size": 7}, "size"),
        ({"max_hp": 0}, "max HP"),
        ({"hp": "ten"}, "hp must be a whole number"),
        ({"level": 21}, "level"),
        ({"speed": -1}, "speed"),
        ({"attributes": {"luck": 12}}, "unknown attributes"),
        ({"resistances": {"cut": -1}}, "cannot be negative"),
        ({"resistances": {"zap": 1}}, "zap"),
        ({"immunities": {"boredom"}}, "boredom"),
        ({"position": (1.5, 2)}, "whole tiles"),
        ({"weapons": [{"name": "Club"}]}, "Weapon"),
        ({"hidden": "yes"}, "true or false"),
        ({"side": " "}, "side cannot be empty"),
    ],
)
def test_bad_values_are_refused(values: dict, message: str) -> None:
    with pytest.raises(CombatantError, match=message):
        Combatant("c", "C", **values)


def test_update_combatant_refuses_bad_values_and_changes_nothing() -> None:
    e = fight()
    before = state(e)
    with pytest.raises(EncounterError, match="whole number"):
        e.update_combatant("orc", ac_bonus="high")
    with pytest.raises(EncounterError, match="Unknown combatant fields"):
        e.update_combatant("orc", charisma=18)
    with pytest.raises(EncounterError, match="set_hp"):
        e.update_combatant("orc", hp=3)
    assert state(e) == before


def test_growing_a_creature_checks_its_new_footprint() -> None:
    e = fight()
    with pytest.raises(EncounterError, match="Orc is there"):
        e.update_combatant("goblin", size=6)  # 4 x 4 tiles from (3, 2) reach the orc
    e.update_combatant("orc", size=4)
    assert e.combatants["orc"].tiles() == [(6, 4), (7, 4), (6, 5), (7, 5)]
