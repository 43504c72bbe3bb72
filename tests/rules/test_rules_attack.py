"""Attack rolls and ability checks (rulings 1, 2, 6, 7, 10, 20, 22, 23)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.attack import (
    DIFFICULTY_CLASSES,
    AttackError,
    attack_working,
    check,
    check_chance,
    difficulty_class,
    hit_chance,
    hit_probabilities,
    judge,
    roll_defense,
    save_target,
    target_number,
)
from drase_desktop.rules.dice import maximum, minimum, roll_with_faces


def test_ruling_1_success_is_strictly_greater():
    assert not judge(15, 15, 14).hit
    assert judge(16, 15, 15).hit
    assert not check(15, 15).success
    assert check(16, 15).success


def test_ruling_1_natural_20_always_hits_an_attack_but_not_a_check():
    outcome = judge(22, 30, 20)
    assert outcome.hit and not outcome.critical
    assert "natural 20" in outcome.reason
    assert not check(22, 30).success


def test_ruling_1_natural_20_hits_a_save_targeting_attack_too():
    outcome = judge(12, 16, 20, save_targeting=True)
    assert outcome.hit and not outcome.critical
    assert "attack roll too" in outcome.reason


def test_ruling_1_natural_20_is_only_critical_when_target_exceeded_by_10():
    assert not judge(24, 15, 20).critical
    assert judge(25, 15, 20).critical


def test_ruling_2_critical_at_target_plus_10():
    assert judge(25, 15, 11).critical
    assert not judge(24, 15, 10).critical
    assert check(25, 15).critical and not check(24, 15).critical


def test_ruling_2_save_targeting_never_crits():
    outcome = judge(40, 12, 20, save_targeting=True)
    assert outcome.hit and not outcome.critical
    assert "cannot crit" in outcome.reason


def test_ruling_7_target_numbers():
    assert target_number(5) == 15
    assert target_number(5, defense=4) == 19
    assert target_number(5, defense=-3) == 12
    assert save_target(2) == 12
    assert save_target(-1, defense=3) == 12


def test_ruling_7_dc_table_is_data():
    assert DIFFICULTY_CLASSES == {
        "very easy": 5,
        "easy": 10,
        "medium": 15,
        "hard": 20,
        "very hard": 25,
        "nearly impossible": 30,
    }
    assert difficulty_class("Medium ") == 15
    with pytest.raises(AttackError, match="not a difficulty"):
        difficulty_class("trivial")


def test_ruling_7_defense_roll_is_net_bonus_malus():
    assert roll_defense(1, 1) is None
    import random

    defense = roll_defense(3, 1, random.Random(3))
    assert defense is not None and defense.expression == "2d6k1"
    assert 1 <= defense.total <= 6
    malus = roll_defense(0, 1, random.Random(3))
    assert malus is not None and -6 <= malus.total <= -1


def test_ruling_6_attack_working_matches_the_text_example():
    # "to-hit modifier of +4 (3 from Power, 1 from level), and 3 bonuses: 1d20 + 4 + 3d6k1"
    working = attack_working(power=16, level=1, bonuses=[("flanking", 3)])
    assert working.expression == "1d20 + 4 + 3d6k1"
    assert working.lines() == [
        "Power 16: +3",
        "level 1 bonus: +1",
        "flanking: 3 bonuses",
        "roll 1d20 + 4 + 3d6k1",
    ]
    three_maluses = attack_working(power=16, level=1, maluses=[("blinded", 3)])
    assert three_maluses.expression == "1d20 + 4 - 3d6k1"


def test_ruling_6_bonuses_and_maluses_cancel_in_the_working():
    working = attack_working(
        power=10,
        lower_target=True,
        maluses=[("smoke", 1)],
        bonuses=[("ally", 1)],
        obscuration="light",
    )
    assert working.net_bonus == 0
    assert working.expression == "1d20"
    assert "2 bonuses and 2 maluses cancel 1:1 -> none" in working.lines()


def test_finesse_weapon_uses_the_higher_attribute():
    assert attack_working(power=12, finesse=18, finesse_weapon=True).modifier == 4
    assert attack_working(power=18, finesse=12, finesse_weapon=True).modifier == 4
    # Without the finesse property Power is used even when Finesse is higher.
    assert attack_working(power=12, finesse=18).modifier == 1


def test_flat_to_hit_for_stat_blocks_and_weapon_and_gm_terms():
    working = attack_working(to_hit=5, weapon_bonus=1, weapon="+1 spear", gm_modifier=-2)
    assert working.modifier == 4
    assert [p.label for p in working.parts] == ["to hit", "+1 spear", "GM"]


def test_ruling_10_non_lethal_is_physical_only_and_one_malus():
    working = attack_working(power=14, non_lethal=True, damage="blunt")
    assert working.maluses == 1 and working.expression == "1d20 + 2 - 1d6k1"
    with pytest.raises(AttackError, match="physical"):
        attack_working(power=14, non_lethal=True, damage="fire")
    with pytest.raises(AttackError, match="physical"):
        attack_working(power=14, non_lethal=True)


def test_ruling_20_lower_target_gives_one_bonus():
    assert attack_working(power=10, lower_target=True).expression == "1d20 + 1d6k1"


def test_ruling_22_cover_penalties_and_blocking_cover():
    assert attack_working(power=10, cover="half").modifier == -2
    assert attack_working(power=10, cover="three-quarter").modifier == -5
    for blocking in ("full", "embrasure"):
        with pytest.raises(AttackError, match="cannot be attacked"):
            attack_working(power=10, cover=blocking)
    with pytest.raises(AttackError, match="unknown cover"):
        attack_working(power=10, cover="quarter")


def test_ruling_29_reactions_ignore_partial_cover_but_not_full_cover():
    working = attack_working(power=10, cover="three-quarter", reaction=True)
    assert working.modifier == 0
    assert "reaction: three-quarter cover ignored" in working.lines()
    for level in ("full", "embrasure"):
        with pytest.raises(AttackError, match="not even by a reaction"):
            attack_working(power=10, cover=level, reaction=True)


def test_ruling_23_obscuration_maluses_and_total_blocks_targeting():
    assert attack_working(power=10, obscuration="light").maluses == 1
    assert attack_working(power=10, obscuration="heavy").maluses == 2
    with pytest.raises(AttackError, match="total obscuration"):
        attack_working(power=10, obscuration="total")


def test_attack_needs_an_attribute_or_to_hit():
    with pytest.raises(AttackError, match="Power"):
        attack_working()


def test_working_expression_is_rollable():
    working = attack_working(power=8, level=2, cover="half", maluses=[("x", 2)])
    assert working.expression == "1d20 - 1 - 2d6k1"
    assert maximum(working.expression) == 18 and minimum(working.expression) == -6
    rolled = roll_with_faces(working.expression, [20, 3, 5])
    assert rolled.total == 14 and rolled.natural == 20


def _brute_force(modifier, target, bonuses, maluses, save_targeting=False, nat20=True):
    net = bonuses - maluses
    hit = crit = Fraction(0)
    n = abs(net)
    outcomes = list(itertools.product(range(1, 21), *([range(1, 7)] * n)))
    for faces in outcomes:
        natural = faces[0]
        extra = (max(faces[1:]) if n else 0) * (1 if net >= 0 else -1)
        total = natural + modifier + extra
        if nat20:
            outcome = judge(total, target, natural, save_targeting=save_targeting)
        else:
            outcome = check(total, target)
        hit += outcome.hit
        crit += outcome.critical
    return hit / len(outcomes), crit / len(outcomes)


@pytest.mark.parametrize(
    ("modifier", "target", "bonuses", "maluses"),
    [(4, 15, 0, 0), (4, 15, 3, 0), (4, 15, 0, 3), (0, 30, 1, 0), (10, 5, 2, 0), (-3, 12, 1, 2)],
)
def test_hit_chance_matches_brute_force_enumeration(modifier, target, bonuses, maluses):
    expected = _brute_force(modifier, target, bonuses, maluses)
    assert hit_probabilities(modifier, target, bonuses=bonuses, maluses=maluses) == expected
    assert hit_chance(modifier, target, bonuses=bonuses, maluses=maluses) == pytest.approx(
        tuple(float(x) for x in expected)
    )


def test_hit_chance_known_values():
    # Needs 12+ on the d20 to beat 15 with +4 (strictly greater): 9 faces of 20, no crit.
    assert hit_chance(4, 15) == (0.45, 0.0)
    # +10 against 15: 6+ hits, 15+ reaches 25 and crits.
    assert hit_chance(10, 15) == (0.75, 0.3)
    # Impossible except for the natural 20.
    assert hit_chance(0, 40) == (0.05, 0.0)
    assert hit_chance(0, 15, save_targeting=True)[1] == 0.0
    assert check_chance(0, 40) == 0.0


_counts = st.integers(0, 3)


@given(st.integers(-10, 20), st.integers(0, 40), _counts, _counts, st.booleans())
def test_property_hit_chance_matches_enumeration(modifier, target, bonuses, maluses, save):
    expected = _brute_force(modifier, target, bonuses, maluses, save_targeting=save)
    assert (
        hit_probabilities(modifier, target, bonuses=bonuses, maluses=maluses, save_targeting=save)
        == expected
    )


@given(st.integers(-20, 30), st.integers(-5, 45), st.integers(0, 8), st.integers(0, 8))
def test_property_hit_chance_is_a_probability_and_monotone(modifier, target, bonuses, maluses):
    hit, critical = hit_probabilities(modifier, target, bonuses=bonuses, maluses=maluses)
    miss = 1 - hit
    assert 0 <= critical <= hit <= 1
    assert hit + miss == 1
    assert Fraction(1, 20) <= hit  # the natural 20
    better, better_crit = hit_probabilities(modifier + 1, target, bonuses=bonuses, maluses=maluses)
    assert better >= hit and better_crit >= critical
    harder, _ = hit_probabilities(modifier, target + 1, bonuses=bonuses, maluses=maluses)
    assert harder <= hit
    more_bonus, _ = hit_probabilities(modifier, target, bonuses=bonuses + 1, maluses=maluses)
    assert more_bonus >= hit


@given(st.integers(-10, 15), st.integers(0, 35), _counts, _counts)
def test_property_check_chance_has_no_natural_20(modifier, dc, bonuses, maluses):
    expected, _ = _brute_force(modifier, dc, bonuses, maluses, nat20=False)
    assert check_chance(modifier, dc, bonuses=bonuses, maluses=maluses) == pytest.approx(
        float(expected)
    )


def test_negative_counts_are_refused():
    with pytest.raises(AttackError, match="counts"):
        hit_chance(0, 10, bonuses=-1)
