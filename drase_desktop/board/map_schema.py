"""What a `.drase-map` file holds, declared once (msgspec records, see file_schema.py).

Each record names its fields with their types, ranges and limits (the shared ones of
board/limits.py), so a file is refused field by field, in a GM's words, before any map exists.
What no type can say is checked by map_file.py after the record: the rows of a tile layer are text
in the layer's own symbols, and walls and doors together may run only so far.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from drase_desktop.board.battle_map import AMBIENT_LIGHTS, MAX_SIDE
from drase_desktop.board.limits import (
    MAX_COORDINATE,
    MAX_DOORS,
    MAX_IMAGE_BYTES,
    MAX_LIGHT_RADIUS,
    MAX_LIGHTS,
    MAX_NAME,
    MAX_OBJECTS,
    MAX_PIXELS_PER_TILE,
    MAX_WALLS,
    MAX_WINDOWS,
)
from drase_desktop.board.map_features import MAX_OBJECT_POINTS

FORMAT = "drase-map"
# The newest format this version writes and reads; a newer file is refused with a message
# saying so. Version 2 added `windows`, `objects` and `lighting_baked`; a map with none of them
# is still written as version 1 (the oldest version that holds all it has), so it opens in
# every version.
SCHEMA_VERSION = 2


Coordinate = Annotated[float, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
# A point in tile-corner coordinates, written [x, y].
Point = tuple[Coordinate, Coordinate]
Side = Annotated[int, Meta(ge=1, le=MAX_SIDE)]


class _Record(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A part of the file: every field known, none beyond them."""


class SymbolLayerRecord(_Record):
    """Terrain, cover or obscuration: one text row per row of tiles, in the legend's symbols."""

    legend: dict[str, str]
    rows: list[str]


class ElevationRecord(_Record):
    """Heights: one row of space-separated whole numbers (`value*count` for a run) per row."""

    rows: list[str]


class WallRecord(_Record):
    start: Point
    end: Point


class DoorRecord(_Record):
    start: Point
    end: Point
    closed: bool
    locked: bool = False  # written only when true: files without locked doors read as before


class WindowRecord(_Record):
    start: Point
    end: Point


class ObjectRecord(_Record):
    """A pillar, table or statue: its outline, closed when the last point is the first."""

    points: Annotated[list[Point], Meta(min_length=2, max_length=MAX_OBJECT_POINTS)]


class LightRecord(_Record):
    position: Point
    radius: Annotated[float, Meta(ge=0, le=MAX_LIGHT_RADIUS)]


class BackgroundRecord(_Record):
    """The map picture, embedded, and where the grid lies on it."""

    media_type: Annotated[
        str,
        Meta(pattern=r"^image/[a-z0-9.+-]{1,60}$", description="an image type such as 'image/png'"),
    ]
    pixels_per_tile: Annotated[float, Meta(gt=0, le=MAX_PIXELS_PER_TILE)]
    offset: Point
    # base64 is 4 characters per 3 bytes.
    data_base64: Annotated[str, Meta(max_length=MAX_IMAGE_BYTES * 4 // 3 + 4)]


class MapRecord(_Record):
    """A whole `.drase-map` document (an encounter file embeds one as its "map")."""

    format: Literal["drase-map"]
    schema_version: int
    name: Annotated[str, Meta(max_length=MAX_NAME)]
    width: Side
    height: Side
    ambient_light: Literal[AMBIENT_LIGHTS]  # type: ignore[valid-type]
    terrain: SymbolLayerRecord
    elevation: ElevationRecord
    cover: SymbolLayerRecord
    obscuration: SymbolLayerRecord
    walls: Annotated[list[WallRecord], Meta(max_length=MAX_WALLS)]
    doors: Annotated[list[DoorRecord], Meta(max_length=MAX_DOORS)]
    lights: Annotated[list[LightRecord], Meta(max_length=MAX_LIGHTS)]
    # Required, null for none: a file that leaves it out is cut short, not a map without one.
    background: BackgroundRecord | None
    # Since version 2; a version 1 file has neither.
    windows: Annotated[list[WindowRecord], Meta(max_length=MAX_WINDOWS)] = []
    objects: Annotated[list[ObjectRecord], Meta(max_length=MAX_OBJECTS)] = []
    # The picture has its light painted in: light is not drawn over it (the rules still count).
    lighting_baked: bool = False
