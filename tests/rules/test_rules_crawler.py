"""The Crawler ruleset (ruling 26)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules import attack
from drase_desktop.rules.crawler import (
    FIGHTING_WITHDRAWAL,
    RETREAT,
    RETREAT_TO_HIT_BONUS,
    STEPS,
    CrawlerError,
    check_defensive_move,
    classify_backward_move,
    defensive_move,
    initiative_order,
    judge,
    melee_damage,
    melee_working,
    missile_damage,
    missile_working,
    roll_initiative,
    saving_throw,
    spell_hits,
    turn_steps,
)
from drase_desktop.rules.dice import maximum, minimum


def test_ruling_26_to_hit_is_greater_or_equal_unlike_drase():
    assert judge(15, 15).hit
    assert not attack.judge(15, 15, 10).hit
    assert not judge(14, 15, 20).hit  # no natural-20 rule in the Crawler text
    assert not judge(40, 15).critical


def test_ruling_26_judges_share_one_signature():
    judges: list[attack.AttackJudge] = [attack.judge, judge]
    for one in judges:
        assert one(16, 15, 10, save_targeting=False).hit


def test_ruling_26_side_initiative_is_1d6_each():
    rolled = roll_initiative(["players", "gm", "goblins"], random.Random(5))
    assert set(rolled) == {"players", "gm", "goblins"}
    assert all(1 <= value <= 6 for value in rolled.values())
    entered = roll_initiative(["players", "gm"], entered={"players": 6, "gm": 2})
    assert entered == {"players": 6, "gm": 2}


def test_initiative_entries_are_validated():
    with pytest.raises(CrawlerError, match="a d6"):
        roll_initiative(["gm"], entered={"gm": 7})
    with pytest.raises(CrawlerError, match="not in the fight"):
        roll_initiative(["gm"], entered={"elves": 3})
    with pytest.raises(CrawlerError, match="at least one side"):
        roll_initiative([])


def test_ruling_26_highest_first_and_ties_simultaneous():
    order = initiative_order({"players": 3, "gm": 5, "goblins": 3, "bandits": 1})
    assert order == [("gm",), ("goblins", "players"), ("bandits",)]


@given(st.dictionaries(st.text(min_size=1, max_size=4), st.integers(1, 6), min_size=1))
def test_property_initiative_order_covers_every_side_once_descending(initiative):
    order = initiative_order(initiative)
    flat = [side for group in order for side in group]
    assert sorted(flat) == sorted(initiative)
    values = [initiative[group[0]] for group in order]
    assert values == sorted(set(values), reverse=True)


def test_ruling_26_step_order_of_a_side_turn():
    assert STEPS == turn_steps() == ("morale", "movement", "missile", "spells", "melee")


def test_ruling_26_missile_and_melee_modifiers():
    missile = missile_working(2, range_modifier=-1, cover_modifier=-2, magic=1)
    assert missile.expression == "1d20"
    assert missile_working(3, magic=1).expression == "1d20 + 4"
    melee = melee_working(3, magic_weapon=1)
    assert melee.expression == "1d20 + 4"
    assert melee_damage("1d8", 3, 1) == "1d8 + 4"
    assert melee_damage("1d8", 0) == "1d8"
    assert missile_damage("1D6") == "1d6"
    assert maximum(melee_damage("1d8", -2)) == 6 and minimum(melee_damage("1d8", -2)) == -1


def test_ruling_26_retreat_gives_attackers_plus_2_and_no_attack():
    move = defensive_move("Retreat", 12)
    assert not move.may_attack and move.to_hit_against == RETREAT_TO_HIT_BONUS == 2
    assert melee_working(0, target_retreating=True).expression == "1d20 + 2"
    assert missile_working(0, target_retreating=True).modifier == 2


def test_ruling_26_fighting_withdrawal_is_half_move_and_may_attack():
    move = defensive_move(FIGHTING_WITHDRAWAL, 12)
    assert move.may_attack and move.max_tiles == 6 and move.to_hit_against == 0
    check_defensive_move(FIGHTING_WITHDRAWAL, 6, 12)
    with pytest.raises(CrawlerError, match="more than half a move is a retreat"):
        check_defensive_move(FIGHTING_WITHDRAWAL, 7, 12)
    with pytest.raises(CrawlerError, match="not possible"):
        defensive_move(FIGHTING_WITHDRAWAL, 12, blocked_behind=True)


def test_ruling_26_backward_move_over_half_is_a_retreat():
    assert classify_backward_move(6, 12) == FIGHTING_WITHDRAWAL
    assert classify_backward_move(7, 12) == RETREAT
    with pytest.raises(CrawlerError):
        classify_backward_move(13, 12)
    with pytest.raises(CrawlerError, match="not a defensive movement"):
        defensive_move("charge", 12)


def test_ruling_26_spells_hit_automatically_then_saves():
    assert spell_hits(in_range=True).hit
    assert not spell_hits(in_range=False).hit
    assert saving_throw(12, 12).hit and not saving_throw(11, 12).hit
