"""What a `.drase` encounter file holds, declared once (msgspec records, see file_schema.py).

The parts the encounter already has as dataclasses (a combatant, its weapons, statuses and
prepared effects, a declaration, a log entry, the GM's settings, own status effects and actions)
are read and written field by field from those dataclasses: adding a field there (with its
default) adds it to the file. What the file says beyond the dataclass is below: the fields a
file must hold although the dataclass has a default (a combatant's hit points) and the ranges
the constructors do not check.

The map and the fog keep their own readers (board/map_schema.py; the fog's cells are packed
text); here they are only objects.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from drase_desktop.board.distance import DIAGONAL_RULES
from drase_desktop.encounter.combatant import Combatant, Preparation, StatusInstance, Weapon
from drase_desktop.encounter.declaration import Declaration
from drase_desktop.encounter.encounter import EncounterSettings
from drase_desktop.encounter.log import LogEntry
from drase_desktop.file_limits import (
    MAX_DESCRIPTION_CHARACTERS,
    MAX_LOG_TEXT_CHARACTERS,
    MAX_NAME_CHARACTERS,
    MAX_NOTES_CHARACTERS,
)
from drase_desktop.file_schema import record_of
from drase_desktop.rules.actions import Action
from drase_desktop.rules.status import StatusEffect

FORMAT = "drase-encounter"
# The newest format this version writes and reads; an older file is read as it is, a newer one
# is refused with a message saying so.
SCHEMA_VERSION = 1
# Tiles a combatant has moved this round: far beyond any speed, short of damage.
MAX_MOVED_TILES = 1_000_000
MAX_SIGHT_RANGE = 1000

# Written only when the combatant has one (older files leave them out too).
COMBATANT_LEFT_OUT_WHEN_EMPTY = ("portrait", "prepared")

# Text held to what it is for (file_limits.py), as the editors hold it.
Name = Annotated[str, Meta(max_length=MAX_NAME_CHARACTERS)]
Description = Annotated[str, Meta(max_length=MAX_DESCRIPTION_CHARACTERS)]
Notes = Annotated[str, Meta(max_length=MAX_NOTES_CHARACTERS)]

WeaponRecord = record_of(
    Weapon,
    types={"name": Name, "notes": Notes, "critical_effect": Description | None},
)
StatusRecord = record_of(StatusInstance)
PreparationRecord = record_of(Preparation)
CombatantRecord = record_of(
    Combatant,
    required=("hp", "max_hp"),
    types={
        "id": Name,
        "name": Name,
        "side": Name,
        "notes": Notes,
        "weapons": list[WeaponRecord],  # type: ignore[valid-type]
        "statuses": list[StatusRecord],  # type: ignore[valid-type]
        "prepared": list[PreparationRecord],  # type: ignore[valid-type]
    },
)
DeclarationRecord = record_of(
    Declaration,
    types={"moved": Annotated[float, Meta(ge=0, le=MAX_MOVED_TILES)], "notes": Notes},
)
LogEntryRecord = record_of(
    LogEntry, types={"text": Annotated[str, Meta(max_length=MAX_LOG_TEXT_CHARACTERS)]}
)
StatusEffectRecord = record_of(
    StatusEffect,
    types={"name": Name, "description": Description, "note": Description},
)
ActionRecord = record_of(Action, required=("cost",), types={"name": Name, "rule": Description})
SettingsRecord = record_of(
    EncounterSettings,
    types={
        "diagonal": Literal[DIAGONAL_RULES],
        "sight_range": Annotated[int, Meta(ge=1, le=MAX_SIGHT_RANGE)] | None,
    },
)


class RoundStateRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """This round's declarations, defense rolls and (Crawler) initiative, by combatant id."""

    # Each a DeclarationRecord, read one by one so a message names its combatant.
    declarations: dict[str, dict[str, Any]] = {}
    defense: dict[str, int] = {}
    initiative: dict[str, int] = {}


class EncounterRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A whole `.drase` document."""

    format: str = FORMAT
    schema_version: int
    name: Name = ""
    ruleset: str
    settings: SettingsRecord = msgspec.field(  # type: ignore[valid-type]
        default_factory=SettingsRecord
    )
    round: Annotated[int, Meta(ge=0)]
    phase_index: int = 0
    # The phase's key, written beside its index so a file edited by hand is caught mismatched.
    phase: str | None = None
    round_state: RoundStateRecord = msgspec.field(default_factory=RoundStateRecord)
    # The GM's own status effects and actions (ruling 14, ruling 15).
    custom_statuses: list[StatusEffectRecord] = []  # type: ignore[valid-type]
    custom_actions: list[ActionRecord] = []  # type: ignore[valid-type]
    map: dict[str, Any]
    combatants: list[CombatantRecord]  # type: ignore[valid-type]
    log: list[LogEntryRecord] = []  # type: ignore[valid-type]
    # Left out when all is revealed.
    fog: dict[str, Any] | UnsetType = UNSET
    # Token art: base64 pictures under their SHA-256 keys, once per picture a combatant names.
    portraits: dict[str, str] = {}
