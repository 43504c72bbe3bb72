"""Displacement stacking (combat text, Special Rules): of several displacements on one creature
in a round only one takes effect: the strongest degree, then the highest roll, then the last
rolled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from drase_desktop.refusal import Refusal


class DisplacementError(Refusal):
    """Nothing to resolve, or a displacement that makes no sense."""


@dataclass(frozen=True)
class Displacement:
    """A displacement that hit: its `degree` (e.g. tiles pushed), its direction, the attack roll
    that landed it, and `order`, when it was rolled (higher is later)."""

    degree: int
    vector: tuple[int, int]
    roll: int
    order: int
    source: str = ""

    def __post_init__(self) -> None:
        if self.degree < 0:
            raise DisplacementError(f"a displacement's degree cannot be negative ({self.degree})")


def away_from(source: tuple[int, int], target: tuple[int, int]) -> tuple[int, int]:
    """The unit step (one of the eight directions) that pushes `target` straight away from
    `source`; (0, 0) when they share a tile."""
    dx, dy = target[0] - source[0], target[1] - source[1]
    return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))


@dataclass(frozen=True)
class Resolution:
    winner: Displacement
    reason: str


def resolve(displacements: Sequence[Displacement]) -> Resolution:
    """The one displacement that takes effect, and why it won."""
    if not displacements:
        raise DisplacementError("no displacement to resolve")
    winner = max(displacements, key=lambda d: (d.degree, d.roll, d.order))
    if len(displacements) == 1:
        return Resolution(winner, "the only displacement this round")
    same_degree = [d for d in displacements if d.degree == winner.degree]
    if len(same_degree) == 1:
        return Resolution(winner, f"strongest degree ({winner.degree})")
    if len({d.vector for d in same_degree}) == 1:
        return Resolution(winner, f"strongest degree ({winner.degree}), same direction")
    same_roll = [d for d in same_degree if d.roll == winner.roll]
    if len(same_roll) == 1:
        return Resolution(winner, f"same degree; highest roll ({winner.roll})")
    return Resolution(winner, "same degree and roll; the last rolled")
