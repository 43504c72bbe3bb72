"""The reveal benchmarks' battle: a 500 x 500 map with scattered walls and doors, and 75 player
tokens standing in groups of five over it, as a party spreads out."""

from __future__ import annotations

import random

from drase_desktop.board import BattleMap
from helpers.board_bench_map import benchmark_map

SIDE = 500
VIEWERS = 75


def reveal_battle() -> tuple[BattleMap, list[tuple[tuple[int, int], int]]]:
    board = benchmark_map(SIDE, seed=11)
    rng = random.Random(3)
    viewers = []
    for _ in range(VIEWERS // 5):
        cx, cy = rng.randrange(20, SIDE - 20), rng.randrange(20, SIDE - 20)
        for _ in range(5):
            viewers.append(((cx + rng.randint(-4, 4), cy + rng.randint(-4, 4)), 1))
    return board, viewers
