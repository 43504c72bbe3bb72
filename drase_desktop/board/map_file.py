"""The `.drase-map` file: one self-contained, human-readable, versioned JSON document.

Tile layers are rows of text, one string per row of the map (y = 0 first). Terrain, cover and
obscuration use one symbol per tile, named by the layer's `legend`; a run may be written
`<count><symbol>` ("12." is twelve normal tiles), which big maps use to stay small. Elevation rows
are space-separated whole numbers, a run written `<value>*<count>` ("0*24"). Walls, doors, windows,
objects (pillars, tables: an outline of points) and lights are lists of objects; the background
image is embedded as base64 with its grid calibration.

Loading checks every field before a map exists, so a bad file raises `MapFileError` naming the
field and the position and never yields half a map. Saving writes atomically.
"""

from __future__ import annotations

import base64
import binascii
import math
import operator
import os
import re
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drase_desktop.atomic_write import write_atomically
from drase_desktop.board.battle_map import (
    COVER_LEVELS,
    MAX_ELEVATION,
    OBSCURATION_LEVELS,
    TERRAIN_KINDS,
    BackgroundImage,
    BattleMap,
    BoardError,
    Door,
    Light,
    Wall,
)
from drase_desktop.board.image_probe import ImageImportError, probe_image
from drase_desktop.board.limits import (
    MAX_MAP_FILE_BYTES,
    check_map_limits,
    most_barrier_length,
)
from drase_desktop.board.map_features import MapObject, Window
from drase_desktop.board.map_schema import FORMAT as FORMAT
from drase_desktop.board.map_schema import SCHEMA_VERSION as SCHEMA_VERSION
from drase_desktop.board.map_schema import (
    BackgroundRecord,
    ElevationRecord,
    MapRecord,
    SymbolLayerRecord,
)
from drase_desktop.file_document import FileKind, check_header, document_bytes
from drase_desktop.file_reading import (
    describe_value,
    excerpt_text,
    in_file,
    parse_json,
    read_regular_file,
    short_message,
)
from drase_desktop.file_schema import read_record

# The limits every way into a map shares (board.limits): what loads also saves and reopens.
MAX_FILE_BYTES = MAX_MAP_FILE_BYTES
# Maps this wide or less write plain rows (a grid to read by eye); wider ones write runs.
PLAIN_ROWS_UP_TO = 100

LEGENDS: dict[str, dict[str, str]] = {
    "terrain": {
        ".": "normal",
        "d": "difficult",
        "~": "shallow-water",
        "r": "rocky",
        "m": "mud",
        "s": "swamp",
        "#": "blocked",
        "W": "water",
        "o": "soft",
    },
    "cover": {".": "none", "h": "half", "t": "three-quarter", "F": "full", "E": "embrasure"},
    "obscuration": {".": "none", "l": "light", "H": "heavy", "T": "total"},
}
LAYER_VALUES = {"terrain": TERRAIN_KINDS, "cover": COVER_LEVELS, "obscuration": OBSCURATION_LEVELS}
_RUN = re.compile(r"(\d+)(\D)")
_DIGIT = re.compile(r"\d")
_ELEVATION_TOKEN = re.compile(r"(-?\d{1,5})(?:\*(\d{1,3}))?")


class MapFileError(BoardError):
    """A map file that cannot be read; the message names the field and position."""


# ---- writing --------------------------------------------------------------------------------
def _symbol_rows(
    codes: bytes | memoryview, width: int, legend: dict[str, str], layer: str, runs: bool
) -> list[str]:
    values = LAYER_VALUES[layer]
    symbol_of = {kind: symbol for symbol, kind in legend.items()}
    table = bytes(ord(symbol_of[values[code]]) if code < len(values) else 0 for code in range(256))
    text = bytes(codes).translate(table).decode("ascii")
    rows = [text[start : start + width] for start in range(0, len(text), width)]
    if not runs:
        return rows
    return [_run_length(row) for row in rows]


def _run_length(row: str) -> str:
    # Runs of 3 or more become "<count><symbol>"; the regex walks the row in C.
    return _REPEATS.sub(lambda run: f"{len(run.group())}{run.group(1)}", row)


