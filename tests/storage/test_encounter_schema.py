"""The .drase file's parts are the encounter's own dataclasses: every field of a combatant, a
weapon, a status, a prepared effect, a declaration, a log entry, the GM's settings, status effects
and actions is written and read back, with no list of fields kept anywhere else."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from drase_desktop.encounter.combatant import Combatant, Preparation, StatusInstance, Weapon
from drase_desktop.encounter.declaration import Declaration
from drase_desktop.encounter.encounter import EncounterSettings
from drase_desktop.encounter.log import LogEntry
from drase_desktop.rules.actions import Action
from drase_desktop.rules.status import StatusEffect
from drase_desktop.storage import encounter_schema as schema
from drase_desktop.storage.encounter_file import combatant_from_dict, combatant_to_dict

RECORDS = [
    (schema.CombatantRecord, Combatant),
    (schema.WeaponRecord, Weapon),
    (schema.StatusRecord, StatusInstance),
    (schema.PreparationRecord, Preparation),
    (schema.DeclarationRecord, Declaration),
    (schema.LogEntryRecord, LogEntry),
    (schema.SettingsRecord, EncounterSettings),
    (schema.StatusEffectRecord, StatusEffect),
    (schema.ActionRecord, Action),
]


@pytest.mark.parametrize(("record", "model"), RECORDS, ids=lambda part: part.__name__)
def test_each_record_has_exactly_its_dataclass_fields_in_order(record, model) -> None:
    assert [field.name for field in msgspec.structs.fields(record)] == [
        field.name for field in dataclasses.fields(model)
    ]


def test_a_combatant_with_every_field_set_comes_back_whole() -> None:
    creature = Combatant(
        id="ogre",
        name="Ogre",
        side="bandits",
        is_player_character=False,
        size=4,
        position=(3, 2),
        hp=30,
        max_hp=40,
        speed=8,
        statuses=[StatusInstance("bleeding", 2, 1)],
        hidden=True,
        attributes={"power": 18, "finesse": 8, "endurance": 16, "intelligence": 6, "will": 9},
        level=5,
        ac_bonus=2,
        mana=3,
        max_mana=4,
        focus=1,
        max_focus=2,
        resistances={"blunt": 1},
        vulnerabilities={"fire": 2},
        immunities={"poison", "psychic"},
        wounds={"head": 1, "torso": 0},
        weapons=[Weapon("Club", "2d6", "blunt", reach=2, to_hit=1, notes="big")],
        is_object=False,
        defense_bonuses=1,
        defense_maluses=2,
        morale=7,
        notes="hungry",
        portrait="ab" * 32,
        prepared=[Preparation("slowed", 2, "a curse")],
    )
    written = combatant_to_dict(creature)
    assert list(written) == [field.name for field in dataclasses.fields(Combatant)]
    assert written["immunities"] == ["poison", "psychic"] and written["position"] == [3, 2]
    assert combatant_from_dict(written, "combatants[0]") == creature


def test_a_combatant_without_art_or_preparations_leaves_them_out() -> None:
    written = combatant_to_dict(Combatant(id="rat", name="Rat"))
    assert "portrait" not in written and "prepared" not in written
    assert combatant_from_dict(written, "combatants[0]") == Combatant(id="rat", name="Rat")
