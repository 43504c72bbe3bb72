"""The part of a map that has something on it: its walls, doors and lights, and every tile
painted with terrain, height, cover or obscuration.

An imported map is often a wide sheet around a few rooms; fitted whole on a laptop its tiles
shrink until tokens are a few pixels. Fitting the view to this part instead keeps them large.
"""

from __future__ import annotations

import math

from drase_desktop.board.battle_map import BattleMap

# Tiles of margin kept around the walls, so a token standing outside a room's wall shows.
CONTENT_MARGIN_TILES = 1


def _painted_span(codes: bytes, width: int, height: int, size: int) -> list[tuple[int, int]]:
    """(x, y) of the leftmost and rightmost painted tile of each row holding one; `size` is the
    bytes per tile (1, or 2 for heights)."""
    corners: list[tuple[int, int]] = []
    pitch = width * size
    for y in range(height):
        row = codes[y * pitch : (y + 1) * pitch]
        head = len(row) - len(row.lstrip(b"\0"))
        if head == len(row):
            continue
        tail = len(row.rstrip(b"\0"))
        corners += [(head // size, y), ((tail - 1) // size, y)]
    return corners


def content_bounds(battle_map: BattleMap) -> tuple[int, int, int, int] | None:
    """The tiles from column x0 to x1 and row y0 to y1 (the ends excluded) around every wall,
    door, light and painted tile, a tile of margin on each side, within the map; None for a map
    with nothing on it but plain ground."""
    points = [point for wall in battle_map.walls for point in (wall.start, wall.end)]
    points += [point for door in battle_map.doors for point in (door.start, door.end)]
    if not points:
        return None  # a map with no walls is shown whole: there is no sheet around rooms
    points += [(float(light.position[0]), float(light.position[1])) for light in battle_map.lights]
    width, height = battle_map.width, battle_map.height
    for layer in ("terrain", "cover", "obscuration", "elevation"):
        codes = battle_map.layer_codes(layer)
        size = codes.itemsize
        for x, y in _painted_span(codes.tobytes(), width, height, size):
            points += [(x, y), (x + 1, y + 1)]
    margin = CONTENT_MARGIN_TILES
    x0 = max(0, math.floor(min(x for x, _ in points)) - margin)
    y0 = max(0, math.floor(min(y for _, y in points)) - margin)
    x1 = min(width, math.ceil(max(x for x, _ in points)) + margin)
    y1 = min(height, math.ceil(max(y for _, y in points)) + margin)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1
