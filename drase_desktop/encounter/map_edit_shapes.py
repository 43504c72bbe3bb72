"""Which tiles a map-making gesture touches: a square brush, a dragged rectangle, a flood fill
that stops at walls and closed doors."""

from __future__ import annotations

from collections import deque

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import MAX_SIDE, BattleMap
from drase_desktop.encounter.map_edit_terms import TILE_LAYERS, MapEditError

Position = tuple[int, int]

MAX_BRUSH = 25
# A flood fill never runs away with a huge map in one click.
MAX_FLOOD_TILES = MAX_SIDE * MAX_SIDE


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
