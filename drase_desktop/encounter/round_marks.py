"""Where each creature stands in the current round, as marks the combatants list and the map
tokens show alike: must act in this phase, declared, acted, locked, surprised, incapacitated.

The marks are read from the encounter (its phase, declarations, the log's surprise rule); the
window draws them and decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

# In the order they are shown; each with the short sign a token carries and the words a GM reads.
MUST_ACT = "must act"
DECLARED = "declared"
ACTED = "acted"
LOCKED = "locked"
SURPRISED = "surprised"
INCAPACITATED = "incapacitated"
ORDER = (MUST_ACT, DECLARED, ACTED, LOCKED, SURPRISED, INCAPACITATED)
SIGNS = {
    MUST_ACT: "▶",
    DECLARED: "D",
    ACTED: "✓",
    LOCKED: "L",
    SURPRISED: "!",
    INCAPACITATED: "✕",
}
SIGN_SEPARATOR = "\u200a"  # a hair space
MEANINGS = {
    MUST_ACT: "acts in this phase",
    DECLARED: "has declared this round",
    ACTED: "has moved, acted or attacked this round",
    LOCKED: "declaration locked by a roll (ruling 16)",
    SURPRISED: "surprised: loses its actions in round 1",
    INCAPACITATED: "incapacitated",
}


@dataclass(frozen=True)
class RoundMarks:
    marks: tuple[str, ...]

    @cached_property
    def signs(self) -> str:
        """The marks as short signs, e.g. "▶ D L", a hair space apart: a laptop's narrow Round
        column holds four on one line (with thin spaces they wrapped to two)."""
        return SIGN_SEPARATOR.join(SIGNS[mark] for mark in self.marks)

    @cached_property
    def text(self) -> str:
        """The marks in words, one per line, for a tooltip."""
        return "\n".join(MEANINGS[mark] for mark in self.marks)

    def __contains__(self, mark: object) -> bool:
        return mark in self.marks


def round_marks(encounter: Any, combatant_id: str) -> RoundMarks:
    """The marks of one combatant for the encounter's current round and phase (a list of many
    asks a `RoundMarksReader`)."""
    combatant = encounter.combatant(combatant_id)
    # The encounter's own rule: surprise costs round 1, even after its status expired in it.
    surprised = encounter.started and encounter.is_surprised(combatant)
    return _marks(encounter, combatant, encounter.phase_sides(), surprised)


class RoundMarksReader:
    """The marks of any combatant for the encounter as it stands when this is made, each
    worked out once: the acting sides and who is surprised are read once for all of them (the
    combatants list and the map's tokens of a fight of hundreds ask for every one at a phase).
    A change to the encounter needs a new reader."""

    def __init__(self, encounter: Any) -> None:
        self._encounter = encounter
        self._acting: set[str] = set()
        self.is_surprised: Callable[[Any], bool] = bool
        self._read = False
        self._found: dict[str, RoundMarks] = {}

    def __call__(self, combatant_id: str) -> RoundMarks:
        found = self._found.get(combatant_id)
        if found is None:
            encounter = self._encounter
            combatant = encounter.combatant(combatant_id)
            if not self._read:
                self._acting = encounter.phase_sides()
                self.is_surprised = encounter.surprise_check()
                self._read = True
            surprised = encounter.started and self.is_surprised(combatant)
            found = _marks(encounter, combatant, self._acting, surprised)
            self._found[combatant_id] = found
        return found


def _marks(encounter: Any, combatant: Any, acting: set[str], surprised: bool) -> RoundMarks:
    found: set[str] = set()
    incapacitated = combatant.incapacitated
    started = encounter.started
    if incapacitated:
        found.add(INCAPACITATED)
    if surprised:
        found.add(SURPRISED)
    if (
        started
        and combatant.side in acting
        and not incapacitated
        and not surprised
        and not combatant.is_object
    ):
        found.add(MUST_ACT)
    declaration = encounter.round_state.declarations.get(combatant.id)
    if declaration is not None and started:
        if declaration.actions or declaration.reaction or declaration.movement is not None:
            found.add(DECLARED)
        if declaration.defensive or declaration.free_actions:
            found.add(DECLARED)
        if declaration.used or declaration.moved > 0 or declaration.attacks > 0:
            found.add(ACTED)
        if declaration.locked:
            found.add(LOCKED)
    marks = tuple(mark for mark in ORDER if mark in found)
    # A few combinations serve a whole fight: one record each, its signs and words made once.
    shared = _SHARED.get(marks)
    if shared is None:
        shared = _SHARED[marks] = RoundMarks(marks)
    return shared


_SHARED: dict[tuple[str, ...], RoundMarks] = {}


def acting_now(encounter: Any) -> list[Any]:
    """The creatures that act in the encounter's current phase (marked MUST_ACT), in the
    encounter's order: the TV names them and marks their tokens."""
    marks = RoundMarksReader(encounter)
    return [c for c in encounter.combatants.values() if MUST_ACT in marks(c.id)]
