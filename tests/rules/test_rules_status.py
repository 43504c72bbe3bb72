"""Status effects: catalogue, applying, stacking and tickdown (rulings 12, 13, 14)."""

from __future__ import annotations

import pytest

from drase_desktop.rules.damage import CRITICAL_EFFECT
from drase_desktop.rules.status import (
    StatusCatalogue,
    StatusEffect,
    StatusError,
    StatusInstance,
    apply_status,
    damage_over_time,
    default_catalogue,
    remove_status,
    tick_down,
)

CATALOGUE = default_catalogue()


def test_ruling_14_catalogue_holds_every_crit_effect_plus_prone_incapacitated_surprised():
    expected = set(CRITICAL_EFFECT.values()) | {"prone", "incapacitated", "surprised"}
    assert expected == set(CATALOGUE)
    assert len(CATALOGUE) == 13
    for effect in CATALOGUE.values():
        assert effect.description


def test_ruling_12_default_is_one_round_unstackable():
    effect = StatusEffect("dazed")
    assert effect.duration == 1 and not effect.stackable
    assert CATALOGUE["staggered"].duration == 1 and not CATALOGUE["staggered"].stackable


def test_assumed_numbers_are_visible_as_notes():
    # Every damage-over-time default is the program's own ruling and says so.
    for effect in CATALOGUE.values():
        if effect.damage is not None:
            assert "Drase Desktop default" in effect.note


def test_ruling_14_gm_can_add_an_effect_with_validation():
    entry = {"name": "Blessed", "duration": 3, "stackable": False, "description": "+1 bonus"}
    extended = CATALOGUE.with_entries([entry])
    assert extended["blessed"].duration == 3
    assert "blessed" not in CATALOGUE  # the shipped catalogue is unchanged
    acid = CATALOGUE.with_effect(
        StatusEffect("acid burn", 2, True, damage="1d6", damage_type="acid")
    )
    assert acid["Acid  Burn"].damage_type == "acid"


def test_gm_entries_override_shipped_ones_in_place_and_new_ones_come_last():
    stronger = StatusEffect("prone", 3, description="the GM's prone")
    burn = StatusEffect("acid burn", 2, True, damage="1d6", damage_type="acid")
    overridden = CATALOGUE.overridden_by([stronger, burn])
    assert list(overridden) == [*CATALOGUE, "acid burn"]
    assert overridden["prone"] == stronger
    assert CATALOGUE["prone"] != stronger  # the shipped catalogue is unchanged
    assert CATALOGUE.overridden_by([]) is CATALOGUE  # nothing laid over: the same catalogue


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"name": ""}, "needs a name"),
        ({"name": "x", "duration": 0}, "duration must be 1 to"),
        ({"name": "x", "duration": "2"}, "duration must be 1 to"),
        ({"name": "x", "stackable": "yes"}, "stackable must be true or false"),
        ({"name": "x", "damage": "1d"}, "damage over time"),
        ({"name": "x", "damage": "1d6"}, "needs a damage type"),
        ({"name": "x", "damage": "1d6", "damage_type": "laser"}, "not a damage type"),
        ({"name": "x", "damage_type": "fire"}, "without a damage expression"),
        ({"name": "x", "colour": "red"}, "unknown fields"),
        ({"name": "bleeding"}, "already exists"),
    ],
)
def test_bad_gm_effects_are_refused(entry, message):
    with pytest.raises(StatusError, match=message):
        CATALOGUE.with_entries([entry])


def test_status_error_is_a_value_error():
    assert issubclass(StatusError, ValueError)
    with pytest.raises(StatusError, match="no status effect"):
        CATALOGUE.effect("glowing")


def test_catalogue_round_trips_through_dicts():
    again = StatusCatalogue(StatusEffect.from_dict(d) for d in CATALOGUE.to_dicts())
    assert dict(again) == dict(CATALOGUE)


def test_ruling_12_reapplying_unstackable_keeps_the_longer_remaining():
    staggered = CATALOGUE["staggered"]
    statuses = apply_status((), staggered, 1, duration=3)
    shorter = apply_status(statuses, staggered, 2, duration=1)
    assert shorter == (StatusInstance("staggered", 3, 1),)
    longer = apply_status(statuses, staggered, 2, duration=5)
    assert longer == (StatusInstance("staggered", 5, 2),)


