"""Windows block movement, not sight; objects (pillars, tables) block both and never bound a room.
Both are saved in map and encounter files, and every question that counts walls counts them."""

from __future__ import annotations

import json

import pytest
from helpers.walled_maps import cut_in_two

from drase_desktop.board import (
    BattleMap,
    BoardError,
    Light,
    Wall,
    cover,
    find_path,
    lighting,
    line_of_sight,
    load_map,
    map_from_dict,
    map_to_dict,
    movement_range,
    save_map,
)
from drase_desktop.board.map_features import MapObject, Window, rectangle_object
from drase_desktop.encounter.fog import room_tiles, seen_tiles
from drase_desktop.encounter.map_edits import MapEdit, flood_tiles


def walled_in_two() -> BattleMap:
    """A 10 x 5 map cut in two by a wall along x = 5, with a window in it at y 2..3."""
    return cut_in_two(10, 5, Window((5, 2), (5, 3)))


def test_a_window_lets_the_eye_and_light_through_but_no_step():
    board = walled_in_two()
    assert line_of_sight(board, (2, 2), (8, 2))
    assert not line_of_sight(board, (2, 0), (8, 0))
    assert find_path(board, (4, 2), (5, 2)) is None  # the whole map is walled: no way round
    assert (6, 2) not in movement_range(board, (4, 2), 10)
    board.ambient_light = "dark"
    board.lights.append(Light((3.5, 2.5), 6))
    assert lighting(board, (7, 2))[0] == "bright"


def test_a_window_gives_full_cover_as_a_solid_thing_on_the_line():
    board = walled_in_two()
    assert cover(board, (2, 2), (8, 2), ranged=True) == "full"


def test_a_window_bounds_a_room_and_the_flood_fill():
    board = walled_in_two()
    room = room_tiles(board, (1, 1))
    assert (4, 2) in room and (6, 2) not in room
    assert (6, 2) not in flood_tiles(board, (1, 1), "terrain")


def test_seen_tiles_cross_a_window():
    board = walled_in_two()
    assert (8, 2) in seen_tiles(board, (2, 2))


def pillar_board() -> BattleMap:
    board = BattleMap(9, 9)
    board.objects.append(rectangle_object(4, 4, 5, 5))  # a one-tile pillar in the middle
    return board


def test_an_object_blocks_sight_light_movement_and_gives_full_cover():
    board = pillar_board()
    assert not line_of_sight(board, (4, 1), (4, 7))
    assert line_of_sight(board, (1, 1), (7, 1))
    assert cover(board, (4, 1), (4, 7), ranged=True) == "full"
    path, _ = find_path(board, (4, 3), (4, 5))
    assert (4, 4) not in path[1:-1] and len(path) > 3  # round the pillar
    board.ambient_light = "dark"
    board.lights.append(Light((4.5, 2.5), 4))
    assert lighting(board, (4, 6))[0] == "dark"
    assert lighting(board, (1, 2))[0] == "bright"


def test_an_object_never_makes_a_room():
    board = pillar_board()
    # A closed ring of objects around a tile: still one room with the rest of the map.
    board.objects.append(rectangle_object(1, 1, 3, 3))
    room = room_tiles(board, (0, 0))
    assert len(room) == 81
    assert len(flood_tiles(board, (0, 0), "terrain")) == 81


def test_edits_of_windows_and_objects_reach_sight_and_movement_at_once():
    board = BattleMap(10, 5)
    board.walls.append(Wall((5, 0), (5, 5)))
    assert not line_of_sight(board, (2, 2), (8, 2))
    board.walls[:] = [Wall((5, 0), (5, 2)), Wall((5, 3), (5, 5))]
    assert (6, 2) in movement_range(board, (4, 2), 3)
    board.windows.append(Window((5, 2), (5, 3)))
    assert (6, 2) not in movement_range(board, (4, 2), 3)
    assert line_of_sight(board, (2, 2), (8, 2))
    board.objects.append(rectangle_object(6, 2, 7, 3))
    assert not line_of_sight(board, (2, 2), (8, 2))
    board.objects.clear()
    board.windows.clear()
    assert line_of_sight(board, (2, 2), (8, 2))
    assert (6, 2) in movement_range(board, (4, 2), 3)


def test_map_edit_adds_and_undoes_windows_and_objects():
    board = BattleMap(10, 5)
    edit = MapEdit(board, "Add")
    edit.add(Window((5, 2), (5, 3)))
    edit.add(rectangle_object(1, 1, 2, 2))
    assert edit.layers >= {"windows", "objects"}
    edit.undo()
    assert not board.windows and not board.objects
    edit.redo()
    assert len(board.windows) == 1 and len(board.objects) == 1


def test_windows_and_objects_are_saved_and_read_back(tmp_path):
    board = walled_in_two()
    board.objects.append(MapObject(((1.5, 1.5), (2.25, 1.5), (2.0, 2.5), (1.5, 1.5))))
    path = tmp_path / "hall.drase-map"
    save_map(board, path)
    document = json.loads(path.read_text())
    assert document["schema_version"] == 2
    assert document["windows"] == [{"start": [5, 2], "end": [5, 3]}]
    assert document["objects"] == [{"points": [[1.5, 1.5], [2.25, 1.5], [2, 2.5], [1.5, 1.5]]}]
    again = load_map(path)
    assert again.windows == board.windows and again.objects == board.objects
    assert map_to_dict(again) == map_to_dict(board)


def test_a_map_without_them_is_still_version_1_and_a_version_1_file_reads():
    document = map_to_dict(BattleMap(3, 3))
    assert document["schema_version"] == 1 and "windows" not in document
    assert not map_from_dict(document).windows


def test_a_copy_keeps_windows_and_objects():
    board = walled_in_two()
    board.objects.append(rectangle_object(1, 1, 2, 2))
    other = board.copy()
    assert other.windows == board.windows and other.objects == board.objects
    other.objects.clear()
    assert board.objects


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["objects"].append({"points": [[1, 1]]}), "objects[0]"),
        (lambda d: d["windows"].append({"start": [1, 1]}), "windows[0]"),
        (lambda d: d["objects"].append({"points": [[1, 1], [1, 1]]}), "two different points"),
    ],
)
def test_bad_windows_and_objects_are_refused_naming_the_field(change, message):
    board = BattleMap(3, 3)
    board.objects.append(rectangle_object(0, 0, 1, 1))
    document = map_to_dict(board)
    document["objects"] = []
    document["windows"] = []
    change(document)
    with pytest.raises(BoardError) as raised:
        map_from_dict(document)
    assert message in str(raised.value)


def test_an_encounter_file_keeps_windows_objects_and_baked_lighting(tmp_path):
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.storage.encounter_file import load_encounter, save_encounter

    board = walled_in_two()
    board.objects.append(rectangle_object(1, 1, 2, 2))
    board.ambient_light = "dark"
    board.lighting_baked = True
    save_encounter(Encounter(board), tmp_path / "hall.drase")
    again = load_encounter(tmp_path / "hall.drase").battle_map
    assert again.windows == board.windows and again.objects == board.objects
    assert again.lighting_baked
