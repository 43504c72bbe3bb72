"""The encounter: a battle map, its combatants, a ruleset, the round and phase, and the log.

Every public method that changes anything is an operation: it checks its input, changes the
encounter, logs what it did and returns a `Change` (see `change.py`) whose `undo()`/`redo()` the
window wraps in one QUndoCommand. If anything goes wrong midway the encounter is restored and the
error (a ValueError subclass with a GM-readable message) propagates: bad input never leaves a
half-done change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT, DOUBLE
from drase_desktop.encounter.attack_operations import AttackOperations
from drase_desktop.encounter.change import Change
from drase_desktop.encounter.combatant import (
    SURPRISED,
    Combatant,
    CombatantError,
    Position,
)
from drase_desktop.encounter.declaration import (
    Declaration,
    RoundState,
    movement_multiplier,
)
from drase_desktop.encounter.declaration_operations import (
    DeclarationOperations,
    declaration_data,
    describe_declaration,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.health_operations import HealthOperations
from drase_desktop.encounter.log import Log, LogEntry
from drase_desktop.encounter.movement_operations import MovementOperations
from drase_desktop.encounter.operation import operation, run
from drase_desktop.encounter.phase import Phase
from drase_desktop.encounter.results import AttackResult, MoveResult
from drase_desktop.encounter.round_operations import RoundOperations
from drase_desktop.encounter.ruleset import Ruleset, ruleset_for
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.status_operations import StatusOperations
from drase_desktop.file_reading import excerpt_text
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules import status as status_rules
from drase_desktop.rules.dice import Roll

__all__ = [
    "DIAGONAL_RULES",
    "AttackResult",
    "Encounter",
    "EncounterError",
    "EncounterSettings",
    "MoveResult",
    "declaration_data",
    "describe_declaration",
]

T = TypeVar("T")


@dataclass
class EncounterSettings:
    """Per-encounter GM settings. `diagonal`: "double" (standard) or "circle" (rulings 18, 19)."""

    diagonal: str = DOUBLE
    third_party_turn: bool = False
    # How far (tiles) the players' tokens see when the GM reveals what they see; None: as far
    # as lines of sight and light reach. A bound keeps a reveal on a huge open map quick.
    sight_range: int | None = None


class Encounter(
    MovementOperations,
    HealthOperations,
    StatusOperations,
    DeclarationOperations,
    AttackOperations,
    RoundOperations,
):
    def __init__(
        self,
        battle_map: Any,
        combatants: Iterable[Combatant] = (),
        ruleset: str | Ruleset = "drase",
        *,
        name: str = "",
        settings: EncounterSettings | None = None,
        rng: random.Random | None = None,
        status_catalogue: status_rules.StatusCatalogue | None = None,
    ) -> None:
        self.battle_map = battle_map
        self.combatants: dict[str, Combatant] = {}
        for combatant in combatants:
            if combatant.id in self.combatants:
                raise EncounterError(f"Two combatants share the id {combatant.id!r}")
            self.combatants[combatant.id] = combatant
        self.ruleset: Ruleset = ruleset_for(ruleset)
        self.name = name
        self.settings = settings or EncounterSettings()
        if self.settings.diagonal not in DIAGONAL_RULES:
            raise EncounterError(f"Diagonal rule must be {DIAGONAL_RULES_TEXT}")
        self.round = 0
        self.phase_index = 0
        self.round_state = RoundState()
        self.log = Log()
        self.rng = rng if rng is not None else random.Random()
        self._base_statuses = status_catalogue or status_rules.default_catalogue()
        # GM-added status effects (ruling 14), kept in the encounter file.
        self.custom_statuses: list[status_rules.StatusEffect] = []
        self._base_actions = action_rules.default_catalogue()
        # GM-added actions (ruling 15), kept in the encounter file.
        self.custom_actions: list[action_rules.Action] = []
        # What the players have seen; its own undoable operations (fog.py). All revealed at first.
        self.fog = Fog.for_map(battle_map) if hasattr(battle_map, "width") else None
        # Token art by content key (portraits.py); only grows, so undo never needs it back.
        self.portraits: dict[str, bytes] = {}

    # ------------------------------------------------------------------ reading
    @property
    def status_catalogue(self) -> status_rules.StatusCatalogue:
        """The shipped status effects plus the GM's own (a GM entry replaces a shipped one)."""
        return self._base_statuses.overridden_by(self.custom_statuses)

    @property
    def action_catalogue(self) -> action_rules.ActionCatalogue:
        """The shipped actions plus the GM's own (a GM entry replaces a shipped one)."""
        return self._base_actions.overridden_by(self.custom_actions)

    @property
    def _actions(self) -> action_rules.ActionCatalogue:
        return self.action_catalogue

    def combatant(self, combatant_id: str) -> Combatant:
        try:
            return self.combatants[combatant_id]
        except KeyError:
            raise EncounterError(f"No combatant with id {combatant_id!r}") from None

    def side_group(self, side: str) -> str:
        """ "players", "gm" or "third-party": whose phases a side acts and ticks in."""
        if side == "players":
            return "players"
        if side == "gm" or not self.settings.third_party_turn:
            return "gm"
        return "third-party"

    def sides(self) -> list[str]:
        return sorted({c.side for c in self.combatants.values()})

    def phase_sides(self, phase: Phase | None = None) -> set[str]:
        phase = phase or self.phase
        if phase.actors == "nobody":
            return set()
        if phase.actors == "all":
            return set(self.sides())
        if phase.actors == "sides":
            return set(phase.sides)
        return {s for s in self.sides() if self.side_group(s) == phase.actors}

    def acting_creatures(self, phase: Phase | None = None) -> list[Combatant]:
        """Who acts in the phase: the creatures of its sides that are not incapacitated, in
        the encounter's order (the Round dock, the TV's frame and a seat read it)."""
        sides = self.phase_sides(phase)
        return [c for c in self.combatants.values() if c.side in sides and not c.incapacitated]

    def declaration(self, combatant_id: str) -> Declaration:
        """This round's declaration (an empty one when nothing is declared yet)."""
        self.combatant(combatant_id)
        return self.round_state.declarations.get(combatant_id, Declaration())

    def defense(self, combatant_id: str) -> int:
        return self.round_state.defense.get(combatant_id, 0)

    def occupied(self, exclude: str | None = None) -> dict[Position, str]:
        tiles: dict[Position, str] = {}
        for combatant in self.combatants.values():
            if combatant.id != exclude:
                for tile in combatant.tiles():
                    tiles[tile] = combatant.id
        return tiles

    def movement_allowance(self, combatant_id: str) -> float:
        """Tiles the combatant may still move this round (ignoring forced moves)."""
        return max(0.0, self.round_allowance(combatant_id) - self.declaration(combatant_id).moved)

    def round_allowance(self, combatant_id: str) -> float:
        """Tiles the combatant may move in the whole round, spent or not (Dash included; a
        fighting withdrawal halves it; a declared movement caps it)."""
        combatant = self.combatant(combatant_id)
        declaration = self.declaration(combatant_id)
        allowance = float(combatant.speed)
        if declaration.defensive == "fighting withdrawal":
            allowance = combatant.speed / 2
        elif self.ruleset.declares_actions:
            allowance = float(combatant.speed) * movement_multiplier(declaration.actions)
            if declaration.movement is not None:
                allowance = min(allowance, float(declaration.movement))
        return allowance

    # ------------------------------------------------------------------ machinery
    def run_operation(self, operation: Callable[[], tuple[str, T]]) -> Change[T]:
        """Run a closure as an operation that may change any combatant (prefer `@operation`,
        which copies only what the operation declares it changes)."""
        return run(self, operation)

    def set_ruleset_key(self, key: str) -> None:
        self.ruleset = ruleset_for(key)

    def log_event(self, kind: str, text: str, **data: Any) -> LogEntry:
        return self.log.append(LogEntry.logged(self.round, self.phase.key, kind, text, data))

    def log_roll(self, text: str, rolled: Roll, **data: Any) -> LogEntry:
        """A roll in the log: the words, and the dice's expression and total beside `data`."""
        return self.log_event(
            "roll", text, **data, expression=rolled.expression, total=rolled.total
        )

    def log_roll_total(self, purpose: str, text: str, total: int, **data: Any) -> LogEntry:
        """A roll in the log by its purpose and total (one rolled apart, or set by the GM)."""
        return self.log_event("roll", text, **data, total=total, roll=purpose)

    def declaration_for_update(self, combatant_id: str) -> Declaration:
        return self.round_state.declarations.setdefault(combatant_id, Declaration())

    def lock_declaration(self, combatant: Combatant, why: str) -> None:
        """Ruling 16: a roll for the combatant locks its declaration for the round."""
        if self.round == 0:
            return
        declaration = self.declaration_for_update(combatant.id)
        if not declaration.locked:
            declaration.locked = True
            self.log_event(
                "lock",
                f"{combatant.name}'s declaration is locked ({why}; ruling 16)",
                combatant=combatant.id,
            )

    def inability(self, combatant: Combatant, doing: str) -> str | None:
        """Why the combatant cannot act (`doing` names the act: "move"), or None when it can."""
        if combatant.incapacitated:
            return f"{combatant.name} is incapacitated and cannot {doing}"
        if self.is_surprised(combatant):
            return (
                f"{combatant.name} is surprised and loses its actions in round 1, so it cannot"
                f" {doing}"
            )
        return None

    def require_able(self, combatant: Combatant, doing: str) -> None:
        why = self.inability(combatant, doing)
        if why is not None:
            raise EncounterError(why)

    def is_surprised(self, combatant: Combatant) -> bool:
        """Surprise costs the whole of round 1. Its 1-round status can expire in a tickdown of
        round 1 (the players' comes before the GM's phases), so an expiry logged in round 1
        still counts; a GM who removes the status by hand lets the creature act."""
        return self.surprise_check()(combatant)

    def surprise_check(self) -> Callable[[Combatant], bool]:
        """`is_surprised` for any number of creatures, the log read at most once for all of them
        (a list of hundreds asks for each)."""
        if self.round > 1:
            return lambda combatant: False
        expired: set[str] | None = None

        def surprised(combatant: Combatant) -> bool:
            nonlocal expired
            if combatant.has_status(SURPRISED):
                return True
            if expired is None:
                expired = self._surprise_expired_in_round_1()
            return combatant.id in expired

        return surprised

    def _surprise_expired_in_round_1(self) -> set[str]:
        """The ids of those whose surprise status expired in round 1 (as the log names them)."""
        expired: set[str] = set()
        for entry in self.log:
            if (
                entry.round == 1
                and entry.kind == "status"
                and entry.data.get("expired")
                and entry.data.get("status") == SURPRISED
            ):
                combatant_id = entry.data.get("combatant")
                if isinstance(combatant_id, str):  # an id; anything else names no one
                    expired.add(combatant_id)
        return expired

    # ------------------------------------------------------------------ combatants
    @operation("combatant")
    def add_combatant(self, combatant: Combatant) -> tuple[str, None]:
        if combatant.id in self.combatants:
            raise EncounterError(f"A combatant with id {combatant.id!r} already exists")
        combatant.validate()
        self.check_placement(combatant, combatant.position)
        for status in combatant.statuses:
            self.status_effect(status.name)
        self.join_fight(combatant)
        return f"Add {combatant.name}", None

    def join_fight(self, combatant: Combatant) -> None:
        """Put a checked, placed combatant into the fight, and say so in the log."""
        self.combatants[combatant.id] = combatant
        self.log_event(
            "combatant",
            f"{combatant.name} joins the fight with {side_words(combatant.side)}",
            combatant=combatant.id,
            side=combatant.side,
        )

    @operation("combatant_id")
    def remove_combatant(self, combatant_id: str) -> tuple[str, None]:
        combatant = self.combatant(combatant_id)
        del self.combatants[combatant_id]
        self.round_state.declarations.pop(combatant_id, None)
        self.round_state.defense.pop(combatant_id, None)
        self.log_event("combatant", f"{combatant.name} leaves the fight", combatant=combatant_id)
        return f"Remove {combatant.name}", None

    @operation("combatant_id")  # type: ignore[arg-type]  # mypy loses **values through ParamSpec
    def update_combatant(self, combatant_id: str, **values: Any) -> tuple[str, None]:
        """Edit fields (name, side, max_hp, ac_bonus, attributes, weapons, hidden, notes, ...).
        Position, HP and statuses have their own operations so they are logged as such."""
        own = {"position", "hp", "statuses", "id"}
        known = {f.name for f in fields(Combatant)}
        combatant = self.combatant(combatant_id)
        bad = set(values) - known
        if bad:
            raise EncounterError(f"Unknown combatant fields: {', '.join(sorted(bad))}")
        if set(values) & own:
            raise EncounterError("Use move, set_hp and apply_status for position, HP and statuses")
        try:
            edited = replace(combatant, **values)
        except CombatantError as error:
            raise EncounterError(str(error)) from error
        if edited.size != combatant.size:
            self.check_placement(edited, edited.position)
        vars(combatant).update(vars(edited))
        # A long value (notes) is quoted in part: the log line stays a line.
        changes = ", ".join(
            f"{k} = {excerpt_text(v) if isinstance(v, str) else repr(v)}" for k, v in values.items()
        )
        self.log_event("combatant", f"{combatant.name}: {changes}", combatant=combatant_id)
        return f"Edit {combatant.name}", None

    def check_placement(self, combatant: Combatant, position: Position | None) -> None:
        if position is None:
            return
        probe = replace(combatant, position=position)
        taken = self.occupied(exclude=combatant.id)
        for tile in probe.tiles():
            if not self.battle_map.in_bounds(tile):
                raise EncounterError(f"{combatant.name} would stand off the map at {tile}")
            if self.battle_map.terrain(tile) == "blocked":
                raise EncounterError(f"{combatant.name} cannot stand on a blocked tile {tile}")
            if tile in taken:
                other = self.combatants[taken[tile]].name
                raise EncounterError(f"{combatant.name} cannot end on {tile}: {other} is there")
