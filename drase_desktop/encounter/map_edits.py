"""Map making as undoable operations: a brush stroke, a wall drawn, a light placed, a resize.

The battle map is not part of an encounter snapshot (see `change.py`), so a map edit keeps its
own before and after. A `MapEdit` is one GM gesture (press to release): it applies each dab to
the live map at once, so the movement graph (which follows the map) and the rules react while
the GM paints, and `undo()` / `redo()` take the whole gesture back or forward in one step. Both
are idempotent, so a QUndoCommand may call `redo()` on push after the gesture already ran.

Beside it: what may be painted (map_edit_terms.py), the tiles a gesture touches
(map_edit_shapes.py), the feature under the pointer (map_picking.py) and the whole-map changes,
a resize or a new picture (map_resize.py); their names are importable from here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drase_desktop.board.battle_map import (
    AMBIENT_LIGHTS,
    MAX_ELEVATION,
    BattleMap,
    Door,
    Light,
    Wall,
)
from drase_desktop.board.geometry import clip_to_box
from drase_desktop.board.map_features import MapObject, Window
from drase_desktop.encounter.map_edit_shapes import (
    MAX_BRUSH,
    MAX_FLOOD_TILES,
    brush_tiles,
    flood_tiles,
    rect_tiles,
)
from drase_desktop.encounter.map_edit_terms import (
    TILE_LAYERS,
    MapEditError,
    check_tile_value,
    layer_values,
)
from drase_desktop.encounter.map_picking import distance_to_segment, nearest_light, nearest_segment
from drase_desktop.encounter.map_resize import (
    EDGES_X,
    EDGES_Y,
    MapReplacement,
    Margins,
    margins_for,
    resize,
    resized_map,
    set_background,
    with_background,
)

__all__ = [
    "EDGES_X",
    "EDGES_Y",
    "ERASED",
    "MAX_BRUSH",
    "MAX_FLOOD_TILES",
    "SEGMENT_KINDS",
    "TILE_LAYERS",
    "MapEdit",
    "MapEditError",
    "MapFeature",
    "MapReplacement",
    "Margins",
    "brush_tiles",
    "check_tile_value",
    "distance_to_segment",
    "flood_tiles",
    "margins_for",
    "nearest_light",
    "nearest_segment",
    "rect_tiles",
    "resize",
    "resized_map",
    "set_background",
    "with_background",
]

MapFeature = Wall | Door | Light | Window | MapObject

Position = tuple[int, int]
Point = tuple[float, float]

# What the eraser leaves behind: plain, level, open ground.
ERASED: dict[str, Any] = {
    "terrain": "normal",
    "elevation": 0,
    "cover": "none",
    "obscuration": "none",
}
SEGMENT_KINDS: tuple[str, ...] = ("walls", "doors", "lights", "windows", "objects")


def _set_all(battle_map: BattleMap, values: dict[tuple[str, Position], Any]) -> None:
    """Write (layer, tile) -> value back to the map, one change per layer; tiles that already
    hold their value are left out (the redo on an undo push finds the whole gesture there)."""
    by_layer: dict[str, dict[Position, Any]] = {}
    for (layer, tile), value in values.items():
        by_layer.setdefault(layer, {})[tile] = value
    for layer, targets in by_layer.items():
        now = layer_values(battle_map, layer, targets)
        changes = [(tile, value) for tile, value in targets.items() if now[tile] != value]
        if changes:
            battle_map.set_tiles(layer, changes)


def _segment_touches_tile(start: Point, end: Point, tile: Position) -> bool:
    """True when the segment passes through the tile's square (its edges included)."""
    x, y = tile
    return clip_to_box(start, end, x, y, x + 1.0, y + 1.0) is not None