_REPEATS = re.compile(r"(.)\1{2,}", re.DOTALL)


def _cached_rows(battle_map: BattleMap, key: tuple[Any, ...], data: bytes, make: Any) -> list[str]:
    """The rows written for a layer, made again only when its bytes changed: an autosave after
    every change writes the map, and most changes (an HP, a phase) leave its layers alone."""
    cache = battle_map.derived_caches.setdefault("file_rows", {})
    found = cache.get(key)
    if found is None or found[0] != data:
        found = cache[key] = (data, make())
    return list(found[1])


def _elevation_rows(values: Sequence[int], width: int) -> list[str]:
    rows = []
    for start in range(0, len(values), width):
        row = values[start : start + width]
        tokens = []
        index = 0
        while index < width:
            end = index
            while end < width and row[end] == row[index]:
                end += 1
            count = end - index
            tokens.append(str(row[index]) if count == 1 else f"{row[index]}*{count}")
            index = end
        rows.append(" ".join(tokens))
    return rows


def _point(point: tuple[float, float]) -> list[float | int]:
    return [int(v) if float(v).is_integer() else v for v in point]


def _door(door: Door) -> dict[str, Any]:
    record: dict[str, Any] = {
        "start": _point(door.start),
        "end": _point(door.end),
        "closed": door.closed,
    }
    if door.locked:
        record["locked"] = True
    return record


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def map_to_dict(battle_map: BattleMap) -> dict[str, Any]:
    """The map as plain JSON-ready data (what `.drase-map` holds; the encounter file embeds it)."""
    width = battle_map.width
    runs = width > PLAIN_ROWS_UP_TO
    document: dict[str, Any] = {
        "format": FORMAT,
        "schema_version": 1,  # 2 when the map has windows or objects, below
        "name": battle_map.name,
        "width": width,
        "height": battle_map.height,
        "ambient_light": battle_map.ambient_light,
    }
    for layer in ("terrain", "cover", "obscuration"):
        legend = LEGENDS[layer]
        codes = bytes(battle_map.layer_codes(layer))
        rows = _cached_rows(
            battle_map,
            (layer, width, runs),
            codes,
            lambda codes=codes, legend=legend, layer=layer: _symbol_rows(
                codes, width, legend, layer, runs
            ),
        )
        document[layer] = {"legend": dict(legend), "rows": rows}
    heights = battle_map.layer_codes("elevation")
    document["elevation"] = {
        "rows": _cached_rows(
            battle_map,
            ("elevation", width),
            heights.tobytes(),
            lambda: _elevation_rows(heights, width),
        )
    }
    document["walls"] = [
        {"start": _point(wall.start), "end": _point(wall.end)} for wall in battle_map.walls
    ]
    document["doors"] = [_door(door) for door in battle_map.doors]
    document["lights"] = [
        {"position": _point(light.position), "radius": _number(light.radius)}
        for light in battle_map.lights
    ]
    if battle_map.windows or battle_map.objects or battle_map.lighting_baked:
        document["schema_version"] = 2
        document["lighting_baked"] = battle_map.lighting_baked
        document["windows"] = [
            {"start": _point(window.start), "end": _point(window.end)}
            for window in battle_map.windows
        ]
        document["objects"] = [
            {"points": [_point(point) for point in item.points]} for item in battle_map.objects
        ]
    image = battle_map.background
    document["background"] = (
        None
        if image is None
        else {
            "media_type": image.media_type,
            "pixels_per_tile": _number(image.pixels_per_tile),
            "offset": _point(image.offset),
            "data_base64": image.data_base64,
        }
    )
    return document


def save_map(battle_map: BattleMap, path: str | os.PathLike[str]) -> None:
    """Write the map to `path` atomically: the old file stays whole until the new one is.
    A map beyond the limits a map file can hold raises MapLimitError and writes nothing."""
    check_map_limits(battle_map)
    write_atomically(path, document_bytes(map_to_dict(battle_map)))


