"""The one seam an operation's dice come through: the app's dice, faces a script gives, or the
dice the GM rolls at the table, asked for one roll at a time in the order the rules need them
and never while the encounter is half changed."""

from __future__ import annotations

import random

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.area_attack import resolve_area_attack
from drase_desktop.encounter.checks import perception_check
from drase_desktop.encounter.encounter import EncounterError
from drase_desktop.rules.dice import DiceError
from drase_desktop.rules.dice_source import (
    DiceNeeded,
    DiceRequest,
    EnteredDice,
    GivenFaces,
    RandomDice,
    die_names,
    roll_with_table_dice,
)


class Table:
    """The GM at the table: answers each request in turn (None cancels) and remembers it."""

    def __init__(self, *answers: list[int] | None) -> None:
        self.answers = list(answers)
        self.asked: list[DiceRequest] = []

    def __call__(self, request: DiceRequest) -> list[int] | None:
        self.asked.append(request)
        return self.answers.pop(0)


def in_gm_resolution():
    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    e.declare("aldric", actions=["attack"])
    go_to(e, "gm-resolution")
    return e


def test_each_source_answers_a_request() -> None:
    request = DiceRequest("1d20 + 3", "attack")
    assert RandomDice(random.Random(1)).roll(request).total == random.Random(1).randint(1, 20) + 3
    given = GivenFaces({"attack": [14], "save": {"orc": [9]}}, RandomDice(random.Random(1)))
    assert given.roll(request).total == 17
    assert given.roll(DiceRequest("1d20", "save", "orc")).total == 9
    assert given.roll(DiceRequest("1d20", "save", "goblin")).total >= 1  # not given: rolled
    with pytest.raises(DiceError, match="cannot show 21"):
        GivenFaces({"attack": [21]}, RandomDice()).roll(request)
    entered = EnteredDice([(request, [5])])
    assert entered.roll(request).total == 8
    with pytest.raises(DiceNeeded) as needed:
        entered.roll(DiceRequest("1d6 + 3", "damage"))
    assert needed.value.request.purpose == "damage"


def test_the_dice_are_named_as_the_rules_read_them() -> None:
    assert die_names("1d20 + 3 + 2d6k1") == ["d20", "bonus d6 #1", "bonus d6 #2"]
    assert die_names("1d20 - 1d6k1 + 3d4") == ["d20", "malus d6", "d4 #1", "d4 #2", "d4 #3"]
    assert DiceRequest("2d6", "morale").dice == (6, 6)


def test_table_dice_are_asked_in_the_order_the_attack_needs_them() -> None:
    e = in_gm_resolution()
    table = Table([12], [5])

    def attack(dice):
        return e.resolve_attack("mira", "orc", weapon="Shortbow", dice=dice)

    change = roll_with_table_dice(attack, table)
    assert [(r.purpose, r.expression) for r in table.asked] == [
        ("attack", "1d20 + 5"),
        ("damage", "1d6 + 3"),
    ]
    assert table.asked[0].title == "Mira attacks Orc with Shortbow"
    assert table.asked[0].subject == "orc"
    assert change.result.hit and e.combatants["orc"].hp == 12
    assert e.declaration("mira").locked  # ruling 16, as with the app's dice


def test_a_miss_asks_for_no_damage_and_a_pcs_critical_neither() -> None:
    e = in_gm_resolution()
    miss = Table([1])
    roll_with_table_dice(
        lambda dice: e.resolve_attack("mira", "orc", weapon="Shortbow", dice=dice), miss
    )
    assert [r.purpose for r in miss.asked] == ["attack"]
    crit = Table([20])  # 20 + 5 = 25 >= AC 12 + 10: a PC's crit maximises (ruling 8)
    change = roll_with_table_dice(
        lambda dice: e.resolve_attack("aldric", "goblin", dice=dice), crit
    )
    assert [r.purpose for r in crit.asked] == ["attack"]
    assert change.result.critical and change.result.damage_rolled == 11


def test_cancelling_the_table_dice_changes_nothing() -> None:
    e = in_gm_resolution()
    before, entries = state(e), len(e.log)
    # The GM enters the attack roll (a hit), then cancels the damage dice.
    table = Table([15], None)
    result = roll_with_table_dice(
        lambda dice: e.resolve_attack("mira", "orc", weapon="Shortbow", dice=dice), table
    )
    assert result is None and len(table.asked) == 2
    assert state(e) == before and len(e.log) == entries
    assert not e.declaration("mira").locked and e.declaration("mira").times_used("attack") == 0


def test_the_encounter_is_whole_while_the_gm_is_asked() -> None:
    e = in_gm_resolution()
    before = state(e)
    seen = []

    def ask(request: DiceRequest) -> list[int]:
        seen.append(state(e) == before)  # the dialog is open now: nothing is half done
        return [10] if request.purpose == "attack" else [3]

    roll_with_table_dice(
        lambda dice: e.resolve_attack("mira", "orc", weapon="Shortbow", dice=dice), ask
    )
    assert seen == [True, True]
    assert state(e) != before


def test_bad_table_faces_refuse_the_operation_and_change_nothing() -> None:
    e = in_gm_resolution()
    before = state(e)
    with pytest.raises(EncounterError, match="needs 1 dice results, 2 were entered"):
        roll_with_table_dice(
            lambda dice: e.resolve_attack("mira", "orc", weapon="Shortbow", dice=dice),
            Table([3, 4]),
        )
    assert state(e) == before


def test_an_area_attack_asks_every_attack_roll_then_one_damage() -> None:
    e = in_gm_resolution()
    table = Table([15], [14], [4])

    def area(dice):
        return resolve_area_attack(e, "mira", ["orc", "goblin"], weapon="Shortbow", dice=dice)

    change = roll_with_table_dice(area, table)
    assert [(r.purpose, r.subject) for r in table.asked] == [
        ("attack", "orc"),
        ("attack", "goblin"),
        ("damage", ""),  # one roll for the whole attack, no one target's
    ]
    assert [r.hit for r in change.result] == [True, True]
    assert [r.damage_rolled for r in change.result] == [7, 7]  # one roll, 4 + 3, for both


def test_script_faces_still_work_and_fill_only_their_own_rolls() -> None:
    e = in_gm_resolution()
    e.rng = random.Random(3)
    # attack_faces given, the damage from the encounter's dice.
    change = e.resolve_attack("mira", "orc", weapon="Shortbow", attack_faces=[15])
    assert change.result.total == 20 and 4 <= change.result.damage_rolled <= 9
    hidden = perception_check(
        e, "aldric", hider_id="goblin", stealth_faces=[2], perception_faces=[3]
    )
    assert hidden.result.dc == 2 + 0 + 1  # 2 + Finesse 10 + level 1 (ruling 47)
