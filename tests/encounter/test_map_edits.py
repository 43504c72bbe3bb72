"""Map edits: strokes applied live and undone as one step, walls and lights, resizes."""

from __future__ import annotations

import pytest

from drase_desktop.board import BackgroundImage, BattleMap, Door, Light, Wall, find_path
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.map_edits import (
    MapEdit,
    MapEditError,
    Margins,
    brush_tiles,
    flood_tiles,
    margins_for,
    nearest_segment,
    rect_tiles,
    resize,
    resized_map,
    set_background,
)


def _path_cost(battle_map: BattleMap, a, b) -> float | None:
    found = find_path(battle_map, a, b)
    return None if found is None else found[1]


def test_paint_stroke_changes_path_cost_live_and_undo_restores_it():
    battle_map = BattleMap(10, 3)
    assert _path_cost(battle_map, (0, 1), (9, 1)) == 9
    edit = MapEdit(battle_map, "Paint mud")
    # Dab by dab, as a drag would: the path cost follows every dab (the graph updates in place).
    edit.paint("terrain", brush_tiles(battle_map, (4, 1), 3), "mud")
    after_first = _path_cost(battle_map, (0, 1), (9, 1))
    edit.paint("terrain", brush_tiles(battle_map, (5, 1), 3), "mud")
    assert after_first == 12
    assert _path_cost(battle_map, (0, 1), (9, 1)) == 13
    assert edit.tiles == {(x, y) for x in range(3, 7) for y in range(3)}
    edit.undo()
    assert _path_cost(battle_map, (0, 1), (9, 1)) == 9
    assert all(battle_map.terrain(t) == "normal" for t in battle_map.positions())
    edit.redo()
    edit.redo()  # idempotent: a QUndoStack calls redo() again on push
    assert _path_cost(battle_map, (0, 1), (9, 1)) == 13


def test_refused_value_changes_nothing():
    battle_map = BattleMap(4, 4)
    edit = MapEdit(battle_map)
    with pytest.raises(MapEditError, match="Unknown terrain 'lava'"):
        edit.paint("terrain", [(0, 0), (1, 1)], "lava")
    with pytest.raises(MapEditError, match="off the map"):
        edit.paint("cover", [(0, 0), (9, 9)], "half")
    assert battle_map.cover_feature((0, 0)) == "none"
    assert edit.empty


def test_raise_in_one_stroke_raises_each_tile_once():
    battle_map = BattleMap(5, 5)
    battle_map.set_elevation((2, 2), 3)
    edit = MapEdit(battle_map)
    for _ in range(4):  # the brush passes over the same tiles again and again
        edit.shift_elevation(brush_tiles(battle_map, (2, 2), 3), 1)
    assert battle_map.elevation((2, 2)) == 4
    assert battle_map.elevation((1, 1)) == 1
    edit.undo()
    assert battle_map.elevation((2, 2)) == 3 and battle_map.elevation((1, 1)) == 0


def test_brush_and_rect_are_clipped_to_the_map():
    battle_map = BattleMap(6, 4)
    assert brush_tiles(battle_map, (0, 0), 3) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert len(brush_tiles(battle_map, (3, 2), 2)) == 4
    assert rect_tiles(battle_map, (4, 3), (2, 9)) == [(2, 3), (3, 3), (4, 3)]
    with pytest.raises(MapEditError):
        brush_tiles(battle_map, (0, 0), 0)


