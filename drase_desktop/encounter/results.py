"""What a move and an attack return (as `Change.result`)."""

from __future__ import annotations

from dataclasses import dataclass

from drase_desktop.encounter.combatant import Position


@dataclass(frozen=True)
class MoveResult:
    """A move: its cost in tiles (0 when forced), the path, how many tiles the creature
    dropped (ground height lost; a forced drop of 1+ tiles opens the fall rules, ruling 20),
    and whether it was placed (Setup, or put on the map) rather than moved."""

    cost: float
    path: tuple[Position, ...]
    drop: int = 0
    placed: bool = False


@dataclass(frozen=True)
class AttackResult:
    attacker_id: str
    target_id: str
    weapon: str
    expression: str
    roll_text: str
    total: int | None
    natural: int | None
    target_number: int | None
    hit: bool
    critical: bool
    damage_rolled: int = 0
    damage_dealt: int = 0
    damage_type: str = ""
    status_applied: str | None = None
    reason: str = ""
    # The ruleset's judge hit only because of a natural 20 (Drase; the Crawler has no such rule).
    natural_hit: bool = False
