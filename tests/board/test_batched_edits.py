"""Many tiles changed as one: `BattleMap.set_tiles` and the movement graph following it.

A flood fill or a long stroke reaches the graph as one change; a change of cost alone (normal to
mud) leaves the edges alone, a change that blocks or unblocks tiles or moves heights re-decides
the edges once over the changed area. Whatever the path, the graph equals one built from scratch.
"""

from __future__ import annotations

import random

import pytest

from drase_desktop.board import BattleMap, BoardError, Wall, movement_graph
from drase_desktop.board.battle_map import OutOfBoundsError, UnknownKindError
from drase_desktop.board.grid_graph import rebuild_movement_graph
from drase_desktop.board.pathfinding import MovementSearch
from drase_desktop.encounter.map_edits import MapEdit, flood_tiles


def _edges(graph) -> set[frozenset]:
    return {frozenset(edge) for edge in graph.graph.edges()}


def _board(seed: int = 3, side: int = 40) -> BattleMap:
    rng = random.Random(seed)
    board = BattleMap(side, side)
    for _ in range(side * side // 6):
        pos = (rng.randrange(side), rng.randrange(side))
        board.set_terrain(pos, rng.choice(["blocked", "mud", "water"]))
        board.set_elevation(pos, rng.choice([0, 1, 3]))
    for _ in range(side):
        x, y = rng.randrange(side), rng.randrange(side)
        board.walls.append(Wall((x, y), (min(side, x + rng.randint(1, 4)), y)))
    return board


@pytest.mark.parametrize("kind", ["mud", "blocked", "normal", "water"])
def test_a_flood_fill_leaves_the_graph_equal_to_a_rebuild_and_its_undo_too(kind):
    board = _board()
    board.set_tiles("terrain", [((x, y), "swamp") for x in range(2, 14) for y in range(2, 14)])
    graph = movement_graph(board)
    before = _edges(graph)
    edit = MapEdit(board, "Fill")
    starts = [(8, 8), (20, 20), (33, 7), (30, 30)]
    fills = [flood_tiles(board, tile, "terrain") for tile in starts]
    region = max((tiles for tiles in fills if board.terrain(tiles[0]) != kind), key=len)
    changed = edit.paint("terrain", region, kind)
    assert len(changed) > 20
    assert _edges(graph) == _edges(rebuild_movement_graph(board))
    assert graph.step_cost == rebuild_movement_graph(board).step_cost
    edit.undo()
    assert _edges(graph) == before == _edges(rebuild_movement_graph(board))
    edit.redo()
    assert _edges(graph) == _edges(rebuild_movement_graph(board))


def test_a_whole_map_fill_of_heights_and_its_undo_equal_a_rebuild():
    board = _board(seed=8)
    graph = movement_graph(board)
    edit = MapEdit(board, "Raise")
    edit.shift_elevation(list(board.positions())[: 40 * 25], 2)
    assert _edges(graph) == _edges(rebuild_movement_graph(board))
    assert list(graph.heights) == list(board.layer_codes("elevation"))
    edit.undo()
    assert _edges(graph) == _edges(rebuild_movement_graph(board))


def test_a_change_of_cost_alone_keeps_every_edge_but_makes_searches_stale():
    board = _board(seed=5)
    graph = movement_graph(board)
    adjacency = {tile: dict(steps) for tile, steps in graph.graph.adj.items()}
    search = MovementSearch(board, (0, 0), 10)
    tiles = [tile for tile in board.positions() if board.terrain(tile) == "normal"][:300]
    assert board.set_tiles("terrain", [(tile, "mud") for tile in tiles]) == tiles
    assert {tile: dict(steps) for tile, steps in graph.graph.adj.items()} == adjacency
    assert search.stale
    assert MovementSearch(board, (0, 0), 10).reachable == (
        MovementSearch(rebuild_movement_graph(board).battle_map, (0, 0), 10).reachable
    )


def test_set_tiles_is_heard_once_with_the_values_before():
    board = BattleMap(5, 5)
    board.set_terrain((1, 1), "mud")
    heard = []
    board.add_listener(lambda what, detail, previous: heard.append((what, detail, previous)))
    changed = board.set_tiles("terrain", [((0, 0), "water"), ((1, 1), "water"), ((2, 2), "normal")])
    assert changed == [(0, 0), (1, 1)]
    assert heard == [("tiles", "terrain", {(0, 0): "normal", (1, 1): "mud"})]
    assert board.set_tiles("cover", []) == [] and len(heard) == 1


@pytest.mark.parametrize(
    "layer, items, error",
    [
        ("terrain", [((0, 0), "lava")], UnknownKindError),
        ("terrain", [((0, 0), "mud"), ((9, 0), "mud")], OutOfBoundsError),
        ("elevation", [((0, 0), 1), ((1, 0), "high")], BoardError),
        ("elevation", [((0, 0), 10**6)], BoardError),
        ("walls", [((0, 0), 1)], BoardError),
    ],
)
def test_set_tiles_refuses_bad_input_whole_and_changes_nothing(layer, items, error):
    board = BattleMap(4, 4)
    heard = []
    board.add_listener(lambda *change: heard.append(change))
    with pytest.raises(error):
        board.set_tiles(layer, items)
    assert board.terrain((0, 0)) == "normal" and board.elevation((0, 0)) == 0 and not heard
