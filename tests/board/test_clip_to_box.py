"""The one segment-in-box clip the map editor and the Universal VTT import share."""

import pytest

from drase_desktop.board.geometry import clip_to_box


def test_a_segment_inside_keeps_its_whole_length():
    assert clip_to_box((1, 1), (2, 3), 0, 0, 4, 4) == (0.0, 1.0)


def test_a_segment_crossing_the_box_is_cut_at_both_sides():
    t0, t1 = clip_to_box((-2, 1), (6, 1), 0, 0, 4, 4)
    assert (t0, t1) == pytest.approx((0.25, 0.75))


@pytest.mark.parametrize(
    ("start", "end"),
    [((-3, -1), (-1, -1)), ((5, 0), (5, 4)), ((-1, 3), (1, 6))],
)
def test_a_segment_outside_misses(start, end):
    assert clip_to_box(start, end, 0, 0, 4, 4) is None


def test_touching_an_edge_counts():
    # A wall lying along a tile's edge touches the tile (the editor's eraser relies on it).
    assert clip_to_box((0, 1), (3, 1), 1, 1, 2, 2) is not None
