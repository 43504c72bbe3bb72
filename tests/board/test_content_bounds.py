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
