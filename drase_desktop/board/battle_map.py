"""The battle map: a square grid of 2 m tiles with terrain, height, cover, obscuration and light.

Per-tile layers are flat byte/short arrays indexed `y * width + x` so a 500 x 500 map costs a
few hundred kilobytes, not a dict of objects. Walls, doors, windows, objects and lights are
lists of small frozen records; changing them (or a tile) tells the listeners, so the movement
graph can update in place.
"""

from __future__ import annotations

import base64
import math
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, Self, SupportsIndex, TypeVar, cast, overload

# The board's errors, importable from here too.
from drase_desktop.board.board_error import BoardError as BoardError
from drase_desktop.board.map_features import (
    BARRIER_FEATURES,
    MapObject,
    SegmentFeature,
    Window,
    check_purpose,
    feature_segments,
    finite_point,
)

Position = tuple[int, int]
Point = tuple[float, float]

# Ruling 17: a tile is 2 m (5 ft); speeds, reaches and ranges are counted in tiles.
TILE_METRES = 2
TILE_FEET = 5
MAX_SIDE = 500
MAX_ELEVATION = 9999

TERRAIN_KINDS: tuple[str, ...] = (
    "normal",
    "difficult",
    "shallow-water",
    "rocky",
    "mud",
    "swamp",
    "blocked",
    "water",
    "soft",
)
# Ruling 18: shallow water, rocky ground, mud and swamp are difficult terrain; deep water costs
# like difficult terrain. "soft" (a surface built to arrest falls) is not named there: it costs 1.
TERRAIN_COST: dict[str, int] = {
    "normal": 1,
    "difficult": 2,
    "shallow-water": 2,
    "rocky": 2,
    "mud": 2,
    "swamp": 2,
    "blocked": 0,  # never entered
    "water": 2,
    "soft": 1,
}
DIFFICULT_KINDS = frozenset(kind for kind, cost in TERRAIN_COST.items() if cost == 2)
COVER_LEVELS: tuple[str, ...] = ("none", "half", "three-quarter", "full", "embrasure")
OBSCURATION_LEVELS: tuple[str, ...] = ("none", "light", "heavy", "total")
AMBIENT_LIGHTS: tuple[str, ...] = ("bright", "dim", "dark")

_TERRAIN_CODE = {kind: code for code, kind in enumerate(TERRAIN_KINDS)}
_COVER_CODE = {level: code for code, level in enumerate(COVER_LEVELS)}
_OBSCURATION_CODE = {level: code for code, level in enumerate(OBSCURATION_LEVELS)}
BLOCKED_CODE = _TERRAIN_CODE["blocked"]
# Per layer of named values: name -> code, and the names by code (elevation holds numbers).
_LAYER_CODES: dict[str, dict[str, int]] = {
    "terrain": _TERRAIN_CODE,
    "cover": _COVER_CODE,
    "obscuration": _OBSCURATION_CODE,
}
_LAYER_NAMES: dict[str, tuple[str, ...]] = {
    "terrain": TERRAIN_KINDS,
    "cover": COVER_LEVELS,
    "obscuration": OBSCURATION_LEVELS,
}


class OutOfBoundsError(BoardError):
    pass


class UnknownKindError(BoardError):
    pass


def tile_on_map(
    battle_map: BattleMap, pos: object, what: str, error: type[BoardError] = BoardError
) -> Position:
    """`pos` as an (x, y) tile of `battle_map`; `error` naming `what` when it is not a pair or
    lies off the map (cover and sight check their tiles this way)."""
    try:
        x, y = cast(Position, pos)
    except (TypeError, ValueError):
        raise error(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if not battle_map.in_bounds((x, y)):
        raise error(f"{what} {pos} is off the map")
    return (x, y)


def _named_code(layer: str, value: object) -> int:
    """The code of a terrain kind, cover level or obscuration level in its layer."""
    codes = _LAYER_CODES[layer]
    code = codes.get(value) if isinstance(value, str) else None
    if code is None:
        raise UnknownKindError(f"unknown {layer} {value!r}; choose one of {', '.join(codes)}")
    return code


def _checked_elevation(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f"elevation is a whole number of tiles, not {value!r}")
    if not -MAX_ELEVATION <= value <= MAX_ELEVATION:
        raise BoardError(
            f"elevation must be between -{MAX_ELEVATION} and {MAX_ELEVATION} tiles, not {value}"
        )
    return value


@dataclass(frozen=True)
class Wall(SegmentFeature):
    """A wall segment in tile-corner coordinates: tile (x, y) spans [x, x+1] x [y, y+1]."""

    _ends = ("wall start", "wall end")


@dataclass(frozen=True)
class Door(SegmentFeature):
    """A door segment; it blocks movement and sight like a wall while closed. A `locked` door
    is opened only by the GM: a creature or a player's touch cannot open it."""

    closed: bool = True
    locked: bool = False

    _ends = ("door start", "door end")

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.closed, bool):
            raise BoardError(f"door closed must be true or false, not {self.closed!r}")
        if not isinstance(self.locked, bool):
            raise BoardError(f"door locked must be true or false, not {self.locked!r}")


