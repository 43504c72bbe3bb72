"""Hit points: damage, healing and incapacitation (ruling 11)."""

from __future__ import annotations

from dataclasses import dataclass

from drase_desktop.refusal import Refusal


class HealthError(Refusal):
    """An HP change the rules cannot apply."""


def is_incapacitated(hp: int) -> bool:
    """Ruling 11: a creature at or below 0 HP is Incapacitated. The encounter checks it at the
    two points the round names (GM Resolution and GM End Round Resolution)."""
    return hp <= 0


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


def heal(hp: int, max_hp: int, amount: int) -> HpChange:
    """HP after healing `amount`, never above `max_hp`."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise HealthError(f"healing must be a whole number of 0 or more, not {amount!r}")
    if max_hp < 1:
        raise HealthError(f"max HP must be 1 or more, not {max_hp}")
    after = max(hp, min(max_hp, hp + amount))
    return HpChange(hp, after, is_incapacitated(after), False)
