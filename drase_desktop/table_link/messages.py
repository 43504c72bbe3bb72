"""The Table Link protocol: every message kind a phone and the app exchange, declared as a
msgspec record (as the file formats are, `file_schema.py`) and checked on arrival.

A message is one JSON object over the WebSocket, its `kind` naming its record.

Phone -> app (`read_phone_message(raw)` checks one; anything else is a `MessageError`):
- {"kind": "view"}: send me my seat's view again.
- {"kind": "preview_move", "goal": [x, y], "actions": [...] | null}: price a tapped tile
  (`actions`: those being declared, null: those declared so far).
- {"kind": "preview_attack", "target": id, "weapon": name | null}
- {"kind": "defense_dice"}: which dice "I rolled" needs.
- {"kind": "declare", "combatant": id | null, "move_to": [x, y] | null, "reaction": name |
  null, "actions": [name, name] (at most 2: two half or one full), "free_actions": [...],
  "target": id | null, "weapon": name | null, "notes": text, "defensive": name | null
  (a Crawler defensive movement)}
- {"kind": "roll_defense", "combatant": id | null, "faces": [int, ...] | null} ("Roll":
  null; "I rolled": one face per named die).
A `combatant` other than the seat's own is refused (a seat acts only for its own character);
null or left out means the seat's own.

App -> phone (`app_message(kind, **fields)` builds one, checked the same way):
- {"kind": "view", "view": {...}}: `seat_view.seat_view` (after every change of the fight).
- {"kind": "move_preview", "preview": {...}}, {"kind": "attack_preview", "preview": {...}},
  {"kind": "defense_dice", "dice": {...}}: `phone_actions`' previews.
- {"kind": "accepted", "request": kind, "event": {...}}: the event line `serve` prints.
- {"kind": "refused", "request": kind | "", "words": text}: the words for the player.
- {"kind": "taken_over", "words": text}: another phone opened this seat.

Limits (the server applies them before decoding): `MAX_MESSAGE_BYTES` per message; names
and notes as the file limits hold them.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from drase_desktop.file_limits import MAX_DICE, MAX_NAME_CHARACTERS
from drase_desktop.file_reading import short_message
from drase_desktop.file_schema import gm_message
from drase_desktop.refusal import Refusal

# A phone's message is small: a declaration with a long note fits many times over.
MAX_MESSAGE_BYTES = 16_384
MAX_PHONE_NOTES = 2_000
MAX_FREE_ACTIONS = 16

Name = Annotated[str, Meta(max_length=MAX_NAME_CHARACTERS)]
Coordinate = Annotated[int, Meta(ge=0, le=100_000)]
Tile = tuple[Coordinate, Coordinate]
Face = Annotated[int, Meta(ge=1, le=1000)]


class MessageError(Refusal):
    """A phone's message that is not one the protocol knows (garbled, too big, a wrong field);
    the words say which, nothing changed."""


class _Message(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, tag_field="kind"):
    pass


class ViewRequest(_Message, tag="view"):
    pass


class PreviewMove(_Message, tag="preview_move"):
    goal: Tile
    actions: Annotated[list[Name], Meta(max_length=2)] | None = None


class PreviewAttack(_Message, tag="preview_attack"):
    target: Name
    weapon: Name | None = None


class DefenseDice(_Message, tag="defense_dice"):
    pass


class Declare(_Message, tag="declare"):
    combatant: Name | None = None
    move_to: Tile | None = None
    reaction: Name | None = None
    actions: Annotated[list[Name], Meta(max_length=2)] = msgspec.field(default_factory=list)
    free_actions: Annotated[list[Name], Meta(max_length=MAX_FREE_ACTIONS)] = msgspec.field(
        default_factory=list
    )
    target: Name | None = None
    weapon: Name | None = None
    notes: Annotated[str, Meta(max_length=MAX_PHONE_NOTES)] = ""
    defensive: Name | None = None

    def declared(self) -> dict[str, Any]:
        """The declaration's fields, as `phone_actions.declare` takes them: all but `combatant`,
        which is checked apart (a seat declares for its own character only)."""
        return {name: getattr(self, name) for name in self.__struct_fields__ if name != "combatant"}


class RollDefense(_Message, tag="roll_defense"):
    combatant: Name | None = None
    faces: Annotated[list[Face], Meta(max_length=MAX_DICE)] | None = None


PhoneMessage = ViewRequest | PreviewMove | PreviewAttack | DefenseDice | Declare | RollDefense
PHONE_KINDS = ("view", "preview_move", "preview_attack", "defense_dice", "declare", "roll_defense")


# -- app -> phone ---------------------------------------------------------------------------
class ViewMessage(_Message, tag="view"):
    view: dict[str, Any]


class MovePreviewMessage(_Message, tag="move_preview"):
    preview: dict[str, Any]


class AttackPreviewMessage(_Message, tag="attack_preview"):
    preview: dict[str, Any]


class DefenseDiceMessage(_Message, tag="defense_dice"):
    dice: dict[str, Any]


class Accepted(_Message, tag="accepted"):
    request: str
    event: dict[str, Any]


class Refused(_Message, tag="refused"):
    words: str
    request: str = ""


class TakenOver(_Message, tag="taken_over"):
    words: str = "This seat was opened on another phone."


AppMessage = (
    ViewMessage
    | MovePreviewMessage
    | AttackPreviewMessage
    | DefenseDiceMessage
    | Accepted
    | Refused
    | TakenOver
)
APP_KINDS = (
    "view",
    "move_preview",
    "attack_preview",
    "defense_dice",
    "accepted",
    "refused",
    "taken_over",
)


def read_phone_message(raw: str | bytes) -> PhoneMessage:
    """One phone message, checked: its record, or MessageError in words naming the field."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise MessageError(f"a message is at most {MAX_MESSAGE_BYTES:,} bytes, not {size:,}")
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageError("a message must be one JSON object") from None
    if not isinstance(document, dict):
        raise MessageError("a message must be one JSON object")
    kind = document.get("kind")
    if kind is None:
        raise MessageError(f"a message needs a kind: one of {', '.join(PHONE_KINDS)}")
    if kind not in PHONE_KINDS:
        shown = kind if isinstance(kind, str) else json.dumps(kind)
        raise MessageError(
            short_message(
                f"kind {shown!r} is not a message kind; send one of {', '.join(PHONE_KINDS)}"
            )
        )
    try:
        message: PhoneMessage = msgspec.convert(document, PhoneMessage, strict=True)
    except msgspec.ValidationError as failure:
        unknown = _UNKNOWN_FIELD.match(str(failure))
        if unknown:
            words = f"a {kind} message has no field {unknown['name']!r}"
        else:
            words = gm_message(str(failure), document, schema=_PHONE_RECORDS[kind])
        raise MessageError(short_message(words)) from None
    return message


_UNKNOWN_FIELD = re.compile(r"^Object contains unknown field `(?P<name>[^`]*)`", re.DOTALL)


_PHONE_RECORDS: dict[str, type[msgspec.Struct]] = {
    "view": ViewRequest,
    "preview_move": PreviewMove,
    "preview_attack": PreviewAttack,
    "defense_dice": DefenseDice,
    "declare": Declare,
    "roll_defense": RollDefense,
}


def app_message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message for a phone, checked against its record, as JSON-ready data."""
    document = {"kind": kind, **fields}
    try:
        message = msgspec.convert(document, AppMessage, strict=True)
    except msgspec.ValidationError as failure:
        # Built by the app: a wrong field is a bug, not a phone's mistake.
        raise ValueError(f"app message {kind!r}: {failure}") from None
    built: dict[str, Any] = msgspec.to_builtins(message)
    return built


def encode(message: dict[str, Any]) -> str:
    """A message as the one line of JSON the WebSocket sends."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
