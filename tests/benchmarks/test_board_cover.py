"""Cover queries on the benchmark map.

Baseline in the same run: the same rule traced naively, testing the line against every wall and
door on the map instead of the few filed under the tiles the line crosses.
"""

from itertools import cycle

from helpers.board_bench_map import SIDE, shared_benchmark_map

from drase_desktop.board import cover
from drase_desktop.board.geometry import line_walk, segments_touch

C = SIDE // 2
PAIRS = [((C, C), (C + dx, C + dy)) for dx, dy in [(12, 3), (-8, 9), (5, -14), (-15, -2), (7, 7)]]
CREATURES = {(C + i, C + (i * 7) % 11 - 5): ("gm", 3) for i in range(-10, 11, 2)}
CREATURES[(C, C)] = ("players", 3)


def naive_cover(board, attacker, target):
    p = (attacker[0] + 0.5, attacker[1] + 0.5)
    q = (target[0] + 0.5, target[1] + 0.5)
    if any(segments_touch(p, q, *segment) for segment in board.barriers()):
        return "full"
    rank = {"none": 0, "half": 1, "three-quarter": 2, "embrasure": 3, "full": 4}
    best = "none"
    for step in line_walk(attacker, target):
        tile = step[0]
        if tile == target:
            break
        level = board.cover_feature(tile)
        if tile in CREATURES:
            level = "full"
        if rank[level] > rank[best]:
            best = level
    return best


def test_board_cover_query(benchmark):
    board = shared_benchmark_map()
    pairs = cycle(PAIRS)

    def query():
        attacker, target = next(pairs)
        creatures = {**CREATURES, target: ("gm", 3)}
        return cover(board, attacker, target, ranged=False, creatures=creatures)

    benchmark(query)


def test_board_cover_query_baseline_every_wall(benchmark):
    board = shared_benchmark_map()
    pairs = cycle(PAIRS)

    def query():
        return naive_cover(board, *next(pairs))

    benchmark(query)
    for attacker, target in PAIRS:
        creatures = {**CREATURES, target: ("gm", 3)}
        fast = cover(board, attacker, target, ranged=False, creatures=creatures)
        assert (fast == "full") == (naive_cover(board, attacker, target) == "full")
