"""The battle map: a square grid of 2 m tiles with terrain, height, cover, obscuration and light.

Per-tile layers are flat byte/short arrays indexed `y * width + x` so a 500 x 500 map costs a
few hundred kilobytes, not a dict of objects. Walls, doors, windows, objects and lights are
lists of small frozen records (map_records.py, map_features.py) in observed lists
(observed_list.py); changing them (or a tile) tells the listeners, so the movement graph can
update in place. What a tile can be, and the codes its layers store, is in tile_kinds.py.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

# The board's errors, importable from here too.
from drase_desktop.board.board_error import BoardError as BoardError
from drase_desktop.board.map_features import (
    BARRIER_FEATURES,
    MapObject,
    Window,
    check_purpose,
    feature_segments,
)
from drase_desktop.board.map_records import BackgroundImage, Door, Light, Wall
from drase_desktop.board.observed_list import FeatureList, ObservedList
from drase_desktop.board.tile_kinds import (
    AMBIENT_LIGHTS,
    BLOCKED_CODE,
    COVER_LEVELS,
    DIFFICULT_KINDS,
    LAYER_CODES,
    LAYER_NAMES,
    MAX_ELEVATION,
    MAX_SIDE,
    OBSCURATION_LEVELS,
    TERRAIN_COST,
    TERRAIN_KINDS,
    TILE_FEET,
    TILE_METRES,
    OutOfBoundsError,
    UnknownKindError,
    checked_elevation,
    named_code,
)

# The tile kinds (tile_kinds.py) and the map's records (map_records.py), importable from here.
__all__ = [
    "AMBIENT_LIGHTS",
    "BLOCKED_CODE",
    "COVER_LEVELS",
    "DIFFICULT_KINDS",
    "MAX_ELEVATION",
    "MAX_SIDE",
    "OBSCURATION_LEVELS",
    "TERRAIN_COST",
    "TERRAIN_KINDS",
    "TILE_FEET",
    "TILE_METRES",
    "BackgroundImage",
    "BattleMap",
    "BoardError",
    "Door",
    "Light",
    "Listener",
    "OutOfBoundsError",
    "UnknownKindError",
    "Wall",
    "tile_on_map",
]

Position = tuple[int, int]
Point = tuple[float, float]
# listener(what, old, new), told after each change of the map.
Listener = Callable[[str, Any, Any], None]


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
        self._walls = ObservedList([], Wall, lambda old, new: self._emit("walls", old, new))
        self._doors = ObservedList([], Door, lambda old, new: self._emit("doors", old, new))
        self._lights = ObservedList([], Light, lambda old, new: self._emit("lights", old, new))
        self._windows = ObservedList([], Window, lambda old, new: self._emit("windows", old, new))
        self._objects = ObservedList(
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
        tiles = checked_elevation(tiles)
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
        code = named_code(layer, value)
        old = store[index]
        if old != code:
            store[index] = code
            self._emit(layer, tuple(pos), LAYER_NAMES[layer][old])

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
    walls = FeatureList[Wall]()
    doors = FeatureList[Door]()
    lights = FeatureList[Light]()
    # Windows block movement, not sight (map_features.py).
    windows = FeatureList[Window]()
    # Pillars, tables, statues: they block movement and sight, never bound a room.
    objects = FeatureList[MapObject]()

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
        codes = LAYER_CODES.get(layer)
        names = LAYER_NAMES.get(layer)
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
            code = checked_elevation(value) if codes is None else named_code(layer, value)
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
