"""Movement range and corner-to-corner paths on the 200 x 200 benchmark map.

Baselines measured in the same run: the same search left unbounded (what the speed bound saves),
and Dijkstra over the whole map for the corner path (what A* with the parity-aware estimate saves).
"""

import math

import pytest
from helpers.board_bench_map import SIDE, shared_benchmark_map

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


def test_board_movement_range_30_circle_baseline_networkx_dijkstra(benchmark):
    """networkx's own Dijkstra can carry the circle rule (no parity), with a weight function
    reading the same costs; measured against the bucket-queue search the board uses."""
    import networkx as nx

    from drase_desktop.board import movement_graph

    board = shared_benchmark_map()
    graph = movement_graph(board)
    width, cost, heights = board.width, graph.step_cost, graph.heights

    def weight(u, v, _):
        i, j = u[1] * width + u[0], v[1] * width + v[0]
        return cost[j] + abs(heights[j] - heights[i])

    def networkx_range():
        lengths = nx.single_source_dijkstra_path_length(
            graph.graph, CENTRE, cutoff=30, weight=weight
        )
        return {
            tile: length
            for tile, length in lengths.items()
            if (tile[0] - CENTRE[0]) ** 2 + (tile[1] - CENTRE[1]) ** 2 <= 900
        }

    reach = benchmark(networkx_range)
    assert reach == movement_range(board, CENTRE, 30, diagonal="circle")


# The goal's own case: corner to corner on the 500 x 500 map, every band worked out first.
LARGE = 500


@pytest.fixture(scope="module")
def large_map():
    from helpers.board_bench_map import benchmark_map

    from drase_desktop.board import movement_graph

    board = benchmark_map(LARGE, seed=11)
    movement_graph(board).ensure_all()
    return board


def test_board_corner_to_corner_path_500(benchmark, large_map):
    path, cost = benchmark.pedantic(
        find_path, args=(large_map, (0, 0), (LARGE - 1, LARGE - 1)), rounds=5, iterations=1
    )
    assert path[-1] == (LARGE - 1, LARGE - 1) and cost >= LARGE - 1 + (LARGE - 1) // 2


def test_board_corner_to_corner_path_500_baseline_dijkstra(benchmark, large_map):
    def dijkstra():
        search = MovementSearch(large_map, (0, 0), None)
        return search.cost((LARGE - 1, LARGE - 1))

    cost = benchmark.pedantic(dijkstra, rounds=3, iterations=1)
    assert cost == find_path(large_map, (0, 0), (LARGE - 1, LARGE - 1))[1]
