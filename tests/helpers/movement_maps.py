"""Random maps for the movement tests: several bands of rows tall, every terrain kind, heights
from -9999 up, walls on the grid's lines and walls and doors off it (half a tile off, at an angle,
a point)."""

from hypothesis import strategies as st

from drase_desktop.board import TERRAIN_KINDS, BattleMap, Door, Wall
from drase_desktop.board.grid_graph import BAND_ROWS

coordinate = st.integers(0, 24)
point = st.one_of(
    st.tuples(coordinate, coordinate).map(lambda p: (p[0] / 2, p[1] / 2)),
    st.tuples(st.floats(0, 12), st.floats(0, 12)),
)


@st.composite
def maps(draw):
    # Tall enough for several bands of rows, narrow enough to stay quick.
    width = draw(st.integers(1, 12))
    height = draw(st.integers(1, 2 * BAND_ROWS + 3))
    board = BattleMap(width, height)
    weights = ["normal"] * 8 + list(TERRAIN_KINDS)
    flat = draw(st.booleans())
    for y in range(height):
        for x in range(width):
            board.set_terrain((x, y), draw(st.sampled_from(weights)))
            if not flat:
                board.set_elevation((x, y), draw(st.sampled_from([0, 0, 0, 1, 2, -1, -9999])))
    for _ in range(draw(st.integers(0, 6))):
        x, y = draw(st.integers(0, width)), draw(st.integers(0, height))
        length = draw(st.integers(1, 4))
        end = (min(width, x + length), y) if draw(st.booleans()) else (x, min(height, y + length))
        board.walls.append(Wall((x, y), end))  # on the grid's lines
    for start, end in draw(st.lists(st.tuples(point, point), max_size=3)):
        board.walls.append(Wall(start, end))  # half a tile off, at an angle, a point
    for start, end in draw(st.lists(st.tuples(point, point), max_size=2)):
        board.doors.append(Door(start, end, closed=draw(st.booleans())))
    return board
