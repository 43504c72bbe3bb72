"""The map model: layers, bounds, kinds, walls/doors/lights and change notices."""

import pytest

from drase_desktop.board import (
    BackgroundImage,
    BattleMap,
    BoardError,
    Door,
    Light,
    OutOfBoundsError,
    UnknownKindError,
    Wall,
)


def test_new_map_is_open_flat_bright_ground():
    board = BattleMap(30, 20)
    assert (board.width, board.height) == (30, 20)
    assert board.terrain((29, 19)) == "normal"
    assert board.elevation((0, 0)) == 0
    assert board.cover_feature((3, 4)) == "none"
    assert board.obscuration((3, 4)) == "none"
    assert board.ambient_light == "bright"
    assert board.walls == [] and board.doors == [] and board.lights == []
    assert board.background is None


@pytest.mark.parametrize("size", [(0, 5), (5, 0), (501, 5), (5, 501), (-1, 3), (2.5, 3), (True, 4)])
def test_map_sizes_outside_one_to_500_are_refused(size):
    with pytest.raises(BoardError):
        BattleMap(*size)


def test_500_by_500_map_is_allowed():
    board = BattleMap(500, 500)
    board.set_terrain((499, 499), "blocked")
    assert board.terrain((499, 499)) == "blocked"


def test_setters_store_each_layer_per_tile():
    board = BattleMap(10, 10)
    board.set_terrain((2, 3), "mud")
    board.set_elevation((2, 3), -4)
    board.set_cover((2, 3), "embrasure")
    board.set_obscuration((2, 3), "heavy")
    assert board.terrain((2, 3)) == "mud"
    assert board.elevation((2, 3)) == -4
    assert board.cover_feature((2, 3)) == "embrasure"
    assert board.obscuration((2, 3)) == "heavy"
    assert board.terrain((3, 2)) == "normal"


@pytest.mark.parametrize(
    "pos", [(-1, 0), (10, 0), (0, 10), (0, -1), (1.0, 2), "ab", (1, 2, 3), None]
)
def test_bad_positions_raise_out_of_bounds_and_change_nothing(pos):
    board = BattleMap(10, 10)
    with pytest.raises(OutOfBoundsError):
        board.set_terrain(pos, "mud")
    with pytest.raises(OutOfBoundsError):
        board.terrain(pos)
    assert all(board.terrain(p) == "normal" for p in board.positions())


def test_unknown_kinds_are_refused_with_the_choices():
    board = BattleMap(4, 4)
    with pytest.raises(UnknownKindError, match="shallow-water"):
        board.set_terrain((0, 0), "lava")
    with pytest.raises(UnknownKindError):
        board.set_cover((0, 0), "quarter")
    with pytest.raises(UnknownKindError):
        board.set_obscuration((0, 0), "misty")
    with pytest.raises(UnknownKindError):
        board.ambient_light = "twilight"
    with pytest.raises(BoardError):
        board.set_elevation((0, 0), 10_000)
    with pytest.raises(BoardError):
        board.set_elevation((0, 0), 1.5)
    assert board.terrain((0, 0)) == "normal" and board.elevation((0, 0)) == 0


def test_ruling_18_difficult_kinds_and_deep_water_cost_two():
    # What entering a tile of each kind costs (0: it cannot be entered), one kind a tile.
    costs = {"normal": 1, "soft": 1, "blocked": 0}
    costs |= dict.fromkeys(["difficult", "shallow-water", "rocky", "mud", "swamp", "water"], 2)
    board = BattleMap(9, 1)
    for x, kind in enumerate(costs):
        board.set_terrain((x, 0), kind)
    assert [board.movement_cost((x, 0)) for x in range(9)] == list(costs.values())


def test_ruling_24_fall_surface_comes_from_terrain():
    board = BattleMap(3, 1)
    board.set_terrain((0, 0), "water")
    board.set_terrain((1, 0), "soft")
    assert [board.fall_surface((x, 0)) for x in range(3)] == ["water", "soft", "ground"]


def test_records_validate_their_numbers():
    with pytest.raises(BoardError):
        Wall((0, 0), (float("nan"), 1))
    with pytest.raises(BoardError):
        Door((0, 0), (1, 1), closed="yes")
    with pytest.raises(BoardError):
        Light((1, 1), -2)
    with pytest.raises(BoardError):
        BackgroundImage(b"x", "text/plain", 70.0, (0, 0))
    with pytest.raises(BoardError):
        BackgroundImage(b"x", "image/png", 0, (0, 0))
    assert Light((1, 2), 3).radius == 3.0


def test_walls_doors_lights_only_take_their_own_type():
    board = BattleMap(5, 5)
    with pytest.raises(BoardError):
        board.walls.append(Door((0, 0), (1, 0)))
    with pytest.raises(BoardError):
        board.doors.append("door")
    assert board.walls == [] and board.doors == []


def test_changes_notify_listeners_with_old_and_new():
    board = BattleMap(5, 5)
    seen = []
    board.add_listener(lambda what, old, new: seen.append((what, old, new)))
    board.set_terrain((1, 1), "mud")
    board.set_terrain((1, 1), "mud")  # no change, no notice
    wall = Wall((1, 0), (1, 5))
    board.walls.append(wall)
    board.doors.append(Door((2, 0), (2, 1)))
    board.set_door_closed(0, False)
    del board.walls[0]
    assert seen[0] == ("terrain", (1, 1), "normal")
    assert seen[1] == ("walls", [], [wall])
    assert seen[2] == ("doors", [], [Door((2, 0), (2, 1))])
    assert seen[3] == ("doors", [Door((2, 0), (2, 1))], [Door((2, 0), (2, 1), False)])
    assert seen[4] == ("walls", [wall], [])
    assert len(seen) == 5


def test_barriers_are_walls_and_closed_doors_only():
    board = BattleMap(5, 5)
    board.walls = [Wall((0, 1), (5, 1))]
    board.doors = [Door((0, 2), (1, 2)), Door((0, 3), (1, 3), closed=False)]
    assert board.barriers() == [((0.0, 1.0), (5.0, 1.0)), ((0.0, 2.0), (1.0, 2.0))]


def test_set_door_closed_refuses_bad_index():
    board = BattleMap(5, 5)
    with pytest.raises(BoardError, match="no door number 0"):
        board.set_door_closed(0, True)


def test_copy_is_independent():
    board = BattleMap(6, 6, "Ford")
    board.set_terrain((1, 1), "water")
    board.walls.append(Wall((0, 0), (1, 0)))
    other = board.copy()
    other.set_terrain((1, 1), "normal")
    other.walls.clear()
    assert board.terrain((1, 1)) == "water" and len(board.walls) == 1
    assert other.name == "Ford"


def test_generic_copies_and_pickles_are_whole_independent_maps():
    import copy
    import pickle

    board = BattleMap(6, 6, "Ford")
    board.set_terrain((1, 1), "water")
    board.walls.append(Wall((0, 0), (1, 0)))
    seen = []
    board.add_listener(lambda *change: seen.append(change))
    for other in (copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        other.walls.clear()
        other.set_terrain((1, 1), "normal")
        assert board.terrain((1, 1)) == "water" and len(board.walls) == 1
        assert other.name == "Ford"
    assert seen == []  # the copies' changes never reach the original's listeners
