"""The part of a map that has something on it: where its walls and doors stand.

An imported map is often a wide sheet around a few rooms; fitted whole on a laptop its tiles
shrink until tokens are a few pixels. Fitting the view to this part instead keeps them large.
"""

from __future__ import annotations

import math

from drase_desktop.board.battle_map import BattleMap

# Tiles of margin kept around the walls, so a token standing outside a room's wall shows.
CONTENT_MARGIN_TILES = 1


def content_bounds(battle_map: BattleMap) -> tuple[int, int, int, int] | None:
    """The tiles from column x0 to x1 and row y0 to y1 (the ends excluded) around every wall
    and door, a tile of margin on each side, within the map; None for a map without any."""
    points = [point for wall in battle_map.walls for point in (wall.start, wall.end)]
    points += [point for door in battle_map.doors for point in (door.start, door.end)]
    if not points:
        return None
    margin = CONTENT_MARGIN_TILES
    x0 = max(0, math.floor(min(x for x, _ in points)) - margin)
    y0 = max(0, math.floor(min(y for _, y in points)) - margin)
    x1 = min(battle_map.width, math.ceil(max(x for x, _ in points)) + margin)
    y1 = min(battle_map.height, math.ceil(max(y for _, y in points)) + margin)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1
