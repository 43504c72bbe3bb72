"""Undo by snapshot: every encounter operation returns a `Change` with the state before and after.

Why snapshots rather than a hand-written inverse per operation: an attack touches the attacker's
declaration, the target's HP and statuses and the log at once, and an advance of the phase may
tick statuses and apply damage over time to a dozen creatures. Restoring a copy of the state is
exact for all of them by construction, and `undo()`/`redo()` are idempotent, so a QUndoCommand
can call `redo()` on push after the operation already ran. The battle map is not part of the
snapshot: encounter operations never change it (map edits have their own commands).

A snapshot copies only what its operation may change (`operation.py`): the combatants in its
scope and their declarations, plus the small round state (round, phase, defense, initiative,
settings, the GM's catalogue entries). Editing one creature's HP in a fight of 300 copies one
creature, not 300. Restores update surviving Combatant objects in place, so a view holding one
stays valid.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.declaration import Declaration, RoundState
from drase_desktop.encounter.log import LogEntry

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

T = TypeVar("T")

# The scope of an operation that may change any combatant (a phase step, a rest).
EVERYONE: None = None


def copy_declaration(declaration: Declaration) -> Declaration:
    """An independent copy (its lists copied; every other field is immutable)."""
    clone = object.__new__(Declaration)
    state = vars(declaration).copy()
    state["actions"] = list(state["actions"])
    state["free_actions"] = list(state["free_actions"])
    state["used"] = list(state["used"])
    state["targets"] = list(state.get("targets", ()))
    vars(clone).update(state)
    return clone


@dataclass(frozen=True)
class Snapshot:
    """What an operation may change, copied. `scope` names the combatants copied (None: all);
    `every_declaration`: every declaration is copied, not just those of the scope."""

    scope: frozenset[str] | None
    every_declaration: bool
    combatants: dict[str, Combatant]
    order: tuple[str, ...]
    declarations: dict[str, Declaration]
    declaration_order: tuple[str, ...]
    defense: dict[str, int]
    initiative: dict[str, int]
    round: int
    phase_index: int
    settings: Any
    ruleset_key: str
    name: str
    custom_statuses: tuple[Any, ...]
    custom_actions: tuple[Any, ...] = ()

    def covers(self, combatant_id: str) -> bool:
        return self.scope is None or combatant_id in self.scope

    def round_part(self) -> tuple[Any, ...]:
        return (
            self.round,
            self.phase_index,
            self.declarations,
            self.defense,
            self.initiative,
            self.settings,
            self.ruleset_key,
            self.name,
            self.custom_statuses,
            self.custom_actions,
        )


def take_snapshot(
    encounter: Encounter,
    scope: Collection[str] | None = EVERYONE,
    *,
    every_declaration: bool = False,
) -> Snapshot:
    """Copy the encounter's state; with a `scope`, only those combatants and their declarations
    (every declaration too with `every_declaration`: a new round clears them all)."""
    combatants = encounter.combatants
    declarations = encounter.round_state.declarations
    frozen_scope = None if scope is None else frozenset(scope)
    if frozen_scope is None:
        kept = {cid: combatant.copy() for cid, combatant in combatants.items()}
    else:
        kept = {cid: combatants[cid].copy() for cid in frozen_scope if cid in combatants}
    every_declaration = every_declaration or frozen_scope is None
    if every_declaration:
        declared = {cid: copy_declaration(d) for cid, d in declarations.items()}
    else:
        declared = {
            cid: copy_declaration(declarations[cid])
            for cid in frozen_scope or ()
            if cid in declarations
        }
    return Snapshot(
        scope=frozen_scope,
        every_declaration=every_declaration,
        combatants=kept,
        order=tuple(combatants),
        declarations=declared,
        declaration_order=tuple(declarations),
        defense=dict(encounter.round_state.defense),
        initiative=dict(encounter.round_state.initiative),
        round=encounter.round,
        phase_index=encounter.phase_index,
        settings=copy.deepcopy(encounter.settings),
        ruleset_key=encounter.ruleset.key,
        name=encounter.name,
        custom_statuses=tuple(encounter.custom_statuses),
        custom_actions=tuple(encounter.custom_actions),
    )


def _in_order(items: dict[str, Any], order: tuple[str, ...]) -> None:
    """Put the dict's keys back in `order` (an undone removal re-enters at its old place)."""
    if tuple(items) != order:
        ordered = [(key, items[key]) for key in order if key in items]
        ordered.extend((key, value) for key, value in items.items() if key not in order)
        items.clear()
        items.update(ordered)


