"""Short and long rests for chosen creatures, and the mana short rests regained since the
last long rest (read from the log, so undo forgets it with the entry)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.rules import rest as rest_rules

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


REST_KINDS = ("short", "long")


def mana_regained_since_long_rest(encounter: Encounter, combatant_id: str) -> int:
    """Mana regained by short rests since the last long rest, read from the rest log entries
    (so undo forgets it with the entry)."""
    total = 0
    for entry in encounter.log:
        if entry.data.get("rest") is None or entry.data.get("combatant") != combatant_id:
            continue
        if entry.data["rest"] == "long":
            total = 0
        else:
            total += int(entry.data.get("mana_gained", 0))
    return total


@operation("combatant_ids")
def rest(
    encounter: Encounter,
    combatant_ids: Sequence[str],
    kind: str,
    *,
    well_rested: bool = True,
) -> tuple[str, dict[str, tuple[str, ...]]]:
    """A short (15 min) or long (8 h) rest for the chosen creatures (rules/rest.py)."""
    if kind not in REST_KINDS:
        raise EncounterError(f"A rest is short or long, not {kind!r}")
    chosen = [encounter.combatant(c) for c in dict.fromkeys(combatant_ids)]
    if not chosen:
        raise EncounterError("Choose who rests")
    notes: dict[str, tuple[str, ...]] = {}
    for combatant in chosen:
        try:
            before = combatant.rest_resources(
                mana_regained_since_long_rest(encounter, combatant.id)
            )
        except rest_rules.RestError as error:
            raise EncounterError(f"{combatant.name}: {error}") from error
        done = (
            rest_rules.short_rest(before)
            if kind == "short"
            else rest_rules.long_rest(before, well_rested=well_rested)
        )
        after = done.after
        gained = after.mana - before.mana
        combatant.hp = after.hp  # the rest healed as ruling 49 says (rules.health.heal)
        combatant.mana = after.mana
        combatant.focus = after.focus
        text = "; ".join(done.notes) or "nothing to regain"
        encounter.log_event(
            "heal",
            f"{combatant.name} takes a {kind} rest: {text}",
            combatant=combatant.id,
            rest=kind,
            mana_gained=gained,
        )
        notes[combatant.id] = done.notes
    return f"{kind.capitalize()} rest", notes
