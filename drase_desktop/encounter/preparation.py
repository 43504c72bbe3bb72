"""Preparation (ruling 40): before round 1, each creature that is not surprised may have prepared
spells and potions. In Setup the GM gives a creature any status or effect of the catalogue (the
shipped ones or the GM's own) with its duration; each takes effect at the start of round 1, as if
applied then, and ticks down from there like any effect applied in round 1 (rulings 13, 46).

Each change is one undoable operation (`operation.py`); the prepared effects live on the combatant,
so the encounter file keeps them and undo gives them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import SURPRISED, CombatantError, Preparation
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter


@operation("combatant_id")
def prepare(
    encounter: Encounter,
    combatant_id: str,
    status: str,
    *,
    duration: int | None = None,
    source: str = "",
    new_effect: bool = False,
) -> tuple[str, Preparation]:
    """Give the combatant a prepared spell or potion: `status` (a catalogue entry) lasting
    `duration` rounds (None: the effect's own) from the start of round 1. With `new_effect`, a
    name the catalogue lacks becomes a GM effect of the encounter (ruling 14) in the same step."""
    combatant = encounter.combatant(combatant_id)
    if encounter.round != 0:
        raise EncounterError(
            "Spells and potions are prepared before the fight, in Setup (ruling 40)"
        )
    if combatant.has_status(SURPRISED):
        raise EncounterError(
            f"{combatant.name} is surprised: a creature caught by a surprise attack has no time"
            " to prepare (ruling 40)"
        )
    try:
        preparation = Preparation(status, duration, source.strip())
    except CombatantError as error:
        raise EncounterError(str(error)) from error
    if new_effect and preparation.status not in encounter.status_catalogue:
        encounter.new_status_effect(preparation.status, duration or 1, False, None, None, source)
    effect = encounter.status_effect(preparation.status)
    preparation = Preparation(effect.name, duration, source.strip())
    combatant.prepared = [*combatant.prepared, preparation]
    encounter.log_status(
        combatant,
        effect.name,
        f"{combatant.name} prepares {preparation.describe()}: it takes effect at the start of"
        " round 1 (ruling 40)",
        prepared=True,
        duration=duration,
    )
    return f"Prepare {effect.name} for {combatant.name}", preparation


@operation("combatant_id")
def unprepare(encounter: Encounter, combatant_id: str, index: int) -> tuple[str, Preparation]:
    """Take back the combatant's `index`-th prepared effect (in Setup)."""
    combatant = encounter.combatant(combatant_id)
    if encounter.round != 0:
        raise EncounterError("Prepared effects are changed in Setup, before the fight (ruling 40)")
    if (
        isinstance(index, bool)
        or not isinstance(index, int)
        or not 0 <= index < len(combatant.prepared)
    ):
        raise EncounterError(f"{combatant.name} has no prepared effect number {index!r}")
    removed = combatant.prepared[index]
    combatant.prepared = [p for i, p in enumerate(combatant.prepared) if i != index]
    encounter.log_status(
        combatant,
        removed.status,
        f"{combatant.name} no longer prepares {removed.describe()}",
        prepared=False,
    )
    return f"Unprepare {removed.status} for {combatant.name}", removed


def take_effect(encounter: Encounter) -> None:
    """At the start of round 1 every prepared effect becomes a status, as if applied then: it
    counts as applied in round 1, so round 1's tickdown skips it and a one-round effect lasts
    through round 1 (ruling 46). A creature surprised by then loses its preparations (logged)."""
    for combatant in encounter.combatants.values():
        if not combatant.prepared:
            continue
        if combatant.has_status(SURPRISED):
            _forfeit(encounter, combatant)
            continue
        for preparation in combatant.prepared:
            encounter.apply_status_effect(
                combatant,
                preparation.status,
                duration=preparation.duration,
                source=f"preparation{': ' + preparation.source if preparation.source else ''}"
                " (ruling 40), applied in round 1: its first tickdown is round 2's (ruling 46)",
            )
        combatant.prepared = []


def _forfeit(encounter: Encounter, combatant: Combatant) -> None:
    names = ", ".join(p.status for p in combatant.prepared)
    encounter.log_event(
        "ruling",
        f"{combatant.name} is surprised: its preparations ({names}) do not take effect (ruling 40)",
        combatant=combatant.id,
    )
    combatant.prepared = []
