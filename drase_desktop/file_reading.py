"""Reading files a GM was handed: only regular files, never more than a bound, and JSON that
cannot crash the reader.

Every loader (encounters, maps, Universal VTT, images, settings, autosave) reads through here, so
a path that names a pipe or a device is refused before it is opened for reading (a pipe would
wait for a writer forever, /dev/zero never ends), a file is never read past its limit, and JSON
holding a number of thousands of digits, NaN, or nesting hundreds of levels deep is refused in
words a GM can read instead of raising whatever Python's parser raises.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from drase_desktop.file_limits import (
    EXCERPT_CHARACTERS,
    MAX_MESSAGE_CHARACTERS,
    MAX_NAME_CHARACTERS,
    MAX_NESTING,
    MAX_NUMBER_DIGITS,
)

__all__ = [
    "EXCERPT_CHARACTERS",
    "MAX_MESSAGE_CHARACTERS",
    "MAX_NESTING",
    "MAX_NUMBER_DIGITS",
    "cut_text",
    "describe_value",
    "excerpt_text",
    "free_form_problem",
    "in_file",
    "name_from_path",
    "nesting_depth_over",
    "parse_json",
    "read_regular_file",
    "readable_name",
    "short_message",
]

_MB = 1024 * 1024
# A \uD800-\uDFFF escape that is not half of a pair: JSON may spell it, but it is no character,
# and no UTF-8 file (nor any save) can hold it.
_LONE_SURROGATE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def read_regular_file(
    path: str | os.PathLike[str], limit: int, error: type[ValueError], what: str = "files"
) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them.

    Raises `error` (its message starts with the file's name) for anything else: a missing or
    unreadable file, a folder, a pipe, a device, or a file over `limit` bytes (such files are
    called `what` in the message, e.g. "map files")."""
    file = Path(path)
    try:
        before = os.stat(file)
        if not stat.S_ISREG(before.st_mode):
            raise error(f"{file.name} is {_file_kind(before.st_mode)}, not a file; it is not read.")
        # Non-blocking: should the path turn into a pipe between the check and the open, the
        # open still returns at once and the check below refuses it.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        descriptor = os.open(file, flags)
    except OSError as failure:
        raise error(f"Cannot read {file.name}: {failure.strerror or failure}.") from None
    with os.fdopen(descriptor, "rb") as handle:
        try:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise error(
                    f"{file.name} is {_file_kind(status.st_mode)}, not a file; it is not read."
                )
            if status.st_size > limit:
                raise error(_too_large(file.name, status.st_size, limit, what))
            data = handle.read(limit + 1)
        except OSError as failure:
            raise error(f"Cannot read {file.name}: {failure.strerror or failure}.") from None
    if len(data) > limit:  # it grew while being read
        raise error(_too_large(file.name, len(data), limit, what))
    return data


def _too_large(name: str, size: int, limit: int, what: str) -> str:
    if limit >= _MB:
        return f"{name} is {size / _MB:.0f} MB; {what} over {limit // _MB} MB are refused."
    return f"{name} is {size} bytes; {what} over {limit} bytes are refused."


