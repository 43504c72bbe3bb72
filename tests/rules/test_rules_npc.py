"""NPC average hits (ruling 25), including every boundary row of the chart."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.npc import ChartDice, NpcError, average_hits, chart_result


@pytest.mark.parametrize(
    ("r", "attackers", "hits"),
    [
        (25, 30, 3), (19, 30, 3), (18, 30, 6), (16, 30, 6), (15, 30, 10), (14, 30, 15),
        (13, 30, 15), (12, 30, 20), (11, 30, 20), (10, 30, 24), (9, 30, 24), (8, 30, 30),
        (7, 30, 30), (6, 30, 37), (4, 30, 37), (3, 30, 45), (2, 30, 45), (1, 30, 60),
        (-5, 30, 60),
    ],
)  # fmt: skip
def test_ruling_25_chart_rows_and_boundaries(r, attackers, hits):
    # attack bonus 0, so r is the AC
    assert average_hits(r, 0, attackers) == hits


def test_ruling_25_rounds_down_and_gives_at_least_one_hit():
    assert average_hits(20, 0, 1) == 1  # 0.1 hits -> at least one
    assert average_hits(12, 0, 2) == 1  # 2 / 1.5 = 1.33 -> 1
    assert average_hits(5, 0, 3) == 3  # 3.75 -> 3


def test_ruling_25_the_texts_example_ac_20_to_hit_0():
    assert chart_result(20, 0) == 20
    assert average_hits(20, 0, 10) == 1


def test_ruling_25_attacker_bonuses_3_then_1_each():
    assert chart_result(20, 0, attacker_bonuses=1) == 17
    assert chart_result(20, 0, attacker_bonuses=2) == 16
    assert chart_result(20, 0, attacker_bonuses=3) == 15
    assert chart_result(20, 0, attacker_maluses=1) == 23
    assert chart_result(20, 0, attacker_maluses=3) == 25
    assert chart_result(20, 0, attacker_bonuses=2, attacker_maluses=1) == 17  # net 1


def test_ruling_25_defender_bonuses_the_reverse():
    assert chart_result(20, 0, defender_bonuses=1) == 23
    assert chart_result(20, 0, defender_maluses=2) == 16
    assert chart_result(12, 4, attacker_bonuses=1, defender_bonuses=1) == 8


def test_bad_input():
    with pytest.raises(NpcError, match="at least 1 attacker"):
        average_hits(15, 0, 0)
    with pytest.raises(NpcError, match="attacker bonuses"):
        average_hits(15, 0, 4, attacker_bonuses=-1)


def test_the_chart_dice_are_counts_by_name_and_the_map_adds_to_every_attackers():
    with pytest.raises(NpcError, match="defender bonuses must be a count"):
        ChartDice(defender_bonuses=True)
    with pytest.raises(TypeError):
        chart_result(20, 0, attacker_bonus=1)
    shifted = ChartDice(attacker_bonuses=1).with_attackers(1, 2)
    assert shifted == ChartDice(attacker_bonuses=2, attacker_maluses=2)
    assert shifted.result(20, 0) == chart_result(20, 0, attacker_bonuses=2, attacker_maluses=2)


@given(st.integers(-10, 40), st.integers(-5, 15), st.integers(1, 200))
def test_property_more_attackers_never_fewer_hits_and_easier_never_fewer(ac, bonus, attackers):
    hits = average_hits(ac, bonus, attackers)
    assert 1 <= hits <= 2 * attackers
    assert average_hits(ac, bonus, attackers + 1) >= hits
    assert average_hits(ac - 1, bonus, attackers) >= hits
