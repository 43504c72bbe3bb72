"""The room tool on imported Universal VTT maps: a room is bounded by walls, closed doors and
windows (objects never make one), and the outside of the map is no room: a click there reveals
nothing and says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.player_helpers import MapWindow
from helpers.walled_maps import cut_in_two, wall_line
from PySide6.QtCore import Qt

from drase_desktop.board import BattleMap, Door
from drase_desktop.board.map_features import rectangle_object
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.fog import Fog, FogError, room_tiles
from drase_desktop.storage.uvtt import read_uvtt
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.fog_tool import FogTool

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples"
GOBLINS = SAMPLES / "uvtt-corpus" / "resaved-0.3-mimir-goblin-hideout.dd2vtt"
TWENTY = SAMPLES / "uvtt" / "dungeondraft-20x20.dd2vtt"
TOMB = SAMPLES / "uvtt-corpus" / "dd-0.3-mbround18-litch-tomb.dd2vtt"

# sample: (a tile outside, a tile in a room, that room's size)
CASES = {
    GOBLINS: ((0, 0), (35, 3), 81),
    TWENTY: ((0, 0), (3, 3), 188),
    TOMB: ((0, 0), (20, 6), 90),
}
needs_samples = pytest.mark.skipif(not GOBLINS.is_file(), reason="the UVTT samples are absent")


@needs_samples
@pytest.mark.parametrize("sample", list(CASES), ids=lambda p: p.name)
def test_a_room_of_a_sample_is_bounded_and_its_outside_is_no_room(sample):
    board = read_uvtt(sample).battle_map
    outside, inside, size = CASES[sample]
    with pytest.raises(FogError, match="outside the rooms"):
        room_tiles(board, outside)
    room = room_tiles(board, inside)
    assert len(room) == size
    fog = Fog.for_map(board, revealed=False)
    with pytest.raises(FogError):
        fog.room(board, outside, reveal=True)
    assert fog.revealed_count == 0
    assert fog.room(board, inside, reveal=True).count == size


def test_a_map_with_no_closed_room_keeps_its_edge_as_the_rooms_bound():
    board = cut_in_two(12, 6, Door((6, 2), (6, 3)))
    assert len(room_tiles(board, (1, 1))) == 36


def test_objects_never_close_a_room_so_inside_a_ring_of_them_is_still_outside():
    board = BattleMap(12, 6)
    board.walls.extend(wall_line((8, 1), (11, 1), (11, 4), (8, 4), (8, 1)))
    board.objects.append(rectangle_object(1, 1, 4, 4))
    with pytest.raises(FogError, match="outside the rooms"):
        room_tiles(board, (2, 2))
    assert len(room_tiles(board, (9, 2))) == 9


@needs_samples
def test_a_room_click_outside_on_the_map_reveals_nothing_and_says_why(qtbot):
    model = EncounterModel(Encounter(read_uvtt(GOBLINS).battle_map))
    window = MapWindow(model)
    qtbot.addWidget(window)
    scene = window.map_view.map_scene
    controller = fog_controller(model)
    tool = FogTool(scene, controller)
    scene.tools.activate(tool)
    controller.apply(lambda fog: fog.hide_all())
    said: list[str] = []
    tool.statusMessage.connect(said.append)
    tool.set_mode("room")
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    tool.press(scene.geometry.tile_centre((0, 0)), left, none)
    assert controller.fog.revealed_count == 0
    assert said and "outside the rooms" in said[-1]
    tool.press(scene.geometry.tile_centre((35, 3)), left, none)
    assert controller.fog.revealed_count == 81
