"""The movement graph is built by giving every tile all its steps and cutting the illegal ones
(fast in bulk), and reads networkx's own storage. These tests hold the build to the rule one
step at a time, and notice when networkx changes the internals the board writes."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from drase_desktop.board import BattleMap, Door, Wall, movement_graph
from drase_desktop.board.grid_graph import TileGraph, rebuild_movement_graph


def _edges(graph) -> set[frozenset]:
    return {frozenset(edge) for edge in graph.graph.edges()}


def _legal(graph, board) -> set[frozenset]:
    return {
        frozenset([(x, y), (x + dx, y + dy)])
        for x in range(board.width)
        for y in range(board.height)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1))
        if graph.passable((x, y), (x + dx, y + dy))
    }


def _random_board(width: int, height: int, seed: int) -> BattleMap:
    rng = random.Random(seed)
    board = BattleMap(width, height)
    for _ in range(width * height // 3):
        pos = (rng.randrange(width), rng.randrange(height))
        board.set_terrain(pos, rng.choice(["blocked", "mud", "normal", "water"]))
        board.set_elevation(pos, rng.choice([0, 0, 1, 2, -2, 5]))
    for _ in range(max(1, width * height // 20)):
        x, y = rng.randrange(width + 1), rng.randrange(height + 1)
        if rng.random() < 0.5:
            board.walls.append(Wall((x, y), (min(width, x + rng.randint(1, 3)), y)))
        else:
            board.doors.append(Door((x, y), (x, min(height, y + 1)), closed=rng.random() < 0.7))
    return board


@pytest.mark.parametrize(
    "width, height", [(1, 1), (1, 6), (6, 1), (2, 2), (3, 3), (5, 2), (17, 11), (40, 33)]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bulk_build_has_exactly_the_legal_steps_rim_and_corners_included(width, height, seed):
    board = _random_board(width, height, seed)
    graph = rebuild_movement_graph(board)
    assert _edges(graph) == _legal(graph, board)
    assert graph.graph.number_of_nodes() == width * height


def test_networkx_internals_the_build_writes_still_mean_the_graph():
    """The build fills `_node` and `_adj` directly. If networkx stops keeping its graph there,
    this fails: the public API must see exactly the edges written."""
    board = _random_board(12, 9, 7)
    built = rebuild_movement_graph(board).graph
    plain = nx.Graph()
    plain.add_nodes_from(board.positions())
    plain.add_edges_from(built.edges())
    assert isinstance(built, nx.Graph) and isinstance(built, TileGraph)
    assert built._adj is built.adj._atlas  # the view networkx reads is the dict we write
    assert set(built.nodes) == set(plain.nodes)
    assert built.number_of_edges() == plain.number_of_edges()
    assert all(built.has_edge(a, b) and built.has_edge(b, a) for a, b in plain.edges())
    assert nx.utils.graphs_equal(nx.Graph(built), plain)
    start, goal = (0, 0), (11, 8)
    if nx.has_path(plain, start, goal):
        assert nx.shortest_path_length(built, start, goal) == nx.shortest_path_length(
            plain, start, goal
        )


def test_a_followed_graph_built_on_first_use_equals_a_rebuild():
    board = _random_board(30, 20, 11)
    assert _edges(movement_graph(board)) == _edges(rebuild_movement_graph(board))
