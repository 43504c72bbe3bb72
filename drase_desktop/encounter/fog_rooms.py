"""A room for the fog tools: the tiles a flood reaches from one tile without crossing a wall,
closed door, window or blocked terrain, refused when it is the outside around closed rooms."""

from __future__ import annotations

from collections import deque
from typing import Any

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import BLOCKED_CODE
from drase_desktop.encounter.fog_error import FogError
from drase_desktop.encounter.fog_shapes import checked_tile

Position = tuple[int, int]


def room_tiles(battle_map: Any, start: Position) -> set[Position]:
    """The room around `start`: a flood across tile edges no wall, closed door or window crosses
    (objects stand inside a room and never bound one).

    Blocked terrain (solid rock drawn as tiles) bounds a room too: its rim tiles are part of
    the room, so the players see the room's walls, but the flood does not pass through them.

    The outside of a map is not a room: when the map has rooms closed in by walls, a flood
    that runs off the map's edge is the outside around them, and is refused (FogError). A map
    with no closed room (a field, or rooms drawn up to the map's edge) keeps its edge as the
    rooms' bound.
    """
    start = checked_tile(start, "room start")
    if not battle_map.in_bounds(start):
        raise FogError(f"tile {start} is outside the {battle_map.width} x {battle_map.height} map")
    room, open_to_edge = _flood_room(battle_map, start)
    if open_to_edge and _has_closed_room(battle_map, room):
        raise FogError(
            f"Tile {start} is outside the rooms: no walls close it in, so there is no room to"
            " reveal or hide there. Use the brush or the rectangle for the outside."
        )
    return room


def _flood_room(battle_map: Any, start: Position) -> tuple[set[Position], bool]:
    """The flood from `start` and whether it runs off the map's edge through a side no wall,
    closed door or window closes."""
    width, height = battle_map.width, battle_map.height
    terrain = battle_map.layer_codes("terrain")
    barriers = barrier_index(battle_map, "rooms")
    room = {start}
    if terrain[start[1] * width + start[0]] == BLOCKED_CODE:
        return room, False
    open_to_edge = False
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) in room:
                continue
            if barriers.step_blocked((x, y), (nx, ny)):
                continue
            if not (0 <= nx < width and 0 <= ny < height):
                open_to_edge = True
                continue
            room.add((nx, ny))
            if terrain[ny * width + nx] != BLOCKED_CODE:
                queue.append((nx, ny))
    return room, open_to_edge


def _has_closed_room(battle_map: Any, outside: set[Position]) -> bool:
    """Does the map hold a room its walls close in (one whose flood never reaches the edge)?
    Tiles of `outside` are known to reach it."""
    seen = set(outside)
    terrain = battle_map.layer_codes("terrain")
    width = battle_map.width
    for tile in battle_map.positions():
        if tile in seen or terrain[tile[1] * width + tile[0]] == BLOCKED_CODE:
            continue
        room, open_to_edge = _flood_room(battle_map, tile)
        if not open_to_edge:
            return True
        seen |= room
    return False
