"""Status effects: the GM-extendable catalogue (`resources/status_effects.json`), instances with
remaining rounds, applying (ruling 12) and ticking down (ruling 13). Pure functions over
immutable data: every function returns new tuples and leaves its inputs alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from drase_desktop.rules.damage import DamageError, damage_type
from drase_desktop.rules.dice import DiceError, parse
from drase_desktop.rules.resource_data import (
    Catalogue,
    CatalogueEntry,
    CatalogueError,
    load_resource,
)

DEFAULT_DURATION = 1
MAX_DURATION = 1000


class StatusError(CatalogueError):
    """A status effect entry or instance the rules cannot use; the message names the field."""


def _duration(value: object, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DURATION:
        raise StatusError(
            f"{where}: duration must be 1 to {MAX_DURATION} rounds, or empty for "
            f"'until removed', not {value!r}"
        )
    return value


@dataclass(frozen=True)
class StatusEffect(CatalogueEntry):
    """A catalogue entry. `duration` None means it lasts until removed (prone, incapacitated);
    `damage` is an optional damage-over-time expression of `damage_type`."""

    what = "status effect"
    error = StatusError
    text_fields = ("description", "note")

    name: str
    duration: int | None = DEFAULT_DURATION
    stackable: bool = False
    damage: str | None = None
    damage_type: str | None = None
    description: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        name = status_name(self.name)
        object.__setattr__(self, "name", name)
        _duration(self.duration, name)
        if not isinstance(self.stackable, bool):
            raise StatusError(f"{name}: stackable must be true or false, not {self.stackable!r}")
        if self.damage is not None:
            try:
                parse(self.damage)
            except DiceError as error:
                raise StatusError(f"{name}: damage over time: {error}") from error
            if self.damage_type is None:
                raise StatusError(f"{name}: damage over time needs a damage type")
        if self.damage_type is not None:
            if self.damage is None:
                raise StatusError(f"{name}: a damage type without a damage expression")
            try:
                object.__setattr__(self, "damage_type", damage_type(self.damage_type))
            except DamageError as error:
                raise StatusError(f"{name}: {error}") from error


def status_name(name: object) -> str:
    """The catalogue key of a status name: lowercase, single-spaced."""
    return StatusEffect.entry_name(name)


class StatusCatalogue(Catalogue[StatusEffect]):
    """Status effects by name. Immutable: `with_effect` returns an extended copy."""

    kind = StatusEffect
    unknown = "no status effect {name!r}; known: {known}"

    def read_entry(self, data: Mapping[str, Any]) -> StatusEffect:
        return StatusEffect.from_dict(data)

    def __getitem__(self, name: str) -> StatusEffect:
        # A status needs a name: an empty or non-text one is refused in words (StatusError),
        # not reported as a missing entry.
        return super().__getitem__(status_name(name))

    def effect(self, name: str) -> StatusEffect:
        """The entry for `name`, or a StatusError listing what exists."""
        return self.entry(name)

    def with_effect(
        self, effect: StatusEffect, *, replace_existing: bool = False
    ) -> StatusCatalogue:
        """A copy with the GM's `effect` added (or replacing the same name when asked)."""
        return self.with_entry(effect, replace_existing=replace_existing)


def default_catalogue() -> StatusCatalogue:
    """The shipped catalogue (ruling 14)."""
    data = load_resource("status_effects.json")
    if not isinstance(data, Mapping) or not isinstance(data.get("status_effects"), list):
        raise StatusError("status_effects.json needs a 'status_effects' list")
    return StatusCatalogue(StatusEffect.from_dict(entry) for entry in data["status_effects"])


@dataclass(frozen=True)
class StatusInstance:
    """A status on a creature: `remaining` rounds (None: until removed) and the round it was
    applied in, which it does not tick down in (ruling 13)."""

    name: str
    remaining: int | None
    applied_round: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", status_name(self.name))
        if self.remaining is not None and (
            isinstance(self.remaining, bool)
            or not isinstance(self.remaining, int)
            or self.remaining < 1
        ):
            raise StatusError(f"{self.name}: remaining rounds must be 1 or more, or empty")
        if isinstance(self.applied_round, bool) or not isinstance(self.applied_round, int):
            raise StatusError(f"{self.name}: the round applied must be a whole number")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "remaining": self.remaining, "applied_round": self.applied_round}

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> StatusInstance:
        try:
            return cls(entry["name"], entry["remaining"], entry["applied_round"])
        except (KeyError, TypeError) as error:
            raise StatusError(
                f"a status needs name, remaining and applied_round: {error}"
            ) from None


