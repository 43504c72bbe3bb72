"""The `.drase` encounter file: one self-contained, human-readable JSON document.

It holds the map (embedded with the board's `map_to_dict`), the combatants, the ruleset and
settings, the round and phase, this round's declarations, defense rolls and initiative, the GM's
own status effects, and the whole log. Saves are atomic. A load either returns a complete
encounter or raises `EncounterFileError` naming the field; it never half-loads.
"""

from __future__ import annotations

import base64
import binascii
import os
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from drase_desktop.atomic_write import write_atomically
from drase_desktop.board.limits import check_map_limits
from drase_desktop.board.map_file import MAX_FILE_BYTES as MAX_MAP_FILE_BYTES
from drase_desktop.board.map_file import map_from_dict, map_to_dict
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.declaration import Declaration, RoundState
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.encounter.fog import Fog, FogError
from drase_desktop.encounter.log import Log, LogEntry
from drase_desktop.encounter.portraits import (
    MAX_ART_BYTES,
    MAX_PORTRAIT_BYTES,
    MAX_PORTRAITS,
    PortraitError,
    art_bytes,
    portrait_key,
    referenced_portraits,
)
from drase_desktop.encounter.ruleset import ruleset_for
from drase_desktop.file_document import FileKind, check_header, document_bytes
from drase_desktop.file_reading import (
    MAX_NESTING,
    cut_text,
    describe_value,
    excerpt_text,
    free_form_problem,
    in_file,
    parse_json,
    read_regular_file,
    short_message,
)
from drase_desktop.file_schema import fields_to_dict, gm_message, model_from, read_record
from drase_desktop.refusal import Refusal
from drase_desktop.rules.actions import Action
from drase_desktop.rules.status import StatusEffect
from drase_desktop.storage.encounter_schema import (
    COMBATANT_LEFT_OUT_WHEN_EMPTY,
    FORMAT,
    SCHEMA_VERSION,
    CombatantRecord,
    DeclarationRecord,
    EncounterRecord,
    WeaponRecord,
)
from drase_desktop.storage.portrait_files import check_portrait

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "SCHEMA_VERSION",
    "EncounterFileError",
    "EncounterLimitError",
    "check_file_size",
    "combatant_from_dict",
    "combatant_to_dict",
    "encounter_from_bytes",
    "encounter_from_dict",
    "encounter_to_dict",
    "load_encounter",
    "portraits_from_dict",
    "portraits_to_dict",
    "save_encounter",
    "weapon_from_dict",
    "weapon_to_dict",
]

_MB = 1024 * 1024
# The map (with its picture), the token art the combatants show (as base64, 4 characters per
# 3 bytes) and, beside them, the combatants and a whole evening's log. Loading refuses a larger
# file, and saving refuses to write one (check_file_size).
MAX_FILE_BYTES = MAX_MAP_FILE_BYTES + MAX_ART_BYTES * 4 // 3 + 32 * _MB

T = TypeVar("T")


class EncounterFileError(Refusal):
    """A `.drase` file that cannot be read; the message names the field."""


class EncounterLimitError(Refusal):
    """An encounter too large for a file that opens again; nothing was written."""


def check_file_size(encounter: Encounter, size: int) -> None:
    """EncounterLimitError when `size` bytes (the encounter's file, or its autosave) are more
    than a `.drase` file may hold: the loader would refuse it, so it is not written. The
    message says what takes the room."""
    if size <= MAX_FILE_BYTES:
        return
    art = art_bytes(encounter) * 4 / 3
    background = encounter.battle_map.background
    picture = len(background.data) * 4 / 3 if background is not None else 0
    rest = max(0.0, size - art - picture)
    raise EncounterLimitError(
        f"the encounter would make a {_megabytes(size)} file, and files over"
        f" {_megabytes(MAX_FILE_BYTES)} cannot be opened again: its token art takes"
        f" {_megabytes(art)}, the map's picture {_megabytes(picture)}, the rest"
        f" {_megabytes(rest)}. Remove some token art, or use smaller pictures, then save again"
    )


