"""Revealing what many viewers see, bounded and shared, stays exactly the plain search.

- A sight range bounds the search: what it reveals equals the unbounded search within the range.
- In darkness the light bounds it: nothing lies beyond the farthest lit tile, so the bounded
  search equals the unbounded one outright.
- Viewers share work (the same tiles once; a view already seen skipped): the union is the same.
- A reveal reports progress and can be stopped; a stopped reveal changes nothing.
"""

from __future__ import annotations

import math
import random

import pytest

from drase_desktop.board import BattleMap, Door, Light, Wall
from drase_desktop.encounter.fog import (
    Fog,
    RevealCancelled,
    seen_by,
    seen_tiles,
    sight_bound,
)


def _map(seed: int, side: int = 36, ambient: str = "bright") -> BattleMap:
    rng = random.Random(seed)
    board = BattleMap(side, side)
    for _ in range(side):
        x, y = rng.randrange(side), rng.randrange(side)
        if rng.random() < 0.5:
            board.walls.append(Wall((x, y), (min(side, x + rng.randint(1, 6)), y)))
        else:
            board.walls.append(Wall((x, y), (x, min(side, y + rng.randint(1, 6)))))
    for _ in range(side // 4):
        x, y = rng.randrange(side - 1), rng.randrange(side)
        board.doors.append(Door((x, y), (x + 1, y), closed=rng.random() < 0.5))
    for _ in range(side * 2):
        board.set_terrain((rng.randrange(side), rng.randrange(side)), "blocked")
    for _ in range(side):
        pos = (rng.randrange(side), rng.randrange(side))
        board.set_obscuration(pos, rng.choice(["light", "heavy", "total"]))
    board.ambient_light = ambient
    board.lights = [
        Light((rng.uniform(0, side), rng.uniform(0, side)), rng.uniform(1, 3)) for _ in range(3)
    ]
    return board


def _viewers(board: BattleMap, seed: int, count: int = 6) -> list[tuple[tuple[int, int], int]]:
    rng = random.Random(seed)
    return [
        ((rng.randrange(board.width - 1), rng.randrange(board.height - 1)), rng.choice([1, 1, 2]))
        for _ in range(count)
    ]


def _within(tile, position, footprint, radius) -> bool:
    centre = (position[0] + footprint / 2, position[1] + footprint / 2)
    return math.dist(centre, (tile[0] + 0.5, tile[1] + 0.5)) <= radius + footprint / 2


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("radius", [2, 5, 9])
def test_a_sight_range_reveals_the_unbounded_search_within_the_range(seed, radius):
    board = _map(seed)
    for position, footprint in _viewers(board, seed):
        everything = seen_tiles(board, position, footprint)
        own = {
            (position[0] + i, position[1] + j) for j in range(footprint) for i in range(footprint)
        }
        expected = {t for t in everything if t in own or _within(t, position, footprint, radius)}
        assert seen_tiles(board, position, footprint, radius=radius) == expected


@pytest.mark.parametrize("seed", range(6))
def test_in_darkness_the_light_bound_changes_nothing(seed):
    board = _map(seed, ambient="dark")
    for position, footprint in _viewers(board, seed):
        bound = sight_bound(board, position, footprint)
        assert bound is not None and bound < board.width * 2
        assert seen_tiles(board, position, footprint, radius=bound) == seen_tiles(
            board, position, footprint
        )
    assert sight_bound(_map(seed, ambient="dim"), (3, 3)) is None


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("radius", [None, 4])
@pytest.mark.parametrize("ambient", ["bright", "dark"])
def test_shared_work_reveals_the_union_of_every_viewer(seed, radius, ambient):
    board = _map(seed, ambient=ambient)
    viewers = _viewers(board, seed, count=8)
    viewers += viewers[:3]  # the same tiles twice
    viewers.append(((viewers[0][0][0] + 1, viewers[0][0][1]), 1))  # right beside another
    plain: set = set()
    for position, footprint in viewers:
        plain |= seen_tiles(board, position, footprint, radius=radius)
    assert seen_by(board, viewers, radius=radius) == plain


def test_a_reveal_reports_progress_and_a_stopped_one_changes_nothing():
    board = _map(1)
    viewers = _viewers(board, 1, count=5)
    fog = Fog.for_map(board, revealed=False)
    before = fog.codes
    told: list[tuple[int, int]] = []

    def stop_after_two(done: int, total: int) -> bool:
        told.append((done, total))
        return done < 2

    with pytest.raises(RevealCancelled, match="stopped"):
        fog.reveal_seen(board, viewers, progress=stop_after_two)
    assert fog.codes == before
    assert told == [(1, 5), (2, 5)]
    told.clear()
    change = fog.reveal_seen(board, viewers, progress=lambda done, total: told.append(done) or True)
    assert told == [1, 2, 3, 4, 5] and change.count > 0
    assert fog.revealed_tiles() == seen_by(board, viewers)


def test_the_sight_range_is_an_undoable_logged_setting_and_refuses_nonsense():
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.encounter.errors import EncounterError

    encounter = Encounter(BattleMap(10, 10))
    assert encounter.settings.sight_range is None
    change = encounter.set_sight_range(24)
    assert encounter.settings.sight_range == 24 and change.round_changed
    assert "24 tiles" in change.log_entries[-1].text
    change.undo()
    assert encounter.settings.sight_range is None
    for bad in (0, -3, 2.5, True, "far", 5000):
        with pytest.raises(EncounterError, match="sight range"):
            encounter.set_sight_range(bad)
    assert encounter.settings.sight_range is None
