"""Reveal what the players see on a 500 x 500 map with 75 player tokens.

Measured: `seen_by` for all 75 viewers at a 24-tile sight range (the walls filed once per map,
each view cut a row at a time from the walls' shadows, a view already seen skipped), the same
through the fog as the window's reveal does it, and all 75 with no sight range in bright light
(nothing but walls bounds the view). References in the same run: the plain search (tile by tile,
tests/helpers/plain_sight.py) for the same 75 viewers, and for one viewer at the range and
unbounded; and the fast search for that one viewer.
"""

from __future__ import annotations

import pytest
from helpers.plain_sight import plain_seen_by, plain_seen_tiles
from helpers.reveal_bench import SIDE, VIEWERS, reveal_battle

from drase_desktop.encounter.fog import Fog, seen_by, seen_tiles

SIGHT = 24


@pytest.fixture(scope="module")
def battle():
    return reveal_battle()


def test_reveal_75_viewers_at_a_sight_range(benchmark, battle):
    board, viewers = battle
    seen = benchmark.pedantic(seen_by, args=(board, viewers), kwargs={"radius": SIGHT}, rounds=3)
    assert len(seen) > VIEWERS * 10


def test_reveal_75_viewers_through_the_fog(benchmark, battle):
    """As the window's menu runs it: the reveal written into a fogged map's fog."""
    board, viewers = battle

    def reveal() -> int:
        fog = Fog.for_map(board, revealed=False)
        return fog.reveal_seen(board, viewers, radius=SIGHT).count

    count = benchmark.pedantic(reveal, rounds=3)
    assert count == len(seen_by(board, viewers, radius=SIGHT))


def test_reveal_75_viewers_unbounded_in_bright_light(benchmark, battle):
    board, viewers = battle
    seen = benchmark.pedantic(seen_by, args=(board, viewers), rounds=1)
    assert len(seen) > SIDE * SIDE // 2


def test_reveal_reference_plain_75_viewers_at_the_sight_range(benchmark, battle):
    board, viewers = battle
    seen = benchmark.pedantic(
        plain_seen_by, args=(board, viewers), kwargs={"radius": SIGHT}, rounds=1
    )
    assert seen == seen_by(board, viewers, radius=SIGHT)


def test_reveal_reference_one_viewer_at_the_sight_range(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(
        seen_tiles, args=(board, position, footprint), kwargs={"radius": SIGHT}, rounds=3
    )
    assert seen == plain_seen_tiles(board, position, footprint, radius=SIGHT)


def test_reveal_reference_plain_one_viewer_at_the_sight_range(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(
        plain_seen_tiles, args=(board, position, footprint), kwargs={"radius": SIGHT}, rounds=3
    )
    assert seen


def test_reveal_reference_one_viewer_unbounded(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(seen_tiles, args=(board, position, footprint), rounds=3)
    assert seen == plain_seen_tiles(board, position, footprint)


def test_reveal_reference_plain_one_viewer_unbounded(benchmark, battle):
    board, viewers = battle
    position, footprint = viewers[0]
    seen = benchmark.pedantic(plain_seen_tiles, args=(board, position, footprint), rounds=1)
    assert len(seen) > SIGHT * SIGHT
