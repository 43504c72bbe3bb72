"""Map making as undoable operations: a brush stroke, a wall drawn, a light placed, a resize.

The battle map is not part of an encounter snapshot (see `change.py`), so a map edit keeps its
own before and after. A `MapEdit` is one GM gesture (press to release): it applies each dab to
the live map at once, so the movement graph (which follows the map) and the rules react while
the GM paints, and `undo()` / `redo()` take the whole gesture back or forward in one step. Both
are idempotent, so a QUndoCommand may call `redo()` on push after the gesture already ran.

`MapReplacement` swaps the encounter's whole map (a resize, an imported image) and shifts the
tokens with it; it refuses, changing nothing, when a token would end off the map.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import (
    AMBIENT_LIGHTS,
    COVER_LEVELS,
    MAX_ELEVATION,
    MAX_SIDE,
    OBSCURATION_LEVELS,
    TERRAIN_KINDS,
    BackgroundImage,
    BattleMap,
    Door,
    Light,
    Wall,
)
from drase_desktop.board.geometry import clip_to_box
from drase_desktop.board.map_features import MapObject, Window
from drase_desktop.refusal import Refusal

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

MapFeature = Wall | Door | Light | Window | MapObject

Position = tuple[int, int]
Point = tuple[float, float]

TILE_LAYERS: tuple[str, ...] = ("terrain", "elevation", "cover", "obscuration")
# What the eraser leaves behind: plain, level, open ground.
ERASED: dict[str, Any] = {
    "terrain": "normal",
    "elevation": 0,
    "cover": "none",
    "obscuration": "none",
}
SEGMENT_KINDS: tuple[str, ...] = ("walls", "doors", "lights", "windows", "objects")
_NAMES = {"terrain": TERRAIN_KINDS, "cover": COVER_LEVELS, "obscuration": OBSCURATION_LEVELS}
MAX_BRUSH = 25
# A flood fill never runs away with a huge map in one click.
MAX_FLOOD_TILES = MAX_SIDE * MAX_SIDE
EDGES_X = ("left", "right")
EDGES_Y = ("top", "bottom")


class MapEditError(Refusal):
    """A map edit the board cannot take; the message is for the GM."""


def check_tile_value(layer: str, value: Any) -> None:
    """Raise MapEditError unless `value` may be painted on `layer`."""
    choices = {"terrain": TERRAIN_KINDS, "cover": COVER_LEVELS, "obscuration": OBSCURATION_LEVELS}
    if layer == "elevation":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MapEditError(f"A height is a whole number of tiles, not {value!r}")
        if not -MAX_ELEVATION <= value <= MAX_ELEVATION:
            raise MapEditError(f"A height must be between -{MAX_ELEVATION} and {MAX_ELEVATION}")
        return
    if layer not in choices:
        raise MapEditError(f"Unknown map layer {layer!r}; choose one of {', '.join(TILE_LAYERS)}")
    if value not in choices[layer]:
        raise MapEditError(f"Unknown {layer} {value!r}; choose one of {', '.join(choices[layer])}")


def _values(battle_map: BattleMap, layer: str, tiles: Iterable[Position]) -> dict[Position, Any]:
    """The value of each tile on `layer`, read from the layer's codes in one pass."""
    codes = battle_map.layer_codes(layer)
    width = battle_map.width
    if layer == "elevation":
        return {tile: codes[tile[1] * width + tile[0]] for tile in tiles}
    names = _NAMES[layer]
    return {tile: names[codes[tile[1] * width + tile[0]]] for tile in tiles}


def _set_all(battle_map: BattleMap, values: dict[tuple[str, Position], Any]) -> None:
    """Write (layer, tile) -> value back to the map, one change per layer; tiles that already
    hold their value are left out (the redo on an undo push finds the whole gesture there)."""
    by_layer: dict[str, dict[Position, Any]] = {}
    for (layer, tile), value in values.items():
        by_layer.setdefault(layer, {})[tile] = value
    for layer, targets in by_layer.items():
        now = _values(battle_map, layer, targets)
        changes = [(tile, value) for tile, value in targets.items() if now[tile] != value]
        if changes:
            battle_map.set_tiles(layer, changes)


