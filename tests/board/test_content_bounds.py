"""The part of a map "Fit" shows: its walls and doors with a tile of margin, within the map."""

from drase_desktop.board.battle_map import BattleMap, Door, Wall
from drase_desktop.board.content_bounds import content_bounds


def test_a_map_without_walls_has_no_content_part() -> None:
    assert content_bounds(BattleMap(20, 10)) is None


def test_walls_and_doors_with_a_tile_of_margin() -> None:
    board = BattleMap(40, 30)
    board.walls.append(Wall((10, 5), (20, 5)))
    board.doors.append(Door((20, 5), (20.5, 12.5)))
    assert content_bounds(board) == (9, 4, 22, 14)


def test_the_margin_stays_within_the_map() -> None:
    board = BattleMap(8, 8)
    board.walls.append(Wall((0, 0), (8, 8)))
    assert content_bounds(board) == (0, 0, 8, 8)


def test_painted_ground_and_lights_are_content_too() -> None:
    """A map of painted terrain with a few walls (the sample river crossing) is not cropped to
    the walls: every painted tile, height and light stays in what Fit shows."""
    board = BattleMap(40, 30)
    board.walls.append(Wall((10, 5), (20, 5)))
    board.set_terrain((2, 20), "blocked")
    assert content_bounds(board) == (1, 4, 21, 22)
    board.set_elevation((35, 1), 2)
    assert content_bounds(board) == (1, 0, 37, 22)
    board.set_obscuration((38, 28), "light")
    assert content_bounds(board) == (1, 0, 40, 30)


def test_a_light_is_content() -> None:
    from drase_desktop.board.battle_map import Light

    board = BattleMap(40, 30)
    board.walls.append(Wall((10, 5), (20, 5)))
    board.lights.append(Light((30.5, 20.5), 3))
    assert content_bounds(board) == (9, 4, 32, 22)