def _megabytes(size: float) -> str:
    return f"{size / _MB:.0f} MB" if size >= 10 * _MB else f"{size / _MB:.1f} MB"


# ---------------------------------------------------------------------- writing
def weapon_to_dict(weapon: Weapon) -> dict[str, Any]:
    return fields_to_dict(weapon)


def combatant_to_dict(combatant: Combatant) -> dict[str, Any]:
    return fields_to_dict(combatant, left_out_when_empty=COMBATANT_LEFT_OUT_WHEN_EMPTY)


def encounter_to_dict(
    encounter: Encounter, combatant_documents: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The encounter as a `.drase` document. `combatant_documents`: its combatants' documents
    (`combatant_to_dict`, in order) when the caller already has them."""
    state = encounter.round_state
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "name": encounter.name,
        "ruleset": encounter.ruleset.key,
        "settings": fields_to_dict(encounter.settings),
        "round": encounter.round,
        "phase_index": encounter.phase_index,
        "phase": encounter.phase.key,
        "round_state": {
            "declarations": {
                cid: fields_to_dict(d, left_out_when_empty=("targets",))
                for cid, d in state.declarations.items()
            },
            "defense": dict(state.defense),
            "initiative": dict(state.initiative),
        },
        "custom_statuses": [fields_to_dict(effect) for effect in encounter.custom_statuses],
        "custom_actions": [fields_to_dict(action) for action in encounter.custom_actions],
        "map": map_to_dict(encounter.battle_map),
        "combatants": (
            [combatant_to_dict(c) for c in encounter.combatants.values()]
            if combatant_documents is None
            else combatant_documents
        ),
        "log": [fields_to_dict(entry) for entry in encounter.log],
        # Optional: an all-revealed fog (and older files) leave it out.
        **_fog_to_dict(encounter),
        # Optional: token art, once per distinct picture that a combatant names.
        **portraits_to_dict(encounter),
    }


def _fog_to_dict(encounter: Encounter) -> dict[str, Any]:
    fog = getattr(encounter, "fog", None)
    if fog is None or fog.all_revealed:
        return {}
    return {"fog": fog.to_dict()}


def portraits_to_dict(encounter: Encounter) -> dict[str, Any]:
    pictures = referenced_portraits(encounter)
    if not pictures:
        return {}
    return {
        "portraits": {key: base64.b64encode(data).decode("ascii") for key, data in pictures.items()}
    }


def portraits_from_dict(data: dict[str, Any]) -> dict[str, bytes]:
    """The token art of a file: each picture base64 text under its SHA-256, checked whole
    (format, size) and against its key, so a flipped byte is refused rather than drawn."""
    if len(data) > MAX_PORTRAITS:
        raise EncounterFileError(
            f"portraits holds {len(data)} pictures; at most {MAX_PORTRAITS} are read"
        )
    pictures: dict[str, bytes] = {}
    # base64 is 4 characters per 3 bytes.
    longest = (MAX_PORTRAIT_BYTES + 2) // 3 * 4
    for number, (key, text) in enumerate(data.items()):
        where = f"portraits[{number}]"
        if not isinstance(text, str):
            raise EncounterFileError(f"{where} must be base64 text")
        if len(text) > longest:
            raise EncounterFileError(
                f"{where} is larger than the {MAX_PORTRAIT_BYTES // (1024 * 1024)} MB"
                " allowed for token art"
            )
        try:
            picture = base64.b64decode(text, validate=True)
        except (ValueError, binascii.Error):
            raise EncounterFileError(f"{where} is not valid base64 text") from None
        if portrait_key(picture) != key:
            raise EncounterFileError(f"{where}: the picture does not match its key (damaged)")
        try:
            check_portrait(picture, where)
        except PortraitError as error:
            raise EncounterFileError(str(error)) from None
        pictures[key] = picture
    return pictures


def save_encounter(encounter: Encounter, path: str | os.PathLike[str]) -> None:
    """Write the encounter atomically: a crash leaves the old file or the new one, never half.
    A map beyond what a file can hold raises MapLimitError, an encounter beyond it
    EncounterLimitError (both Refusals); either writes nothing."""
    check_map_limits(encounter.battle_map)
    data = document_bytes(encounter_to_dict(encounter))
    check_file_size(encounter, len(data))
    write_atomically(path, data)


# ---------------------------------------------------------------------- reading
# Files written before the format field existed leave it out.
ENCOUNTER_FILE = FileKind(FORMAT, SCHEMA_VERSION, "a Drase encounter", format_may_be_missing=True)
# Said of a field the file holds and this version does not know.
_NEWER = f"This version reads up to format {SCHEMA_VERSION}."


def _record(document: Any, record: type[T], where: str) -> T:
    """`document` checked against its declared record (encounter_schema.py)."""
    return read_record(document, record, EncounterFileError, where=where, newer=_NEWER)


def _model(record: Any, model: type[T], where: str) -> T:
    """The dataclass a checked record stands for; its constructor's refusal names the field."""
    try:
        return model_from(record, model)
    except msgspec.ValidationError as failure:
        raise EncounterFileError(gm_message(str(failure), None, where=where)) from None


def _build(where: str, factory: Callable[[], T]) -> T:
    try:
        return factory()
    except EncounterFileError:
        raise
    except (ValueError, TypeError, KeyError, OverflowError) as error:
        # A rule's own message may quote the whole value it refused: keep it short.
        raise EncounterFileError(short_message(f"{where}: {error}")) from error


def weapon_from_dict(data: Any, where: str) -> Weapon:
    return _model(_record(data, WeaponRecord, where), Weapon, where)


def combatant_from_dict(data: Any, where: str) -> Combatant:
    return _model(_record(data, CombatantRecord, where), Combatant, where)


def _log_entry(record: Any, where: str) -> LogEntry:
    entry = _model(record, LogEntry, where)
    _free_form(entry.data, f"{where}.data")
    return entry


def encounter_from_dict(data: Any, *, rng: random.Random | None = None) -> Encounter:
    """Build an encounter from a decoded `.drase` document, or raise EncounterFileError."""
    if not isinstance(data, dict):
        raise EncounterFileError("an encounter file must hold a JSON object")
    check_header(data, ENCOUNTER_FILE, EncounterFileError)
    document = _record(data, EncounterRecord, "")
    ruleset = _build("ruleset", partial(ruleset_for, document.ruleset))
    settings = _model(document.settings, EncounterSettings, "settings")
    battle_map = _build("map", partial(map_from_dict, document.map))
    combatants = [
        _model(record, Combatant, f"combatants[{i}]")
        for i, record in enumerate(document.combatants)
    ]
    seen: set[str] = set()
    for index, combatant in enumerate(combatants):
        if combatant.id in seen:
            raise EncounterFileError(
                f"combatants[{index}].id {excerpt_text(combatant.id)} is used twice"
            )
        seen.add(combatant.id)
    custom = [
        _model(record, StatusEffect, f"custom_statuses[{i}]")
        for i, record in enumerate(document.custom_statuses)
    ]
    encounter = _build(
        "combatants",
        lambda: Encounter(
            battle_map,
            combatants,
            ruleset,
            name=document.name,
            settings=settings,
            rng=rng,
        ),
    )
    encounter.custom_statuses = custom
    encounter.custom_actions = [
        _model(record, Action, f"custom_actions[{i}]")
        for i, record in enumerate(document.custom_actions)
    ]
    _build("custom_actions", lambda: encounter.action_catalogue)
    catalogue = _build("custom_statuses", lambda: encounter.status_catalogue)
    for index, combatant in enumerate(combatants):
        for number, status in enumerate(combatant.statuses):
            if status.name not in catalogue:
                raise EncounterFileError(
                    f"combatants[{index}].statuses[{number}]: unknown status"
                    f" {describe_value(status.name)}"
                )
        for number, preparation in enumerate(combatant.prepared):
            if preparation.status not in catalogue:
                raise EncounterFileError(
                    f"combatants[{index}].prepared[{number}]: unknown status"
                    f" {describe_value(preparation.status)}"
                )
    _check_positions(encounter)

    state = document.round_state
    declarations = {}
    for cid, value in state.declarations.items():
        where = f"round_state.declarations.{cut_text(cid)}"
        if cid not in encounter.combatants:
            raise EncounterFileError(f"{where}: no combatant with that id")
        declarations[cid] = _model(_record(value, DeclarationRecord, where), Declaration, where)
    for cid in state.defense:
        if cid not in encounter.combatants:
            raise EncounterFileError(
                f"round_state.defense.{cut_text(cid)}: no combatant with that id"
            )
    encounter.round_state = RoundState(declarations, dict(state.defense), dict(state.initiative))

    encounter.round = document.round
    phase_index = document.phase_index
    phases = encounter.phases
    if not 0 <= phase_index < len(phases):
        raise EncounterFileError(
            f"phase_index {phase_index} is outside this round's {len(phases)} phases"
        )
    encounter.phase_index = phase_index
    phase_key = phases[phase_index].key if document.phase is None else document.phase
    if phase_key != phases[phase_index].key:
        raise EncounterFileError(
            f"phase {excerpt_text(phase_key)} does not match phase_index {phase_index}"
            f" ({phases[phase_index].key!r})"
        )
    encounter.log = Log(_log_entry(entry, f"log[{i}]") for i, entry in enumerate(document.log))
    encounter.portraits = portraits_from_dict(document.portraits)
    for index, combatant in enumerate(combatants):
        if combatant.portrait is not None and combatant.portrait not in encounter.portraits:
            raise EncounterFileError(
                f"combatants[{index}].portrait names a picture the file does not hold"
            )
    if document.fog is not msgspec.UNSET:
        try:
            encounter.fog = Fog.from_dict(document.fog, battle_map.width, battle_map.height)
        except FogError as error:  # its message already names the field
            raise EncounterFileError(str(error)) from error
    return encounter


def _check_positions(encounter: Encounter) -> None:
    """Every token stands on the map and on no other's tile: one pass over the tokens (a big
    fight has hundreds; comparing each with all the others made loading it slow)."""
    taken: dict[tuple[int, int], str] = {}
    for combatant in encounter.combatants.values():
        tiles = combatant.tiles()
        for tile in tiles:
            if not encounter.battle_map.in_bounds(tile):
                raise EncounterFileError(
                    f"{excerpt_text(combatant.name)} stands off the map at {tile}"
                )
            if tile in taken:
                raise EncounterFileError(
                    f"{excerpt_text(combatant.name)} shares tile {tile}"
                    f" with {excerpt_text(taken[tile])}"
                )
        taken.update(dict.fromkeys(tiles, combatant.id))


def load_encounter(path: str | os.PathLike[str], *, rng: random.Random | None = None) -> Encounter:
    """Read a `.drase` file. Any problem raises EncounterFileError naming the file and field."""
    file = Path(path)
    data = read_regular_file(file, MAX_FILE_BYTES, EncounterFileError, "encounter files")
    try:
        return encounter_from_bytes(data, rng=rng)
    except EncounterFileError as error:
        raise EncounterFileError(in_file(file.name, str(error))) from error


def encounter_from_bytes(data: bytes, *, rng: random.Random | None = None) -> Encounter:
    """The encounter in the bytes of a `.drase` file, or EncounterFileError."""
    document = parse_json(data, EncounterFileError)
    try:
        return encounter_from_dict(document, rng=rng)
    except RecursionError:
        raise EncounterFileError(
            "the file's lists or objects nest too deeply (hundreds of levels); it is damaged"
        ) from None
    except OverflowError:
        raise EncounterFileError("the file holds a number too large for any field") from None
    except EncounterFileError as error:
        raise EncounterFileError(short_message(str(error))) from error


def _free_form(value: dict[str, Any], where: str) -> dict[str, Any]:
    """A part the file keeps as it is (a log entry's details): held to a sane depth and to
    numbers a file can hold, so what loads also saves."""
    problem = free_form_problem(value, MAX_NESTING)
    if problem is not None:
        raise EncounterFileError(f"{where} {problem}")
    return value
