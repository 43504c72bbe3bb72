"""Reveal what a player's token sees: `seen_tiles` (barriers filed by direction around the eye,
a search spreading through clear tiles) on a dungeon of rooms and corridors.

Baseline in the same run: the board's own `line_of_sight` asked for every tile of the map, then
the dark tiles dropped; the answer must be the same.
"""

from __future__ import annotations

from drase_desktop.board import BattleMap, Door, Wall, line_of_sight, obscuration_layer
from drase_desktop.encounter.fog import seen_tiles

SIDE = 60
ROOM = 10


def dungeon() -> BattleMap:
    """Rooms of 10 x 10 tiles; each wall has a 2-tile gap, every other one an open door."""
    board = BattleMap(SIDE, SIDE)
    for k in range(ROOM, SIDE, ROOM):
        for start in range(0, SIDE, ROOM):
            board.walls.append(Wall((k, start), (k, start + 4)))
            board.walls.append(Wall((k, start + 6), (k, start + ROOM)))
            board.walls.append(Wall((start, k), (start + 4, k)))
            board.walls.append(Wall((start + 6, k), (start + ROOM, k)))
            board.doors.append(
                Door((k, start + 4), (k, start + 6), closed=(start // ROOM) % 2 == 0)
            )
    return board


EYE = (SIDE // 2 + 2, SIDE // 2 + 3)


def naive_seen(board: BattleMap, eye) -> set:
    codes = obscuration_layer(board)
    seen = {eye}
    for tile in board.positions():
        if codes[tile[1] * board.width + tile[0]] != 3 and line_of_sight(board, eye, tile):
            seen.add(tile)
    return seen


def test_fog_seen_tiles(benchmark) -> None:
    board = dungeon()
    seen = benchmark(seen_tiles, board, EYE)
    assert seen >= {EYE} and len(seen) > ROOM * ROOM // 2


def test_fog_seen_tiles_baseline_every_tile(benchmark) -> None:
    board = dungeon()
    seen = benchmark(naive_seen, board, EYE)
    # The search reaches every tile in sight through clear tiles: the same set here.
    assert seen == seen_tiles(board, EYE)
