"""Rulings 27 to 41 (the second pass over the texts), each at the level where the GM meets it:
the encounter's operations and what its previews say."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.encounter import EncounterError


# ---------------------------------------------------------------------------------- ruling 31
def test_ruling_31_fall_already_at_zero_gets_no_incapacitation_wounds() -> None:
    """A creature already at or below 0 HP that falls is not incapacitated *by the fall*: only
    the 50% rule can wound its legs (here it loses 1 HP of 20: none)."""
    e = fight()
    go_to(e, "gm-resolution")
    e.set_hp("orc", 0)
    e.apply_fall("orc", 2, damage_faces=[1])
    orc = e.combatants["orc"]
    assert orc.hp == -1
    assert orc.wounds["left leg"] == 0 and orc.wounds["right leg"] == 0


def test_ruling_31_fall_that_takes_hp_from_above_zero_wounds_legs_twice() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.set_hp("orc", 3)
    e.apply_fall("orc", 2, damage_faces=[4])
    orc = e.combatants["orc"]
    assert orc.hp == -1
    assert orc.wounds["left leg"] == 2 and orc.wounds["right leg"] == 2


def test_ruling_31_fall_already_down_still_takes_the_half_rule() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.set_hp("orc", -2)
    e.apply_fall("orc", 6, damage_faces=[4, 4, 4])  # 12 of max 20: 50% or more
    orc = e.combatants["orc"]
    assert orc.wounds["left leg"] == 1 and orc.wounds["right leg"] == 1


def test_ruling_31_fall_damage_is_blunt() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.update_combatant("orc", resistances={"blunt": 1})
    e.apply_fall("orc", 4, damage_faces=[6, 4])  # 10 blunt, halved
    assert e.combatants["orc"].hp == 15
    damage = [x for x in e.log if x.kind == "damage"][-1]
    assert damage.data["damage_type"] == "blunt"


# ---------------------------------------------------------------------------------- ruling 32
def test_ruling_32_the_falls_grab_roll_locks_the_declaration() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.apply_fall("aldric", 4, grab="cap", grab_faces=[3], damage_faces=[2, 2])
    assert e.declaration("aldric").locked
    with pytest.raises(EncounterError, match="locked"):
        e.declare("aldric", actions=["dash"])


def test_ruling_32_a_fall_without_a_grab_and_damage_against_it_do_not_lock() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.apply_fall("aldric", 4, damage_faces=[2, 2])
    e.apply_damage("aldric", "1d4", "fire", faces=[3])
    assert not e.declaration("aldric").locked


def test_ruling_32_checks_and_perception_lock_the_roller() -> None:
    from drase_desktop.encounter.fight_operations import ability_check, perception_check

    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])
    ability_check(e, "aldric", "power", 10, faces=[12])
    perception_check(e, "mira", dc=10, perception_faces=[12])
    assert e.declaration("aldric").locked and e.declaration("mira").locked
    before = state(e)
    with pytest.raises(EncounterError):
        e.declare("mira", actions=["dash"])
    assert state(e) == before
