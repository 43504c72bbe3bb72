"""The encounter's state as its operation groups see it.

`Encounter` is assembled from groups of operations (movement, health, statuses, declarations,
attacks, the round), each a class of its own file. Each group reads the encounter's state and
calls helpers that `Encounter` or another group defines; this base class names them, with their
types, so a reader (and mypy) can see what a group may rely on. What it declares is defined by
`Encounter` or by the group noted beside it. Besides those declarations it inherits two real
parts: where the fight stands (`round_clock.py`) and the dice every group rolls through
(`dice_rolls.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from drase_desktop.encounter.dice_rolls import DiceRolls
from drase_desktop.encounter.round_clock import RoundClock

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.combatant import Combatant, Position
    from drase_desktop.encounter.declaration import Declaration
    from drase_desktop.encounter.log import Log, LogEntry
    from drase_desktop.encounter.movement_operations import RoundMove
    from drase_desktop.encounter.phase import Phase
    from drase_desktop.rules.actions import Action, ActionCatalogue
    from drase_desktop.rules.dice import Roll
    from drase_desktop.rules.status import StatusCatalogue, StatusEffect

T = TypeVar("T")


class EncounterState(RoundClock, DiceRolls):
    battle_map: Any
    combatants: dict[str, Combatant]
    name: str
    log: Log
    custom_statuses: list[StatusEffect]
    custom_actions: list[Action]

    if TYPE_CHECKING:
        # Reading (Encounter).
        @property
        def status_catalogue(self) -> StatusCatalogue: ...
        @property
        def action_catalogue(self) -> ActionCatalogue: ...
        @property
        def _actions(self) -> ActionCatalogue: ...
        def combatant(self, combatant_id: str) -> Combatant: ...
        def phase_sides(self, phase: Phase | None = None) -> set[str]: ...
        def declaration(self, combatant_id: str) -> Declaration: ...
        def defense(self, combatant_id: str) -> int: ...
        def occupied(self, exclude: str | None = None) -> dict[Position, str]: ...
        def movement_allowance(self, combatant_id: str) -> float: ...
        def round_allowance(self, combatant_id: str) -> float: ...
        def inability(self, combatant: Combatant, doing: str) -> str | None: ...

        # Machinery (Encounter).
        def run_operation(self, operation: Callable[[], tuple[str, T]]) -> Change[T]: ...
        def log_event(self, kind: str, text: str, **data: Any) -> LogEntry: ...
        def log_roll(self, text: str, rolled: Roll, **data: Any) -> LogEntry: ...
        def log_roll_total(self, purpose: str, text: str, total: int, **data: Any) -> LogEntry: ...
        def declaration_for_update(self, combatant_id: str) -> Declaration: ...
        def lock_declaration(self, combatant: Combatant, why: str) -> None: ...
        def require_able(self, combatant: Combatant, doing: str) -> None: ...
        def check_placement(self, combatant: Combatant, position: Position | None) -> None: ...

        # Defined by one group, used by another.
        def deal_damage(  # HealthOperations
            self, combatant: Combatant, amount: int, kind: str, *, unavoidable: bool, source: str
        ) -> int: ...
        def apply_status_effect(  # StatusOperations
            self,
            combatant: Combatant,
            name: str,
            *,
            duration: int | None = None,
            source: str = "",
        ) -> None: ...
        def log_status(  # StatusOperations
            self, combatant: Combatant, status: str, text: str, **data: Any
        ) -> None: ...
        def blocked_behind(self, combatant_id: str) -> bool: ...  # MovementOperations
        def round_move(self, combatant_id: str) -> RoundMove: ...  # MovementOperations
        def engaged_refusal(self, combatant_id: str) -> str | None: ...  # MovementOperations
        def drop_height(self, combatant_id: str, destination: Position) -> int: ...  # Movement
