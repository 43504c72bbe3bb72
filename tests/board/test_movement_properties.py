"""Properties of movement that hold on every map (hypothesis)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import (
    TERRAIN_KINDS,
    BattleMap,
    Door,
    MovementSearch,
    Wall,
    distance,
    find_path,
    movement_graph,
    movement_range,
    path_cost,
)
from drase_desktop.board.grid_graph import rebuild_movement_graph

SIDE = 8
tiles = st.tuples(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))
grid_segment = st.tuples(
    st.integers(0, SIDE), st.integers(0, SIDE), st.booleans(), st.integers(1, 3)
).map(lambda t: ((t[0], t[1]), (t[0] + t[3], t[1]) if t[2] else (t[0], t[1] + t[3])))
# Walls and doors drawn in half tiles, as Dungeondraft exports them: a door half a tile off the
# grid leaves half of each edge it lies on open (the straight-step gap rule, barrier_index.py).
half_segment = st.tuples(
    st.integers(0, 2 * SIDE), st.integers(0, 2 * SIDE), st.booleans(), st.integers(1, 4)
).map(
    lambda t: (
        (t[0] / 2, t[1] / 2),
        ((t[0] + t[3]) / 2, t[1] / 2) if t[2] else (t[0] / 2, (t[1] + t[3]) / 2),
    )
)
segment = st.one_of(grid_segment, half_segment)


@st.composite
def boards(draw):
    board = BattleMap(SIDE, SIDE)
    weights = ["normal"] * 6 + list(TERRAIN_KINDS)
    for y in range(SIDE):
        for x in range(SIDE):
            board.set_terrain((x, y), draw(st.sampled_from(weights)))
            board.set_elevation((x, y), draw(st.sampled_from([0, 0, 0, 1, 2])))
    for start, end in draw(st.lists(segment, max_size=4)):
        board.walls.append(Wall(start, end))
    for start, end in draw(st.lists(segment, max_size=2)):
        board.doors.append(Door(start, end, closed=draw(st.booleans())))
    return board


common = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cost_is_never_below_the_straight_line_rule_distance(board, start, goal, rule, path, cost):
    if rule == "double":
        assert cost >= distance(start, goal, diagonal="double")
    else:
        # Under "circle" every step costs at least 1, so the bound is the king-move count
        # (the Euclidean range can exceed it: the circle, not the cost, caps the move).
        assert cost >= max(abs(start[0] - goal[0]), abs(start[1] - goal[1]))


def only_passable_edges_are_crossed(board, start, goal, rule, path, cost):
    graph = movement_graph(board)
    assert path[0] == start and path[-1] == goal
    for here, there in zip(path, path[1:], strict=False):
        assert graph.passable(here, there), (here, there)
    assert path_cost(board, path, diagonal=rule) == cost


@pytest.mark.parametrize(
    "holds",
    [cost_is_never_below_the_straight_line_rule_distance, only_passable_edges_are_crossed],
    ids=lambda holds: holds.__name__,
)
@common
@given(boards(), tiles, tiles, st.sampled_from(["double", "circle"]))
def test_a_path_found_from_plain_ground(holds, board, start, goal, rule):
    """Each property holds of the path `find_path` finds under `rule`, from a start made plain
    ground (none found: nothing to check)."""
    board.set_terrain(start, "normal")
    found = find_path(board, start, goal, diagonal=rule)
    if found is not None:
        holds(board, start, goal, rule, *found)


@common
@given(
    boards(),
    tiles,
    st.integers(0, 9),
    st.sampled_from(["double", "circle"]),
    st.lists(tiles, max_size=3),
    st.lists(tiles, max_size=3),
    st.sampled_from([1, 1, 2]),
)
def test_range_is_exactly_the_tiles_with_path_cost_within_speed(
    board, start, speed, rule, enemies, allies, footprint
):
    start = (min(start[0], SIDE - footprint), min(start[1], SIDE - footprint))
    board.set_terrain(start, "normal")
    terms = {"diagonal": rule, "enemies": enemies, "allies": allies, "footprint": footprint}
    reach = movement_range(board, start, speed, **terms)
    expected = {}
    for y in range(SIDE - footprint + 1):
        for x in range(SIDE - footprint + 1):
            found = find_path(board, start, (x, y), **terms)
            if found is None or found[1] > speed:
                continue
            if rule == "circle" and (x - start[0]) ** 2 + (y - start[1]) ** 2 > speed**2:
                continue
            expected[(x, y)] = found[1]
    assert reach == expected


@common
@given(boards(), tiles, tiles, st.sampled_from([1, 1, 2]))
def test_a_drag_search_agrees_with_a_fresh_path(board, start, goal, footprint):
    start = (min(start[0], SIDE - footprint), min(start[1], SIDE - footprint))
    goal = (min(goal[0], SIDE - footprint), min(goal[1], SIDE - footprint))
    board.set_terrain(start, "normal")
    search = MovementSearch(board, start, None, footprint=footprint)
    found = find_path(board, start, goal, footprint=footprint)
    if found is None:
        assert search.path_to(goal) is None
    else:
        assert search.cost(goal) == found[1]
        assert path_cost(board, search.path_to(goal), footprint=footprint) == found[1]


@common
@given(
    boards(),
    st.lists(
        st.one_of(
            st.tuples(st.just("terrain"), tiles, st.sampled_from(TERRAIN_KINDS)),
            st.tuples(st.just("elevation"), tiles, st.integers(-2, 3)),
            st.tuples(st.just("wall"), segment, st.none()),
            st.tuples(st.just("door"), st.integers(0, 3), st.booleans()),
            st.tuples(st.just("unwall"), st.integers(0, 5), st.none()),
        ),
        max_size=12,
    ),
)
def test_in_place_graph_updates_equal_a_rebuild(board, edits):
    graph = movement_graph(board)
    for what, where, value in edits:
        if what == "terrain":
            board.set_terrain(where, value)
        elif what == "elevation":
            board.set_elevation(where, value)
        elif what == "wall":
            board.walls.append(Wall(*where))
        elif what == "door" and where < len(board.doors):
            board.set_door_closed(where, value)
        elif what == "unwall" and where < len(board.walls):
            del board.walls[where]
    fresh = rebuild_movement_graph(board)
    assert movement_graph(board) is graph
    assert {frozenset(e) for e in graph.graph.edges()} == {
        frozenset(e) for e in fresh.graph.edges()
    }
