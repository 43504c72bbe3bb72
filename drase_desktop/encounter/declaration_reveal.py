"""The GM shows the table this phase's declarations before the phase ends.

Declarations are secret while their side declares: no phone sees another player's (the seat
view's `party`). The phase ending reveals them; so does the GM, with `reveal_declarations`:
an undoable operation whose log line ("The GM reveals the declarations to the table") is the
record, so undo takes the reveal back and the encounter file keeps it.

    change = reveal_declarations(encounter)    # refused outside a declaring phase
    declarations_revealed(encounter)           # True until the phase ends
    why_not_revealing(encounter)               # None, or why the GM cannot reveal now
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drase_desktop.encounter.change import Change
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import run

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

REVEAL_KEY = "revealed"


def declarations_revealed(encounter: Encounter) -> bool:
    """Has the GM revealed the declarations in the current phase of this round?"""
    key = encounter.phase.key
    for entry in reversed(encounter.log.entries):
        if entry.round != encounter.round:
            return False
        if entry.kind == "declare" and entry.data.get(REVEAL_KEY) and entry.phase == key:
            return True
    return False


def why_not_revealing(encounter: Encounter) -> str | None:
    """Why the GM cannot reveal the declarations now (None: they can): the window greys its
    action with these words, and `reveal_declarations` refuses with them."""
    phase = encounter.phase
    if not encounter.started or not phase.declares:
        return f"Nothing to reveal: nobody declares during {phase.title}"
    if declarations_revealed(encounter):
        return "The declarations are already revealed"
    return None


def reveal_declarations(encounter: Encounter) -> Change[None]:
    """Show every seat the declarations made in this phase (one undo step, logged)."""

    def body() -> tuple[str, None]:
        why = why_not_revealing(encounter)
        if why is not None:
            raise EncounterError(why)
        encounter.log_event(
            "declare", "The GM reveals the declarations to the table", **{REVEAL_KEY: True}
        )
        return "Reveal declarations", None

    return run(encounter, body, set(), "reveal_declarations")
