"""The creature sheet's two operations: add a creature as written, and edit one whole.

An edit replaces every number of the stat block at once (name, side, size, speed, level, AC
bonus, HP and max HP, mana and focus, attributes, attacks, resistances, vulnerabilities,
immunities, notes): one undo step however many fields the GM changed. The sheet may also give
or take away the token's picture in that same step. Where the creature stands, its statuses,
wounds and what it prepared before the fight have their own operations and are kept.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import Combatant, CombatantError
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.placement import placement_refusal, unique_id
from drase_desktop.encounter.portraits import store_portrait

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.encounter import Encounter

# What the sheet edits; the rest belongs to other operations (moves, statuses, wounds, art).
KEPT_BY_EDIT = frozenset({"id", "position", "statuses", "wounds", "portrait", "hidden", "prepared"})
EDITED = tuple(f.name for f in fields(Combatant) if f.name not in KEPT_BY_EDIT)

__all__ = ["EDITED", "KEEP_PICTURE", "KeepPicture", "add_creature", "edit_creature"]


class KeepPicture(Enum):
    """The picture an edit leaves as it is."""

    PICTURE = "keep the picture"


# An edit that leaves the token's picture as it is.
KEEP_PICTURE = KeepPicture.PICTURE


def add_creature(
    encounter: Encounter, creature: Combatant, picture: bytes | None = None
) -> Change[str]:
    """Add `creature` as written (with an id made from its name when its own is taken), with
    `picture` as its token's picture when given; refused, changing nothing, when its tile is
    blocked, taken or off the map, or the picture is not one a token can show."""

    def body() -> tuple[str, str]:
        try:
            creature.validate()
        except CombatantError as error:
            raise EncounterError(str(error)) from error
        if picture is not None:
            creature.portrait = store_portrait(encounter, picture, f"{creature.name}'s picture")
        if creature.id in encounter.combatants:
            creature.id = unique_id(encounter, creature.name)
        if creature.position is not None:
            refusal = placement_refusal(encounter, creature, creature.position)
            if refusal:
                raise EncounterError(refusal)
        encounter.join_fight(creature)
        return f"Add {creature.name}", creature.id

    return encounter.run_operation(body)


def _field_words(field: str) -> str:
    return "token picture" if field == "portrait" else field.replace("_", " ")


@operation("combatant_id")
def edit_creature(
    encounter: Encounter,
    combatant_id: str,
    edited: Combatant,
    picture: bytes | None | KeepPicture = KEEP_PICTURE,
) -> tuple[str, list[str]]:
    """Give the combatant every sheet field of `edited` (see EDITED), and `picture` as its
    token's picture (None: its initials; KEEP_PICTURE: as it is); the result lists the fields
    that changed ("portrait" for the picture). A bigger size must still fit where it stands."""
    combatant = encounter.combatant(combatant_id)
    changed = [name for name in EDITED if getattr(edited, name) != getattr(combatant, name)]
    trial = combatant.copy()
    for name in changed:
        setattr(trial, name, getattr(edited, name))
    if picture is not KEEP_PICTURE:
        key = None
        if isinstance(picture, bytes):
            key = store_portrait(encounter, picture, f"{trial.name}'s picture")
        if key != combatant.portrait:
            trial.portrait = key
            changed.append("portrait")
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
        encounter.log_event(
            "combatant",
            f"{combatant.name}: sheet edited ({', '.join(map(_field_words, changed))})",
            combatant=combatant_id,
        )
    return f"Edit {combatant.name}", changed
