"""Range and reach: rulings 18, 19 and 20 (height, ranged attacks at lower targets)."""

import math

import pytest

from drase_desktop.board import BoardError, distance, lower_target_bonus, within_reach


def test_ruling_18_double_range_is_max_plus_half_min():
    assert distance((0, 0), (4, 4)) == 6
    assert distance((0, 0), (5, 2)) == 6
    assert distance((3, 3), (0, 0)) == 4
    assert distance((0, 0), (7, 0)) == 7


def test_ruling_19_circle_range_is_euclidean():
    assert distance((0, 0), (3, 4), diagonal="circle") == 5
    assert distance((0, 0), (1, 1), diagonal="circle") == pytest.approx(math.sqrt(2))


def test_ruling_20_height_combines_with_the_same_diagonal_rule():
    # 24 tiles up, right beside: needs a reach of 24 (the text's example)
    assert distance((0, 0), (1, 0), height_a=0, height_b=24) == 24
    assert distance((0, 0), (4, 0), height_b=4) == 6  # max(4, 4) + floor(4 / 2)
    assert distance((0, 0), (3, 0), height_b=4, diagonal="circle") == 5


def test_ruling_20_ranged_attack_at_a_lower_target_ignores_height():
    assert distance((0, 0), (3, 0), height_a=24, height_b=0, ranged=True) == 3
    assert distance((0, 0), (3, 0), height_a=24, height_b=0, ranged=False) == 25
    # shooting up still counts the height
    assert distance((0, 0), (3, 0), height_a=0, height_b=24, ranged=True) == 25


def test_ruling_20_attack_at_a_lower_target_gains_one_bonus():
    assert lower_target_bonus(3, 1) == 1
    assert lower_target_bonus(1, 3) == 0
    assert lower_target_bonus(2, 2) == 0


def test_reach_between_footprints_and_reactions():
    assert within_reach((0, 0), (1, 1), 1)
    assert not within_reach((0, 0), (2, 0), 1)
    assert within_reach((0, 0), (2, 0), 1, footprint_a=2)  # a large attacker
    assert not within_reach((0, 0), (3, 0), 1, footprint_a=2)
    assert not within_reach((0, 0), (1, 0), 1, height_b=3)
    # ruling 22: reactions ignore reach and range penalties
    assert within_reach((0, 0), (9, 9), 1, reaction=True)


def test_bad_distance_inputs_are_refused():
    with pytest.raises(BoardError):
        distance((0, 0), (1, 1), diagonal="manhattan")
    with pytest.raises(BoardError):
        distance((0, 0), (1, 1), height_a=1.5)
    with pytest.raises(BoardError):
        within_reach((0, 0), (1, 1), -1)