class _NumberTooLong(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


class _NotANumber(ValueError):
    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


def _constant(word: str) -> Any:
    raise _NotANumber(word)


def _line_and_column(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def parse_json(
    data: str | bytes, error: type[ValueError], *, lone_surrogates: bool = False, **hooks: Any
) -> Any:
    """The JSON document in `data`, or `error` with a message a GM can read.

    Text holding a lone surrogate escape ("\\ud800": no character, and nothing that holds it
    can be saved) is refused, unless `lone_surrogates` (a file of paths, where such escapes
    stand for the bytes of a file name that is not UTF-8). Whole numbers are held to
    MAX_NUMBER_DIGITS digits. Decimals are parsed as usual (a hook
    for them would double the time a large map takes to load): one too large to hold becomes
    infinity, which each loader's own finite-number check refuses by field.

    `hooks` go to `json.loads` (e.g. `object_pairs_hook`, or `parse_constant=float` for a
    loader that refuses NaN by field itself); an `error` raised by a hook passes through."""
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as failure:
            raise error(
                f"the file is not UTF-8 text (byte {failure.start}) - is it the right file?"
            ) from None
    else:
        text = data
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    try:
        document = json.loads(
            text, **{"parse_int": _whole_number, "parse_constant": _constant, **hooks}
        )
    except json.JSONDecodeError as failure:
        raise error(
            f"the file is not valid JSON ({_line_and_column(text, failure.pos)}: {failure.msg})"
            " - is it cut short or damaged?"
        ) from None
    except _NumberTooLong as failure:
        where = _line_and_column(text, max(text.find(failure.digits), 0))
        raise error(
            f"the file holds a number {len(failure.digits)} characters long at {where}"
            f" ({excerpt_text(failure.digits, 20)}); no field takes a number that large"
        ) from None
    except _NotANumber as failure:
        where = _line_and_column(text, max(text.find(failure.word), 0))
        raise error(
            f"the file at {where} holds {failure.word}, which is not a number any field can take"
        ) from None
    except RecursionError:
        raise error(
            "the file's lists or objects nest too deeply (hundreds of levels); it is damaged"
        ) from None
    except error:
        raise
    if not lone_surrogates and "\\" in text:  # no backslash, no escape: the usual case
        _refuse_lone_surrogates(text, document, error)
    return document


def _refuse_lone_surrogates(text: str, document: Any, error: type[ValueError]) -> None:
    where = next(
        (
            found
            for found in _LONE_SURROGATE_ESCAPE.finditer(text)
            # An escape, not quoted text: a backslash and "ud800" is written "\\\\ud800".
            if _backslashes_before(text, found.start()) % 2 == 0
        ),
        None,
    )
    # The document has the last word (a walk of it is only needed when an escape was seen).
    if where is None or not _holds_surrogate(document):
        return
    raise error(
        f"the file holds a broken character ({where.group(0)}) at"
        f" {_line_and_column(text, where.start())}: text cannot hold it, so the file could"
        " never be saved again - is it damaged?"
    )


def _backslashes_before(text: str, end: int) -> int:
    start = end
    while start > 0 and text[start - 1] == "\\":
        start -= 1
    return end - start


def _holds_surrogate(value: Any) -> bool:
    """Whether any text or name in decoded JSON holds a lone surrogate. Walks without
    recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def readable_name(name: str) -> str:
    """A file's name as text a file can hold: what Python keeps of a name that is not UTF-8
    (lone surrogates) shown as \ufffd, the sign for a character lost."""
    return _SURROGATE.sub("\ufffd", name)


def name_from_path(path: str | os.PathLike[str]) -> str:
    """The name a map or an encounter takes from its file: the file's name without its suffix,
    as text a file holds (`readable_name`), at most MAX_NAME_CHARACTERS long, so it saves."""
    return readable_name(Path(path).stem)[:MAX_NAME_CHARACTERS].strip()


def _walk_problem(value: Any, most: int, numbers: bool) -> str | None:
    """Why `value` (decoded JSON) fails: nesting deeper than `most` levels, or (when
    `numbers`) a decimal too large to hold; None when it does not. Walks without recursion."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if numbers and isinstance(item, float) and not math.isfinite(item):
            return "holds a number too large to keep"
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= most:
            return f"nests more than {most} levels deep"
        stack.extend((child, depth + 1) for child in children)
    return None


def nesting_depth_over(value: Any, most: int = MAX_NESTING) -> bool:
    """Whether `value` (decoded JSON) nests lists and objects more than `most` levels deep.
    Walks without recursion, so any depth is safe to ask about."""
    return _walk_problem(value, most, numbers=False) is not None


def free_form_problem(value: Any, most: int = MAX_NESTING) -> str | None:
    """Why decoded JSON kept as it is (a log entry's details) could not be saved and read
    again, or None: nesting deeper than `most` levels, or a number too large to hold (a
    decimal like 1e999 reads as infinity, which no JSON file can hold). Walks without
    recursion."""
    return _walk_problem(value, most, numbers=True)


def excerpt_text(text: str, most: int = EXCERPT_CHARACTERS) -> str:
    """`text` quoted, cut to about `most` characters."""
    if len(text) <= most:
        return repr(text)
    return repr(text[:most]) + f"... ({len(text)} characters)"


def cut_text(text: str, most: int = EXCERPT_CHARACTERS) -> str:
    """`text` as it is, cut to `most` characters (for a name inside a field's path)."""
    return text if len(text) <= most else text[:most] + "…"


def describe_value(value: Any) -> str:
    """A short description of a decoded JSON value for a message: small values are shown,
    large ones are cut or summarised, so a message stays short whatever the file holds."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value) if value.bit_length() < 200 else "a very large number"
        return text
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return excerpt_text(value)
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return f"an object with {len(value)} field{'s' if len(value) != 1 else ''}"
    return type(value).__name__


def in_file(name: str, message: str) -> str:
    """A loader's refusal `message` about the file called `name`: the name first, and the whole
    within MAX_MESSAGE_CHARACTERS (the name counts; a long name leaves less of the reason)."""
    return short_message(f"{readable_name(name)}: {message}")


def short_message(message: str, most: int = MAX_MESSAGE_CHARACTERS) -> str:
    """`message` cut to `most` characters (a message quoting a huge value stays readable)."""
    if len(message) <= most:
        return message
    return message[: most - 1] + "…"