def apply_status(
    statuses: Sequence[StatusInstance],
    effect: StatusEffect,
    round_number: int,
    *,
    duration: int | None = None,
) -> tuple[StatusInstance, ...]:
    """Ruling 12: a stackable effect adds a stack with its own duration; re-applying an
    unstackable effect keeps whichever remaining duration is longer."""
    rounds = effect.duration if duration is None else _duration(duration, effect.name)
    new = StatusInstance(effect.name, rounds, round_number)
    if effect.stackable:
        return (*statuses, new)
    for index, old in enumerate(statuses):
        if old.name == effect.name:
            if _longer(new.remaining, old.remaining):
                return (*statuses[:index], new, *statuses[index + 1 :])
            return tuple(statuses)
    return (*statuses, new)


def _longer(new: int | None, old: int | None) -> bool:
    if old is None:
        return False
    # A tie goes to the new application: it does not tick this round (ruling 13) while the old
    # one may, so the new one lasts at least as long.
    return new is None or new >= old


def remove_status(
    statuses: Sequence[StatusInstance], name: str, *, stacks: int | None = None
) -> tuple[StatusInstance, ...]:
    """Remove every stack of `name`, or the `stacks` soonest to expire."""
    key = status_name(name)
    matching = [i for i, s in enumerate(statuses) if s.name == key]
    if not matching:
        raise StatusError(f"the creature has no {key!r} to remove")
    if stacks is not None:
        if stacks < 1:
            raise StatusError(f"remove at least 1 stack of {key}, not {stacks}")
        soonest = sorted(
            matching, key=lambda i: (statuses[i].remaining is None, statuses[i].remaining or 0)
        )
        matching = soonest[:stacks]
    removed = set(matching)
    return tuple(s for i, s in enumerate(statuses) if i not in removed)


@dataclass(frozen=True)
class Tickdown:
    """The statuses after a tickdown, and those that expired in it."""

    remaining: tuple[StatusInstance, ...]
    expired: tuple[StatusInstance, ...]


def tick_down(statuses: Sequence[StatusInstance], round_number: int) -> Tickdown:
    """Ruling 13: every timed status not applied in `round_number` loses one round; those that
    reach 0 expire. The caller ticks players' statuses in the Player Status Effect Tickdown and
    the GM's in the GM Status Effect Tickdown."""
    kept: list[StatusInstance] = []
    expired: list[StatusInstance] = []
    for status in statuses:
        if status.remaining is None or status.applied_round == round_number:
            kept.append(status)
        elif status.remaining <= 1:
            expired.append(status)
        else:
            kept.append(replace(status, remaining=status.remaining - 1))
    return Tickdown(tuple(kept), tuple(expired))


@dataclass(frozen=True)
class DamageOverTime:
    """One stack's damage over time, to roll and apply."""

    status: str
    expression: str
    damage_type: str


def damage_over_time(
    statuses: Sequence[StatusInstance], catalogue: Mapping[str, StatusEffect]
) -> tuple[DamageOverTime, ...]:
    """The damage-over-time rolls the statuses call for, one per stack. A status missing from
    the catalogue is an error, not silently skipped."""
    rolls: list[DamageOverTime] = []
    for status in statuses:
        if status.name not in catalogue:
            raise StatusError(f"status {status.name!r} is not in the catalogue")
        effect = catalogue[status.name]
        if effect.damage is not None and effect.damage_type is not None:
            rolls.append(DamageOverTime(effect.name, effect.damage, effect.damage_type))
    return tuple(rolls)


def names(statuses: Sequence[StatusInstance]) -> frozenset[str]:
    return frozenset(status.name for status in statuses)
