"""Which single steps walls and doors bar: a straight step needs a gap of half a tile in the edge
it crosses; a diagonal step needs its centre line clear of every barrier (no cutting corners)."""

import random

import pytest

from drase_desktop.board import BattleMap, Door, Wall, find_path, movement_graph, path_cost
from drase_desktop.board.barrier_index import barrier_index, widest_gap
from drase_desktop.board.geometry import segments_touch
from drase_desktop.board.grid_graph import rebuild_movement_graph


def steps_open(board, *steps):
    graph = movement_graph(board)
    return [graph.passable(a, b) and b in graph.graph.adj[a] for a, b in steps]


def centre_line_blocked(board, a, b) -> bool:
    """The rule before edge gaps: any barrier touching the centre-to-centre line bars the step."""
    p, q = (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
    return any(segments_touch(p, q, *segment) for segment in board.barriers())


def test_widest_gap_merges_overlapping_and_touching_barriers():
    assert widest_gap([], 0, 1) == 1
    assert widest_gap([(0.0, 0.3), (0.2, 0.6)], 0, 1) == pytest.approx(0.4)
    assert widest_gap([(0.2, 0.6), (0.0, 0.3), (0.6, 0.7)], 0, 1) == pytest.approx(0.3)
    assert widest_gap([(0.3, 0.4), (0.0, 0.1)], 0, 1) == pytest.approx(0.6)
    assert widest_gap([(0.0, 1.0)], 0, 1) == 0


def test_a_wall_along_a_whole_edge_blocks_the_straight_step_across_it():
    board = BattleMap(4, 4)
    board.walls.append(Wall((2, 0), (2, 1)))
    assert steps_open(board, ((1, 0), (2, 0)), ((1, 1), (2, 1))) == [False, True]
    board.walls.append(Wall((0, 3), (4, 3)))  # longer than the edge: still the whole edge
    assert steps_open(board, ((1, 2), (1, 3)), ((3, 3), (3, 2))) == [False, False]


def test_edge_aligned_walls_and_doors_bar_exactly_the_steps_the_centre_line_rule_did():
    """Walls drawn on the tile edges (the editor's snap) keep their old meaning, step by step."""
    rng = random.Random(11)
    board = BattleMap(12, 12)
    for _ in range(60):
        x, y, length = rng.randrange(13), rng.randrange(13), rng.randint(1, 4)
        end = (x + length, y) if rng.random() < 0.5 else (x, y + length)
        board.walls.append(Wall((x, y), end))
    for _ in range(8):  # corner-to-corner slants cross edges, never lie along one
        x, y = rng.randrange(13), rng.randrange(13)
        board.walls.append(Wall((x, y), (x + rng.randint(-2, 2), y + rng.choice([-1, 1]))))
    for _ in range(10):
        x, y = rng.randrange(12), rng.randrange(13)
        board.doors.append(Door((x, y), (x + 1, y), closed=rng.random() < 0.5))
    index = barrier_index(board)
    checked = 0
    for y in range(12):
        for x in range(12):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                b = (x + dx, y + dy)
                if board.in_bounds(b):
                    assert index.step_blocked((x, y), b) == centre_line_blocked(board, (x, y), b)
                    checked += 1
    assert checked > 400


def test_a_door_one_tile_wide_on_the_grid_behaves_as_before():
    board = BattleMap(6, 6)
    board.walls.extend([Wall((0, 3), (2, 3)), Wall((3, 3), (6, 3))])
    board.doors.append(Door((2, 3), (3, 3), closed=True))
    through, beside = ((2, 2), (2, 3)), ((3, 2), (3, 3))
    assert steps_open(board, through, beside) == [False, False]
    board.set_door_closed(0, False)
    assert steps_open(board, through, beside) == [True, False]
    assert path_cost(board, [(2, 1), (2, 2), (2, 3), (2, 4)]) == 3


def test_a_door_half_a_tile_off_the_grid_opens_both_straight_steps_it_half_covers():
    """A Dungeondraft door from (1.5, 3) to (2.5, 3): each straight step under it crosses the
    grid where the door meets a wall, and the open door leaves half of each edge free."""
    board = BattleMap(5, 6)
    board.walls.extend([Wall((0, 3), (1.5, 3)), Wall((2.5, 3), (5, 3))])
    board.doors.append(Door((1.5, 3), (2.5, 3), closed=True))
    left, right = ((1, 2), (1, 3)), ((2, 2), (2, 3))
    walled = (((0, 2), (0, 3)), ((3, 2), (3, 3)))
    assert steps_open(board, left, right, *walled) == [False, False, False, False]
    assert find_path(board, (1, 0), (1, 5)) is None
    board.set_door_closed(0, False)
    assert steps_open(board, left, right, *walled) == [True, True, False, False]
    assert find_path(board, (1, 0), (1, 5)) == ([(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)], 5)
    assert find_path(board, (2, 0), (2, 5))[1] == 5
    board.set_door_closed(0, True)
    assert steps_open(board, left, right) == [False, False]


def test_a_door_half_a_tile_off_the_grid_on_a_vertical_wall():
    board = BattleMap(6, 5)
    board.walls.extend([Wall((3, 0), (3, 1.5)), Wall((3, 2.5), (3, 5))])
    board.doors.append(Door((3, 2.5), (3, 1.5), closed=False))
    assert steps_open(board, ((2, 1), (3, 1)), ((3, 2), (2, 2)), ((2, 0), (3, 0))) == [
        True,
        True,
        False,
    ]


def test_diagonals_through_a_half_offset_door_keep_the_corner_rule():
    board = BattleMap(5, 6)
    board.walls.extend([Wall((0, 3), (1.5, 3)), Wall((2.5, 3), (5, 3))])
    board.doors.append(Door((1.5, 3), (2.5, 3), closed=False))
    # Both diagonals under the door cross the grid at (2, 3), inside the open door.
    assert steps_open(board, ((1, 2), (2, 3)), ((2, 2), (1, 3))) == [True, True]
    # Those across the corners at (1, 3) and (3, 3) would cut past a wall.
    assert steps_open(board, ((0, 2), (1, 3)), ((1, 2), (0, 3))) == [False, False]
    assert steps_open(board, ((2, 2), (3, 3)), ((3, 2), (2, 3))) == [False, False]
    board.set_door_closed(0, True)
    assert steps_open(board, ((1, 2), (2, 3)), ((2, 2), (1, 3))) == [False, False]


@pytest.mark.parametrize(("covered", "passes"), [(0.4, True), (0.5, True), (0.6, False)])
def test_a_wall_along_part_of_an_edge_lets_a_token_through_a_gap_of_half_a_tile(covered, passes):
    board = BattleMap(4, 4)
    board.walls.append(Wall((1, 2), (1 + covered, 2)))  # from the left end of the edge under (1, 1)
    board.walls.append(Wall((3, 2 - covered), (3, 2)))  # from the lower end of (2, 1) | (3, 1)
    assert steps_open(board, ((1, 1), (1, 2)), ((2, 1), (3, 1))) == [passes, passes]


def test_a_wall_touching_a_corner_still_stops_the_diagonal_past_it():
    """The straight step past a short wall at the corner is open; the diagonal cuts its end."""
    board = BattleMap(4, 4)
    board.walls.append(Wall((2, 1.6), (2, 2)))  # 0.4 of the edge (1, 1) | (2, 1), at its foot
    assert steps_open(board, ((1, 1), (2, 1)), ((1, 1), (2, 2)), ((1, 2), (2, 1))) == [
        True,
        False,
        False,
    ]


def test_the_gap_must_be_one_stretch_of_half_a_tile_not_several_pieces():
    board = BattleMap(4, 4)
    board.walls.append(Wall((1.3, 2), (1.7, 2)))  # 0.3 free on each side: too narrow
    board.walls.append(Wall((3, 1.1), (3, 1.2)))  # 0.8 free below it
    assert steps_open(board, ((1, 1), (1, 2)), ((2, 1), (3, 1))) == [False, True]
    # Wall stubs at both ends leave 0.4 in the middle: the centre line is clear, the token
    # still does not fit.
    board.walls.extend([Wall((2, 3), (2, 3.3)), Wall((2, 3.7), (2, 4))])
    assert steps_open(board, ((1, 3), (2, 3))) == [False]
    # Walls overlapping along the same edge merge: 0.0-0.3 and 0.2-0.55 leave 0.45.
    board.walls.extend([Wall((0, 1), (0.3, 1)), Wall((0.55, 1), (0.2, 1))])
    assert steps_open(board, ((0, 0), (0, 1))) == [False]


def test_a_wall_crossing_an_edge_blocks_when_it_crosses_the_centre_line():
    board = BattleMap(4, 4)
    board.walls.append(Wall((1.8, 1.2), (2.2, 1.8)))  # across the edge (1, 1) | (2, 1)
    board.walls.append(Wall((1.8, 2.1), (2.2, 2.2)))  # across (1, 2) | (2, 2), under its centre
    assert steps_open(board, ((1, 1), (2, 1)), ((1, 2), (2, 2))) == [False, True]


def test_opening_and_closing_a_half_offset_door_updates_the_graph_in_place():
    board = BattleMap(8, 8)
    graph = movement_graph(board)
    board.walls.extend([Wall((0, 4), (3.5, 4)), Wall((4.5, 4), (8, 4))])
    board.doors.append(Door((3.5, 4), (4.5, 4), closed=True))
    board.walls.append(Wall((6, 0.5), (6, 1.1)))
    for closed in (False, True, False):
        board.set_door_closed(0, closed)
        assert movement_graph(board) is graph
        assert {frozenset(e) for e in graph.graph.edges()} == {
            frozenset(e) for e in rebuild_movement_graph(board).graph.edges()
        }
    del board.walls[-1]
    assert {frozenset(e) for e in graph.graph.edges()} == {
        frozenset(e) for e in rebuild_movement_graph(board).graph.edges()
    }
