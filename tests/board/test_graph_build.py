"""The movement graph's step bytes are worked out in bulk, a band of rows at a time, and shown to
networkx through its factory hooks. These tests hold the build to the rule one step at a time,
and walk the graph with networkx's own functions."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from helpers.movement_maps import maps
from hypothesis import given, settings

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


def test_networkx_walks_the_graph_through_its_factory_hooks():
    """The networkx graph is made through networkx's documented factory hooks, its node and
    adjacency dicts reading the step bytes: networkx's own functions see exactly the legal steps,
    as they would in a graph filled edge by edge."""
    board = _random_board(12, 9, 7)
    built = rebuild_movement_graph(board).graph
    plain = nx.Graph()
    plain.add_nodes_from(board.positions())
    plain.add_edges_from(built.edges())
    assert isinstance(built, nx.Graph) and isinstance(built, TileGraph)
    assert set(built.nodes) == set(plain.nodes) and len(built) == 12 * 9
    assert built.number_of_edges() == plain.number_of_edges()
    assert all(built.has_edge(a, b) and built.has_edge(b, a) for a, b in plain.edges())
    assert not built.has_edge((0, 0), (5, 5)) and (12, 0) not in built
    assert nx.utils.graphs_equal(nx.Graph(built), plain)
    assert nx.utils.graphs_equal(built.copy(), plain)
    assert dict(built.degree) == dict(plain.degree)
    start = (0, 0)
    assert nx.single_source_shortest_path_length(built, start) == (
        nx.single_source_shortest_path_length(plain, start)
    )
    assert {frozenset(c) for c in nx.connected_components(built)} == {
        frozenset(c) for c in nx.connected_components(plain)
    }


def test_the_networkx_graph_follows_the_map_and_refuses_writes():
    board = BattleMap(6, 4)
    graph = movement_graph(board).graph
    assert graph.has_edge((1, 1), (2, 1))
    board.set_terrain((2, 1), "blocked")
    assert not graph.has_edge((1, 1), (2, 1)) and graph.degree((2, 1)) == 0
    board.walls.append(Wall((1, 0), (1, 4)))
    assert not graph.has_edge((0, 2), (1, 2))
    with pytest.raises(TypeError):
        graph.add_edge((0, 0), (3, 3))


@settings(max_examples=100, deadline=None)
@given(maps())
def test_the_step_bytes_are_the_one_step_rule_on_random_maps(board):
    """Bands of rows, walls on the grid (filed directly) and any others (asked of the rule),
    heights from -9999 up: every step byte says what `passable` says."""
    graph = rebuild_movement_graph(board)
    assert _edges(graph) == _legal(graph, board)
    assert graph.graph.number_of_nodes() == board.width * board.height


def test_a_followed_graph_built_on_first_use_equals_a_rebuild():
    board = _random_board(30, 20, 11)
    assert _edges(movement_graph(board)) == _edges(rebuild_movement_graph(board))


def _climbs_by_the_rule(graph, board) -> set[tuple[int, int]]:
    """(tile index, direction bit) of every step whose ends differ in height, from the map."""
    from drase_desktop.board.grid_graph import DIRECTIONS

    found = set()
    for x, y in board.positions():
        for bit, (dx, dy) in enumerate(DIRECTIONS):
            there = (x + dx, y + dy)
            if graph.passable((x, y), there) and board.elevation((x, y)) != board.elevation(there):
                found.add((y * board.width + x, bit))
    return found


@settings(max_examples=60, deadline=None)
@given(maps())
def test_the_climb_bits_mark_exactly_the_steps_between_heights(board):
    """The path search prices a tile's steps the quick way when its climb byte is 0: a step that
    climbs or descends must be marked (heights from -9999 up, bands, the rim)."""
    graph = rebuild_movement_graph(board)
    marked = {
        (index, bit)
        for index, byte in enumerate(graph.climbs)
        for bit in range(8)
        if byte >> bit & 1 and graph.steps[index] >> bit & 1
    }
    assert marked == _climbs_by_the_rule(graph, board)
