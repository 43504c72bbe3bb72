"""The Crawler round's own rolls, as the window asks about them before acting: whether a side's
initiative may be set from the table now, whether a creature may check morale now, and the
notes saying why not (ruling 26). `set_initiative` and `check_morale` refuse by the same rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.crawler_round import ROLL_INITIATIVE
from drase_desktop.rules import crawler as crawler_rules

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.state import EncounterState


def in_initiative(encounter: EncounterState) -> bool:
    """The Initiative phase, where the table's d6 may replace a side's roll."""
    return encounter.round > 0 and encounter.phase.key == ROLL_INITIATIVE.key


def in_morale_step(encounter: EncounterState) -> bool:
    return encounter.round > 0 and encounter.phase.step == crawler_rules.MORALE


def initiative_refusal(encounter: EncounterState) -> str | None:
    if in_initiative(encounter):
        return None
    return "Initiative is set during the Initiative phase"


def morale_refusal(encounter: EncounterState, combatant: Combatant) -> str | None:
    """Why `combatant` cannot check morale now (no score, not a morale step), or None."""
    if combatant.morale is None:
        return f"{combatant.name} has no morale score"
    if not in_morale_step(encounter):
        return f"Morale is checked in a morale step, not {encounter.phase.title}"
    return None


@dataclass(frozen=True)
class CrawlerRollsPreview:
    """What the GM may do now: set initiative, check `combatant`'s morale; and why not."""

    can_set_initiative: bool
    can_check_morale: bool
    notes: str


def crawler_rolls_preview(
    encounter: EncounterState, combatant_id: str | None
) -> CrawlerRollsPreview:
    combatant = encounter.combatants.get(combatant_id) if combatant_id else None
    notes = []
    initiative = in_initiative(encounter)
    if not initiative:
        notes.append("Initiative is set in the Initiative phase.")
    if combatant is not None:
        if combatant.morale is None:
            notes.append(f"{combatant.name} has no morale score.")
        else:
            notes.append(
                f"{combatant.name}: {crawler_rules.MORALE_DICE} over {combatant.morale} breaks."
            )
    morale = in_morale_step(encounter)
    if not morale:
        notes.append("Morale is checked in a side's morale step.")
    can_check = combatant is not None and morale_refusal(encounter, combatant) is None
    return CrawlerRollsPreview(initiative, can_check, " ".join(notes))
