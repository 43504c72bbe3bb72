"""Range and reach: rulings 18, 19 and 20 (height, ranged attacks at lower targets)."""

import math

import pytest

from drase_desktop.board import BoardError, distance, tiles_and_metres, within_reach
from drase_desktop.rules.attack import attack_working


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
    # The board says who stands lower; the bonus is the rules' number (rules/attack.py).
    lower = attack_working(power=10, lower_target=True)
    level = attack_working(power=10)
    assert (lower.bonuses, level.bonuses) == (1, 0)
    assert "target is lower" in [part.label for part in lower.parts]


def test_ruling_17_a_number_of_tiles_reads_with_its_metres():
    assert tiles_and_metres(7) == "7 tiles, 14 m"
    assert tiles_and_metres(1.0) == "1 tile, 2 m"
    assert tiles_and_metres(2.83) == "2.8 tiles, 5.6 m"
    assert tiles_and_metres(1.5) == "1.5 tiles, 3 m"
    assert tiles_and_metres(-0.0) == "0 tiles, 0 m"


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
