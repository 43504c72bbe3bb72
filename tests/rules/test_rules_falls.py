"""Falls (ruling 24)."""

from __future__ import annotations

import pytest

from drase_desktop.rules.falls import FallError, after_grab, fall, grab_succeeds, leg_wounds


def test_ruling_24_one_tile_prone_no_damage():
    result = fall(1)
    assert result.prone and result.dice == 0 and result.expression == ""
    assert not fall(0).prone


def test_ruling_24_dice_are_half_the_tiles_times_size_factor():
    assert fall(2).dice == 1 and fall(2).prone
    assert fall(3).dice == 1
    assert fall(9).dice == 4 and fall(9).expression == "4d6"
    assert fall(9, size_factor=3).dice == 12


def test_ruling_24_capped_at_40d6():
    assert fall(80).dice == 40
    assert fall(200).dice == 40
    assert fall(30, size_factor=4).dice == 40


def test_ruling_24_water_negates_up_to_4_tiles_then_full_damage():
    assert fall(4, surface="water").dice == 0 and fall(4, surface="water").prone
    assert fall(5, surface="water").dice == 2


def test_ruling_24_soft_surface_negates_up_to_8_tiles_then_full_damage():
    assert fall(8, surface="soft").dice == 0
    assert fall(9, surface="soft").dice == 4  # the first fall longer than 8
    assert fall(10, surface="soft").dice == 5


def test_ruling_24_dc_10_grab_holds_on_or_caps_at_10d6():
    assert not grab_succeeds(10) and grab_succeeds(11)
    long_fall = fall(40)
    held = after_grab(long_fall, 14, hold_on=True)
    assert held.held_on and held.dice == 0 and not held.prone
    capped = after_grab(long_fall, 14, hold_on=False)
    assert capped.dice == 10 and "capped at 10d6" in capped.reason
    failed = after_grab(long_fall, 10, hold_on=True)
    assert failed.dice == 20 and "grab failed" in failed.reason
    short = after_grab(fall(6), 15, hold_on=False)
    assert short.dice == 3


def test_ruling_24_leg_wounds_from_hp_lost():
    assert leg_wounds(5, 10, incapacitated=False) == 1
    assert leg_wounds(4, 10, incapacitated=False) == 0
    assert leg_wounds(5, 11, incapacitated=False) == 0  # 45%
    assert leg_wounds(3, 10, incapacitated=True) == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tiles": -1}, "0 or more"),
        ({"tiles": 2.5}, "whole number"),
        ({"tiles": 3, "surface": "lava"}, "unknown surface"),
        ({"tiles": 3, "size_factor": 0}, "size factor"),
    ],
)
def test_bad_falls_are_refused(kwargs, message):
    with pytest.raises(FallError, match=message):
        fall(**kwargs)
    with pytest.raises(FallError):
        leg_wounds(1, 0, incapacitated=False)
