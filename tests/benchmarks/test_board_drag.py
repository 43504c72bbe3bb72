"""A token drag: one search at drag start, then a path read per mouse move.

Baseline in the same run: a fresh find_path per mouse move (what the stored search saves).
"""

from itertools import cycle

from helpers.board_bench_map import SIDE, shared_benchmark_map

from drase_desktop.board import MovementSearch, find_path

START = (SIDE // 2, SIDE // 2)
# A mouse trail wandering 3 to 14 tiles from the token.
TRAIL = [
    (START[0] + dx, START[1] + dy)
    for dx, dy in [
        (3, 0),
        (5, 2),
        (7, 3),
        (9, 5),
        (11, 6),
        (12, 9),
        (10, 12),
        (6, 14),
        (2, 13),
        (-3, 10),
        (-6, 7),
        (-9, 3),
        (-12, 0),
        (-10, -4),
        (-5, -8),
        (0, -11),
    ]
]


def test_board_drag_start_search(benchmark):
    board = shared_benchmark_map()
    search = benchmark(MovementSearch, board, START, 15, limit=30)
    assert search.cost(START) == 0


def test_board_drag_path_per_mouse_move(benchmark):
    board = shared_benchmark_map()
    search = MovementSearch(board, START, 15, limit=30)
    moves = cycle(TRAIL)

    def mouse_move():
        goal = next(moves)
        return search.path_to(goal), search.cost(goal), search.why_not(goal)

    path, cost, _ = benchmark(mouse_move)
    assert path is None or path[0] == START


def test_board_drag_path_per_mouse_move_baseline_fresh_search(benchmark):
    board = shared_benchmark_map()
    moves = cycle(TRAIL)

    def mouse_move():
        return find_path(board, START, next(moves))

    benchmark(mouse_move)
    search = MovementSearch(board, START, None)
    for goal in TRAIL:
        found = find_path(board, START, goal)
        assert (found and found[1]) == (search.cost(goal) if found else None)
