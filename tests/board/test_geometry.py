"""Grid geometry: segment contact, the tiles a segment touches, and the tile walk of a line."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board.geometry import cells_touched, line_walk, segments_touch

coordinate = st.integers(0, 40).map(lambda v: v / 4)  # quarter tiles: exact in floats
point = st.tuples(coordinate, coordinate)
tile = st.tuples(st.integers(0, 9), st.integers(0, 9))


def test_touching_counts_as_contact():
    assert segments_touch((0, 0), (2, 2), (0, 2), (2, 0))  # crossing
    assert segments_touch((0, 0), (1, 1), (1, 1), (3, 0))  # meeting at an end
    assert segments_touch((0, 0), (4, 0), (2, 0), (6, 0))  # overlapping on one line
    assert not segments_touch((0, 0), (1, 0), (2, 0), (3, 0))  # same line, apart
    assert not segments_touch((0, 0), (1, 1), (0, 1), (0.4, 1.5))


@settings(max_examples=200, deadline=None)
@given(point, point, st.integers(0, 16))
def test_every_point_of_a_segment_lies_in_a_touched_tile(p, q, step):
    touched = set(cells_touched(p, q, 10, 10))
    t = Fraction(step, 16)
    x = Fraction(p[0]) + t * (Fraction(q[0]) - Fraction(p[0]))
    y = Fraction(p[1]) + t * (Fraction(q[1]) - Fraction(p[1]))
    # every tile whose closed square holds the point must be listed
    for cx in {int(x) - 1, int(x)}:
        for cy in {int(y) - 1, int(y)}:
            if 0 <= cx < 10 and 0 <= cy < 10 and cx <= x <= cx + 1 and cy <= y <= cy + 1:
                assert (cx, cy) in touched


def test_a_nearly_upright_segment_touches_its_column():
    """A wall whose ends differ across by a hair (a denormal) is as good as upright: its slope
    overflows, and the tiles it touches are still found, never a NaN."""
    assert set(cells_touched((0.0, 0.0), (1e-310, 0.9), 1, 1)) == {(0, 0)}
    assert {(2, 1), (2, 2), (2, 3)} <= set(cells_touched((2.5, 1.2), (2.5 + 1e-320, 3.5), 10, 10))


@settings(max_examples=200, deadline=None)
@given(tile, tile)
def test_line_walk_steps_to_neighbours_and_ends_at_the_target(a, b):
    steps = list(line_walk(a, b))
    tiles = [a] + [step[0] for step in steps]
    assert tiles[-1] == b
    for here, there in zip(tiles, tiles[1:], strict=False):
        assert max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1
    for step in steps:
        if len(step) == 3:  # a corner: the sides flank the diagonal step
            _, first, second = step
            assert first != second


def test_line_walk_marks_exact_corners():
    steps = list(line_walk((0, 0), (2, 2)))
    assert steps == [((1, 1), (1, 0), (0, 1)), ((2, 2), (2, 1), (1, 2))]
    assert list(line_walk((0, 0), (3, 0))) == [((1, 0),), ((2, 0),), ((3, 0),)]
    assert list(line_walk((2, 2), (2, 2))) == []
