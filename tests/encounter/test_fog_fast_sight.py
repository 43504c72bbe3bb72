"""The reveal worked a row at a time gives exactly the tiles of the plain search.

The plain search (tests/helpers/plain_sight.py) spreads tile by tile from the viewer and asks
`segments_touch` about every wall in the way; the fast one cuts each row from the walls'
shadows and decides a tile at a shadow's very edge by `segments_touch` too. Random small maps
with walls on the grid, diagonal walls, walls at any angle and point, doors open and closed,
zones of total obscuration and darkness with lights: the two agree tile for tile, one viewer
or many, bounded or not, and the fog a reveal leaves is the plain union.
"""

from __future__ import annotations

import random

import pytest
from helpers.plain_sight import plain_seen_by, plain_seen_tiles
from helpers.walled_maps import wall_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import BattleMap, Door, Light, Wall
from drase_desktop.board.geometry import segments_touch
from drase_desktop.board.sight_rows import eye_rows, sight_index
from drase_desktop.encounter.fog import Fog, seen_by, seen_tiles

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def segments(draw, width: int, height: int):
    """A wall: along a grid line, diagonal through grid corners, or anywhere at any angle."""
    kind = draw(st.sampled_from(["across", "down", "diagonal", "free", "half"]))
    x, y = draw(st.integers(0, width)), draw(st.integers(0, height))
    length = draw(st.integers(1, 5))
    if kind == "across":
        return (x, y), (min(width, x + length), y)
    if kind == "down":
        return (x, y), (x, min(height, y + length))
    if kind == "diagonal":
        return (x, y), (x + draw(st.integers(-3, 3)), y + draw(st.integers(-3, 3)))
    if kind == "half":  # drawn half a tile off the grid, as imported doors are
        return (x + 0.5, y), (x + 0.5, min(height, y + length))
    coordinate = st.floats(-1, max(width, height) + 1, allow_nan=False)
    return (draw(coordinate), draw(coordinate)), (draw(coordinate), draw(coordinate))


@st.composite
def maps(draw):
    width, height = draw(st.integers(1, 16)), draw(st.integers(1, 16))
    board = BattleMap(width, height)
    for start, end in draw(st.lists(segments(width, height), max_size=14)):
        board.walls.append(Wall(start, end))
    for start, end in draw(st.lists(segments(width, height), max_size=4)):
        board.doors.append(Door(start, end, closed=draw(st.booleans())))
    tiles = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    for tile in draw(st.lists(tiles, max_size=8)):
        board.set_obscuration(tile, draw(st.sampled_from(["light", "heavy", "total"])))
    board.ambient_light = draw(st.sampled_from(["bright", "bright", "dim", "dark"]))
    if board.ambient_light == "dark":
        board.lights = [
            Light((draw(st.floats(0, width)), draw(st.floats(0, height))), draw(st.floats(0.5, 4)))
            for _ in range(draw(st.integers(0, 2)))
        ]
    return board


@st.composite
def viewers(draw, board: BattleMap, most: int = 4):
    tile = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    return draw(st.lists(st.tuples(tile, st.sampled_from([1, 1, 2, 3])), min_size=1, max_size=most))


radii = st.one_of(st.none(), st.integers(1, 9), st.floats(0.5, 9))


@SETTINGS
@given(data=st.data())
def test_one_viewer_sees_exactly_what_the_plain_search_sees(data):
    board = data.draw(maps())
    (position, footprint), *_ = data.draw(viewers(board, most=1))
    radius = data.draw(radii)
    assert seen_tiles(board, position, footprint, radius=radius) == plain_seen_tiles(
        board, position, footprint, radius=radius
    )


@SETTINGS
@given(data=st.data())
def test_many_viewers_see_exactly_the_plain_union_and_the_fog_shows_it(data):
    board = data.draw(maps())
    party = data.draw(viewers(board))
    radius = data.draw(radii)
    plain = plain_seen_by(board, party, radius=radius)
    assert seen_by(board, party, radius=radius) == plain
    fog = Fog.for_map(board, revealed=False)
    fog.reveal(list(plain)[:3])  # some of it already revealed: only the rest flips
    change = fog.reveal_seen(board, party, radius=radius)
    assert fog.revealed_tiles() == plain
    assert change.count == len(plain) - min(3, len(plain))


