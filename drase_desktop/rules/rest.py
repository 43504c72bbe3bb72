"""Short and long rests (combat text, Resting).

Rulings the program makes on this text (shown to the GM through `Rest.notes`):
- "Mana limit (2x your mana amount per long rest)": mana regained by short rests between two
  long rests is at most twice the mana a long rest gives; a short rest refills mana toward the
  maximum within what is left of that limit.
- Focus refills fully on a short or a long rest.
- A long rest heals 25% of max HP (well-rested with focus or mana), else 10% of max HP without
  taking HP above 50% of max. Percentages are rounded down; the healing follows ruling 49
  (`health.heal`): it raises HP at most to max and never lowers HP already above max.
"""

from __future__ import annotations

from dataclasses import dataclass

from drase_desktop.refusal import Refusal
from drase_desktop.rules.health import heal as healed

SHORT_REST_MINUTES = 15
LONG_REST_HOURS = 8
MANA_LIMIT_FACTOR = 2


class RestError(Refusal):
    """Resource values a rest cannot work with."""


@dataclass(frozen=True)
class Resources:
    """A creature's restable resources. `mana_max` is the mana a long rest gives;
    `mana_regained` counts mana regained by short rests since the last long rest. HP may be
    above max (ruling 49: a feat or an item raised it)."""

    hp: int
    max_hp: int
    mana: int = 0
    mana_max: int = 0
    focus: int = 0
    focus_max: int = 0
    mana_regained: int = 0

    def __post_init__(self) -> None:
        for name in ("max_hp", "mana", "mana_max", "focus", "focus_max", "mana_regained"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RestError(f"{name.replace('_', ' ')} must be a whole number >= 0")

    @property
    def mana_limit(self) -> int:
        return MANA_LIMIT_FACTOR * self.mana_max

    @property
    def has_focus_or_mana(self) -> bool:
        return self.focus_max > 0 or self.mana_max > 0


@dataclass(frozen=True)
class Rest:
    """The resources after a rest and what changed, in words for the log."""

    after: Resources
    notes: tuple[str, ...]


def short_rest(before: Resources) -> Rest:
    """About 15 minutes: focus refills; mana refills up to the mana limit."""
    room = before.mana_limit - before.mana_regained
    gained = max(0, min(before.mana_max - before.mana, room))
    after = Resources(
        hp=before.hp,
        max_hp=before.max_hp,
        mana=before.mana + gained,
        mana_max=before.mana_max,
        focus=max(before.focus, before.focus_max),
        focus_max=before.focus_max,
        mana_regained=before.mana_regained + gained,
    )
    notes = [f"focus {before.focus} -> {after.focus}"] if before.focus_max else []
    if before.mana_max:
        notes.append(
            f"mana {before.mana} -> {after.mana} "
            f"({after.mana_regained} of the {before.mana_limit} short-rest limit used)"
        )
    return Rest(after, tuple(notes))


def long_rest(before: Resources, *, well_rested: bool = True) -> Rest:
    """About 8 hours: focus and mana refill (the day's mana, the short-rest limit resets);
    HP: 25% of max if well-rested with focus or mana, else 10% up to half of max."""
    if before.max_hp < 1:
        raise RestError("max HP must be 1 or more for a long rest to heal")
    if well_rested and before.has_focus_or_mana:
        hp = healed(before.hp, before.max_hp, before.max_hp // 4).after
        hp_note = f"HP {before.hp} -> {hp} (25% of {before.max_hp}: well-rested with focus/mana)"
    else:
        ceiling = before.max_hp // 2
        hp = healed(before.hp, before.max_hp, before.max_hp // 10, up_to=ceiling).after
        hp_note = f"HP {before.hp} -> {hp} (10% of {before.max_hp}, no higher than {ceiling})"
    if before.hp > before.max_hp:
        hp_note += f"; above max {before.max_hp}, healing leaves it (ruling 49)"
    after = Resources(
        hp=hp,
        max_hp=before.max_hp,
        mana=max(before.mana, before.mana_max),
        mana_max=before.mana_max,
        focus=max(before.focus, before.focus_max),
        focus_max=before.focus_max,
        mana_regained=0,
    )
    notes = [hp_note]
    if before.focus_max:
        notes.append(f"focus {before.focus} -> {after.focus}")
    if before.mana_max:
        notes.append(f"mana {before.mana} -> {after.mana}")
    return Rest(after, tuple(notes))
