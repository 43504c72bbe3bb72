"""Undo by snapshot: every encounter operation returns a `Change` with the state before and after.

Why snapshots rather than a hand-written inverse per operation: an attack touches the attacker's
declaration, the target's HP and statuses and the log at once, and an advance of the phase may
tick statuses and apply damage over time to a dozen creatures. Restoring a copy of the (small)
state is exact for all of them by construction, and `undo()`/`redo()` are idempotent, so a
QUndoCommand can call `redo()` on push after the operation already ran. The battle map is not part
of the snapshot: encounter operations never change it (map edits have their own commands).
Restores update surviving Combatant objects in place, so a view holding one stays valid.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.declaration import RoundState
from drase_desktop.encounter.log import LogEntry

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


@dataclass(frozen=True)
class Snapshot:
    combatants: dict[str, Combatant]
    round: int
    phase_index: int
    round_state: RoundState
    settings: Any
    ruleset_key: str
    name: str
    custom_statuses: tuple[Any, ...]
    custom_actions: tuple[Any, ...] = ()

    def round_part(self) -> tuple[Any, ...]:
        return (
            self.round,
            self.phase_index,
            self.round_state,
            self.settings,
            self.ruleset_key,
            self.name,
            self.custom_statuses,
            self.custom_actions,
        )


def _copy_combatants(combatants: dict[str, Combatant]) -> dict[str, Combatant]:
    return {cid: combatant.copy() for cid, combatant in combatants.items()}


def take_snapshot(encounter: Encounter) -> Snapshot:
    return Snapshot(
        combatants=_copy_combatants(encounter.combatants),
        round=encounter.round,
        phase_index=encounter.phase_index,
        round_state=copy.deepcopy(encounter.round_state),
        settings=copy.deepcopy(encounter.settings),
        ruleset_key=encounter.ruleset.key,
        name=encounter.name,
        custom_statuses=tuple(encounter.custom_statuses),
        custom_actions=tuple(encounter.custom_actions),
    )


def restore_snapshot(encounter: Encounter, snapshot: Snapshot) -> None:
    # Copy again so the snapshot stays pristine for the next undo or redo.
    fresh = _copy_combatants(snapshot.combatants)
    current = encounter.combatants
    restored: dict[str, Combatant] = {}
    for combatant_id, combatant in fresh.items():
        existing = current.get(combatant_id)
        if existing is not None:
            vars(existing).update(vars(combatant))
            restored[combatant_id] = existing
        else:
            restored[combatant_id] = combatant
    current.clear()
    current.update(restored)
    encounter.round = snapshot.round
    encounter.phase_index = snapshot.phase_index
    encounter.round_state = copy.deepcopy(snapshot.round_state)
    encounter.settings = copy.deepcopy(snapshot.settings)
    encounter._set_ruleset_key(snapshot.ruleset_key)
    encounter.name = snapshot.name
    encounter.custom_statuses = list(snapshot.custom_statuses)
    encounter.custom_actions = list(snapshot.custom_actions)


class Change:
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
        result: Any = None,
    ) -> None:
        self._encounter = encounter
        self.description = description
        self._before = before
        self._after = after
        self._log_start = log_start
        self.log_entries = log_entries
        self.result = result
        ids = set(before.combatants) ^ set(after.combatants)
        ids |= {
            cid
            for cid in set(before.combatants) & set(after.combatants)
            if before.combatants[cid] != after.combatants[cid]
        }
        order = list(after.combatants) + list(before.combatants)
        self.changed_ids: tuple[str, ...] = tuple(dict.fromkeys(c for c in order if c in ids))
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
