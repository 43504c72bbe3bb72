"""Exact odds of typed expressions, checked against enumerating every face with the roller."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from helpers.dice_strategies import dice_expressions, dice_terms
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from drase_desktop.rules.attack import check, hit_probabilities, judge
from drase_desktop.rules.dice import DiceError, dice_faces, maximum, minimum, roll_with_faces
from drase_desktop.rules.probability import (
    chance_at_least,
    distribution,
    mean,
    roll_chances,
)


def _enumerate(expression: str) -> dict[int, Fraction]:
    sizes = dice_faces(expression)
    outcomes = list(itertools.product(*[range(1, s + 1) for s in sizes]))
    counts: dict[int, int] = {}
    for faces in outcomes:
        total = roll_with_faces(expression, faces).total
        counts[total] = counts.get(total, 0) + 1
    return {v: Fraction(w, len(outcomes)) for v, w in sorted(counts.items())}


@pytest.mark.parametrize(
    "expression",
    ["2d6", "1d20 + 4 - 3d6k1", "4d6k3", "4d6kl2", "3d4 - 1d4 + 2", "-2d6k1", "5", "2d20k1"],
)
def test_distribution_matches_enumerating_every_face(expression):
    assert distribution(expression) == _enumerate(expression)


_small = dice_terms(flat=9, count=3, faces=[2, 3, 4, 6], kept_count=4, kept_faces=[2, 4, 6])
_small_expression = dice_expressions(_small, signs=["+", "-"], more=2)


@settings(max_examples=60, deadline=None)
@given(_small_expression)
def test_property_distribution_matches_enumeration_and_bounds(expression):
    outcomes = 1
    for size in dice_faces(expression):
        outcomes *= size
    assume(outcomes <= 3000)  # keeps the brute force quick
    exact = distribution(expression)
    assert exact == _enumerate(expression)
    assert sum(exact.values()) == 1
    assert min(exact) == minimum(expression) and max(exact) == maximum(expression)


def test_mean_of_known_rolls():
    assert mean("1d6") == Fraction(7, 2)
    assert mean("1d12 + 4") == Fraction(21, 2)
    assert mean("2d6k1") == Fraction(161, 36)
    assert mean("4d6k3") == Fraction(15869, 1296)  # the classic 12.24


def test_chance_at_least():
    assert chance_at_least("1d20", 11) == Fraction(1, 2)
    assert chance_at_least("2d6", 12) == Fraction(1, 36)


@given(st.integers(-5, 12), st.integers(0, 32), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_property_roll_chances_agree_with_hit_chance(modifier, target, bonuses, maluses, save):
    net = bonuses - maluses
    extra = f"{'+' if net > 0 else '-'}{abs(net)}d6k1" if net else ""
    expression = f"1d20 {modifier:+d} {extra}"
    assert roll_chances(expression, target, save_targeting=save) == hit_probabilities(
        modifier, target, bonuses=bonuses, maluses=maluses, save_targeting=save
    )


def test_roll_chances_natural_20_with_extra_dice_matches_enumeration():
    expression = "1d20 + 1d4 - 2"
    sizes = dice_faces(expression)
    hits = crits = 0
    outcomes = list(itertools.product(*[range(1, s + 1) for s in sizes]))
    for faces in outcomes:
        rolled = roll_with_faces(expression, faces)
        outcome = judge(rolled.total, 25, rolled.natural)
        hits += outcome.hit
        crits += outcome.critical
    n = len(outcomes)
    assert roll_chances(expression, 25) == (Fraction(hits, n), Fraction(crits, n))
    checks = sum(check(roll_with_faces(expression, f).total, 12).success for f in outcomes)
    assert roll_chances(expression, 12, natural_twenty_hits=False)[0] == Fraction(checks, n)


def test_huge_expressions_are_refused_not_computed_forever():
    with pytest.raises(DiceError, match="too many dice"):
        distribution("1000d1000")
    assert len(distribution("100d6")) == 501
