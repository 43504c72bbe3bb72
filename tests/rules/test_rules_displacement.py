"""Displacement stacking: strongest degree, then highest roll, then last rolled."""

from __future__ import annotations

import pytest

from drase_desktop.rules.displacement import Displacement, DisplacementError, resolve


def test_strongest_degree_wins():
    pushes = [Displacement(2, (1, 0), 18, 0), Displacement(4, (0, 1), 9, 1)]
    result = resolve(pushes)
    assert result.winner is pushes[1] and "strongest degree" in result.reason


def test_same_degree_different_vectors_highest_roll_wins():
    pushes = [Displacement(2, (1, 0), 18, 0), Displacement(2, (0, 1), 15, 1)]
    result = resolve(pushes)
    assert result.winner is pushes[0] and "highest roll" in result.reason


def test_unresolved_takes_the_last_rolled():
    pushes = [Displacement(2, (1, 0), 15, 0), Displacement(2, (0, 1), 15, 1)]
    result = resolve(pushes)
    assert result.winner is pushes[1] and "last rolled" in result.reason


def test_eighteen_pushes_still_move_the_creature_once():
    pushes = [Displacement(1, (1, 0), 10 + i % 5, i) for i in range(18)]
    assert resolve(pushes).winner.degree == 1
    assert resolve(pushes[:1]).reason == "the only displacement this round"


def test_nothing_to_resolve_and_negative_degree():
    with pytest.raises(DisplacementError):
        resolve([])
    with pytest.raises(DisplacementError):
        Displacement(-1, (1, 0), 10, 0)


def test_a_push_goes_straight_away_from_the_pusher_in_one_of_eight_directions() -> None:
    from drase_desktop.rules.displacement import away_from

    assert away_from((2, 2), (5, 2)) == (1, 0)
    assert away_from((2, 2), (0, 0)) == (-1, -1)
    assert away_from((2, 2), (3, 7)) == (1, 1)
    assert away_from((4, 4), (4, 4)) == (0, 0)
