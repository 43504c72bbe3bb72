"""The one set of limits a map must keep to be saved and opened again.

The map file's loader, the Universal VTT import, the battlemap picture import and every save read
their limits here, so whatever comes in (an import, a loaded file) also goes out and comes back:
a 60,000-wall cave that imports also saves and reopens, and a picture the import takes is one
the map file takes too. `check_map_limits` is what the import and the saves ask before they
finish; the map file's loader checks the same numbers field by field.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from drase_desktop.board.battle_map import BoardError, Door, Wall
from drase_desktop.board.map_features import Window
from drase_desktop.file_limits import MAX_NAME_CHARACTERS

if TYPE_CHECKING:
    from drase_desktop.board.battle_map import BattleMap

_MB = 1024 * 1024

MAX_NAME = MAX_NAME_CHARACTERS  # the one name limit (file_limits.py)
# Wall segments, doors and lights: a large Dungeondraft cave exports tens of thousands of wall
# segments; beyond these counts a file is damage, not a map.
MAX_WALLS = 200_000
MAX_DOORS = 20_000
MAX_LIGHTS = 20_000
MAX_WINDOWS = MAX_DOORS
# Objects' outline points all told count like wall segments (a round pillar is dozens).
MAX_OBJECTS = 20_000
MAX_OBJECT_POINTS_IN_ALL = MAX_WALLS
# No real map has a point a million tiles out; such a number is damage, not a map.
MAX_COORDINATE = 1_000_000.0
MAX_LIGHT_RADIUS = 1000.0
# The background picture: its bytes as stored, and its sides in pixels (what the window can
# decode: a 16384 x 16384 picture is a gigabyte of pixels while it decodes).
MAX_IMAGE_BYTES = 64 * _MB
MAX_IMAGE_SIDE_PX = 16384
MAX_PIXELS_PER_TILE = 10000.0
# A map file: the picture as base64 (4 characters per 3 bytes) beside the largest walls, doors,
# lights and tile layers.
MAX_MAP_FILE_BYTES = MAX_IMAGE_BYTES * 4 // 3 + 96 * _MB


class MapLimitError(BoardError):
    """A map beyond what a map file can hold; the message names the limit."""


def most_barrier_length(width: int, height: int) -> int:
    """Tiles of wall and door a map may hold in all: every tile edge walled twice over is
    already far more than any map needs; beyond it a file would only make movement crawl."""
    return 4 * (width + 1) * (height + 1) + 10_000


def barrier_length(battle_map: BattleMap) -> float:
    """Tiles of wall, door, window and object outline on the map, all told."""
    straight: list[Wall | Door | Window] = [
        *battle_map.walls,
        *battle_map.doors,
        *battle_map.windows,
    ]
    return sum(math.dist(item.start, item.end) for item in straight) + sum(
        item.length() for item in battle_map.objects
    )


def check_map_limits(battle_map: BattleMap) -> None:
    """Raise MapLimitError when the map could not be saved and opened again."""
    if len(battle_map.name) > MAX_NAME:
        raise MapLimitError(
            f"the map's name is {len(battle_map.name)} characters long; at most {MAX_NAME}"
        )
    for what, items, most in (
        ("wall segments", battle_map.walls, MAX_WALLS),
        ("doors", battle_map.doors, MAX_DOORS),
        ("lights", battle_map.lights, MAX_LIGHTS),
        ("windows", battle_map.windows, MAX_WINDOWS),
        ("objects", battle_map.objects, MAX_OBJECTS),
    ):
        if len(items) > most:
            raise MapLimitError(f"the map has {len(items)} {what}; at most {most} are supported")
    for light in battle_map.lights:
        if not all(abs(value) <= MAX_COORDINATE for value in light.position):
            raise MapLimitError(
                f"a light stands at {light.position[0]:g}, {light.position[1]:g}: more than"
                f" {MAX_COORDINATE:g} tiles from the map"
            )
        if light.radius > MAX_LIGHT_RADIUS:
            raise MapLimitError(
                f"a light reaches {light.radius:g} tiles; at most {MAX_LIGHT_RADIUS:g}"
            )
    points = sum(len(item.points) for item in battle_map.objects)
    if points > MAX_OBJECT_POINTS_IN_ALL:
        raise MapLimitError(
            f"the map's objects have {points} outline points; at most {MAX_OBJECT_POINTS_IN_ALL}"
        )
    barriers: list[Wall | Door | Window] = [
        *battle_map.walls,
        *battle_map.doors,
        *battle_map.windows,
    ]
    for barrier in barriers:
        if not all(abs(value) <= MAX_COORDINATE for value in (*barrier.start, *barrier.end)):
            raise MapLimitError(f"a wall lies more than {MAX_COORDINATE:g} tiles from the map")
    for item in battle_map.objects:
        if not all(abs(value) <= MAX_COORDINATE for point in item.points for value in point):
            raise MapLimitError(f"an object lies more than {MAX_COORDINATE:g} tiles from the map")
    total = barrier_length(battle_map)
    most = most_barrier_length(battle_map.width, battle_map.height)
    if total > most:
        raise MapLimitError(
            f"walls, doors, windows and objects run {total:.0f} tiles in all; at most {most}"
        )
    background = battle_map.background
    if background is not None and len(background.data) > MAX_IMAGE_BYTES:
        raise MapLimitError(
            f"the map picture is {len(background.data) / _MB:.0f} MB; pictures over"
            f" {MAX_IMAGE_BYTES // _MB} MB are refused"
        )
