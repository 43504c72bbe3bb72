"""The `.drase` encounter file: one self-contained, human-readable JSON document.

It holds the map (embedded with the board's `map_to_dict`), the combatants, the ruleset and
settings, the round and phase, this round's declarations, defense rolls and initiative, the GM's
own status effects, and the whole log. Saves are atomic. A load either returns a complete
encounter or raises `EncounterFileError` naming the field; it never half-loads.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import random
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from drase_desktop.atomic_write import write_text_atomically
from drase_desktop.board.map_file import MAX_FILE_BYTES as MAX_MAP_FILE_BYTES
from drase_desktop.board.map_file import map_from_dict, map_to_dict
from drase_desktop.encounter.combatant import Combatant, Preparation, StatusInstance, Weapon
from drase_desktop.encounter.declaration import Declaration, RoundState
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.encounter.fog import Fog, FogError
from drase_desktop.encounter.log import Log, LogEntry
from drase_desktop.encounter.portraits import (
    MAX_PORTRAIT_BYTES,
    MAX_PORTRAITS,
    PortraitError,
    portrait_key,
    referenced_portraits,
)
from drase_desktop.encounter.ruleset import ruleset_for
from drase_desktop.file_reading import (
    MAX_NESTING,
    cut_text,
    describe_value,
    excerpt_text,
    nesting_depth_over,
    parse_json,
    read_regular_file,
    short_message,
)
from drase_desktop.rules.actions import Action
from drase_desktop.rules.status import StatusEffect
from drase_desktop.storage.portrait_files import check_portrait

SCHEMA_VERSION = 1
FORMAT = "drase-encounter"
# The map (with its picture) and, beside it, combatants, token art and a whole evening's log.
MAX_FILE_BYTES = MAX_MAP_FILE_BYTES + 96 * 1024 * 1024
# Tiles a combatant has moved this round: far beyond any speed, short of damage.
MAX_MOVED_TILES = 1_000_000

T = TypeVar("T")


class EncounterFileError(ValueError):
    """A `.drase` file that cannot be read; the message names the field."""


# ---------------------------------------------------------------------- writing
def weapon_to_dict(weapon: Weapon) -> dict[str, Any]:
    return {
        "name": weapon.name,
        "damage": weapon.damage,
        "damage_type": weapon.damage_type,
        "finesse": weapon.finesse,
        "ranged": weapon.ranged,
        "reach": weapon.reach,
        "to_hit": weapon.to_hit,
        "magic": weapon.magic,
        "adds_modifier": weapon.adds_modifier,
        "save": weapon.save,
        "unavoidable": weapon.unavoidable,
        "non_lethal": weapon.non_lethal,
        "critical_effect": weapon.critical_effect,
        "notes": weapon.notes,
        "spell": weapon.spell,
        "attribute": weapon.attribute,
    }


def combatant_to_dict(combatant: Combatant) -> dict[str, Any]:
    return {
        "id": combatant.id,
        "name": combatant.name,
        "side": combatant.side,
        "is_player_character": combatant.is_player_character,
        "size": combatant.size,
        "position": list(combatant.position) if combatant.position is not None else None,
        "hp": combatant.hp,
        "max_hp": combatant.max_hp,
        "speed": combatant.speed,
        "statuses": [status.to_dict() for status in combatant.statuses],
        "hidden": combatant.hidden,
        "attributes": dict(combatant.attributes),
        "level": combatant.level,
        "ac_bonus": combatant.ac_bonus,
        "mana": combatant.mana,
        "max_mana": combatant.max_mana,
        "focus": combatant.focus,
        "max_focus": combatant.max_focus,
        "resistances": dict(combatant.resistances),
        "vulnerabilities": dict(combatant.vulnerabilities),
        "immunities": sorted(combatant.immunities),
        "wounds": dict(combatant.wounds),
        "weapons": [weapon_to_dict(weapon) for weapon in combatant.weapons],
        "is_object": combatant.is_object,
        "defense_bonuses": combatant.defense_bonuses,
        "defense_maluses": combatant.defense_maluses,
        "morale": combatant.morale,
        "notes": combatant.notes,
        # Optional: a creature drawn with its initials (and older files) leave it out.
        **({"portrait": combatant.portrait} if combatant.portrait is not None else {}),
        # Optional: spells and potions prepared in Setup (ruling 40).
        **(
            {"prepared": [_preparation_to_dict(p) for p in combatant.prepared]}
            if combatant.prepared
            else {}
        ),
    }


def _preparation_to_dict(preparation: Preparation) -> dict[str, Any]:
    return {
        "status": preparation.status,
        "duration": preparation.duration,
        "source": preparation.source,
    }


def _preparation_from_dict(data: Any, where: str) -> Preparation:
    if not isinstance(data, dict):
        raise EncounterFileError(f"{where} must be an object")
    return _build(
        where,
        lambda: Preparation(
            status=_field(data, "status", str, where),
            duration=_field(data, "duration", (int, type(None)), where, None),
            source=_field(data, "source", str, where, ""),
        ),
    )


def _declaration_to_dict(declaration: Declaration) -> dict[str, Any]:
    return {
        "actions": list(declaration.actions),
        "reaction": declaration.reaction,
        "free_actions": list(declaration.free_actions),
        "movement": declaration.movement,
        "defensive": declaration.defensive,
        "notes": declaration.notes,
        "locked": declaration.locked,
        "used": list(declaration.used),
        "moved": declaration.moved,
        "attacks": declaration.attacks,
    }


def encounter_to_dict(encounter: Encounter) -> dict[str, Any]:
    state = encounter.round_state
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "name": encounter.name,
        "ruleset": encounter.ruleset.key,
        "settings": {
            "diagonal": encounter.settings.diagonal,
            "third_party_turn": encounter.settings.third_party_turn,
            "sight_range": encounter.settings.sight_range,
        },
        "round": encounter.round,
        "phase_index": encounter.phase_index,
        "phase": encounter.phase.key,
        "round_state": {
            "declarations": {cid: _declaration_to_dict(d) for cid, d in state.declarations.items()},
            "defense": dict(state.defense),
            "initiative": dict(state.initiative),
        },
        "custom_statuses": [effect.to_dict() for effect in encounter.custom_statuses],
        "custom_actions": [action.to_dict() for action in encounter.custom_actions],
        "map": map_to_dict(encounter.battle_map),
        "combatants": [combatant_to_dict(c) for c in encounter.combatants.values()],
        "log": [entry.to_dict() for entry in encounter.log],
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
        "portraits": {
            key: base64.b64encode(data).decode("ascii") for key, data in pictures.items()
        }
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
    """Write the encounter atomically: a crash leaves the old file or the new one, never half."""
    text = json.dumps(encounter_to_dict(encounter), indent=1, ensure_ascii=False)
    write_text_atomically(path, text + "\n")


# ---------------------------------------------------------------------- reading
_MISSING = object()


def _field(
    data: Mapping[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    where: str,
    default: Any = _MISSING,
) -> Any:
    name = f"{where}.{key}" if where else key
    if key not in data:
        if default is _MISSING:
            raise EncounterFileError(f"{name} is missing")
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise EncounterFileError(f"{name} must be {_kind_name(kinds)}, not {describe_value(value)}")
    if not isinstance(value, kinds):
        raise EncounterFileError(f"{name} must be {_kind_name(kinds)}, not {describe_value(value)}")
    return value


def _kind_name(kinds: tuple[type, ...]) -> str:
    names = {
        int: "a whole number",
        float: "a number",
        str: "text",
        bool: "true or false",
        list: "a list",
        dict: "an object",
        type(None): "empty (null)",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _int_map(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise EncounterFileError(f"{where} must be an object")
    result: dict[str, int] = {}
    for key, number in value.items():
        if isinstance(number, bool) or not isinstance(number, int):
            raise EncounterFileError(
                f"{where}.{cut_text(str(key))} must be a whole number, not {describe_value(number)}"
            )
        result[str(key)] = number
    return result


def _build(where: str, factory: Callable[[], T]) -> T:
    try:
        return factory()
    except EncounterFileError:
        raise
    except (ValueError, TypeError, KeyError, OverflowError) as error:
        # A rule's own message may quote the whole value it refused: keep it short.
        raise EncounterFileError(short_message(f"{where}: {error}")) from error


def weapon_from_dict(data: Any, where: str) -> Weapon:
    if not isinstance(data, dict):
        raise EncounterFileError(f"{where} must be an object")
    return _build(
        where,
        lambda: Weapon(
            name=_field(data, "name", str, where),
            damage=_field(data, "damage", str, where),
            damage_type=_field(data, "damage_type", str, where),
            finesse=_field(data, "finesse", bool, where, False),
            ranged=_field(data, "ranged", bool, where, False),
            reach=_field(data, "reach", int, where, 1),
            to_hit=_field(data, "to_hit", int, where, 0),
            magic=_field(data, "magic", int, where, 0),
            adds_modifier=_field(data, "adds_modifier", bool, where, True),
            save=_field(data, "save", (str, type(None)), where, None),
            unavoidable=_field(data, "unavoidable", bool, where, False),
            non_lethal=_field(data, "non_lethal", bool, where, False),
            critical_effect=_field(data, "critical_effect", (str, type(None)), where, None),
            notes=_field(data, "notes", str, where, ""),
            spell=_field(data, "spell", bool, where, False),
            attribute=_field(data, "attribute", (str, type(None)), where, None),
        ),
    )


def _position(value: Any, where: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise EncounterFileError(
            f"{where} must be [x, y] whole numbers or null, not {describe_value(value)}"
        )
    return (value[0], value[1])


def combatant_from_dict(data: Any, where: str) -> Combatant:
    if not isinstance(data, dict):
        raise EncounterFileError(f"{where} must be an object")
    statuses_data = _field(data, "statuses", list, where, [])
    statuses = [
        _build(f"{where}.statuses[{i}]", partial(StatusInstance.from_dict, s))
        for i, s in enumerate(statuses_data)
    ]
    weapons = [
        weapon_from_dict(w, f"{where}.weapons[{i}]")
        for i, w in enumerate(_field(data, "weapons", list, where, []))
    ]
    prepared = [
        _preparation_from_dict(p, f"{where}.prepared[{i}]")
        for i, p in enumerate(_field(data, "prepared", list, where, []))
    ]
    immunities = _field(data, "immunities", list, where, [])
    if any(not isinstance(name, str) for name in immunities):
        raise EncounterFileError(f"{where}.immunities must be a list of damage type names")
    return _build(
        where,
        lambda: Combatant(
            id=_field(data, "id", str, where),
            name=_field(data, "name", str, where),
            side=_field(data, "side", str, where, "gm"),
            is_player_character=_field(data, "is_player_character", bool, where, False),
            size=_field(data, "size", int, where, 3),
            position=_position(data.get("position"), f"{where}.position"),
            hp=_field(data, "hp", int, where),
            max_hp=_field(data, "max_hp", int, where),
            speed=_field(data, "speed", int, where, 6),
            statuses=statuses,
            hidden=_field(data, "hidden", bool, where, False),
            attributes=_int_map(_field(data, "attributes", dict, where, {}), f"{where}.attributes"),
            level=_field(data, "level", int, where, 1),
            ac_bonus=_field(data, "ac_bonus", int, where, 0),
            mana=_field(data, "mana", int, where, 0),
            max_mana=_field(data, "max_mana", int, where, 0),
            focus=_field(data, "focus", int, where, 0),
            max_focus=_field(data, "max_focus", int, where, 0),
            resistances=_int_map(
                _field(data, "resistances", dict, where, {}), f"{where}.resistances"
            ),
            vulnerabilities=_int_map(
                _field(data, "vulnerabilities", dict, where, {}), f"{where}.vulnerabilities"
            ),
            immunities=set(immunities),
            wounds=_int_map(_field(data, "wounds", dict, where, {}), f"{where}.wounds"),
            weapons=weapons,
            is_object=_field(data, "is_object", bool, where, False),
            defense_bonuses=_field(data, "defense_bonuses", int, where, 0),
            defense_maluses=_field(data, "defense_maluses", int, where, 0),
            morale=_field(data, "morale", (int, type(None)), where, None),
            notes=_field(data, "notes", str, where, ""),
            portrait=_field(data, "portrait", (str, type(None)), where, None),
            prepared=prepared,
        ),
    )


def _declaration_from_dict(data: Any, where: str) -> Declaration:
    if not isinstance(data, dict):
        raise EncounterFileError(f"{where} must be an object")

    def names(key: str) -> list[str]:
        value = _field(data, key, list, where, [])
        if any(not isinstance(v, str) for v in value):
            raise EncounterFileError(f"{where}.{key} must be a list of action names")
        return list(value)

    moved = _field(data, "moved", (int, float), where, 0.0)
    if not math.isfinite(moved) or not 0 <= moved <= MAX_MOVED_TILES:
        raise EncounterFileError(
            f"{where}.moved must be 0 to {MAX_MOVED_TILES} tiles, not {describe_value(moved)}"
        )
    return Declaration(
        actions=names("actions"),
        reaction=_field(data, "reaction", (str, type(None)), where, None),
        free_actions=names("free_actions"),
        movement=_field(data, "movement", (int, type(None)), where, None),
        defensive=_field(data, "defensive", (str, type(None)), where, None),
        notes=_field(data, "notes", str, where, ""),
        locked=_field(data, "locked", bool, where, False),
        used=names("used"),
        moved=float(moved),
        attacks=_field(data, "attacks", int, where, 0),
    )


def _log_from_list(items: list[Any]) -> Log:
    entries: list[LogEntry] = []
    for index, item in enumerate(items):
        where = f"log[{index}]"
        if not isinstance(item, dict):
            raise EncounterFileError(f"{where} must be an object")
        entries.append(_build(where, partial(_log_entry, item, where)))
    return Log(entries)


def _log_entry(item: dict[str, Any], where: str) -> LogEntry:
    return LogEntry(
        round=_field(item, "round", int, where),
        phase=_field(item, "phase", str, where),
        kind=_field(item, "kind", str, where),
        text=_field(item, "text", str, where),
        data=_free_form(_field(item, "data", dict, where, {}), f"{where}.data"),
    )


def encounter_from_dict(data: Any, *, rng: random.Random | None = None) -> Encounter:
    """Build an encounter from a decoded `.drase` document, or raise EncounterFileError."""
    if not isinstance(data, dict):
        raise EncounterFileError("an encounter file must hold a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise EncounterFileError(
            f"format is {describe_value(data.get('format'))}, not {FORMAT!r}:"
            " this is not a Drase encounter"
        )
    version = _field(data, "schema_version", int, "")
    if version > SCHEMA_VERSION:
        raise EncounterFileError(
            f"schema_version {version} is newer than this program reads ({SCHEMA_VERSION})"
        )
    if version < 1:
        raise EncounterFileError(f"schema_version must be 1 or more, not {version}")
    ruleset = _build("ruleset", lambda: ruleset_for(_field(data, "ruleset", str, "")))
    settings_data = _field(data, "settings", dict, "", {})
    diagonal = _field(settings_data, "diagonal", str, "settings", "double")
    if diagonal not in ("double", "circle"):
        raise EncounterFileError(
            f"settings.diagonal must be double or circle, not {describe_value(diagonal)}"
        )
    sight_range = _field(settings_data, "sight_range", (int, type(None)), "settings", None)
    if sight_range is not None and not 1 <= sight_range <= 1000:
        raise EncounterFileError(
            f"settings.sight_range must be 1 to 1000 tiles or null, not {sight_range}"
        )
    settings = EncounterSettings(
        diagonal=diagonal,
        third_party_turn=_field(settings_data, "third_party_turn", bool, "settings", False),
        sight_range=sight_range,
    )
    battle_map = _build("map", lambda: map_from_dict(_field(data, "map", dict, "")))
    combatants = [
        combatant_from_dict(c, f"combatants[{i}]")
        for i, c in enumerate(_field(data, "combatants", list, ""))
    ]
    seen: set[str] = set()
    for index, combatant in enumerate(combatants):
        if combatant.id in seen:
            raise EncounterFileError(
                f"combatants[{index}].id {excerpt_text(combatant.id)} is used twice"
            )
        seen.add(combatant.id)
    custom = [
        _build(f"custom_statuses[{i}]", partial(StatusEffect.from_dict, e))
        for i, e in enumerate(_field(data, "custom_statuses", list, "", []))
    ]
    encounter = _build(
        "combatants",
        lambda: Encounter(
            battle_map,
            combatants,
            ruleset,
            name=_field(data, "name", str, "", ""),
            settings=settings,
            rng=rng,
        ),
    )
    encounter.custom_statuses = custom
    encounter.custom_actions = [
        _build(f"custom_actions[{i}]", partial(Action.from_dict, e))
        for i, e in enumerate(_field(data, "custom_actions", list, "", []))
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
        _build(f"combatants[{index}].position", partial(_check_on_map, encounter, combatant))

    state_data = _field(data, "round_state", dict, "", {})
    declarations_data = _field(state_data, "declarations", dict, "round_state", {})
    declarations = {}
    for cid, value in declarations_data.items():
        where = f"round_state.declarations.{cut_text(cid)}"
        if cid not in encounter.combatants:
            raise EncounterFileError(f"{where}: no combatant with that id")
        declarations[cid] = _declaration_from_dict(value, where)
    defense = _int_map(
        _field(state_data, "defense", dict, "round_state", {}), "round_state.defense"
    )
    for cid in defense:
        if cid not in encounter.combatants:
            raise EncounterFileError(
                f"round_state.defense.{cut_text(cid)}: no combatant with that id"
            )
    initiative = _int_map(
        _field(state_data, "initiative", dict, "round_state", {}), "round_state.initiative"
    )
    encounter.round_state = RoundState(declarations, defense, initiative)

    round_number = _field(data, "round", int, "")
    if round_number < 0:
        raise EncounterFileError(f"round must be 0 or more, not {round_number}")
    encounter.round = round_number
    phase_index = _field(data, "phase_index", int, "", 0)
    phases = encounter.phases
    if not 0 <= phase_index < len(phases):
        raise EncounterFileError(
            f"phase_index {phase_index} is outside this round's {len(phases)} phases"
        )
    encounter.phase_index = phase_index
    phase_key = _field(data, "phase", str, "", phases[phase_index].key)
    if phase_key != phases[phase_index].key:
        raise EncounterFileError(
            f"phase {excerpt_text(phase_key)} does not match phase_index {phase_index}"
            f" ({phases[phase_index].key!r})"
        )
    encounter.log = _log_from_list(_field(data, "log", list, "", []))
    encounter.portraits = portraits_from_dict(_field(data, "portraits", dict, "", {}))
    for index, combatant in enumerate(combatants):
        if combatant.portrait is not None and combatant.portrait not in encounter.portraits:
            raise EncounterFileError(
                f"combatants[{index}].portrait names a picture the file does not hold"
            )
    if "fog" in data:
        try:
            encounter.fog = Fog.from_dict(data["fog"], battle_map.width, battle_map.height)
        except FogError as error:  # its message already names the field
            raise EncounterFileError(str(error)) from error
    return encounter


def _check_on_map(encounter: Encounter, combatant: Combatant) -> None:
    taken: dict[tuple[int, int], str] = {}
    for other in encounter.combatants.values():
        if other.id == combatant.id:
            continue
        for tile in other.tiles():
            taken[tile] = other.id
    for tile in combatant.tiles():
        if not encounter.battle_map.in_bounds(tile):
            raise EncounterFileError(f"{excerpt_text(combatant.name)} stands off the map at {tile}")
        if tile in taken:
            raise EncounterFileError(
                f"{excerpt_text(combatant.name)} shares tile {tile}"
                f" with {excerpt_text(taken[tile])}"
            )


def load_encounter(path: str | os.PathLike[str], *, rng: random.Random | None = None) -> Encounter:
    """Read a `.drase` file. Any problem raises EncounterFileError naming the file and field."""
    file = Path(path)
    data = read_regular_file(file, MAX_FILE_BYTES, EncounterFileError, "encounter files")
    try:
        return encounter_from_bytes(data, rng=rng)
    except EncounterFileError as error:
        raise EncounterFileError(f"{file.name}: {error}") from error


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
    """A part the file keeps as it is (a log entry's details): held to a sane depth, so what
    loads also saves."""
    if nesting_depth_over(value, MAX_NESTING):
        raise EncounterFileError(f"{where} nests more than {MAX_NESTING} levels deep")
    return value
