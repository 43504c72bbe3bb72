"""The app's files declared once, as msgspec records, with refusals in words a GM can read.

Each file format names its parts as records: a record is a msgspec Struct whose fields give each
field's type, its range (`Annotated[int, Meta(ge=1)]`), its choices (`Literal[...]`) and its
default. Where the program already has a dataclass for a part (a combatant, a weapon),
`record_of` makes the record from that dataclass, so a field added to the dataclass is read,
written, checked and defaulted with no further line. A record refuses fields it does not know:
a file holding one was written by a newer Drase Desktop, and the message says so.

`read_record` checks a decoded document against a record and turns msgspec's refusal ("Expected
`int`, got `str` - at `$.combatants[3].hp`") into the program's words ("combatants[3].hp:
expected a whole number, got 'ten'"), quoting only a short excerpt of a long value.
"""

from __future__ import annotations

import dataclasses
import operator
import re
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypeVar

import msgspec
from msgspec import Meta

from drase_desktop.file_reading import cut_text, describe_value, excerpt_text, short_message

T = TypeVar("T")

_KINDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "empty (null)",
    "bytes": "base64 text",
}
_JSON_KIND = {
    "int": int,
    "float": float,
    "str": str,
    "bool": bool,
    "array": list,
    "object": dict,
    "null": type(None),
}
_AT = re.compile(r"^(?P<what>.*?) - at `(?P<path>[^`]*)`(?: in `(?P<parent>[^`]*)`)?$", re.DOTALL)
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")


def record_of(
    model: type[Any],
    *,
    name: str | None = None,
    required: Collection[str] = (),
    types: Mapping[str, Any] | None = None,
    leave_out: Collection[str] = (),
) -> type[msgspec.Struct]:
    """The record of a dataclass: one field per dataclass field, with its type and default.

    `required` names fields the file must hold although the dataclass has a default (a
    combatant's hit points); `types` gives a field the file holds in another shape (a nested
    record, a range the constructor does not check); `leave_out` names fields that are not
    in the file."""
    hints = typing.get_type_hints(model, include_extras=True)
    overrides = dict(types or {})
    unknown = set(overrides) | set(required) | set(leave_out)
    columns: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for item in dataclasses.fields(model):
        unknown.discard(item.name)
        if item.name in leave_out:
            continue
        kind = overrides.get(item.name, hints[item.name])
        if item.name in required:
            columns.append((item.name, kind))
        elif item.default is not dataclasses.MISSING:
            columns.append((item.name, kind, item.default))
        elif item.default_factory is not dataclasses.MISSING:
            columns.append((item.name, kind, msgspec.field(default_factory=item.default_factory)))
        else:
            columns.append((item.name, kind))
    if unknown:
        raise TypeError(f"{model.__name__} has no field {sorted(unknown)}")
    return msgspec.defstruct(
        name or f"{model.__name__}Record",
        columns,
        kw_only=True,
        forbid_unknown_fields=True,
        module=model.__module__,
    )


def model_from(record: msgspec.Struct, model: type[T]) -> T:
    """The dataclass a record stands for (nested records become their dataclasses), built
    through its constructor so every check it makes runs."""
    return msgspec.convert(record, model, from_attributes=True)


def fields_to_dict(
    value: Any, *, left_out_when_empty: Collection[str] = (), leave_out: Collection[str] = ()
) -> dict[str, Any]:
    """A dataclass as plain JSON-ready data, field by field in declaration order (nested
    dataclasses too); a set field is written as a sorted list (so a file does not change from
    one save to the next), a tuple field as a list, and the fields named in
    `left_out_when_empty` are left out when they hold nothing (those in `leave_out` always)."""
    plan = _PLANS.get(type(value)) or _plan(type(value))
    document = dict(zip(plan.names, plan.values(value), strict=True))
    if plan.special:
        for name in plan.nested:
            document[name] = msgspec.to_builtins(document[name])
        for name in plan.copies:  # the file's data must not change with the live object
            if document[name] is not None:
                document[name] = type(document[name])(document[name])
        for name in plan.sets:
            if document[name] is not None:
                document[name] = sorted(document[name])
        for name in plan.tuples:
            if document[name] is not None:  # a position: a list, as JSON reads it back
                document[name] = list(document[name])
    for name in leave_out:
        document.pop(name, None)
    for name in left_out_when_empty:
        if document.get(name, None) in (None, [], {}):
            document.pop(name, None)
    return document


class _Plan(typing.NamedTuple):
    names: tuple[str, ...]
    values: Callable[[Any], tuple[Any, ...]]
    nested: tuple[str, ...]  # hold dataclasses or bytes: converted by msgspec
    copies: tuple[str, ...]  # plain lists and dicts: copied
    sets: tuple[str, ...]
    tuples: tuple[str, ...]
    special: bool  # any of the four above


