"""Movement through the doors of the real Dungeondraft export dungeondraft-20x20.dd2vtt.

Two of its three doors lie half a tile off the grid (from (9.5, 14) to (10.5, 14), and from
(12, 14.5) to (12, 15.5)), walls continuing from their ends; the north door (11, 6)-(12, 6) lies
on a tile edge. An open door one tile wide must take a token in a straight step.
"""

from pathlib import Path

import pytest

from drase_desktop.board import find_path, movement_graph, movement_range, path_cost
from drase_desktop.storage import import_uvtt

SAMPLE = Path(__file__).parents[1] / "storage" / "data" / "dungeondraft-20x20.dd2vtt"
INSIDE = (11, 8)  # the hall
OUTSIDE = [(11, 3), (10, 15), (5, 18)]  # the yard north, the porch south, the open ground

# Each door (by its start) with the straight steps across it, from inside to outside.
DOORS = [
    ("north", (11.0, 6.0), [((11, 6), (11, 5))]),
    ("south, half off the grid", (10.5, 14.0), [((9, 13), (9, 14)), ((10, 13), (10, 14))]),
    ("east, half off the grid", (12.0, 15.5), [((12, 14), (11, 14)), ((12, 15), (11, 15))]),
]


@pytest.fixture
def sample():
    return import_uvtt(SAMPLE)


def test_dungeondraft_sample_closed_doors_let_no_path_out(sample):
    assert all(door.closed for door in sample.doors)
    inside = movement_range(sample, INSIDE, 400)
    for name, _, steps in DOORS:
        for here, there in steps:
            assert here in inside, name
            assert there not in inside, name
    for tile in OUTSIDE:
        assert find_path(sample, INSIDE, tile) is None


@pytest.mark.parametrize(("name", "door_start", "steps"), DOORS, ids=[d[0] for d in DOORS])
def test_dungeondraft_sample_each_open_door_takes_a_straight_step(sample, name, door_start, steps):
    """Opening one door alone: the straight steps across it are legal and cost one tile, and a
    path from the hall to each tile beyond ends with that straight step."""
    index = next(i for i, door in enumerate(sample.doors) if door.start == door_start)
    graph = movement_graph(sample)
    sample.set_door_closed(index, False)
    for here, there in steps:
        assert graph.passable(here, there), (name, here, there)
        assert find_path(sample, here, there) == ([here, there], 1)
        to_door, cost = find_path(sample, INSIDE, here)
        assert path_cost(sample, [*to_door, there]) == cost + 1
        assert find_path(sample, INSIDE, there) is not None
    assert find_path(sample, INSIDE, OUTSIDE[0]) is not None
    sample.set_door_closed(index, True)
    for here, there in steps:
        assert not graph.passable(here, there)
        assert find_path(sample, here, there) is None
    for tile in OUTSIDE:
        assert find_path(sample, INSIDE, tile) is None
