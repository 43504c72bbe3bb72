"""Hit points: damage, healing and incapacitation (ruling 11), and how hurt a creature is."""

from __future__ import annotations

from dataclasses import dataclass

from drase_desktop.refusal import Refusal


class HealthError(Refusal):
    """An HP change the rules cannot apply."""


def is_incapacitated(hp: int) -> bool:
    """Ruling 11: a creature at or below 0 HP is Incapacitated. The encounter checks it at the
    two points the round names (GM Resolution and GM End Round Resolution)."""
    return hp <= 0


# How hurt a creature is, in bands every view of it shows alike (the GM's list and tokens colour
# by them; the players learn "unhurt", "wounded", "bloodied" or "down"). Bloodied is half its HP
# or less, badly hurt a quarter or less, down at 0 or below (ruling 11).
UNHURT = "unhurt"
WOUNDED = "wounded"
BLOODIED = "bloodied"
BADLY_HURT = "badly hurt"
DOWN = "down"


def health_band(hp: int, max_hp: int) -> str:
    """UNHURT, WOUNDED, BLOODIED (half of `max_hp` or less), BADLY_HURT (a quarter or less) or
    DOWN (at or below 0 HP: incapacitated once the round checks it, ruling 11)."""
    if is_incapacitated(hp):
        return DOWN
    if hp * 4 <= max_hp:
        return BADLY_HURT
    if hp * 2 <= max_hp:
        return BLOODIED
    return WOUNDED if hp < max_hp else UNHURT


def is_bloodied(hp: int, max_hp: int) -> bool:
    """Half its HP or less (badly hurt and down included)."""
    return health_band(hp, max_hp) in (BLOODIED, BADLY_HURT, DOWN)


@dataclass(frozen=True)
class HpChange:
    before: int
    after: int
    incapacitated: bool
    newly_incapacitated: bool


def take_damage(hp: int, damage: int) -> HpChange:
    """HP after `damage` (HP may go below 0: the text tracks "at or below 0")."""
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise HealthError(f"damage must be a whole number of 0 or more, not {damage!r}")
    after = hp - damage
    return HpChange(hp, after, is_incapacitated(after), is_incapacitated(after) and hp > 0)


def heal(hp: int, max_hp: int, amount: int, *, up_to: int | None = None) -> HpChange:
    """HP after healing `amount` (ruling 49): healing never lowers HP, so HP already above max
    (a feat or an item raised it) stays as it is; it raises HP at most to `max_hp`, or to
    `up_to` when a rule sets a lower ceiling (a long rest's 50% of max)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise HealthError(f"healing must be a whole number of 0 or more, not {amount!r}")
    if max_hp < 1:
        raise HealthError(f"max HP must be 1 or more, not {max_hp}")
    ceiling = max_hp if up_to is None else min(max_hp, up_to)
    after = max(hp, min(ceiling, hp + amount))
    return HpChange(hp, after, is_incapacitated(after), False)
