"""Damage types, resistance and vulnerability, immunities, crit damage (rulings 8, 9, 10)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.rules.damage import (
    CRITICAL_EFFECT,
    DAMAGE_TYPE_INFO,
    DAMAGE_TYPES,
    LETHALITY,
    LETHALITY_SCALE,
    MAGICAL,
    PHYSICAL,
    Damage,
    DamageError,
    adjust,
    critical_effect,
    damage_taken,
    damage_type,
    is_physical,
    maximises_damage,
    roll_damage,
)
from drase_desktop.rules.status import default_catalogue


def test_twelve_damage_types_from_data():
    assert DAMAGE_TYPES == (
        "cut", "pierce", "blunt", "fire", "force", "cold",
        "shock", "necrotic", "radiant", "poison", "acid", "psychic",
    )  # fmt: skip


def test_ruling_10_physical_and_magical():
    assert PHYSICAL == frozenset({"cut", "pierce", "blunt"})
    assert len(MAGICAL) == 9 and not MAGICAL & PHYSICAL
    assert is_physical("Blunt") and not is_physical("fire")


def test_critical_effects_as_the_table_and_all_in_the_status_catalogue():
    assert CRITICAL_EFFECT["cut"] == "bleeding"
    assert CRITICAL_EFFECT["force"] == CRITICAL_EFFECT["acid"] == "guard break"
    assert CRITICAL_EFFECT["blunt"] == CRITICAL_EFFECT["shock"] == "staggered"
    assert CRITICAL_EFFECT["psychic"] == "confused"
    assert set(CRITICAL_EFFECT.values()) <= set(default_catalogue())


def test_lethality_text_for_every_type():
    assert LETHALITY["cut"] == "highly lethal"
    assert LETHALITY["psychic"] == "non-lethal"
    for name in DAMAGE_TYPES:
        assert DAMAGE_TYPE_INFO[name].lethality_text == LETHALITY_SCALE[LETHALITY[name]]
    assert "ignitable" in DAMAGE_TYPE_INFO["fire"].other_effects


def test_unknown_damage_type_names_the_choices():
    with pytest.raises(DamageError, match="not a damage type; use one of cut"):
        damage_type("laser")


def test_ruling_9_resistance_halves_rounded_down():
    assert adjust(7, resistances=1) == 3
    assert adjust(1, resistances=1) == 0


def test_ruling_9_vulnerability_rounds_half_up():
    assert adjust(7, vulnerabilities=1) == 11
    assert adjust(5, vulnerabilities=1) == 8
    assert adjust(4, vulnerabilities=1) == 6


def test_ruling_9_stacks_cancel_one_to_one_and_never_compound():
    assert adjust(10, resistances=1, vulnerabilities=1) == 10
    assert adjust(10, resistances=3) == 5
    assert adjust(10, resistances=3, vulnerabilities=1) == 5
    assert adjust(10, resistances=1, vulnerabilities=4) == 15


@given(st.integers(0, 10_000), st.integers(0, 5), st.integers(0, 5))
def test_property_adjust_depends_only_on_the_net(amount, resist, vulnerable):
    result = adjust(amount, resist, vulnerable)
    if resist > vulnerable:
        assert result == amount // 2
    elif vulnerable > resist:
        assert result == int(amount * 3 / 2 + 0.5) or result == (3 * amount + 1) // 2
        assert amount <= result <= amount * 2
    else:
        assert result == amount


def test_adjust_refuses_bad_input():
    with pytest.raises(DamageError):
        adjust(-1)
    with pytest.raises(DamageError):
        adjust(5, resistances=-1)


def test_damage_taken_counts_stacks_from_lists_or_mappings():
    assert damage_taken(9, "fire", resistances=["fire"]).amount == 4
    assert damage_taken(9, "fire", resistances={"fire": 2}, vulnerabilities=["fire"]).amount == 4
    cancelled = damage_taken(9, "fire", resistances=["fire"], vulnerabilities=["Fire"])
    assert cancelled.amount == 9 and "cancel" in cancelled.reason
    assert damage_taken(9, "cold", resistances=["fire"]).amount == 9


def test_immunity_beats_everything():
    taken = damage_taken(30, "poison", immunities=["poison"], vulnerabilities=["poison"])
    assert taken.amount == 0 and taken.reason == "immune to poison"


def test_ruling_10_objects_are_immune_to_psychic_and_poison():
    for kind in ("psychic", "poison"):
        taken = damage_taken(12, kind, is_object=True)
        assert taken.amount == 0 and "ruling 10" in taken.reason
    assert damage_taken(12, "acid", is_object=True, resistances=["acid"]).amount == 6


def test_ruling_10_unavoidable_damage_needs_no_roll_and_cannot_be_negated():
    damage = Damage(8, "force", unavoidable=True)
    assert not damage.needs_attack_roll and not damage.negatable_by_reaction
    normal = Damage(8, "force")
    assert normal.needs_attack_roll and normal.negatable_by_reaction


def test_ruling_10_non_lethal_damage_is_physical_only():
    assert Damage(3, "blunt", non_lethal=True).non_lethal
    with pytest.raises(DamageError, match="physical"):
        Damage(3, "psychic", non_lethal=True)


def test_ruling_8_pc_crit_maximises_every_die_and_applies_the_effect():
    result = roll_damage("1d12 + 1d4 + 4", "cut", critical=True, player_character=True)
    assert result.total == 20 and result.maximised
    assert result.critical_effect == "bleeding"


def test_ruling_8_npc_crit_applies_only_the_effect():
    result = roll_damage("1d12 + 4", "blunt", critical=True, faces=[3])
    assert result.total == 7 and not result.maximised
    assert result.critical_effect == "staggered"


def test_ruling_8_save_targeting_damage_is_never_maximised():
    assert not maximises_damage(critical=True, player_character=True, save_targeting=True)
    result = roll_damage(
        "8d6",
        "fire",
        critical=True,
        player_character=True,
        save_targeting=True,
        rng=random.Random(1),
    )
    assert not result.maximised and result.critical_effect is None


def test_damage_roll_never_goes_below_zero():
    assert roll_damage("1d4 - 5", "cut", faces=[2]).total == 0


def test_critical_effect_lookup():
    assert critical_effect("Radiant") == "illuminated"
