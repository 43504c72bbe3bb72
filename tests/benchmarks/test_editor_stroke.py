"""A terrain brush stroke on a 100 x 100 map with walls and a selected token, per dab.

The real thing: each dab of a 3 x 3 brush changes the live map (`MapEdit.paint`), the movement
graph follows in place (a map listener re-decides the edges around each tile), the scene
repaints only the dabbed tiles (`MapScene.refresh_tiles`), the selected token's reachable
tiles are searched again, and the view paints what the dab invalidated.

The baseline, in the same run: the naive editor that emits `mapChanged` per dab: the graph
rebuilt from scratch, every layer reloaded (`reload_map`) and the whole view repainted.

And the stroke's end (one `mapChanged`, every layer reloaded) on a map with a 4096 px picture:
the layer keeps the picture's decoded screen copy, against decoding it again each time.
"""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.board import BackgroundImage, BattleMap, Wall
from drase_desktop.board.grid_graph import rebuild_movement_graph
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.map_edits import MapEdit, brush_tiles
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView

SIDE = 100
DABS = 20
BRUSH = 3
ROW = 50


def _battle() -> Encounter:
    battle_map = BattleMap(SIDE, SIDE, name="Bench")
    for x in range(0, SIDE, 7):
        battle_map.walls.append(Wall((x, 10), (x, 40)))
    for y in range(0, SIDE, 5):
        battle_map.set_terrain((y, y), "rocky")
    battle_map.set_elevation((60, 60), 3)
    hero = Combatant(id="hero", name="Hero", side="players", position=(20, ROW + 2), speed=8)
    encounter = Encounter(battle_map, [hero])
    encounter.start()
    return encounter


@pytest.fixture(scope="module")
def view(qapp):
    model = EncounterModel(_battle())
    view = MapView(model)
    view.resize(1600, 1000)
    view.show()
    view.zoom_by(40.0 / view.tile_pixels())  # about 40 px a tile, as a GM paints
    view.centerOn(view.map_scene.geometry.tile_centre((25, ROW)))
    model.select("hero")
    qapp.processEvents()
    yield view
    view.close()


@pytest.fixture
def painting(view):
    """The view's scene, its live map, and the kinds the strokes alternate between."""
    scene = view.map_scene
    return scene, scene.battle_map, itertools.cycle(["mud", "normal"])


def test_stroke_live_in_place(benchmark, painting, qapp):
    scene, battle_map, kinds = painting

    def stroke() -> None:
        kind = next(kinds)
        edit = MapEdit(battle_map, "Paint")
        for step in range(DABS):
            tiles = brush_tiles(battle_map, (10 + step, ROW), BRUSH)
            changed = edit.paint("terrain", tiles, kind)
            scene.refresh_tiles(changed, {"terrain"})
            # Paint whatever the dab invalidated (the dabbed tiles, the reach overlay's change).
            qapp.processEvents()

    benchmark(stroke)
    assert battle_map.terrain((10, ROW)) in ("mud", "normal")


def test_stroke_baseline_rebuild_and_reload(benchmark, painting, qapp):
    scene, battle_map, kinds = painting

    def stroke() -> None:
        kind = next(kinds)
        for step in range(DABS):
            for tile in brush_tiles(battle_map, (10 + step, ROW), BRUSH):
                battle_map.set_terrain(tile, kind)
            rebuild_movement_graph(battle_map)
            scene.reload_map()
            qapp.processEvents()

    benchmark(stroke)
    assert battle_map.terrain((10, ROW)) in ("mud", "normal")


@pytest.fixture(scope="module")
def pictured_view(qapp):
    """A 64 x 64 map on a 4096 px battlemap picture (64 px a tile)."""
    image = QImage(4096, 4096, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b5b45"))
    painter = QPainter(image)
    for step in range(0, 4096, 64):
        painter.drawLine(step, 0, step, 4096)
        painter.drawLine(0, step, 4096, step)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "JPEG")
    battle_map = BattleMap(64, 64)
    battle_map.background = BackgroundImage(bytes(data), "image/jpeg", 64.0, (0.0, 0.0))
    model = EncounterModel(Encounter(battle_map))
    view = MapView(model)
    view.resize(1600, 1000)
    view.show()
    qapp.processEvents()
    yield view
    view.close()


def test_stroke_end_reload_keeps_the_decoded_picture(benchmark, pictured_view):
    """A stroke's end reloads the map (mapChanged); the picture's screen copy is reused."""
    scene = pictured_view.map_scene
    benchmark(scene.reload_map)
    assert scene.terrain_layer.has_background


def test_stroke_end_reload_baseline_decoding_again(benchmark, pictured_view):
    scene = pictured_view.map_scene

    def reload_decoding() -> None:
        scene.terrain_layer._decoded = None  # what the layer did before it kept the copy
        scene.reload_map()

    benchmark(reload_decoding)
    assert scene.terrain_layer.has_background
