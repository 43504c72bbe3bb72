"""Dice notation: parsing, rolling, bounds, table results, maximising, limits (ruling 6)."""

from __future__ import annotations

import random

import pytest
from helpers.dice_strategies import dice_expressions, dice_terms
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.dice import (
    MAX_DICE_NUMBER,
    DiceError,
    bonus_malus,
    dice_faces,
    join,
    maximised,
    maximum,
    minimum,
    normalise,
    parse,
    roll,
    roll_with_faces,
)


def test_roll_text_shows_every_die_in_the_api_format():
    result = roll_with_faces("1d20 + 4 + 3d6k1", [14, 2, 5, 3])
    assert result.text == "1d20 (14) + 4 + 3d6k1 (2, 5, 3) = 23"
    assert result.total == 23
    assert result.natural == 14
    assert result.expression == "1d20 + 4 + 3d6k1"


def test_normalise_spaces_case_dx_and_kh():
    assert normalise("D20+4 +3d6KH1") == "1d20 + 4 + 3d6k1"
    assert normalise("  2d8kl1-3 ") == "2d8kl1 - 3"
    assert normalise("-1d6k1") == "-1d6k1"
    assert normalise("1d20 \u2212 2") == "1d20 - 2"


def test_join_adds_signed_pieces():
    assert join("1d20", "+4", "+2d6k1") == "1d20 + 4 + 2d6k1"
    assert join("1d20", "4", "-1d6k1") == "1d20 + 4 - 1d6k1"
    assert join("1d20", "", "-2") == "1d20 - 2"


def test_keep_lowest_and_keep_highest_choose_the_right_dice():
    assert roll_with_faces("4d6kl2", [5, 1, 6, 2]).total == 3
    assert roll_with_faces("4d6k2", [5, 1, 6, 2]).total == 11
    assert roll_with_faces("4d6kh3", [5, 1, 6, 2]).total == 13


def test_ruling_6_k1_keeps_the_highest_not_the_ones():
    # The d20 library reads k1 as "keep dice showing 1": we must not.
    assert roll_with_faces("3d6k1", [1, 1, 4]).total == 4


def test_ruling_6_malus_subtracts_the_highest_die():
    result = roll_with_faces("1d20 + 4 - 3d6k1", [10, 2, 6, 3])
    assert result.total == 10 + 4 - 6


def test_ruling_6_bonus_malus_notation():
    assert bonus_malus(3, 0) == "+3d6k1"
    assert bonus_malus(1, 2) == "-1d6k1"
    assert bonus_malus(2, 2) == ""
    assert bonus_malus(0, 0) == ""
    with pytest.raises(DiceError):
        bonus_malus(-1, 0)


def test_natural_is_the_first_d20_only():
    assert roll_with_faces("1d6 + 1d20 + 1d20", [3, 17, 4]).natural == 17
    assert roll_with_faces("2d20k1", [7, 19]).natural == 19
    assert roll_with_faces("2d20", [7, 19]).natural is None
    assert roll_with_faces("2d6 + 3", [1, 2]).natural is None


def test_seeded_rolls_repeat():
    first = roll("10d6 + 1d20", random.Random(42))
    again = roll("10d6 + 1d20", random.Random(42))
    assert first == again


def test_system_randomness_when_no_rng():
    assert 1 <= roll("1d20").total <= 20


def test_maximised_shows_the_highest_face_on_every_die():
    # The example of the text: 1d12 + 1d4 + 4 crits for 20.
    result = maximised("1d12 + 1d4 + 4")
    assert result.total == 20
    assert result.text == "1d12 (12) + 1d4 (4) + 4 = 20"


def test_maximum_and_minimum_account_for_signs_and_keeps():
    assert maximum("1d20 + 4 - 3d6k1") == 23
    assert minimum("1d20 + 4 - 3d6k1") == -1
    assert maximum("4d6kl3") == 18
    assert minimum("4d6kl3") == 3
    assert maximum("-5") == minimum("-5") == -5


def test_dice_faces_lists_the_slots_a_gm_fills():
    assert dice_faces("1d20 + 4 + 3d6k1") == (20, 6, 6, 6)
    assert dice_faces("7") == ()


def test_roll_with_faces_refuses_impossible_faces():
    with pytest.raises(DiceError, match="d6: it cannot show 7"):
        roll_with_faces("1d20 + 1d6", [12, 7])
    with pytest.raises(DiceError, match="cannot show 0"):
        roll_with_faces("1d20", [0])
    with pytest.raises(DiceError, match="needs 2 dice results, 1 were entered"):
        roll_with_faces("2d6", [3])
    with pytest.raises(DiceError, match="whole number"):
        roll_with_faces("1d6", [2.5])  # type: ignore[list-item]
    with pytest.raises(DiceError, match="list of numbers"):
        roll_with_faces("1d6", None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("1d1", "faces must be 2 to 1000"),
        ("1d1001", "faces must be 2 to 1000"),
        ("1d0", "faces must be 2 to 1000"),
        ("0d6", "rolls no dice"),
        ("1001d6", "at most 1000"),
        ("600d6 + 401d6", "more than 1000 dice"),
        ("1d20 +", "ends with a sign"),
        ("1d20 ++ 4", "cannot read"),
        ("3d6k4", "keeps 4 of 3"),
        ("3d6k0", "keeps 0 of 3"),
        ("1d20k", "keep needs a number"),
        ("2d6 3", "a space splits"),
        ("1d20 * 2", "expected \\+ or -"),
        ("fireball", "cannot read"),
        ("1d20" + " + 1" * 60, "at most 200"),
        ("d", "cannot read"),
        ("1d20)", "expected \\+ or -"),
        ("\u0661d6", "cannot read"),
    ],
)
def test_absurd_expressions_raise_dice_error_naming_the_problem(expression, message):
    with pytest.raises(DiceError, match=message):
        roll(expression)
    with pytest.raises(DiceError):
        maximum(expression)


def test_dice_error_is_a_value_error():
    assert issubclass(DiceError, ValueError)
    with pytest.raises(DiceError):
        parse(None)  # type: ignore[arg-type]


def test_exactly_the_limits_are_accepted():
    assert maximum("1000d2") == 2000
    assert maximum("1d1000") == 1000
    assert len(parse("11" + "+1" * 99)) == 100  # 200 characters
    assert maximum(str(MAX_DICE_NUMBER)) == MAX_DICE_NUMBER  # the largest number (file_limits)


_term = dice_terms(
    flat=50, count=12, faces=[2, 4, 6, 8, 10, 12, 20, 100], kept_count=8, kept_faces=[4, 6, 20]
)
_expression = dice_expressions(_term, signs=[" + ", " - ", "+", "-"], more=4)


@given(_expression, st.integers(0, 2**32))
def test_property_totals_stay_within_minimum_and_maximum(expression, seed):
    result = roll(expression, random.Random(seed))
    assert minimum(expression) <= result.total <= maximum(expression)
    assert maximised(expression).total >= result.total or "-" in expression


@given(_expression)
def test_property_normalised_expression_reads_back_the_same(expression):
    once = normalise(expression)
    assert normalise(once) == once
    assert maximum(once) == maximum(expression)
    assert minimum(once) == minimum(expression)


@given(_expression, st.integers(0, 2**32))
def test_property_table_faces_reproduce_a_roll(expression, seed):
    rolled = roll(expression, random.Random(seed))
    assert roll_with_faces(expression, rolled.faces) == rolled
