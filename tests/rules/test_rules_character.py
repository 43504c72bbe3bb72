"""Attributes, level bonus, point buy, career bonus and perception (rulings 3, 4, 5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.character import (
    ATTRIBUTES,
    CharacterError,
    ability_check_working,
    attribute_modifier,
    attribute_name,
    attribute_scores,
    level_bonus,
    perception_working,
    point_buy_errors,
    points_left,
    stealth_working,
)


def test_attributes():
    assert ATTRIBUTES == ("power", "finesse", "endurance", "intelligence", "will")


def test_ruling_3_attribute_modifier_floors():
    assert [attribute_modifier(s) for s in (9, 8, 7, 15, 10, 11, 16, 1)] == [
        -1, -1, -2, 2, 0, 0, 3, -5,
    ]  # fmt: skip
    with pytest.raises(CharacterError):
        attribute_modifier("12")  # type: ignore[arg-type]


@given(st.integers(-50, 60))
def test_property_ruling_3_modifier_is_floor_half(score):
    assert attribute_modifier(score) * 2 <= score - 10 < attribute_modifier(score) * 2 + 2


def test_ruling_4_level_bonus_follows_the_table():
    table = {1: 1, 2: 2, 3: 2, 4: 3, 6: 4, 8: 5, 10: 6, 20: 11}
    assert {level: level_bonus(level) for level in table} == table


@pytest.mark.parametrize("level", [0, 21, -1])
def test_ruling_4_levels_outside_1_to_20_are_refused(level):
    with pytest.raises(CharacterError, match="outside 1..20"):
        level_bonus(level)


def _scores(**changes):
    scores = dict.fromkeys(ATTRIBUTES, 8)
    scores.update(changes)
    return scores


def test_ruling_5_legal_spend_and_unspent_points():
    full = _scores(power=16, finesse=16, endurance=11)  # 8 + 8 + 3 = 19
    assert point_buy_errors(full) == [] and points_left(full) == 0
    partial = _scores(power=14)
    assert point_buy_errors(partial) == [] and points_left(partial) == 13
    assert points_left(_scores()) == 19


def test_ruling_5_overspend_too_high_too_low_and_missing():
    assert point_buy_errors(_scores(power=16, finesse=16, will=12)) == [
        "20 points spent; only 19 are available"
    ]
    assert point_buy_errors(_scores(power=17)) == ["power 17 is above 16, the creation maximum"]
    assert point_buy_errors(_scores(will=7)) == ["will 7 is below the starting 8"]
    missing = _scores()
    del missing["will"]
    assert point_buy_errors(missing) == ["will has no score"]
    assert point_buy_errors({**_scores(), "charisma": 10}) == [
        "'charisma' is not an attribute; use one of power, finesse, endurance, intelligence, will"
    ]


def test_attribute_names_are_forgiving_but_strict():
    assert attribute_name("POW") == "power"
    assert attribute_name("Intelligence") == "intelligence"
    with pytest.raises(CharacterError):
        attribute_name("p")


def test_ability_check_adds_career_only_when_it_applies():
    plain = ability_check_working("power", 14, career=3)
    assert plain.expression == "1d20 + 2"
    with_career = ability_check_working("power", 14, career=3, career_applies=True, maluses=1)
    assert with_career.expression == "1d20 + 5 - 1d6k1"
    with pytest.raises(CharacterError, match="negative"):
        ability_check_working("power", 14, career=-1, career_applies=True)


def test_perception_adds_level_bonus_in_combat_and_career_out_of_combat():
    in_combat = perception_working(14, in_combat=True, level=4, career=5, perception_bonus=1)
    assert in_combat.expression == "1d20 + 6"  # 2 + 1 + level bonus 3
    assert any("level 4 bonus" in line for line in in_combat.lines())
    outside = perception_working(14, in_combat=False, level=4, career=5, perception_bonus=1)
    assert outside.expression == "1d20 + 8"  # 2 + 1 + career 5
    assert not any("level" in line for line in outside.lines())
    with pytest.raises(CharacterError, match="give the level"):
        perception_working(14, in_combat=True)


def test_perception_takes_obscuration_maluses():
    working = perception_working(10, in_combat=False, obscuration_maluses=2)
    assert working.expression == "1d20 - 2d6k1"


def test_stealth_stands_like_perception_and_both_need_to_know_if_it_is_a_fight():
    outside = stealth_working(12, in_combat=False, career=3, stealth_bonus=1, bonuses=1)
    assert outside.expression == "1d20 + 5 + 1d6k1"  # 1 + 1 + career 3, one bonus die
    in_combat = stealth_working(12, in_combat=True, level=4, career=3)
    assert in_combat.expression == "1d20 + 4"  # 1 + level bonus 3
    for rule in (perception_working, stealth_working):
        with pytest.raises(TypeError, match="in_combat"):
            rule(12, career=3)


def test_working_refuses_bad_parts():
    from drase_desktop.rules.working import Working, WorkingError

    with pytest.raises(WorkingError, match="negative"):
        Working().with_part("x", -1, "bonus")
    with pytest.raises(WorkingError, match="whole number"):
        Working().with_part("x", 1.5)  # type: ignore[arg-type]
    with pytest.raises(WorkingError, match="not flat"):
        Working().with_part("x", 1, "double")  # type: ignore[arg-type]


def test_attribute_scores_name_the_five_in_the_rules_order():
    assert attribute_scores() == dict.fromkeys(ATTRIBUTES, 10)
    assert list(attribute_scores(16, will=8)) == list(ATTRIBUTES)
    assert attribute_scores(16, will=8) == {
        "power": 16,
        "finesse": 10,
        "endurance": 10,
        "intelligence": 10,
        "will": 8,
    }
