"""A roll's "working": every modifier with where it comes from, shown to the GM before rolling."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import bonus_malus, join

PartKind = Literal["flat", "bonus", "malus"]


class WorkingError(Refusal):
    """A modifier that cannot be part of a roll (a negative count of dice, an unknown kind)."""


@dataclass(frozen=True)
class Part:
    """One labelled modifier: a flat amount, or a count of bonus or malus dice (ruling 6)."""

    label: str
    amount: int
    kind: PartKind = "flat"

    def describe(self) -> str:
        if self.kind == "flat":
            return f"{self.label}: {self.amount:+d}"
        return f"{self.label}: {_count(self.amount, self.kind)}"


@dataclass(frozen=True)
class Working:
    """The d20 roll with its labelled parts; `.expression` is the notation the GM rolls."""

    parts: tuple[Part, ...] = ()
    base: str = "1d20"
    notes: tuple[str, ...] = field(default=())

    def with_part(self, label: str, amount: int, kind: PartKind = "flat") -> Working:
        if kind not in ("flat", "bonus", "malus"):
            raise WorkingError(f"{label}: {kind!r} is not flat, bonus or malus")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise WorkingError(f"{label}: the amount must be a whole number, not {amount!r}")
        if kind != "flat" and amount < 0:
            raise WorkingError(f"{label}: a count of {kind}es cannot be negative ({amount})")
        if amount == 0:
            return self
        return replace(self, parts=(*self.parts, Part(label, amount, kind)))

    def with_note(self, note: str) -> Working:
        return replace(self, notes=(*self.notes, note))

    @property
    def modifier(self) -> int:
        return sum(part.amount for part in self.parts if part.kind == "flat")

    @property
    def bonuses(self) -> int:
        return sum(part.amount for part in self.parts if part.kind == "bonus")

    @property
    def maluses(self) -> int:
        return sum(part.amount for part in self.parts if part.kind == "malus")

    @property
    def net_bonus(self) -> int:
        """Bonuses minus maluses: they cancel 1:1 (ruling 6)."""
        return self.bonuses - self.maluses

    @property
    def expression(self) -> str:
        flat = f"{self.modifier:+d}" if self.modifier else ""
        return join(self.base, flat, bonus_malus(self.bonuses, self.maluses))

    def lines(self) -> list[str]:
        """The working as the GM reads it, one line per part, then the expression."""
        lines = [part.describe() for part in self.parts]
        if self.bonuses and self.maluses:
            net = self.net_bonus
            left = _count(net, "bonus") if net > 0 else _count(-net, "malus") if net else "none"
            lines.append(
                f"{_count(self.bonuses, 'bonus')} and {_count(self.maluses, 'malus')} cancel 1:1"
                f" -> {left}"
            )
        lines.extend(self.notes)
        lines.append(f"roll {self.expression}")
        return lines


def _count(amount: int, noun: str) -> str:
    return f"{amount} {noun if amount == 1 else noun + 'es'}"