# ---- reading --------------------------------------------------------------------------------
MAP_FILE = FileKind(FORMAT, SCHEMA_VERSION, "a Drase map")
# Said of a field the file holds and this version does not know.
_NEWER = f"This version reads up to format {SCHEMA_VERSION}."


def _fail(field: str, problem: str) -> MapFileError:
    return MapFileError(f"{field}: {problem}")


def _rows(layer: SymbolLayerRecord | ElevationRecord, field: str, height: int) -> list[str]:
    if len(layer.rows) != height:
        raise _fail(f"{field}.rows", f"has {len(layer.rows)} rows, the map is {height} tall")
    return layer.rows


def _symbol_layer(layer: SymbolLayerRecord, name: str, width: int, height: int) -> bytearray:
    values = LAYER_VALUES[name]
    table = bytearray(b"\xff" * 256)
    for symbol, kind in layer.legend.items():
        where = f"{name}.legend[{excerpt_text(symbol, 8)}]"
        if len(symbol) != 1 or not symbol.isprintable() or symbol.isdigit() or ord(symbol) > 126:
            raise _fail(where, "a symbol must be one printable ASCII character, not a digit")
        if symbol in " *":
            raise _fail(where, "a space or '*' cannot be a symbol")
        if kind not in values:
            raise _fail(
                where, f"unknown {name} {describe_value(kind)}; choose one of {', '.join(values)}"
            )
        table[ord(symbol)] = values.index(kind)
    codes = bytearray()
    for y, row in enumerate(_rows(layer, name, height)):
        where = f"{name}.rows[{y}]"
        if len(row) > 4 * width + 8:
            raise _fail(where, "is far longer than the map is wide")
        if _DIGIT.search(row):
            # [text, count, symbol, text, count, symbol, ..., text]: the runs expanded in C
            # (map, join), not one Python call per run.
            parts = _RUN.split(row)
            counts = list(map(int, parts[1::3]))
            if counts and not (1 <= min(counts) and max(counts) <= width):
                written = zip(parts[1::3], counts, strict=True)
                count = next(text for text, n in written if not 1 <= n <= width)
                raise _fail(where, f"a run of {count} tiles does not fit a {width}-wide map")
            # Every count but a last one is followed by its symbol (a run), so digits left at
            # the end are a count with no symbol.
            if parts[-1].rstrip("0123456789") != parts[-1]:
                raise _fail(where, "ends with a count and no symbol")
            parts[2::3] = list(map(operator.mul, parts[2::3], counts))
            parts[1::3] = [""] * len(counts)
            row = "".join(parts)
        if len(row) != width:
            raise _fail(where, f"holds {len(row)} tiles, the map is {width} wide")
        try:
            raw = row.encode("ascii")
        except UnicodeEncodeError:
            bad = next(x for x, c in enumerate(row) if ord(c) > 127)
            raise _fail(where, f"x = {bad}: unknown symbol {row[bad]!r}") from None
        translated = raw.translate(table)
        bad = translated.find(b"\xff")
        if bad >= 0:
            raise _fail(where, f"x = {bad}: unknown symbol {row[bad]!r}, not in the legend")
        codes += translated
    return codes


def _elevation_layer(layer: ElevationRecord, width: int, height: int) -> array[int]:
    values = array("h")
    for y, row in enumerate(_rows(layer, "elevation", height)):
        where = f"elevation.rows[{y}]"
        if len(row) > 12 * width + 8:
            raise _fail(where, "is far longer than the map is wide")
        found = 0
        for token in row.split():
            match = _ELEVATION_TOKEN.fullmatch(token)
            if match is None:
                raise _fail(where, f"x = {found}: {token[:20]!r} is not a height or height*count")
            height_value = int(match[1])
            if not -MAX_ELEVATION <= height_value <= MAX_ELEVATION:
                raise _fail(
                    where, f"x = {found}: height {height_value} is beyond +/-{MAX_ELEVATION}"
                )
            count = int(match[2]) if match[2] else 1
            if not 1 <= count <= width - found:
                raise _fail(where, f"x = {found}: a run of {count} does not fit the map's width")
            values += array("h", (height_value,)) * count  # repeated in C
            found += count
        if found != width:
            raise _fail(where, f"holds {found} tiles, the map is {width} wide")
    return values


