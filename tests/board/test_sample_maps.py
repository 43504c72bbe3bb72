"""The four sample maps load, match their drawings, and each shows its rule."""

from pathlib import Path

import pytest
from helpers.sight_maluses import maluses

from drase_desktop.board import (
    cover,
    find_path,
    load_map,
    map_to_dict,
    movement_range,
    visibility,
)
from drase_desktop.board.samples import SAMPLES

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_file_loads_and_matches_its_drawing(name):
    loaded = load_map(MAPS / f"{name}.drase-map")
    assert map_to_dict(loaded) == map_to_dict(SAMPLES[name]())
    assert 20 <= loaded.width <= 30 and 16 <= loaded.height <= 30


def test_river_crossing_the_bridge_is_the_cheapest_way_over():
    board = load_map(MAPS / "river-crossing.drase-map")
    bridge = {(x, y) for x in range(9, 15) for y in (8, 9)}
    path, cost = find_path(board, (3, 3), (20, 3))
    assert bridge & set(path)
    # Without the bridge the best crossing (swimming, or the southern ford) costs more.
    for tile in bridge:
        board.set_terrain(tile, "water")
    wet_path, wet_cost = find_path(board, (3, 3), (20, 3))
    assert wet_cost > cost
    assert any(board.terrain(tile) in ("water", "shallow-water") for tile in wet_path)


def test_river_crossing_bridge_railings_keep_swimmers_off():
    board = load_map(MAPS / "river-crossing.drase-map")
    # From deep water right beside the bridge, a swimmer cannot climb onto it.
    assert find_path(board, (11, 7), (11, 8)) != ([(11, 7), (11, 8)], 1.0)
    path, _ = find_path(board, (11, 7), (11, 8))
    assert len(path) > 2


def test_cliff_fort_embrasure_blocks_melee_but_not_an_adjacent_archer():
    board = load_map(MAPS / "cliff-fort.drase-map")
    archer, raider_at_wall, raider_below = (16, 6), (14, 6), (8, 6)
    assert board.cover_feature((15, 6)) == "embrasure"
    assert cover(board, raider_at_wall, archer, ranged=False) == "embrasure"
    assert cover(board, raider_below, archer, ranged=True) == "embrasure"
    assert cover(board, archer, raider_below, ranged=True) == "none"


def test_cliff_fort_cliff_is_only_climbed_by_the_ramp():
    board = load_map(MAPS / "cliff-fort.drase-map")
    path, _ = find_path(board, (5, 6), (13, 6))
    assert any(y >= 16 for _, y in path)  # round by the ramp in the south
    steps = zip(path, path[1:], strict=False)
    assert all(abs(board.elevation(a) - board.elevation(b)) < 2 for a, b in steps)
    reach = movement_range(board, (11, 6), 6)
    assert not any(x >= 12 for x, _ in reach)
    assert board.fall_surface((11, 12)) == "soft" and board.fall_surface((11, 3)) == "water"


def test_cliff_fort_gate_is_a_door():
    board = load_map(MAPS / "cliff-fort.drase-map")
    assert find_path(board, (18, 15), (18, 10)) is None
    board.set_door_closed(0, False)
    assert find_path(board, (18, 15), (18, 10))[1] == 5


def test_foggy_swamp_the_torchs_dim_ring_gives_one_malus():
    board = load_map(MAPS / "foggy-swamp.drase-map")
    observer = (9, 11)
    assert maluses(visibility(board, observer, (9, 10))) == 0  # bright, by the torch
    dim = visibility(board, observer, (7, 10))
    assert dim.can_target and maluses(dim) == 1
    assert any("dim light" in why for why in dim.reasons)
    assert not visibility(board, observer, (4, 10)).can_target  # beyond the ring: darkness


def test_foggy_swamp_fog_banks():
    board = load_map(MAPS / "foggy-swamp.drase-map")
    board.ambient_light = "bright"
    assert maluses(visibility(board, (4, 10), (1, 1))) == 1
    assert maluses(visibility(board, (17, 10), (21, 4))) == 2
    assert maluses(visibility(board, (4, 10), (4, 12))) == 0


def test_tavern_a_closed_door_blocks_the_path():
    board = load_map(MAPS / "tavern.drase-map")
    outside, inside = (12, 16), (12, 12)
    front = next(i for i, d in enumerate(board.doors) if d.start == (11.0, 15.0))
    back = next(i for i, d in enumerate(board.doors) if d.start == (18.0, 2.0))
    board.set_door_closed(back, True)
    assert find_path(board, outside, inside) is None
    board.set_door_closed(front, False)
    assert find_path(board, outside, inside)[1] == 4
    board.set_door_closed(front, True)
    board.set_door_closed(back, False)
    assert find_path(board, outside, inside)[1] > 4  # round the building, in at the back


def test_tavern_tables_pillars_and_bar_give_cover():
    board = load_map(MAPS / "tavern.drase-map")
    assert cover(board, (5, 6), (5, 8), ranged=False) == "half"  # across a table
    assert cover(board, (8, 8), (8, 10), ranged=False) == "full"  # behind a pillar
    assert cover(board, (5, 6), (5, 3), ranged=False) == "three-quarter"  # behind the bar
    assert cover(board, (12, 16), (12, 12), ranged=True) == "full"  # through the closed door
