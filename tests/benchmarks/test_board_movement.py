"""Movement range and corner-to-corner paths on the 200 x 200 benchmark map.

Baselines measured in the same run: the same search left unbounded (what the speed bound saves),
and Dijkstra over the whole map for the corner path (what A* with the parity-aware estimate saves).
"""

import math

import pytest
from board_bench_map import SIDE, shared_benchmark_map

from drase_desktop.board import MovementSearch, find_path, movement_range

CENTRE = (SIDE // 2, SIDE // 2)


@pytest.mark.parametrize("speed", [6, 30])
def test_board_movement_range(benchmark, speed):
    board = shared_benchmark_map()
    reach = benchmark(movement_range, board, CENTRE, speed)
    assert CENTRE in reach and all(cost <= speed for cost in reach.values())


@pytest.mark.parametrize("speed", [6, 30])
def test_board_movement_range_baseline_unbounded(benchmark, speed):
    board = shared_benchmark_map()

    def unbounded():
        return MovementSearch(board, CENTRE, speed, limit=math.inf).reachable

    reach = benchmark(unbounded)
    assert reach == movement_range(board, CENTRE, speed)


@pytest.mark.parametrize("diagonal", ["double", "circle"])
def test_board_movement_range_30_rules(benchmark, diagonal):
    board = shared_benchmark_map()
    reach = benchmark(movement_range, board, CENTRE, 30, diagonal=diagonal)
    assert len(reach) > 1000


def test_board_corner_to_corner_path(benchmark):
    board = shared_benchmark_map()
    path, cost = benchmark(find_path, board, (0, 0), (SIDE - 1, SIDE - 1))
    assert path[-1] == (SIDE - 1, SIDE - 1) and cost >= SIDE - 1 + (SIDE - 1) // 2


def test_board_corner_to_corner_path_baseline_dijkstra(benchmark):
    board = shared_benchmark_map()

    def dijkstra():
        search = MovementSearch(board, (0, 0), None)
        return search.path_to((SIDE - 1, SIDE - 1)), search.cost((SIDE - 1, SIDE - 1))

    path, cost = benchmark(dijkstra)
    assert cost == find_path(board, (0, 0), (SIDE - 1, SIDE - 1))[1]


def test_board_big_token_range(benchmark):
    board = shared_benchmark_map()
    reach = benchmark(movement_range, board, CENTRE, 30, footprint=2)
    assert CENTRE in reach or reach == {}
