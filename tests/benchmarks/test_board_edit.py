"""Editing the map under a live movement graph: a tile or a door change.

Baseline in the same run: the same change followed by rebuilding the graph from scratch.
"""

from helpers.board_bench_map import SIDE, shared_benchmark_map

from drase_desktop.board import movement_graph
from drase_desktop.board.grid_graph import rebuild_movement_graph

TILE = (SIDE // 2 + 3, SIDE // 2 + 4)


def _flipper(board):
    state = {"blocked": False}

    def flip():
        state["blocked"] = not state["blocked"]
        board.set_terrain(TILE, "blocked" if state["blocked"] else "normal")

    return flip, state


def test_board_tile_change_in_place(benchmark):
    board = shared_benchmark_map()
    graph = movement_graph(board)
    flip, state = _flipper(board)
    benchmark(flip)
    if state["blocked"]:
        flip()
    assert movement_graph(board) is graph and graph.graph.degree(TILE) > 0


def test_board_tile_change_baseline_rebuild(benchmark):
    board = shared_benchmark_map()
    flip, state = _flipper(board)

    def flip_and_rebuild():
        flip()
        return rebuild_movement_graph(board)

    benchmark(flip_and_rebuild)
    if state["blocked"]:
        flip()


def test_board_door_change_in_place(benchmark):
    board = shared_benchmark_map()
    graph = movement_graph(board)
    before = board.doors[0].closed

    def toggle():
        board.set_door_closed(0, not board.doors[0].closed)

    benchmark(toggle)
    board.set_door_closed(0, before)
    assert movement_graph(board) is graph


def test_board_door_change_baseline_rebuild(benchmark):
    board = shared_benchmark_map()
    before = board.doors[0].closed

    def toggle_and_rebuild():
        board.set_door_closed(0, not board.doors[0].closed)
        return rebuild_movement_graph(board)

    benchmark(toggle_and_rebuild)
    board.set_door_closed(0, before)