# ---- one gesture -------------------------------------------------------------------------------
class MapEdit:
    """The changes of one gesture to one map: tiles painted, walls/doors/lights added or removed.

    Each call changes the live map at once and returns the tiles whose look changed, so a view
    can repaint just those. A refused call raises MapEditError before it changes anything.
    """

    def __init__(self, battle_map: BattleMap, description: str = "Edit map") -> None:
        self.battle_map = battle_map
        self.description = description
        # (layer, tile) -> value before the gesture / value now.
        self._before: dict[tuple[str, Position], Any] = {}
        self._after: dict[tuple[str, Position], Any] = {}
        # Segments in the order they were added / removed, per kind.
        self._added: dict[str, list[Any]] = {kind: [] for kind in SEGMENT_KINDS}
        self._removed: dict[str, list[Any]] = {kind: [] for kind in SEGMENT_KINDS}
        # (before, after) of the map's ambient light, when the gesture set it.
        self._ambient: tuple[str, str] | None = None

    # -- reading -------------------------------------------------------------------------
    @property
    def empty(self) -> bool:
        tiles_changed = any(self._before[key] != value for key, value in self._after.items())
        ambient_changed = self._ambient is not None and self._ambient[0] != self._ambient[1]
        segments_changed = any(self._added.values()) or any(self._removed.values())
        return not (tiles_changed or segments_changed or ambient_changed)

    @property
    def tiles(self) -> set[Position]:
        return {tile for _, tile in self._after}

    @property
    def layers(self) -> set[str]:
        found = {layer for layer, _ in self._after}
        found.update(kind for kind in SEGMENT_KINDS if self._added[kind] or self._removed[kind])
        if self._ambient is not None:
            found.add("lights")
        return found

    def set_ambient_light(self, value: str) -> None:
        """The light the whole map lies in ("bright", "dim", "dark"; ruling 23)."""
        if value not in AMBIENT_LIGHTS:
            raise MapEditError(
                f"Unknown ambient light {value!r}; choose one of {', '.join(AMBIENT_LIGHTS)}"
            )
        before = self._ambient[0] if self._ambient else self.battle_map.ambient_light
        self.battle_map.ambient_light = value
        self._ambient = (before, value)

    # -- tiles ---------------------------------------------------------------------------
    def _put(self, layer: str, targets: dict[Position, Any]) -> set[Position]:
        """Set each tile of `targets` on `layer` to its value, remembering the value before the
        gesture; the map takes them as one change. Returns the tiles that changed."""
        now = layer_values(self.battle_map, layer, targets)
        before, after = self._before, self._after
        for tile, value in targets.items():
            key = (layer, tile)
            if key not in before:
                before[key] = now[tile]
            after[key] = value
        return set(
            self.battle_map.set_tiles(
                layer, [(tile, value) for tile, value in targets.items() if now[tile] != value]
            )
        )

    def _checked_tiles(self, tiles: Iterable[Position]) -> list[Position]:
        tiles = [(int(t[0]), int(t[1])) for t in tiles]
        width, height = self.battle_map.width, self.battle_map.height
        for tile in tiles:
            if not (0 <= tile[0] < width and 0 <= tile[1] < height):
                raise MapEditError(f"Tile {tile} is off the map")
        return tiles

    def paint(self, layer: str, tiles: Iterable[Position], value: Any) -> set[Position]:
        """Set `layer` to `value` on every tile; returns the tiles that changed."""
        check_tile_value(layer, value)
        return self._put(layer, dict.fromkeys(self._checked_tiles(tiles), value))

    def shift_elevation(self, tiles: Iterable[Position], delta: int) -> set[Position]:
        """Raise (or lower, with a negative `delta`) each tile by `delta` from its height before
        the gesture: going over a tile twice in one stroke raises it once."""
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise MapEditError(f"A height step is a whole number of tiles, not {delta!r}")
        tiles = self._checked_tiles(tiles)
        targets = {}
        for tile in tiles:
            base = self._before.get(("elevation", tile), self.battle_map.elevation(tile))
            value = max(-MAX_ELEVATION, min(MAX_ELEVATION, base + delta))
            targets[tile] = value
        return self._put("elevation", targets)

    def erase(self, tiles: Iterable[Position]) -> set[Position]:
        """Plain, level, open ground on every tile, and lights standing in them removed."""
        tiles = self._checked_tiles(tiles)
        changed: set[Position] = set()
        for layer, value in ERASED.items():
            changed |= self._put(layer, dict.fromkeys(tiles, value))
        inside = set(tiles)
        for light in list(self.battle_map.lights):
            if (int(light.position[0] // 1), int(light.position[1] // 1)) in inside:
                self.remove(light)
                changed.add((int(light.position[0] // 1), int(light.position[1] // 1)))
        return changed

    def erase_segments(self, tiles: Iterable[Position]) -> int:
        """Remove every wall, door, window and object passing through any of the tiles; returns
        how many."""
        tiles = self._checked_tiles(tiles)
        if not tiles:
            return 0
        xs = [t[0] for t in tiles]
        ys = [t[1] for t in tiles]
        box = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
        count = 0
        for item in list(self.battle_map.objects):
            if any(
                _segment_touches_tile(start, end, tile)
                for start, end in item.segments()
                for tile in tiles
            ):
                self.remove(item)
                count += 1
        for kind in ("walls", "doors", "windows"):
            for item in list(getattr(self.battle_map, kind)):
                (ax, ay), (bx, by) = item.start, item.end
                if max(ax, bx) < box[0] or min(ax, bx) > box[2]:
                    continue
                if max(ay, by) < box[1] or min(ay, by) > box[3]:
                    continue
                if any(_segment_touches_tile(item.start, item.end, tile) for tile in tiles):
                    self.remove(item)
                    count += 1
        return count

    # -- walls, doors, lights -----------------------------------------------------------------
    @staticmethod
    def _kind(item: Any) -> str:
        if isinstance(item, Wall):
            return "walls"
        if isinstance(item, Door):
            return "doors"
        if isinstance(item, Light):
            return "lights"
        if isinstance(item, Window):
            return "windows"
        if isinstance(item, MapObject):
            return "objects"
        raise MapEditError(f"A map holds walls, doors, windows, objects and lights, not {item!r}")

    def add(self, item: MapFeature) -> None:
        kind = self._kind(item)
        if isinstance(item, Wall | Door | Window) and item.start == item.end:
            raise MapEditError("A wall, door or window needs two different ends; drag a line")
        if isinstance(item, Light):
            x, y = item.position
            if not (0 <= x <= self.battle_map.width and 0 <= y <= self.battle_map.height):
                raise MapEditError(f"A light at {item.position} would be off the map")
        getattr(self.battle_map, kind).append(item)
        self._added[kind].append(item)

    def remove(self, item: MapFeature) -> None:
        kind = self._kind(item)
        items = getattr(self.battle_map, kind)
        if item not in items:
            raise MapEditError(f"There is no such {kind[:-1]} on the map")
        items.remove(item)
        if item in self._added[kind]:
            self._added[kind].remove(item)
        else:
            self._removed[kind].append(item)

    def toggle_door(self, index: int) -> Door:
        """Open a closed door or close an open one; returns the door as it is now."""
        doors = self.battle_map.doors
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(doors):
            raise MapEditError(f"There is no door number {index!r}")
        old = doors[index]
        new = Door(old.start, old.end, not old.closed, old.locked)
        self.remove(old)
        self.add(new)
        return new

    def set_door_locked(self, index: int, locked: bool) -> Door:
        """Lock a door (only the GM opens it then) or unlock it; returns the door as it is now."""
        doors = self.battle_map.doors
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(doors):
            raise MapEditError(f"There is no door number {index!r}")
        old = doors[index]
        if old.locked == locked:
            return old
        new = Door(old.start, old.end, old.closed, locked)
        self.remove(old)
        self.add(new)
        return new

    # -- undo ----------------------------------------------------------------------------
    def undo(self) -> None:
        board = self.battle_map
        self._swap_segments(take=self._added, put=self._removed)
        _set_all(board, self._before)
        if self._ambient is not None:
            board.ambient_light = self._ambient[0]

    def revert(self) -> None:
        """Take back a gesture that never reached the undo history (Esc, or the map changed
        under it): only tiles still showing this gesture's value go back, so a change made
        meanwhile (an undo of an earlier stroke) is not overwritten with stale values."""
        board = self.battle_map
        self._swap_segments(take=self._added, put=None)
        still: dict[tuple[str, Position], Any] = {}
        for layer in {layer for layer, _ in self._after}:
            mine = {tile: value for (kind, tile), value in self._after.items() if kind == layer}
            now = layer_values(board, layer, mine)
            still.update(
                ((layer, tile), self._before[(layer, tile)])
                for tile, value in mine.items()
                if now[tile] == value
            )
        _set_all(board, still)
        if self._ambient is not None and board.ambient_light == self._ambient[1]:
            board.ambient_light = self._ambient[0]

    def redo(self) -> None:
        board = self.battle_map
        _set_all(board, self._after)
        if self._ambient is not None:
            board.ambient_light = self._ambient[1]
        self._swap_segments(take=self._removed, put=self._added)

    def _swap_segments(
        self, *, take: dict[str, list[Any]], put: dict[str, list[Any]] | None
    ) -> None:
        """Take the `take` walls, doors and lights off the map and put the `put` ones back
        (each at most once: a step applied twice changes nothing more)."""
        for kind in SEGMENT_KINDS:
            items = getattr(self.battle_map, kind)
            for item in take[kind]:
                if item in items:
                    items.remove(item)
            for item in put[kind] if put is not None else ():
                if item not in items:
                    items.append(item)

    def __repr__(self) -> str:
        return f"MapEdit({self.description!r}, tiles={len(self.tiles)}, layers={self.layers})"
