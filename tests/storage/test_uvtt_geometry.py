"""Clipping walls to the board and cutting door gaps out of wall lines."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from drase_desktop.storage.uvtt_geometry import MIN_PIECE, clip_segment, cut_door_gaps


def _length(segment) -> float:
    (ax, ay), (bx, by) = segment
    return math.hypot(bx - ax, by - ay)


def test_clip_keeps_inside_segments_untouched():
    segment = ((1.0, 1.0), (3.0, 2.0))
    assert clip_segment(segment, 10, 10) is segment


def test_clip_cuts_at_the_border_and_drops_outside():
    assert clip_segment(((-2.0, 5.0), (12.0, 5.0)), 10, 10) == ((0.0, 5.0), (10.0, 5.0))
    assert clip_segment(((11.0, 0.0), (11.0, 9.0)), 10, 10) is None
    assert clip_segment(((-1.0, -1.0), (1.0, 1.0)), 10, 10) == ((0.0, 0.0), (1.0, 1.0))
    # A wall along the border itself stays.
    assert clip_segment(((0.0, 0.0), (0.0, 10.0)), 10, 10) == ((0.0, 0.0), (0.0, 10.0))


def test_door_in_the_middle_splits_the_wall():
    walls = [((0.0, 4.0), (10.0, 4.0))]
    assert cut_door_gaps(walls, [((4.0, 4.0), (5.0, 4.0))]) == [
        ((0.0, 4.0), (4.0, 4.0)),
        ((5.0, 4.0), (10.0, 4.0)),
    ]


def test_door_at_a_wall_end_trims_it():
    walls = [((2.0, 0.0), (2.0, 6.0))]
    assert cut_door_gaps(walls, [((2.0, 5.0), (2.0, 7.0))]) == [((2.0, 0.0), (2.0, 5.0))]


def test_door_covering_a_whole_wall_removes_it():
    assert cut_door_gaps([((3.0, 3.0), (4.0, 3.0))], [((2.0, 3.0), (5.0, 3.0))]) == []


def test_door_across_or_beside_a_wall_leaves_it():
    wall = ((0.0, 4.0), (10.0, 4.0))
    perpendicular = ((5.0, 3.0), (5.0, 5.0))
    parallel_nearby = ((4.0, 4.5), (5.0, 4.5))
    touching_end = ((10.0, 4.0), (11.0, 4.0))
    assert cut_door_gaps([wall], [perpendicular, parallel_nearby, touching_end]) == [wall]


def test_diagonal_wall_and_door_with_rounding():
    wall = ((0.0, 0.0), (6.0, 6.0))
    door = ((2.000001, 2.0), (3.0, 2.999999))
    pieces = cut_door_gaps([wall], [door])
    assert len(pieces) == 2
    assert math.isclose(sum(_length(p) for p in pieces), _length(wall) - math.sqrt(2), rel_tol=1e-5)


def test_two_doors_in_one_wall_and_overlapping_doors():
    wall = ((0.0, 1.0), (10.0, 1.0))
    doors = [((2.0, 1.0), (3.0, 1.0)), ((6.0, 1.0), (8.0, 1.0)), ((7.0, 1.0), (9.0, 1.0))]
    assert cut_door_gaps([wall], doors) == [
        ((0.0, 1.0), (2.0, 1.0)),
        ((3.0, 1.0), (6.0, 1.0)),
        ((9.0, 1.0), (10.0, 1.0)),
    ]


def test_long_wall_finds_doors_without_the_cell_index():
    # More cells than doors: the wall asks every door directly.
    wall = ((0.0, 0.0), (400.0, 0.0))
    door = ((399.0, 0.0), (400.0, 0.0))
    assert cut_door_gaps([wall], [door]) == [((0.0, 0.0), (399.0, 0.0))]


coordinate = st.integers(min_value=0, max_value=40).map(lambda v: v / 4)


@given(
    st.lists(st.tuples(coordinate, coordinate, coordinate, st.booleans()), min_size=1, max_size=6),
    st.lists(st.tuples(coordinate, coordinate, coordinate, st.booleans()), max_size=6),
)
def test_cutting_conserves_length_and_leaves_nothing_under_a_door(wall_specs, door_specs):
    """Axis-aligned walls and doors on a quarter-tile lattice: exactly the overlap is cut."""

    def segment(a, b, c, horizontal):
        return ((a, c), (b, c)) if horizontal else ((c, a), (c, b))

    walls = [segment(*spec) for spec in wall_specs if spec[0] != spec[1]]
    doors = [segment(*spec) for spec in door_specs if spec[0] != spec[1]]
    pieces = cut_door_gaps(walls, doors)

    def covered(point, along) -> bool:
        """Whether a door lying along the line of `along` covers `point`."""
        return any(
            _on(door[0], _line(along)) and _on(door[1], _line(along)) and _on(point, door)
            for door in doors
        )

    for piece in pieces:
        assert _length(piece) > MIN_PIECE
        mid = ((piece[0][0] + piece[1][0]) / 2, (piece[0][1] + piece[1][1]) / 2)
        assert not covered(mid, piece)
    # Walls sampled every eighth of a tile: a sample lies on a piece exactly when no door covers it.
    for wall in walls:
        (ax, ay), (bx, by) = wall
        steps = round(_length(wall) * 8)
        for i in range(steps):
            t = (i + 0.5) / steps
            point = (ax + (bx - ax) * t, ay + (by - ay) * t)
            assert any(_on(point, piece) for piece in pieces) != covered(point, wall)


def _line(segment):
    """The segment stretched far along its own line."""
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    return ((ax - 1000 * dx, ay - 1000 * dy), (bx + 1000 * dx, by + 1000 * dy))


def _on(point, segment) -> bool:
    (ax, ay), (bx, by) = segment
    px, py = point
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    if abs(cross) > 1e-9:
        return False
    return (
        min(ax, bx) - 1e-9 <= px <= max(ax, bx) + 1e-9
        and min(ay, by) - 1e-9 <= py <= max(ay, by) + 1e-9
    )
