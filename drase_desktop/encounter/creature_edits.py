"""The creature sheet's two operations: add a creature as written, and edit one whole.

An edit replaces every number of the stat block at once (name, side, size, speed, level, AC
bonus, HP and max HP, mana and focus, attributes, attacks, resistances, vulnerabilities,
immunities, notes): one undo step however many fields the GM changed. Where the creature
stands, its statuses, wounds, art and what it prepared before the fight have their own
operations and are kept.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import Combatant, CombatantError
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.placement import placement_refusal, unique_id

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.encounter import Encounter

# What the sheet edits; the rest belongs to other operations (moves, statuses, wounds, art).
KEPT_BY_EDIT = frozenset({"id", "position", "statuses", "wounds", "portrait", "hidden", "prepared"})
EDITED = tuple(f.name for f in fields(Combatant) if f.name not in KEPT_BY_EDIT)

__all__ = ["EDITED", "add_creature", "edit_creature"]


def add_creature(encounter: Encounter, creature: Combatant) -> Change[str]:
    """Add `creature` as written (with an id made from its name when its own is taken);
    refused, changing nothing, when its tile is blocked, taken or off the map."""

    def body() -> tuple[str, str]:
        try:
            creature.validate()
        except CombatantError as error:
            raise EncounterError(str(error)) from error
        if creature.id in encounter.combatants:
            creature.id = unique_id(encounter, creature.name)
        if creature.position is not None:
            refusal = placement_refusal(encounter, creature, creature.position)
            if refusal:
                raise EncounterError(refusal)
        encounter._join(creature)
        return f"Add {creature.name}", creature.id

    return encounter._run(body)


@operation("combatant_id")
def edit_creature(
    encounter: Encounter, combatant_id: str, edited: Combatant
) -> tuple[str, list[str]]:
    """Give the combatant every sheet field of `edited` (see EDITED); the result lists the
    fields that changed. A bigger size must still fit where it stands."""
    combatant = encounter.combatant(combatant_id)
    changed = [name for name in EDITED if getattr(edited, name) != getattr(combatant, name)]
    trial = combatant.copy()
    for name in changed:
        setattr(trial, name, getattr(edited, name))
    try:
        trial.validate()
    except CombatantError as error:
        raise EncounterError(str(error)) from error
    if trial.size != combatant.size and trial.position is not None:
        refusal = placement_refusal(encounter, trial, trial.position)
        if refusal:
            raise EncounterError(refusal)
    vars(combatant).update(vars(trial))
    if changed:
        encounter._log(
            "combatant",
            f"{combatant.name}: sheet edited ({', '.join(n.replace('_', ' ') for n in changed)})",
            combatant=combatant_id,
        )
    return f"Edit {combatant.name}", changed