def test_flood_fills_a_room_and_stops_at_walls_and_other_terrain():
    battle_map = BattleMap(6, 3)
    battle_map.walls.append(Wall((3, 0), (3, 3)))
    battle_map.set_terrain((1, 1), "water")
    room = flood_tiles(battle_map, (0, 0), "terrain")
    assert set(room) == {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    battle_map.walls.clear()
    battle_map.doors.append(Door((3, 0), (3, 3), closed=False))
    assert len(flood_tiles(battle_map, (0, 0), "terrain")) == 17


def test_erase_resets_tiles_and_removes_lights_in_them():
    battle_map = BattleMap(4, 4)
    battle_map.set_terrain((1, 1), "blocked")
    battle_map.set_elevation((1, 1), 2)
    battle_map.set_cover((1, 1), "full")
    battle_map.set_obscuration((1, 1), "heavy")
    battle_map.lights.append(Light((1.5, 1.5), 3))
    battle_map.lights.append(Light((3.5, 3.5), 3))
    edit = MapEdit(battle_map, "Erase")
    assert edit.erase([(1, 1)]) == {(1, 1)}
    assert (battle_map.terrain((1, 1)), battle_map.elevation((1, 1))) == ("normal", 0)
    assert battle_map.cover_feature((1, 1)) == "none" == battle_map.obscuration((1, 1))
    assert battle_map.lights == [Light((3.5, 3.5), 3)]
    edit.undo()
    assert battle_map.terrain((1, 1)) == "blocked" and len(battle_map.lights) == 2


def test_wall_drawn_makes_the_path_go_around_and_undo_removes_it():
    battle_map = BattleMap(7, 5)
    assert _path_cost(battle_map, (1, 2), (5, 2)) == 4
    edit = MapEdit(battle_map, "Draw wall")
    edit.add(Wall((3, 0), (3, 4)))
    path, cost = find_path(battle_map, (1, 2), (5, 2))
    assert cost > 4 and (3, 4) in path
    assert all(y == 4 for x, y in path if x == 3)
    edit.undo()
    assert battle_map.walls == [] and _path_cost(battle_map, (1, 2), (5, 2)) == 4


def test_toggle_door_opens_the_way():
    battle_map = BattleMap(5, 1)
    battle_map.doors.append(Door((2, 0), (2, 1), closed=True))
    assert find_path(battle_map, (0, 0), (4, 0)) is None
    edit = MapEdit(battle_map, "Open door")
    door = edit.toggle_door(0)
    assert door.closed is False and _path_cost(battle_map, (0, 0), (4, 0)) == 4
    edit.undo()
    assert battle_map.doors == [Door((2, 0), (2, 1), closed=True)]
    with pytest.raises(MapEditError):
        edit.toggle_door(3)


def test_erase_segments_and_nearest_segment():
    battle_map = BattleMap(6, 6)
    battle_map.walls.append(Wall((2, 0), (2, 6)))
    battle_map.doors.append(Door((4, 2), (5, 2)))
    assert nearest_segment(battle_map, (2.1, 3.0), 0.3) == ("walls", 0)
    assert nearest_segment(battle_map, (4.5, 2.2), 0.3) == ("doors", 0)
    assert nearest_segment(battle_map, (3.5, 4.0), 0.3) is None
    edit = MapEdit(battle_map)
    assert edit.erase_segments([(4, 4)]) == 0
    assert edit.erase_segments([(1, 3)]) == 1
    assert battle_map.walls == []
    edit.undo()
    assert len(battle_map.walls) == 1


def test_degenerate_wall_refused():
    edit = MapEdit(BattleMap(3, 3))
    with pytest.raises(MapEditError, match="two different ends"):
        edit.add(Wall((1, 1), (1, 1)))
    with pytest.raises(MapEditError, match="off the map"):
        edit.add(Light((7.5, 0.5), 2))


@pytest.mark.parametrize(
    ("edge_x", "edge_y", "shift"),
    [("right", "bottom", (0, 0)), ("left", "top", (3, 2)), ("left", "bottom", (3, 0))],
)
def test_resize_grows_at_the_chosen_edges(edge_x, edge_y, shift):
    battle_map = BattleMap(5, 4)
    battle_map.set_terrain((1, 1), "mud")
    battle_map.set_elevation((4, 3), -2)
    battle_map.walls.append(Wall((2, 0), (2, 4)))
    battle_map.lights.append(Light((0.5, 0.5), 2))
    margins = margins_for(battle_map, 8, 6, edge_x, edge_y)
    grown = resized_map(battle_map, margins)
    sx, sy = shift
    assert (grown.width, grown.height) == (8, 6)
    assert grown.terrain((1 + sx, 1 + sy)) == "mud"
    assert grown.elevation((4 + sx, 3 + sy)) == -2
    assert grown.walls == [Wall((2 + sx, sy), (2 + sx, 4 + sy))]
    assert grown.lights == [Light((0.5 + sx, 0.5 + sy), 2)]
    assert sum(grown.terrain(t) == "mud" for t in grown.positions()) == 1


def test_shrinking_cuts_walls_and_drops_lights_outside():
    battle_map = BattleMap(6, 6)
    battle_map.walls.append(Wall((0, 3), (6, 3)))
    battle_map.lights.append(Light((0.5, 0.5), 2))
    battle_map.set_cover((5, 5), "half")
    small = resized_map(battle_map, Margins(left=-2, top=-1))
    assert (small.width, small.height) == (4, 5)
    assert small.walls == [Wall((0, 2), (4, 2))]
    assert small.lights == []
    assert small.cover_feature((3, 4)) == "half"


def test_resize_moves_tokens_with_the_ground_and_undo_restores():
    battle_map = BattleMap(5, 5)
    encounter = Encounter(
        battle_map, [Combatant(id="a", name="Aria", side="players", position=(1, 1))]
    )
    change = resize(encounter, 7, 5, "left", "bottom")
    assert encounter.battle_map.width == 7
    assert encounter.combatants["a"].position == (3, 1)
    assert change.changed_ids == ("a",)
    change.undo()
    assert encounter.battle_map is battle_map and encounter.combatants["a"].position == (1, 1)
    change.redo()
    assert encounter.combatants["a"].position == (3, 1)


def test_resize_refused_when_a_token_would_fall_off():
    battle_map = BattleMap(8, 8)
    encounter = Encounter(
        battle_map, [Combatant(id="g", name="Goblin", side="gm", position=(6, 6))]
    )
    with pytest.raises(MapEditError, match="Goblin would stand off the 5 x 8 map"):
        resize(encounter, 5, 8)
    assert encounter.battle_map is battle_map and encounter.combatants["g"].position == (6, 6)
    with pytest.raises(MapEditError, match="1 to 500"):
        resize(encounter, 0, 8)


def test_background_keeps_tiles_and_shifts_offset_on_left_growth():
    battle_map = BattleMap(4, 4)
    battle_map.set_terrain((0, 0), "water")
    encounter = Encounter(battle_map)
    image = BackgroundImage(b"png", "image/png", 50.0, (10.0, 5.0))
    change = set_background(encounter, image, (10, 6))
    assert encounter.battle_map.background == image
    assert (encounter.battle_map.width, encounter.battle_map.height) == (10, 6)
    assert encounter.battle_map.terrain((0, 0)) == "water"
    change.undo()
    assert encounter.battle_map.background is None
    grown = resized_map(change.new_map, Margins(left=2))
    assert grown.background.offset == (10.0 - 100.0, 5.0)


def test_ambient_light_is_one_undo_step():
    battle_map = BattleMap(3, 3)
    edit = MapEdit(battle_map, "Ambient light")
    edit.set_ambient_light("dim")
    edit.set_ambient_light("dark")
    assert battle_map.ambient_light == "dark" and not edit.empty
    edit.undo()
    assert battle_map.ambient_light == "bright"
    edit.redo()
    assert battle_map.ambient_light == "dark"
    with pytest.raises(MapEditError, match="Unknown ambient light"):
        edit.set_ambient_light("gloomy")


def test_revert_keeps_what_changed_meanwhile():
    """A stroke abandoned after an earlier stroke was undone under it must not bring back the
    earlier stroke's paint."""
    battle_map = BattleMap(3, 1)
    first = MapEdit(battle_map, "first")
    first.paint("terrain", [(0, 0), (1, 0)], "mud")
    second = MapEdit(battle_map, "second")
    second.paint("terrain", [(1, 0), (2, 0)], "swamp")
    first.undo()  # Ctrl+Z while the second stroke is still held
    second.revert()
    # Both strokes gone: the map is as it was before either (undo() would bring back mud).
    assert [battle_map.terrain((x, 0)) for x in range(3)] == ["normal"] * 3