_PLANS: dict[type[Any], _Plan] = {}


def _plan(model: type[Any]) -> _Plan:
    """How to write a dataclass's fields, worked out once per dataclass (kept in `_PLANS`,
    which `fields_to_dict` asks first): the plain ones are taken as they are (a long log stays
    quick to save)."""
    hints = typing.get_type_hints(model)
    names = tuple(item.name for item in dataclasses.fields(model))
    nested = [name for name in names if _needs_conversion(hints[name])]
    copies, sets, tuples = [], [], []
    for name in names:
        origins = {typing.get_origin(option) or option for option in _bare(hints[name])}
        if origins & {set, frozenset}:
            sets.append(name)
        elif tuple in origins:
            tuples.append(name)
        elif origins & {list, dict} and name not in nested:
            copies.append(name)
    values = operator.attrgetter(*names) if len(names) > 1 else _one(names[0])
    special = bool(nested or copies or sets or tuples)
    plan = _Plan(names, values, tuple(nested), tuple(copies), tuple(sets), tuple(tuples), special)
    _PLANS[model] = plan
    return plan


def _one(name: str) -> Callable[[Any], tuple[Any, ...]]:
    def value(item: Any) -> tuple[Any, ...]:
        return (getattr(item, name),)

    return value


def _needs_conversion(kind: Any) -> bool:
    if kind is bytes or dataclasses.is_dataclass(kind):
        return True
    return any(_needs_conversion(arg) for arg in typing.get_args(kind))


def read_record(
    document: Any,
    record: type[T],
    error: type[ValueError],
    *,
    where: str = "",
    newer: str = "",
) -> T:
    """`document` checked against `record`, or `error` with a message naming the field.

    `where` names the document's place in the file ("map"); `newer` is said of a field the
    record does not know (e.g. "This version reads up to format 1.")."""
    try:
        return msgspec.convert(document, record, strict=True)
    except msgspec.ValidationError as failure:
        message = gm_message(str(failure), document, schema=record, where=where, newer=newer)
        raise error(message) from None


def gm_message(
    message: str, document: Any, *, schema: Any = None, where: str = "", newer: str = ""
) -> str:
    """msgspec's refusal of `document` (checked against the type `schema`, when given) in the
    program's words."""
    match = _AT.match(message)
    what, path, in_parent = message, "$", False
    if match:
        what = match["what"]
        if match["parent"] is not None:  # "at `key` in `$.field`": an object's key
            path, in_parent = match["parent"], True
        else:
            path = match["path"]
    steps = _steps(path)
    value, kind = _value_at(document, schema, steps, what)
    field = _join(where, steps)
    if in_parent:
        return short_message(f"{field}: every name in it must be text")
    # DOTALL: a field name may hold a line break.
    unknown_or_missing = r"Object (missing required|contains unknown) field `(.*)`"
    found = re.fullmatch(unknown_or_missing, what, re.DOTALL)
    if found:
        inner = _join(field, [found[2]])
        if found[1] == "missing required":
            return short_message(f"{inner} is missing")
        return short_message(
            f"{field or 'the file'}: {excerpt_text(found[2])} is a field this version does not"
            f" know - was the file written by a newer Drase Desktop? {newer}".rstrip()
        )
    return short_message(f"{field or 'the file'}: {_problem(what, value, kind)}")


def _problem(what: str, value: Any, kind: Any) -> str:
    got = describe_value(value) if value is not _UNKNOWN else None
    found = re.fullmatch(r"Expected `([^`]*)`, got `([^`]*)`", what)
    if found:
        return f"expected {_kind(found[1])}, got {got or _kind(found[2])}"
    found = re.fullmatch(r"Expected `([^`]*)` (>=|<=|>|<) (\S+)", what)
    if found:
        bound = {">=": "{} or more", "<=": "at most {}", ">": "more than {}", "<": "less than {}"}
        expected = f"{_kind(found[1])}, {bound[found[2]].format(found[3].removesuffix('.0'))}"
        return f"expected {expected}, got {got}" if got else f"expected {expected}"
    found = re.fullmatch(r"Expected `([^`]*)` of length (<=|>=) (\d+)", what)
    if found:
        size = len(value) if isinstance(value, str | list | dict) else None
        limit = "at most" if found[2] == "<=" else "at least"
        if found[1] == "str":
            held = f"is {size} characters long; " if size is not None else ""
            return f"{held}{limit} {found[3]}"
        held = f"holds {size} entries; " if size is not None else ""
        return f"{held}{limit} {found[3]} are read"
    if re.fullmatch(r"Expected `str` matching regex .*", what, re.DOTALL):
        expected = _description(kind) or "text of another form"
        return f"expected {expected}, got {got}" if got else f"expected {expected}"
    found = re.fullmatch(r"Expected `array` of length (\d+), got (\d+)", what)
    if found:
        return f"expected a list of {found[1]} items, got {got}"
    found = re.fullmatch(r"Invalid enum value (.*)", what, re.DOTALL)
    if found:
        choices = _choices(kind)
        if choices:
            listed = (
                ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
            )
            return f"expected {listed}, got {got or found[1]}"
        return f"{got or found[1]} is not one of the values this field takes"
    if what.startswith("Invalid base64"):
        return "not valid base64 text; it is damaged"
    if what.startswith("Expected `"):  # a form of msgspec's words not met above
        return re.sub(r"`([^`]*)`", lambda name: _kind(name[1]), what).replace(
            "Expected", "expected"
        )
    # A check of the program's own (a constructor refusing a value): its message is for a GM.
    return what


