"""Hit points and incapacitation (ruling 11)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.health import HealthError, heal, is_incapacitated, take_damage


def test_ruling_11_at_or_below_zero_hp_is_incapacitated():
    assert is_incapacitated(0) and is_incapacitated(-4)
    assert not is_incapacitated(1)


def test_ruling_11_damage_reports_newly_incapacitated_once():
    first = take_damage(5, 5)
    assert first.after == 0 and first.incapacitated and first.newly_incapacitated
    again = take_damage(0, 3)
    assert again.after == -3 and again.incapacitated and not again.newly_incapacitated


def test_heal_caps_at_max_and_lifts_incapacitation():
    healed = heal(-2, 20, 5)
    assert healed.after == 3 and not healed.incapacitated
    assert heal(18, 20, 9).after == 20
    assert heal(25, 20, 1).after == 25  # already above max (GM override) stays


def test_bad_hp_changes():
    with pytest.raises(HealthError):
        take_damage(5, -1)
    with pytest.raises(HealthError):
        heal(5, 10, -2)
    with pytest.raises(HealthError):
        heal(5, 0, 2)


@given(st.integers(-50, 200), st.integers(0, 300))
def test_property_damage_then_heal_never_exceeds_max(hp, damage):
    hit = take_damage(hp, damage)
    assert hit.after == hp - damage
    assert heal(hit.after, max(1, hp), damage).after <= max(1, hp, hit.after)
