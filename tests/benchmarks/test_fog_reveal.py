"""Reveal what the players see on a 500 x 500 map with 75 player tokens.

Measured: `seen_by` for all 75 viewers at a 24-tile sight range (shared work: a view already
seen is skipped). References in the same run: one viewer with the same 24-tile bound, and one
viewer unbounded (what each of the 75 cost before the bound: the whole open map searched).
"""

from __future__ import annotations

import random

import pytest
from helpers.board_bench_map import benchmark_map

from drase_desktop.encounter.fog import seen_by, seen_tiles

SIDE = 500
VIEWERS = 75
SIGHT = 24


@pytest.fixture(scope="module")
def battle():
    board = benchmark_map(SIDE, seed=11)
    rng = random.Random(3)
    # The party spread over the map in groups, as players' tokens stand.
    viewers = []
    for _ in range(VIEWERS // 5):
        cx, cy = rng.randrange(20, SIDE - 20), rng.randrange(20, SIDE - 20)
        for _ in range(5):
            viewers.append(((cx + rng.randint(-4, 4), cy + rng.randint(-4, 4)), 1))
    return board, viewers


def test_reveal_75_viewers_at_a_sight_range(benchmark, battle):
    board, viewers = battle
    seen = benchmark.pedantic(seen_by, args=(board, viewers), kwargs={"radius": SIGHT}, rounds=3)
    assert len(seen) > VIEWERS * 10


def test_reveal_reference_one_viewer_at_the_sight_range(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(
        seen_tiles, args=(board, position, footprint), kwargs={"radius": SIGHT}, rounds=3
    )
    assert seen


def test_reveal_reference_one_viewer_unbounded(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(seen_tiles, args=(board, position, footprint), rounds=1)
    assert len(seen) > SIGHT * SIGHT