def test_ruling_12_reapplying_with_an_equal_duration_never_shortens_the_effect():
    """Slowed (1 round) from round 1, put on again in round 2: the old stack still ticks this
    round (ruling 13), the new one does not, so the new one is the longer and must be kept;
    otherwise re-applying would end the effect sooner than a fresh application."""
    slowed = CATALOGUE["slowed"]
    old = apply_status((), slowed, 1)
    again = apply_status(old, slowed, 2)
    assert again == (StatusInstance("slowed", 1, 2),)
    assert tick_down(again, 2).remaining == again
    assert tick_down(again, 2).remaining == tick_down(apply_status((), slowed, 2), 2).remaining


def test_ruling_12_stackable_effects_keep_one_duration_per_stack():
    bleeding = CATALOGUE["bleeding"]
    statuses = apply_status((), bleeding, 1, duration=1)
    statuses = apply_status(statuses, bleeding, 1, duration=3)
    assert [s.remaining for s in statuses] == [1, 3]
    after = tick_down(statuses, 2)
    assert [s.remaining for s in after.remaining] == [2]
    assert [s.remaining for s in after.expired] == [1]
    assert len(damage_over_time(statuses, CATALOGUE)) == 2


def test_ruling_13_applied_this_round_does_not_tick_this_round():
    statuses = apply_status((), CATALOGUE["slowed"], 4)
    same_round = tick_down(statuses, 4)
    assert same_round.remaining == statuses and same_round.expired == ()
    next_round = tick_down(same_round.remaining, 5)
    assert next_round.remaining == () and next_round.expired == statuses


def test_ruling_13_tickdown_counts_down_and_expires_at_zero():
    statuses = (StatusInstance("confused", 3, 1),)
    for round_number, expected in ((2, 2), (3, 1)):
        statuses = tick_down(statuses, round_number).remaining
        assert statuses[0].remaining == expected
    final = tick_down(statuses, 4)
    assert final.remaining == () and final.expired[0].name == "confused"


def test_indefinite_statuses_do_not_tick():
    statuses = apply_status((), CATALOGUE["prone"], 1)
    assert statuses[0].remaining is None
    assert tick_down(statuses, 9).remaining == statuses
    # Re-applying a timed version never shortens "until removed".
    assert apply_status(statuses, CATALOGUE["prone"], 2, duration=2) == statuses


def test_remove_status_all_or_soonest_stacks():
    bleeding = CATALOGUE["bleeding"]
    statuses = apply_status(apply_status((), bleeding, 1, duration=4), bleeding, 1, duration=2)
    statuses = apply_status(statuses, CATALOGUE["prone"], 1)
    assert [s.remaining for s in remove_status(statuses, "bleeding", stacks=1)] == [4, None]
    assert remove_status(statuses, "Bleeding") == (StatusInstance("prone", None, 1),)
    with pytest.raises(StatusError, match="no 'burning'"):
        remove_status(statuses, "burning")


def test_pure_functions_leave_input_unchanged():
    statuses = (StatusInstance("rot", 2, 1),)
    snapshot = tuple(statuses)
    tick_down(statuses, 2)
    apply_status(statuses, CATALOGUE["rot"], 2, duration=5)
    assert statuses == snapshot


def test_damage_over_time_lists_expression_and_type():
    statuses = apply_status((), CATALOGUE["burning"], 1)
    (dot,) = damage_over_time(statuses, CATALOGUE)
    assert (dot.status, dot.expression, dot.damage_type) == ("burning", "1d4", "fire")
    with pytest.raises(StatusError, match="not in the catalogue"):
        damage_over_time((StatusInstance("mystery", 1, 1),), CATALOGUE)


def test_instance_validation_and_dicts():
    with pytest.raises(StatusError, match="remaining rounds"):
        StatusInstance("prone", 0, 1)
    instance = StatusInstance("Guard  Break", 2, 3)
    assert instance.name == "guard break"
    assert StatusInstance.from_dict(instance.to_dict()) == instance
    with pytest.raises(StatusError, match="needs name"):
        StatusInstance.from_dict({"name": "x"})


def test_a_status_looked_up_without_a_name_is_refused_in_words() -> None:
    catalogue = default_catalogue()
    for nameless in ("", "   ", None, 3):
        with pytest.raises(StatusError, match="needs a name"):
            catalogue[nameless]  # type: ignore[index]
        with pytest.raises(StatusError, match="needs a name"):
            catalogue.effect(nameless)  # type: ignore[arg-type]
    assert "" not in catalogue


def test_a_status_read_from_json_takes_the_defaults_and_reads_its_words_as_text():
    read = StatusEffect.from_dict({"name": "Dazed", "description": 3})
    assert read == StatusEffect("dazed", description="3")
    assert (read.duration, read.stackable, read.note) == (1, False, "")