@dataclass(frozen=True)
class Light:
    """A light source: bright light to `radius` tiles, dim light to twice that (ruling 23)."""

    position: Point
    radius: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", finite_point(self.position, "light position"))
        if isinstance(self.radius, bool) or not isinstance(self.radius, int | float):
            raise BoardError(f"light radius must be a number of tiles, not {self.radius!r}")
        if not (math.isfinite(self.radius) and 0 <= self.radius <= 1000):
            raise BoardError(f"light radius must be between 0 and 1000 tiles, not {self.radius}")
        object.__setattr__(self, "radius", float(self.radius))


@dataclass(frozen=True)
class BackgroundImage:
    """The map picture and its grid calibration: `offset` is where tile (0, 0)'s corner sits."""

    data: bytes
    media_type: str
    pixels_per_tile: float
    offset: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if not isinstance(self.data, bytes | bytearray):
            raise BoardError("background image data must be bytes")
        object.__setattr__(self, "data", bytes(self.data))
        if not isinstance(self.media_type, str) or not self.media_type.startswith("image/"):
            raise BoardError(f"background media type must be image/..., not {self.media_type!r}")
        ppt = self.pixels_per_tile
        if isinstance(ppt, bool) or not isinstance(ppt, int | float):
            raise BoardError(f"pixels per tile must be a number, not {ppt!r}")
        if not (math.isfinite(ppt) and 0 < ppt <= 10000):
            raise BoardError(f"pixels per tile must be above 0 and at most 10000, not {ppt}")
        object.__setattr__(self, "pixels_per_tile", float(ppt))
        object.__setattr__(self, "offset", finite_point(self.offset, "background offset"))

    @cached_property
    def data_base64(self) -> str:
        """The picture as base64 text, encoded once: autosave writes the map after every change,
        and encoding a large picture each time would stall the window."""
        return base64.b64encode(self.data).decode("ascii")


Listener = Callable[[str, Any, Any], None]


_Item = TypeVar("_Item")


class _ObservedList(list[_Item]):
    """A list that reports (removed, added) items to its owner after every change."""

    def __init__(
        self,
        items: Iterable[_Item],
        item_type: type[_Item],
        notify: Callable[[list[Any], list[Any]], None],
    ) -> None:
        items = list(items)
        for item in items:
            self._check(item, item_type)
        super().__init__(items)
        self._item_type = item_type
        self._notify = notify

    @staticmethod
    def _check(item: Any, item_type: type) -> None:
        if not isinstance(item, item_type):
            raise BoardError(f"expected a {item_type.__name__}, not {item!r}")

    def _checked(self, items: Iterable[Any]) -> list[Any]:
        items = list(items)
        for item in items:
            self._check(item, self._item_type)
        return items

    def append(self, item: Any) -> None:
        self._check(item, self._item_type)
        super().append(item)
        self._notify([], [item])

    def extend(self, items: Iterable[Any]) -> None:
        items = self._checked(items)
        super().extend(items)
        self._notify([], items)

    def __iadd__(self, items: Iterable[_Item]) -> Self:  # type: ignore[override, misc]
        self.extend(items)
        return self

    def insert(self, index: SupportsIndex, item: Any) -> None:
        self._check(item, self._item_type)
        super().insert(index, item)
        self._notify([], [item])

    def remove(self, item: Any) -> None:
        super().remove(item)
        self._notify([item], [])

    def pop(self, index: SupportsIndex = -1) -> Any:
        item = super().pop(index)
        self._notify([item], [])
        return item

    def clear(self) -> None:
        removed = list(self)
        super().clear()
        self._notify(removed, [])

    def __setitem__(self, index, value) -> None:  # type: ignore[no-untyped-def]
        if isinstance(index, slice):
            removed = list(self[index])
            value = self._checked(value)
        else:
            removed = [self[index]]
            self._check(value, self._item_type)
        super().__setitem__(index, value)
        self._notify(removed, value if isinstance(index, slice) else [value])

    def __delitem__(self, index) -> None:  # type: ignore[no-untyped-def]
        removed = list(self[index]) if isinstance(index, slice) else [self[index]]
        super().__delitem__(index)
        self._notify(removed, [])

    def __imul__(self, count: SupportsIndex) -> Self:
        raise BoardError(
            "repeating a map's walls, doors, windows, objects or lights is not allowed"
        )


