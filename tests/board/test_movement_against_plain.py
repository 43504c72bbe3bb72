"""The board's searches (step bytes worked out a band at a time, Dial's buckets, A* over tile
indices) against the plain search of tests/helpers/plain_movement.py on random maps: the same
cheapest cost for every tile, paths that are legal and cost what they say (rulings 18-21, 27,
45: diagonal alternation, difficult terrain, height and cliffs, corners of walls, enemies and
allies)."""

import math

from helpers.movement_maps import maps
from helpers.plain_movement import plain_cheapest, plain_costs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import MovementSearch, find_path, path_cost


def _tile(draw, board, footprint):
    return (
        draw(st.integers(0, max(0, board.width - footprint))),
        draw(st.integers(0, max(0, board.height - footprint))),
    )


@st.composite
def questions(draw):
    board = draw(maps())
    footprint = draw(st.sampled_from([1, 1, 1, 2]))
    footprint = min(footprint, board.width, board.height)
    start = _tile(draw, board, footprint)
    others = st.lists(
        st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1)), max_size=4
    )
    return {
        "board": board,
        "start": start,
        "goal": _tile(draw, board, footprint),
        "diagonal": draw(st.sampled_from(["double", "circle"])),
        "enemies": draw(others),
        "allies": draw(others),
        "footprint": footprint,
        "start_parity": draw(st.sampled_from([0, 1])),
        "limit": draw(st.sampled_from([None, 3, 8])),
    }


common = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _can_end(question, tile):
    n = question["footprint"]
    occupied = set(question["enemies"]) | set(question["allies"])
    own = {(question["start"][0] + i, question["start"][1] + j) for i in range(n) for j in range(n)}
    covered = {(tile[0] + i, tile[1] + j) for i in range(n) for j in range(n)}
    return not (covered & (occupied - own))


@common
@given(questions())
def test_every_tiles_cost_is_the_plain_searchs(question):
    board, start = question["board"], question["start"]
    parity = question["start_parity"] if question["diagonal"] == "double" else 0
    plain = plain_cheapest(
        plain_costs(
            board,
            start,
            diagonal=question["diagonal"],
            enemies=question["enemies"],
            footprint=question["footprint"],
            start_parity=parity,
        )
    )
    limit = question["limit"]
    search = MovementSearch(
        board,
        start,
        limit,
        diagonal=question["diagonal"],
        enemies=question["enemies"],
        allies=question["allies"],
        footprint=question["footprint"],
        start_parity=parity,
    )
    bound = math.inf if limit is None else limit
    for y in range(board.height):
        for x in range(board.width):
            expected = plain.get((x, y))
            if expected is not None and expected > bound:
                expected = None
            assert search.cost((x, y)) == expected, (x, y)


@common
@given(questions())
def test_a_found_path_is_cheapest_legal_and_costs_what_it_says(question):
    board, start, goal = question["board"], question["start"], question["goal"]
    parity = question["start_parity"] if question["diagonal"] == "double" else 0
    terms = {
        "diagonal": question["diagonal"],
        "enemies": question["enemies"],
        "footprint": question["footprint"],
    }
    plain = plain_cheapest(plain_costs(board, start, start_parity=parity, **terms))
    found = find_path(board, start, goal, allies=question["allies"], start_parity=parity, **terms)
    if goal not in plain or not _can_end(question, goal):
        assert found is None
        return
    assert found is not None
    path, cost = found
    assert cost == plain[goal]
    assert path[0] == start and path[-1] == goal
    priced = path_cost(
        board,
        path,
        diagonal=question["diagonal"],
        footprint=question["footprint"],
        start_parity=parity,
    )
    assert priced == cost
    n = question["footprint"]
    enemies = set(question["enemies"]) - {
        (start[0] + i, start[1] + j) for i in range(n) for j in range(n)
    }
    for x, y in path[1:]:
        assert not {(x + i, y + j) for i in range(n) for j in range(n)} & enemies