def _kind(names: str) -> str:
    return " or ".join(_KINDS.get(name.strip(), name.strip()) for name in names.split("|"))


class _Unknown:
    pass


_UNKNOWN: Any = _Unknown()


def _steps(path: str) -> list[str | int]:
    steps: list[str | int] = []
    for name, index in _STEP.findall(path.removeprefix("$")):
        if name:
            steps.append(name)
        else:
            steps.append(int(index) if index.isdigit() else "...")
    return steps


def _join(where: str, steps: Iterable[str | int]) -> str:
    text = where
    for step in steps:
        if isinstance(step, int):
            text += f"[{step}]"
        elif step == "...":
            text += "[…]"
        else:
            text += f".{cut_text(step)}" if text else cut_text(step)
    return text


def _value_at(document: Any, schema: Any, steps: list[str | int], what: str) -> tuple[Any, Any]:
    """The value a message speaks of, found again in the document (msgspec does not quote it),
    and the type it was checked against (when `schema` is known).

    Inside an object of free names ("[...]") it is the first value that fails its type (or,
    without a type, the first of the refused kind), and its name takes the place of "..." in
    `steps`."""
    value, kind = document, schema
    for number, step in enumerate(steps):
        inner = _inner_type(kind, step)
        if step == "...":
            key = _failing_key(value, inner, what)
            if key is None:
                return _UNKNOWN, None
            steps[number] = str(key)
            value = value[key]
        elif isinstance(step, int) and isinstance(value, list) and step < len(value):
            value = value[step]
        elif isinstance(step, str) and isinstance(value, dict) and step in value:
            value = value[step]
        else:
            return _UNKNOWN, None
        kind = inner
    return value, kind


def _failing_key(value: Any, kind: Any, what: str) -> Any:
    if not isinstance(value, dict):
        return None
    if kind is not None:
        for key, item in value.items():
            try:
                msgspec.convert(item, kind, strict=True)
            except msgspec.ValidationError:
                return key
        return None
    got = re.search(r"got `([^`]*)`", what)
    refused = _JSON_KIND.get(got[1]) if got else None
    return next((k for k, v in value.items() if type(v) is refused), None)


def _bare(kind: Any) -> list[Any]:
    """The types `kind` may be: Annotated and unions unwrapped, null left out."""
    origin = typing.get_origin(kind)
    if origin is typing.Annotated:
        return _bare(typing.get_args(kind)[0])
    if origin in (typing.Union, types.UnionType):
        return [bare for arg in typing.get_args(kind) for bare in _bare(arg)]
    return [] if kind is type(None) else [kind]


def _inner_type(kind: Any, step: str | int) -> Any:
    """The type of the part `step` of a value of type `kind`, or None when unknown."""
    for option in _bare(kind):
        origin, args = typing.get_origin(option), typing.get_args(option)
        if isinstance(step, int) and origin in (list, set, frozenset) and args:
            return args[0]
        if isinstance(step, int) and origin is tuple and args:
            return args[0] if args[-1] is Ellipsis else args[min(step, len(args) - 1)]
        if origin is dict and args:
            return args[1]
        is_record = isinstance(option, type) and issubclass(option, msgspec.Struct)
        if isinstance(step, str) and (is_record or dataclasses.is_dataclass(option)):
            hints = typing.get_type_hints(option, include_extras=True)
            if step in hints:
                return hints[step]
    return None


def _description(kind: Any) -> str | None:
    """What a field holds, in the words its record gives (`Meta(description=...)`)."""
    if typing.get_origin(kind) is typing.Annotated:
        for extra in typing.get_args(kind)[1:]:
            if isinstance(extra, Meta) and extra.description:
                return extra.description
    return None


def _choices(kind: Any) -> list[str]:
    """The values a Literal field takes, quoted, or none."""
    for option in _bare(kind):
        if typing.get_origin(option) is typing.Literal:
            return [repr(value) for value in typing.get_args(option)]
    return []