class _FeatureList(Generic[_Item]):
    """One of the map's feature lists (walls, doors, ...): reading it gives the map's own
    observed list; assigning to it replaces that list's items, so the change is heard and
    every holder of the list keeps the map's."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._stored = f"_{name}"

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> list[_Item]: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> Self | list[_Item]:
        if instance is None:
            return self
        return cast(list[_Item], getattr(instance, self._stored))

    def __set__(self, instance: object, items: Iterable[_Item]) -> None:
        getattr(instance, self._stored)[:] = list(items)


class BattleMap:
    """A square grid of `width` x `height` tiles (each 2 m) holding everything the board knows."""

    def __init__(self, width: int, height: int, name: str = "") -> None:
        for label, side in (("width", width), ("height", height)):
            if isinstance(side, bool) or not isinstance(side, int):
                raise BoardError(f"map {label} must be a whole number of tiles, not {side!r}")
            if not 1 <= side <= MAX_SIDE:
                raise BoardError(f"map {label} must be 1 to {MAX_SIDE} tiles, not {side}")
        self.width = width
        self.height = height
        self.name = name
        size = width * height
        self._terrain = bytearray(size)
        self._elevation = array("h", bytes(2 * size))
        self._cover = bytearray(size)
        self._obscuration = bytearray(size)
        self._ambient_light = "bright"
        self._listeners: list[Listener] = []
        self._walls = _ObservedList([], Wall, lambda old, new: self._emit("walls", old, new))
        self._doors = _ObservedList([], Door, lambda old, new: self._emit("doors", old, new))
        self._lights = _ObservedList([], Light, lambda old, new: self._emit("lights", old, new))
        self._windows = _ObservedList([], Window, lambda old, new: self._emit("windows", old, new))
        self._objects = _ObservedList(
            [], MapObject, lambda old, new: self._emit("objects", old, new)
        )
        self.background: BackgroundImage | None = None
        # The picture has its light and darkness painted in (a Universal VTT's baked lighting):
        # light and ambient still count for the rules, but are not drawn over it again.
        self.lighting_baked = False
        # Caches other board modules keep on the map (the movement graph, sight, the rows a file
        # wrote), each under its own key; never saved, never copied.
        self.derived_caches: dict[str, Any] = {}

    # ---- listeners -------------------------------------------------------------------------
    def add_listener(self, listener: Listener) -> None:
        """`listener(what, old, new)` is called after each change; `what` names the layer."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def _emit(self, what: str, old: Any, new: Any) -> None:
        for listener in list(self._listeners):
            listener(what, old, new)

    # ---- geometry --------------------------------------------------------------------------
    def in_bounds(self, pos: Position) -> bool:
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height

    def positions(self) -> Iterator[Position]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def _index(self, pos: Any) -> int:
        try:
            x, y = pos
        except (TypeError, ValueError):
            raise OutOfBoundsError(f"a tile position is an (x, y) pair, not {pos!r}") from None
        if (
            isinstance(x, bool)
            or isinstance(y, bool)
            or not (isinstance(x, int) and isinstance(y, int))
        ):
            raise OutOfBoundsError(f"a tile position is a pair of whole numbers, not {pos!r}")
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise OutOfBoundsError(
                f"tile ({x}, {y}) is outside the {self.width} x {self.height} map"
            )
        return y * self.width + x

    # ---- terrain ---------------------------------------------------------------------------
    def terrain(self, pos: Position) -> str:
        return TERRAIN_KINDS[self._terrain[self._index(pos)]]

    def set_terrain(self, pos: Position, kind: str) -> None:
        self._set_named(self._terrain, "terrain", pos, kind)

    def movement_cost(self, pos: Position) -> int:
        """1 for normal ground, 2 for difficult terrain and deep water, 0 when blocked."""
        return TERRAIN_COST[self.terrain(pos)]

    def fall_surface(self, pos: Position) -> str:
        """The falls rule's surface under a tile: "water", "soft" or "ground" (ruling 24)."""
        kind = self.terrain(pos)
        return kind if kind in ("water", "soft") else "ground"

    # ---- elevation -------------------------------------------------------------------------
    def elevation(self, pos: Position) -> int:
        return self._elevation[self._index(pos)]

    def set_elevation(self, pos: Position, tiles: int) -> None:
        index = self._index(pos)
        tiles = _checked_elevation(tiles)
        old = self._elevation[index]
        if old != tiles:
            self._elevation[index] = tiles
            self._emit("elevation", tuple(pos), old)

    # ---- cover -----------------------------------------------------------------------------
    def cover_feature(self, pos: Position) -> str:
        return COVER_LEVELS[self._cover[self._index(pos)]]

    def set_cover(self, pos: Position, level: str) -> None:
        self._set_named(self._cover, "cover", pos, level)

    # ---- obscuration and light -------------------------------------------------------------
    def obscuration(self, pos: Position) -> str:
        return OBSCURATION_LEVELS[self._obscuration[self._index(pos)]]

    def set_obscuration(self, pos: Position, level: str) -> None:
        self._set_named(self._obscuration, "obscuration", pos, level)

    def _set_named(self, store: bytearray, layer: str, pos: Position, value: str) -> None:
        """One tile of a layer of named values (terrain, cover, obscuration), heard by the
        listeners with the name it had."""
        index = self._index(pos)
        code = _named_code(layer, value)
        old = store[index]
        if old != code:
            store[index] = code
            self._emit(layer, tuple(pos), _LAYER_NAMES[layer][old])

    @property
    def ambient_light(self) -> str:
        return self._ambient_light

    @ambient_light.setter
    def ambient_light(self, value: str) -> None:
        if value not in AMBIENT_LIGHTS:
            raise UnknownKindError(
                f"unknown ambient light {value!r}; choose one of {', '.join(AMBIENT_LIGHTS)}"
            )
        old, self._ambient_light = self._ambient_light, value
        if old != value:
            self._emit("ambient_light", old, value)

    # ---- walls, doors, lights --------------------------------------------------------------
    walls = _FeatureList[Wall]()
    doors = _FeatureList[Door]()
    lights = _FeatureList[Light]()
    # Windows block movement, not sight (map_features.py).
    windows = _FeatureList[Window]()
    # Pillars, tables, statues: they block movement and sight, never bound a room.
    objects = _FeatureList[MapObject]()

    def set_door_closed(self, index: int, closed: bool) -> Door:
        """Open or close door number `index` (doors are frozen records, so it is replaced)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise BoardError(f"door index must be a whole number, not {index!r}")
        if not 0 <= index < len(self._doors):
            raise BoardError(f"there is no door number {index} (the map has {len(self._doors)})")
        if not isinstance(closed, bool):
            raise BoardError(f"closed must be true or false, not {closed!r}")
        door = self._doors[index]
        if door.closed != closed:
            door = Door(door.start, door.end, closed, door.locked)
            self._doors[index] = door
        return door

    def barriers(self, purpose: str = "sight") -> list[tuple[Point, Point]]:
        """Every segment that counts now for `purpose` (map_features.BARRIER_PURPOSES):
        "sight" (walls, closed doors, objects), "movement" (those and windows; also what gives
        full cover) or "rooms" (walls, closed doors, windows: what bounds a room)."""
        kinds = check_purpose(purpose)
        segments: list[tuple[Point, Point]] = []
        for kind in BARRIER_FEATURES:
            if kind in kinds:
                for item in getattr(self, kind):
                    segments.extend(feature_segments(kind, item))
        return segments

    # ---- many tiles at once ----------------------------------------------------------------
    def set_tiles(self, layer: str, values: Iterable[tuple[Position, Any]]) -> list[Position]:
        """Set many tiles of one layer ("terrain", "elevation", "cover" or "obscuration") to
        the values paired with them, as one change: listeners hear it once, as
        ("tiles", layer, {tile: value before}), so the movement graph follows a flood fill in
        one pass. Everything is checked first: a bad tile or value raises and changes nothing.
        Returns the tiles whose value changed."""
        store = self._layer_store(layer)
        codes = _LAYER_CODES.get(layer)
        names = _LAYER_NAMES.get(layer)
        planned: dict[int, tuple[Position, int]] = {}
        width, height = self.width, self.height
        for pos, value in values:
            if type(pos) is tuple and len(pos) == 2:
                x, y = pos
                if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
                    index = y * width + x
                else:
                    index = self._index(pos)  # says what is wrong, or accepts an int subclass
            else:
                index = self._index(pos)
            code = _checked_elevation(value) if codes is None else _named_code(layer, value)
            planned[index] = ((index % width, index // width), code)
        previous: dict[Position, Any] = {}
        for index, (tile, code) in planned.items():
            old = store[index]
            if old != code:
                store[index] = code
                previous[tile] = old if names is None else names[old]
        if previous:
            self._emit("tiles", layer, previous)
        return list(previous)

    def _layer_store(self, layer: str) -> bytearray | array[int]:
        stores: dict[str, bytearray | array[int]] = {
            "terrain": self._terrain,
            "elevation": self._elevation,
            "cover": self._cover,
            "obscuration": self._obscuration,
        }
        store = stores.get(layer)
        if store is None:
            raise BoardError(f"unknown layer {layer!r}")
        return store

    # ---- bulk access for painters and files ------------------------------------------------
    def layer_codes(self, layer: str) -> memoryview:
        """A read-only view of a layer's codes, row by row ("terrain", "cover", "obscuration"
        index TERRAIN_KINDS / COVER_LEVELS / OBSCURATION_LEVELS; "elevation" holds tiles)."""
        return memoryview(self._layer_store(layer)).toreadonly()

    def load_layers(
        self,
        *,
        terrain: bytes | bytearray,
        cover: bytes | bytearray,
        obscuration: bytes | bytearray,
        elevation: array[int],
    ) -> None:
        """Fill the four layers at once from codes already checked (a file being read): row by
        row, one code per tile, as `layer_codes` gives them. No listener is told."""
        size = self.width * self.height
        for layer, codes in (
            ("terrain", terrain),
            ("cover", cover),
            ("obscuration", obscuration),
            ("elevation", elevation),
        ):
            if len(codes) != size:
                raise BoardError(f"{layer} has {len(codes)} tiles; the map has {size}")
        self._terrain[:] = terrain
        self._cover[:] = cover
        self._obscuration[:] = obscuration
        self._elevation[:] = elevation

    def copy(self) -> BattleMap:
        """An independent copy with the same tiles, walls, doors, lights and image."""
        other = BattleMap(self.width, self.height, self.name)
        other._terrain[:] = self._terrain
        other._elevation[:] = self._elevation
        other._cover[:] = self._cover
        other._obscuration[:] = self._obscuration
        other._ambient_light = self._ambient_light
        other.walls = self.walls
        other.doors = self.doors
        other.lights = self.lights
        other.windows = self.windows
        other.objects = self.objects
        other.background = self.background
        other.lighting_baked = self.lighting_baked
        return other

    # A map's lists report to their own map; a generic copy would wire them to the original.
    def __copy__(self) -> BattleMap:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> BattleMap:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        from drase_desktop.board.map_file import map_from_dict, map_to_dict

        return (map_from_dict, (map_to_dict(self),))

    def __repr__(self) -> str:
        return f"BattleMap({self.width}, {self.height}, name={self.name!r})"
