"""Line of sight, light and obscuration: ruling 23."""

import pytest
from helpers.sight_maluses import maluses

from drase_desktop.board import (
    BattleMap,
    BoardError,
    Door,
    Light,
    Wall,
    lighting,
    line_of_sight,
    obscuration_layer,
    tile_obscuration,
    visibility,
)
from drase_desktop.board.battle_map import OBSCURATION_LEVELS


def test_line_of_sight_stops_at_walls_and_closed_doors():
    board = BattleMap(10, 10)
    assert line_of_sight(board, (1, 1), (8, 8))
    board.walls.append(Wall((5, 0), (5, 4)))
    assert not line_of_sight(board, (2, 2), (8, 2))
    assert line_of_sight(board, (2, 6), (8, 6))
    board.doors.append(Door((5, 4), (5, 10)))
    assert not line_of_sight(board, (2, 6), (8, 6))
    board.set_door_closed(0, False)
    assert line_of_sight(board, (2, 6), (8, 6))


@pytest.mark.parametrize(
    ("zone", "expected", "can_target"),
    [("none", 0, True), ("light", 1, True), ("heavy", 2, True), ("total", 0, False)],
)
def test_ruling_23_zones_give_maluses_or_forbid_targeting(zone, expected, can_target):
    board = BattleMap(10, 10)
    board.set_obscuration((6, 6), zone)
    seen = visibility(board, (1, 1), (6, 6))
    assert maluses(seen) == expected and seen.can_target is can_target
    assert seen.obscuration == zone


def test_ruling_23_only_the_targets_tile_matters():
    board = BattleMap(10, 10)
    board.set_obscuration((1, 1), "heavy")  # the observer stands in fog
    assert maluses(visibility(board, (1, 1), (6, 6))) == 0
    assert maluses(visibility(board, (6, 6), (1, 1))) == 2


def test_ruling_23_light_source_bright_to_radius_dim_to_twice():
    board = BattleMap(20, 20)
    board.ambient_light = "dark"
    board.lights.append(Light((10.5, 10.5), 3))
    assert lighting(board, (10, 10))[0] == "bright"
    assert lighting(board, (13, 10))[0] == "bright"  # exactly 3 tiles away
    assert lighting(board, (14, 10))[0] == "dim"
    assert lighting(board, (16, 10))[0] == "dim"  # exactly 6
    assert lighting(board, (17, 10))[0] == "dark"
    assert maluses(visibility(board, (10, 10), (15, 10))) == 1  # dim light = light obscuration
    assert not visibility(board, (10, 10), (18, 10)).can_target  # darkness = total


def test_ruling_23_ambient_dim_is_light_obscuration_unless_lit():
    board = BattleMap(20, 20)
    board.ambient_light = "dim"
    assert tile_obscuration(board, (2, 2))[0] == "light"
    board.lights.append(Light((2.5, 2.5), 2))
    assert tile_obscuration(board, (2, 2))[0] == "none"
    board.ambient_light = "bright"
    assert tile_obscuration(board, (15, 15))[0] == "none"


def test_ruling_23_obscurations_do_not_add_the_strongest_counts():
    board = BattleMap(10, 10)
    board.ambient_light = "dim"
    board.set_obscuration((5, 5), "light")
    level, reasons = tile_obscuration(board, (5, 5))
    assert level == "light" and any("strongest" in why for why in reasons)
    board.set_obscuration((5, 5), "heavy")
    assert tile_obscuration(board, (5, 5))[0] == "heavy"


def test_light_does_not_pass_walls():
    board = BattleMap(12, 12)
    board.ambient_light = "dark"
    board.lights.append(Light((3.5, 3.5), 3))
    board.walls.append(Wall((5, 0), (5, 12)))
    assert lighting(board, (4, 3))[0] == "bright"
    assert lighting(board, (5, 3))[0] == "dark"


def test_a_wall_between_forbids_targeting_with_the_reason():
    board = BattleMap(10, 10)
    board.walls.append(Wall((5, 0), (5, 10)))
    seen = visibility(board, (2, 2), (8, 2))
    assert not seen.can_target and not seen.line_of_sight
    assert "wall" in seen.reasons[0]


def test_obscuration_layer_matches_tile_by_tile():
    board = BattleMap(16, 12)
    board.ambient_light = "dark"
    board.lights.append(Light((4.5, 4.5), 2))
    board.lights.append(Light((11.0, 6.0), 1.5))
    board.walls.append(Wall((7, 0), (7, 8)))
    board.set_obscuration((3, 3), "heavy")
    board.set_obscuration((12, 6), "light")
    layer = obscuration_layer(board)
    for y in range(12):
        for x in range(16):
            expected = tile_obscuration(board, (x, y))[0]
            assert OBSCURATION_LEVELS[layer[y * 16 + x]] == expected, (x, y)


@pytest.mark.parametrize("ambient", ["bright", "dim", "dark"])
def test_obscuration_layer_takes_the_stronger_of_zone_and_light_in_every_ambient_light(ambient):
    """The layer joins light and zones a whole map at once: every pair of levels, every way."""
    board = BattleMap(9, 5)
    board.ambient_light = ambient
    board.lights.append(Light((2.0, 2.5), 1.5))
    for x, level in enumerate(["none", "light", "heavy", "total"] * 2 + ["heavy"]):
        for y in range(5):
            board.set_obscuration((x, (y + x) % 5), level if y % 2 else "none")
    layer = obscuration_layer(board)
    for y in range(5):
        for x in range(9):
            expected = tile_obscuration(board, (x, y))[0]
            assert OBSCURATION_LEVELS[layer[y * 9 + x]] == expected, (x, y)


def test_big_targets_are_as_visible_as_their_clearest_tile():
    board = BattleMap(10, 10)
    board.set_obscuration((6, 6), "total")
    assert not visibility(board, (1, 1), (6, 6)).can_target
    assert maluses(visibility(board, (1, 1), (6, 6), target_footprint=2)) == 0


def test_sight_refuses_tiles_off_the_map():
    with pytest.raises(BoardError):
        visibility(BattleMap(4, 4), (0, 0), (4, 0))