def restore_snapshot(encounter: Encounter, snapshot: Snapshot) -> None:
    # Copy again so the snapshot stays pristine for the next undo or redo.
    current = encounter.combatants
    ids: Iterable[str] = (
        set(current) | set(snapshot.order) if snapshot.scope is None else snapshot.scope
    )
    for combatant_id in ids:
        saved = snapshot.combatants.get(combatant_id)
        if saved is None:
            current.pop(combatant_id, None)
            continue
        fresh = saved.copy()
        existing = current.get(combatant_id)
        if existing is not None:
            vars(existing).update(vars(fresh))
        else:
            current[combatant_id] = fresh
    _in_order(current, snapshot.order)
    if snapshot.every_declaration:
        declarations = {cid: copy_declaration(d) for cid, d in snapshot.declarations.items()}
        encounter.round_state = RoundState(declarations=declarations)
    else:
        assert snapshot.scope is not None
        declarations = encounter.round_state.declarations
        for combatant_id in snapshot.scope:
            saved_declaration = snapshot.declarations.get(combatant_id)
            if saved_declaration is None:
                declarations.pop(combatant_id, None)
            else:
                declarations[combatant_id] = copy_declaration(saved_declaration)
        _in_order(declarations, snapshot.declaration_order)
    encounter.round_state.defense = dict(snapshot.defense)
    encounter.round_state.initiative = dict(snapshot.initiative)
    encounter.round = snapshot.round
    encounter.phase_index = snapshot.phase_index
    encounter.settings = copy.deepcopy(snapshot.settings)
    encounter.set_ruleset_key(snapshot.ruleset_key)
    encounter.name = snapshot.name
    encounter.custom_statuses = list(snapshot.custom_statuses)
    encounter.custom_actions = list(snapshot.custom_actions)


def changed_combatants(before: Snapshot, after: Snapshot) -> tuple[str, ...]:
    """Combatants added, removed or changed between two snapshots of the same scope, in the
    order after then before."""
    ids = set(before.order) ^ set(after.order)
    ids |= {
        cid
        for cid, combatant in after.combatants.items()
        if cid in before.combatants and vars(before.combatants[cid]) != vars(combatant)
    }
    order = after.order + before.order
    return tuple(dict.fromkeys(c for c in order if c in ids))


class Change(Generic[T]):
    """What one operation did, and how to take it back.

    - `description`: text for the undo command ("Move Aldric").
    - `changed_ids`: combatants added, removed or changed (look each up; a missing id was removed).
    - `round_changed`: round, phase, declarations, defense, initiative or settings changed.
    - `log_entries`: the entries the operation wrote.
    - `result`: what the operation returns besides (an `AttackResult`, a roll, ...).
    """

    def __init__(
        self,
        encounter: Encounter,
        description: str,
        before: Snapshot,
        after: Snapshot,
        log_start: int,
        log_entries: tuple[LogEntry, ...],
        result: T,
    ) -> None:
        self._encounter = encounter
        self.description = description
        self._before = before
        self._after = after
        self._log_start = log_start
        self.log_entries = log_entries
        self.result: T = result
        self.changed_ids: tuple[str, ...] = changed_combatants(before, after)
        self.round_changed = before.round_part() != after.round_part()

    @property
    def log_changed(self) -> bool:
        return bool(self.log_entries)

    def undo(self) -> None:
        restore_snapshot(self._encounter, self._before)
        self._encounter.log.truncate(self._log_start)

    def redo(self) -> None:
        restore_snapshot(self._encounter, self._after)
        self._encounter.log.truncate(self._log_start)
        self._encounter.log.extend(self.log_entries)

    def __repr__(self) -> str:
        return f"Change({self.description!r}, ids={self.changed_ids}, round={self.round_changed})"