@SETTINGS
@given(data=st.data())
def test_an_eye_sees_a_tile_exactly_when_no_wall_touches_the_line(data):
    """Below the spread: each row cut from the shadows equals asking every wall, tile by tile
    (within any window of rows and columns)."""
    board = data.draw(maps())
    eye = data.draw(st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1)))
    row_lo = data.draw(st.integers(0, board.height - 1))
    row_hi = data.draw(st.integers(row_lo, board.height - 1))
    col_lo = data.draw(st.integers(0, board.width - 1))
    col_hi = data.draw(st.integers(col_lo, board.width - 1))
    allowed = [((1 << (col_hi - col_lo + 1)) - 1) << col_lo] * (row_hi - row_lo + 1)
    walls = board.barriers()
    rows = eye_rows(sight_index(board).segments, eye, row_lo, allowed)
    centre = (eye[0] + 0.5, eye[1] + 0.5)
    blind = any(segments_touch(centre, centre, a, b) for a, b in walls)
    for y in range(row_lo, row_hi + 1):
        for x in range(col_lo, col_hi + 1):
            target = (x + 0.5, y + 0.5)
            clear = not blind and not any(segments_touch(centre, target, a, b) for a, b in walls)
            assert bool(rows[y - row_lo] >> x & 1) == clear, (x, y)


def test_a_line_through_wall_ends_and_corners_is_stopped_exactly_as_the_board_says():
    """On a grid, lines from a tile's centre pass exactly through wall ends and room corners:
    the places where rounding would decide. A room with a doorway and pillars."""
    board = BattleMap(21, 21)
    # The room's walls round from its north-west corner, the doorway from (9, 15) to (11, 15).
    board.walls.extend(wall_line((5, 5), (15, 5), (15, 15), (11, 15)))
    board.walls.extend(wall_line((9, 15), (5, 15), (5, 5)))
    board.walls.extend([Wall((8, 8), (9, 9)), Wall((12, 8), (12, 9))])  # the pillars
    for eye in [(10, 10), (7, 12), (10, 17), (2, 2), (14, 6)]:
        for radius in (None, 6, 7.5):
            assert seen_tiles(board, eye, radius=radius) == plain_seen_tiles(
                board, eye, radius=radius
            )


def test_the_walls_are_filed_again_after_a_wall_or_door_edit():
    board = BattleMap(12, 3)
    before = seen_tiles(board, (0, 1))
    assert (11, 1) in before
    board.walls.append(Wall((6, 0), (6, 3)))
    assert (11, 1) not in seen_tiles(board, (0, 1))
    board.doors.append(Door((3, 0), (3, 3), closed=True))
    assert max(x for x, _ in seen_tiles(board, (0, 1))) == 2
    board.set_door_closed(0, False)
    assert seen_tiles(board, (0, 1)) == plain_seen_tiles(board, (0, 1))
    board.walls.clear()
    assert seen_tiles(board, (0, 1)) == before


def test_a_wide_open_map_in_bright_light_is_seen_to_its_edges():
    """No sight range and no darkness: nothing bounds the view but walls (ruling 23 gives
    light, not distance, as the limit)."""
    board = BattleMap(60, 40)
    assert seen_tiles(board, (30, 20)) == {(x, y) for x in range(60) for y in range(40)}


@pytest.mark.parametrize("seed", range(8))
def test_a_larger_walled_map_is_seen_as_the_plain_search_sees_it(seed):
    """Forty tiles a side and many walls on the grid: rows far enough from the eye that wall
    ends line up with tile centres every few rows, many shadows merging."""
    rng = random.Random(seed)
    board = BattleMap(40, 40)
    for _ in range(60):
        x, y = rng.randrange(41), rng.randrange(41)
        if rng.random() < 0.5:
            board.walls.append(Wall((x, y), (min(40, x + rng.randint(1, 4)), y)))
        else:
            board.walls.append(Wall((x, y), (x, min(40, y + rng.randint(1, 4)))))
    party = [((rng.randrange(40), rng.randrange(40)), rng.choice([1, 1, 2])) for _ in range(4)]
    for position, footprint in party:
        assert seen_tiles(board, position, footprint) == plain_seen_tiles(
            board, position, footprint
        )
    assert seen_by(board, party, radius=11) == plain_seen_by(board, party, radius=11)


def test_walls_reaching_far_off_the_map_block_as_the_plain_search_says():
    """Coordinates too large for exact products on the half-tile grid take the careful path."""
    board = BattleMap(20, 20)
    board.walls.append(Wall((-5e6, 7), (5e6, 7)))
    board.walls.append(Wall((12, -3e6), (12, 9)))
    board.walls.append(Wall((-4e6, -4e6 + 0.5), (4e6, 4e6 + 0.5)))
    for eye in [(3, 3), (15, 2), (10, 12), (5, 15)]:
        for radius in (None, 8):
            assert seen_tiles(board, eye, radius=radius) == plain_seen_tiles(
                board, eye, radius=radius
            )