def map_from_dict(document: Any) -> BattleMap:
    """Check every field of a map document and build the map; MapFileError on any fault."""
    if not isinstance(document, dict):
        raise _fail("the map", f"must be an object, not {describe_value(document)}")
    check_header(document, MAP_FILE, MapFileError)
    record = read_record(document, MapRecord, MapFileError, newer=_NEWER)
    width, height = record.width, record.height
    terrain = _symbol_layer(record.terrain, "terrain", width, height)
    cover = _symbol_layer(record.cover, "cover", width, height)
    obscuration = _symbol_layer(record.obscuration, "obscuration", width, height)
    elevation = _elevation_layer(record.elevation, width, height)
    walls = [Wall(wall.start, wall.end) for wall in record.walls]
    doors = [Door(door.start, door.end, door.closed, door.locked) for door in record.doors]
    lights = [Light(light.position, light.radius) for light in record.lights]
    windows = [Window(window.start, window.end) for window in record.windows]
    objects = [_object(item.points, index) for index, item in enumerate(record.objects)]
    # Every tile edge walled twice over is already far more than any map needs; beyond that a
    # file would only make the movement graph crawl.
    total = sum(math.dist(wall.start, wall.end) for wall in walls) + sum(
        math.dist(door.start, door.end) for door in doors
    )
    total += sum(math.dist(window.start, window.end) for window in windows)
    total += sum(item.length() for item in objects)
    most = most_barrier_length(width, height)
    if total > most:
        raise _fail(
            "walls",
            f"walls, doors, windows and objects run {total:.0f} tiles in all; at most {most}",
        )
    background = None if record.background is None else _background(record.background)

    battle_map = BattleMap(width, height, record.name)
    battle_map.load_layers(
        terrain=terrain, cover=cover, obscuration=obscuration, elevation=elevation
    )
    battle_map.ambient_light = record.ambient_light
    battle_map.walls.extend(walls)
    battle_map.doors.extend(doors)
    battle_map.lights.extend(lights)
    battle_map.windows.extend(windows)
    battle_map.lighting_baked = record.lighting_baked
    battle_map.objects.extend(objects)
    battle_map.background = background
    return battle_map


def _object(points: list[tuple[float, float]], index: int) -> MapObject:
    try:
        return MapObject(tuple(points))
    except BoardError as error:
        raise _fail(f"objects[{index}]", str(error)) from None


def _background(image: BackgroundRecord) -> BackgroundImage:
    try:
        data = base64.b64decode(image.data_base64, validate=True)
    except (binascii.Error, ValueError):
        raise _fail("background.data_base64", "is not valid base64") from None
    # The picture the UVTT and picture imports would refuse is refused here too, in words,
    # rather than left for the window to drop when it cannot decode it.
    try:
        probe_image(data)
    except ImageImportError as error:
        raise _fail("background.data_base64", str(error)) from None
    return BackgroundImage(data, image.media_type, image.pixels_per_tile, image.offset)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise MapFileError(f"the field {key[:40]!r} appears twice in one object")
        result[key] = value
    return result


def map_from_json(text: str | bytes) -> BattleMap:
    """Parse and check `.drase-map` text."""
    document = parse_json(text, MapFileError, object_pairs_hook=_no_duplicates)
    try:
        return map_from_dict(document)
    except RecursionError:
        raise MapFileError("the file nests too deeply to be a map") from None
    except OverflowError:
        raise MapFileError("the file holds a number too large for any map field") from None
    except MapFileError:
        raise
    except BoardError as error:
        raise MapFileError(short_message(str(error))) from None


def load_map(path: str | os.PathLike[str]) -> BattleMap:
    """Read a `.drase-map` file; a bad file raises MapFileError and yields no map."""
    file = Path(path)
    data = read_regular_file(file, MAX_FILE_BYTES, MapFileError, "map files")
    if not data.strip():
        raise MapFileError(f"{file.name} is empty")
    try:
        return map_from_json(data)
    except MapFileError as error:
        raise MapFileError(in_file(file.name, str(error))) from None
