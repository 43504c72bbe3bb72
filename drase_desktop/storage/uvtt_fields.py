"""The Universal VTT reader's field checks: a field's presence, type and value, refused with
UvttImportError naming the field, and the limits of what a file may hold."""

from __future__ import annotations

import math
from typing import Any

from drase_desktop.board.limits import MAX_COORDINATE, MAX_DOORS, MAX_WALLS
from drase_desktop.file_reading import describe_value
from drase_desktop.storage.uvtt_error import UvttImportError

MAX_TILES_PER_SIDE = 500
# The map file's own limits (board.limits), so whatever imports also saves and reopens.
MAX_SEGMENTS = MAX_WALLS
MAX_PORTALS = MAX_DOORS


def _type_name(kind: type | tuple[type, ...]) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true or false"}
    if isinstance(kind, tuple):
        return "a number" if int in kind else " or ".join(_type_name(k) for k in kind)
    return names.get(kind, kind.__name__)


def require_field(
    mapping: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str
) -> Any:
    if key not in mapping:
        place = "" if where == key else f" in '{where}'"
        raise UvttImportError(f"The '{key}' field is missing{place}.")
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        name = key if where == key else f"{where}.{key}"
        raise UvttImportError(f"'{name}' must be {_type_name(kind)}, not {describe(value)}.")
    return value


def describe(value: Any) -> str:
    # Never the whole value: it may be megabytes long or nested hundreds of levels deep.
    return describe_value(value)


def number_field(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UvttImportError(f"'{where}' must be a number, not {describe(value)}.")
    number = float(value)
    if not math.isfinite(number):
        raise UvttImportError(f"'{where}' is {value!r}; it must be a finite number.")
    return number


def point_field(value: Any, where: str) -> tuple[float, float]:
    if not isinstance(value, dict):
        raise UvttImportError(f"'{where}' must be an object with x and y, not {describe(value)}.")
    for axis in "xy":
        if axis not in value:
            raise UvttImportError(f"'{where}' has no '{axis}'.")
    return (number_field(value["x"], f"{where}.x"), number_field(value["y"], f"{where}.y"))


def place_field(value: Any, where: str) -> tuple[float, float]:
    """A point that places something on the map: finite and not absurdly far out."""
    point = point_field(value, where)
    for axis, number in zip("xy", point, strict=True):
        if abs(number) > MAX_COORDINATE:
            raise UvttImportError(
                f"'{where}.{axis}' is {number:g}, absurdly far from the map (more than "
                f"{MAX_COORDINATE:g} tiles)."
            )
    return point


def shifted(point: tuple[float, float], origin: tuple[float, float]) -> tuple[float, float]:
    return (point[0] - origin[0], point[1] - origin[1])


def tile_count(value: float, where: str) -> int:
    # Sizes are whole tiles; allow exporter rounding, round any real fraction up.
    tiles = math.ceil(value - 1e-6)
    if tiles < 1:
        raise UvttImportError(f"'{where}' is {value:g}; a map is at least 1 tile a side.")
    if tiles > MAX_TILES_PER_SIDE:
        raise UvttImportError(
            f"'{where}' is {value:g} tiles; a map holds at most {MAX_TILES_PER_SIDE} tiles a side."
        )
    return tiles


def list_field(document: dict[str, Any], key: str, limit: int) -> list[Any]:
    value = document.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise UvttImportError(f"'{key}' must be a list, not {describe(value)}.")
    if len(value) > limit:
        raise UvttImportError(f"The file has {len(value)} {key}; at most {limit} are supported.")
    return value