# ---- which tiles a gesture touches --------------------------------------------------------------
def brush_tiles(battle_map: BattleMap, centre: Position, size: int) -> list[Position]:
    """The `size` x `size` square of tiles around `centre` (an even size leans right and down),
    clipped to the map."""
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_BRUSH:
        raise MapEditError(f"A brush is 1 to {MAX_BRUSH} tiles wide, not {size!r}")
    x0 = centre[0] - (size - 1) // 2
    y0 = centre[1] - (size - 1) // 2
    return [
        (x, y)
        for y in range(max(0, y0), min(battle_map.height, y0 + size))
        for x in range(max(0, x0), min(battle_map.width, x0 + size))
    ]


def rect_tiles(battle_map: BattleMap, a: Position, b: Position) -> list[Position]:
    """Every tile of the rectangle with corners `a` and `b` (both included), clipped to the map."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return [
        (x, y)
        for y in range(max(0, y0), min(battle_map.height, y1 + 1))
        for x in range(max(0, x0), min(battle_map.width, x1 + 1))
    ]


def flood_tiles(battle_map: BattleMap, start: Position, layer: str) -> list[Position]:
    """The tiles joined to `start` through side neighbours with the same value on `layer`,
    stopping at walls and closed doors: a click fills one room's floor."""
    if layer not in TILE_LAYERS:
        raise MapEditError(f"Unknown map layer {layer!r}; choose one of {', '.join(TILE_LAYERS)}")
    if not battle_map.in_bounds(start):
        raise MapEditError(f"Tile {start} is off the map")
    codes = battle_map.layer_codes(layer)
    width, height = battle_map.width, battle_map.height
    wanted = codes[start[1] * width + start[0]]
    barriers = barrier_index(battle_map, "rooms")
    seen = {start}
    queue = deque([start])
    found: list[Position] = []
    while queue and len(found) < MAX_FLOOD_TILES:
        here = queue.popleft()
        found.append(here)
        x, y = here
        for there in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            tx, ty = there
            if there in seen or not (0 <= tx < width and 0 <= ty < height):
                continue
            if codes[ty * width + tx] != wanted or barriers.step_blocked(here, there):
                continue
            seen.add(there)
            queue.append(there)
    return found


def _segment_touches_tile(start: Point, end: Point, tile: Position) -> bool:
    """True when the segment passes through the tile's square (its edges included)."""
    x, y = tile
    return clip_to_box(start, end, x, y, x + 1.0, y + 1.0) is not None


def _clip_segment(
    start: Point, end: Point, width: float, height: float
) -> tuple[Point, Point] | None:
    """The part of a segment inside [0, width] x [0, height], or None."""
    found = clip_to_box(start, end, 0.0, 0.0, width, height)
    if found is None:
        return None
    t0, t1 = found
    (ax, ay), (bx, by) = start, end
    dx, dy = bx - ax, by - ay
    clipped = ((ax + t0 * dx, ay + t0 * dy), (ax + t1 * dx, ay + t1 * dy))
    if clipped[0] == clipped[1]:
        return None
    return clipped


