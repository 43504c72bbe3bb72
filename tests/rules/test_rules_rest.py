"""Short and long rests."""

from __future__ import annotations

import pytest

from drase_desktop.rules.rest import Resources, RestError, long_rest, short_rest


def test_short_rest_refills_focus_and_mana_within_the_limit():
    before = Resources(hp=5, max_hp=40, mana=2, mana_max=10, focus=0, focus_max=3)
    after = short_rest(before).after
    assert (after.hp, after.mana, after.focus, after.mana_regained) == (5, 10, 3, 8)
    assert before.mana_limit == 20


def test_short_rest_mana_stops_at_twice_the_long_rest_amount():
    state = Resources(hp=10, max_hp=10, mana=0, mana_max=10)
    state = short_rest(state).after  # +10 (10 of 20 used)
    state = Resources(**{**state.__dict__, "mana": 0})
    state = short_rest(state).after  # +10 (20 of 20)
    assert state.mana == 10 and state.mana_regained == 20
    state = Resources(**{**state.__dict__, "mana": 3})
    rest = short_rest(state)
    assert rest.after.mana == 3
    assert "20 of the 20" in rest.notes[-1]


def test_long_rest_heals_25_percent_with_focus_or_mana():
    before = Resources(hp=10, max_hp=40, mana=0, mana_max=6, mana_regained=12)
    result = long_rest(before)
    assert result.after.hp == 20 and result.after.mana == 6 and result.after.mana_regained == 0
    assert "25%" in result.notes[0]


def test_long_rest_heals_10_percent_up_to_half_without_focus_or_mana_or_rest():
    plain = Resources(hp=10, max_hp=40)
    assert long_rest(plain).after.hp == 14
    assert long_rest(Resources(hp=18, max_hp=40)).after.hp == 20
    assert long_rest(Resources(hp=25, max_hp=40)).after.hp == 25
    tired = Resources(hp=10, max_hp=40, focus_max=2)
    assert long_rest(tired, well_rested=False).after.hp == 14


def test_long_rest_never_exceeds_max_hp_and_lifts_from_below_zero():
    assert long_rest(Resources(hp=39, max_hp=40, focus_max=1)).after.hp == 40
    assert long_rest(Resources(hp=-3, max_hp=40)).after.hp == 1


def test_bad_resources():
    with pytest.raises(RestError, match="max HP must be 1 or more"):
        long_rest(Resources(hp=0, max_hp=0))
    with pytest.raises(RestError, match="mana"):
        Resources(hp=5, max_hp=40, mana=-1)