def distance_to_segment(point: Point, start: Point, end: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    cx, cy = ax + t * dx, ay + t * dy
    distance: float = ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5
    return distance


def nearest_segment(
    battle_map: BattleMap, point: Point, within: float, kinds: Iterable[str] = ("walls", "doors")
) -> tuple[str, int] | None:
    """("walls" or "doors", index) of the segment nearest `point` within `within` tiles."""
    best: tuple[float, str, int] | None = None
    for kind in kinds:
        for index, item in enumerate(getattr(battle_map, kind)):
            gap = distance_to_segment(point, item.start, item.end)
            if gap <= within and (best is None or gap < best[0]):
                best = (gap, kind, index)
    return None if best is None else (best[1], best[2])


def nearest_light(battle_map: BattleMap, point: Point, within: float) -> int | None:
    best: tuple[float, int] | None = None
    for index, light in enumerate(battle_map.lights):
        gap = ((light.position[0] - point[0]) ** 2 + (light.position[1] - point[1]) ** 2) ** 0.5
        if gap <= within and (best is None or gap < best[0]):
            best = (gap, index)
    return None if best is None else best[1]


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
        now = _values(self.battle_map, layer, targets)
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
            now = _values(board, layer, mine)
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


# ---- the whole map at once ---------------------------------------------------------------------
@dataclass(frozen=True)
class Margins:
    """Tiles added (negative: removed) at each edge of the map."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0


def margins_for(
    battle_map: BattleMap, width: int, height: int, edge_x: str = "right", edge_y: str = "bottom"
) -> Margins:
    """The margins that make the map `width` x `height`, growing or shrinking at the edges
    named ("left"/"right", "top"/"bottom")."""
    if edge_x not in EDGES_X or edge_y not in EDGES_Y:
        raise MapEditError(
            f"Grow or shrink at the left or right and top or bottom edge, not "
            f"{edge_x!r} and {edge_y!r}"
        )
    dx, dy = width - battle_map.width, height - battle_map.height
    return Margins(
        left=dx if edge_x == "left" else 0,
        right=dx if edge_x == "right" else 0,
        top=dy if edge_y == "top" else 0,
        bottom=dy if edge_y == "bottom" else 0,
    )


def resized_map(battle_map: BattleMap, margins: Margins) -> BattleMap:
    """A copy of the map with tiles added or cut at its edges: tiles, walls, doors and lights
    keep their place on the ground; walls crossing a cut edge are cut there; the background
    image stays where it was under the grid."""
    width = battle_map.width + margins.left + margins.right
    height = battle_map.height + margins.top + margins.bottom
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise MapEditError(f"A map is 1 to {MAX_SIDE} tiles a side, not {width} x {height}")
    new = BattleMap(width, height, battle_map.name)
    new.ambient_light = battle_map.ambient_light
    dx, dy = margins.left, margins.top
    old_width = battle_map.width
    layers = {layer: battle_map.layer_codes(layer) for layer in TILE_LAYERS}
    # Row by row into fresh layers, loaded into the new map at once: a 500 x 500 resize stays
    # quick where a million set_* calls would not.
    size = width * height
    targets: dict[str, Any] = {
        "terrain": bytearray(size),
        "elevation": array("h", bytes(2 * size)),
        "cover": bytearray(size),
        "obscuration": bytearray(size),
    }
    x0, x1 = max(0, -dx), min(old_width, width - dx)
    if x1 > x0:
        for y in range(max(0, -dy), min(battle_map.height, height - dy)):
            source = y * old_width
            target = (y + dy) * width + dx
            for layer, codes in layers.items():
                chunk = codes[source + x0 : source + x1]
                row = array("h", chunk) if layer == "elevation" else chunk
                targets[layer][target + x0 : target + x1] = row

    new.load_layers(
        terrain=targets["terrain"],
        cover=targets["cover"],
        obscuration=targets["obscuration"],
        elevation=targets["elevation"],
    )

    def moved(point: Point) -> Point:
        return (point[0] + dx, point[1] + dy)

    walls = []
    for wall in battle_map.walls:
        clipped = _clip_segment(moved(wall.start), moved(wall.end), width, height)
        if clipped:
            walls.append(Wall(*clipped))
    doors = []
    for door in battle_map.doors:
        clipped = _clip_segment(moved(door.start), moved(door.end), width, height)
        if clipped:
            doors.append(Door(clipped[0], clipped[1], door.closed, door.locked))
    lights = []
    for light in battle_map.lights:
        lx, ly = moved(light.position)
        if 0 <= lx <= width and 0 <= ly <= height:
            lights.append(Light((lx, ly), light.radius))
    windows = []
    for window in battle_map.windows:
        clipped = _clip_segment(moved(window.start), moved(window.end), width, height)
        if clipped:
            windows.append(Window(*clipped))
    objects = []
    for item in battle_map.objects:
        # An object stays whole while any of it is on the map (a pillar at the edge).
        shifted = item.moved(dx, dy)
        left, top, right, bottom = shifted.bounds()
        if right >= 0 and bottom >= 0 and left <= width and top <= height:
            objects.append(shifted)
    new.walls = walls
    new.doors = doors
    new.lights = lights
    new.windows = windows
    new.objects = objects
    background = battle_map.background
    if background is not None:
        ppt = background.pixels_per_tile
        ox, oy = background.offset
        new.background = BackgroundImage(
            background.data, background.media_type, ppt, (ox - dx * ppt, oy - dy * ppt)
        )
    return new


def with_background(
    battle_map: BattleMap, background: BackgroundImage, size: Position
) -> BattleMap:
    """The map resized to `size` (tiles kept from the top-left) with a new background image."""
    margins = margins_for(battle_map, size[0], size[1])
    new = resized_map(battle_map, margins)
    new.background = background
    return new


class MapReplacement:
    """Swap the encounter's map for another and move every token by `shift` with it.

    Built, it has already run; a token that would stand off the new map or on a blocked tile
    refuses the whole change (MapEditError naming it) before anything is touched.
    """

    def __init__(
        self,
        encounter: Encounter,
        new_map: BattleMap,
        shift: Position = (0, 0),
        description: str = "Replace map",
    ) -> None:
        self.description = description
        self._encounter = encounter
        self._old_map = encounter.battle_map
        self._new_map = new_map
        self._old_positions: dict[str, Position | None] = {}
        self._new_positions: dict[str, Position | None] = {}
        for combatant in encounter.combatants.values():
            old = combatant.position
            self._old_positions[combatant.id] = old
            if old is None:
                self._new_positions[combatant.id] = None
                continue
            new = (old[0] + shift[0], old[1] + shift[1])
            for dy in range(combatant.footprint):
                for dx in range(combatant.footprint):
                    tile = (new[0] + dx, new[1] + dy)
                    if not new_map.in_bounds(tile):
                        raise MapEditError(
                            f"{combatant.name} would stand off the {new_map.width} x "
                            f"{new_map.height} map; move it or take it off the map first"
                        )
                    if new_map.terrain(tile) == "blocked":
                        raise MapEditError(f"{combatant.name} would stand on a blocked tile")
            self._new_positions[combatant.id] = new
        self.changed_ids = tuple(
            cid
            for cid in self._old_positions
            if self._old_positions[cid] != self._new_positions[cid]
        )
        # The fog of war moves with the ground, like the tokens (encounter/fog.py).
        self._old_fog = getattr(encounter, "fog", None)
        self._new_fog = (
            self._old_fog.shifted(new_map.width, new_map.height, shift)
            if self._old_fog is not None
            else None
        )
        self.redo()

    @property
    def new_map(self) -> BattleMap:
        return self._new_map

    def _apply(self, battle_map: BattleMap, positions: dict[str, Position | None]) -> None:
        self._encounter.battle_map = battle_map
        for combatant_id, position in positions.items():
            combatant = self._encounter.combatants.get(combatant_id)
            if combatant is not None:
                combatant.position = position

    def undo(self) -> None:
        self._apply(self._old_map, self._old_positions)
        self._encounter.fog = self._old_fog

    def redo(self) -> None:
        self._apply(self._new_map, self._new_positions)
        self._encounter.fog = self._new_fog


def resize(
    encounter: Encounter, width: int, height: int, edge_x: str = "right", edge_y: str = "bottom"
) -> MapReplacement:
    """Make the encounter's map `width` x `height`, growing or shrinking at the named edges;
    tokens keep their place on the ground."""
    margins = margins_for(encounter.battle_map, width, height, edge_x, edge_y)
    new_map = resized_map(encounter.battle_map, margins)
    return MapReplacement(
        encounter,
        new_map,
        (margins.left, margins.top),
        f"Resize map to {width} x {height}",
    )


def set_background(
    encounter: Encounter, background: BackgroundImage, size: Position
) -> MapReplacement:
    """Put a battlemap image under the encounter's map; the map's size follows the image."""
    new_map = with_background(encounter.battle_map, background, size)
    return MapReplacement(encounter, new_map, (0, 0), "Import battlemap image")
