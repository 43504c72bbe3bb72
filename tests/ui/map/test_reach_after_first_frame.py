"""On a large map the movement graph is built after the first frame: the opened map shows at
once, the selected token's reachable tiles a moment later; small maps show them at once."""

from __future__ import annotations

from drase_desktop.app import create_main_window
from drase_desktop.board import BattleMap
from drase_desktop.board.grid_graph import has_movement_graph
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import map_scene
from drase_desktop.ui.map.map_view import MapView


def _view(qtbot, side: int, shown: bool = True) -> MapView:
    hero = Combatant("hero", "Hero", side="players", position=(side // 2, side // 2), speed=6)
    encounter = Encounter(BattleMap(side, side), [hero])
    encounter.start()
    model = EncounterModel(encounter)
    model.select("hero")
    view = MapView(model)
    qtbot.addWidget(view)
    if shown:
        view.show()
    return view


def test_a_large_map_shows_first_and_the_reach_follows(qtbot):
    side = 160
    assert side * side > map_scene.REACH_LATER_ABOVE_TILES
    view = _view(qtbot, side)
    scene = view.map_scene
    assert not has_movement_graph(scene.battle_map)
    assert not scene.reach_layer.tiles
    qtbot.waitUntil(lambda: bool(scene.reach_layer.tiles), timeout=10_000)
    assert has_movement_graph(scene.battle_map)
    assert (80 + 6, 80) in scene.reach_layer.tiles


def test_a_small_map_shows_the_reach_at_once(qtbot):
    view = _view(qtbot, 40)
    assert (20 + 6, 20) in view.map_scene.reach_layer.tiles


def test_a_large_map_builds_its_graph_only_once_painted(qtbot):
    """The build holds the window for a second or more: it waits for the map's first frame."""
    view = _view(qtbot, 160, shown=False)
    scene = view.map_scene
    qtbot.wait(map_scene.REACH_LATER_MS * 4)
    assert not has_movement_graph(scene.battle_map)
    view.show()
    qtbot.waitUntil(lambda: bool(scene.reach_layer.tiles), timeout=10_000)
    assert has_movement_graph(scene.battle_map)


def test_at_launch_the_first_reach_waits_for_the_first_frame(qtbot):
    """The launch's selected token (the list takes the focus) asks for its reach before the
    window is painted: the graph and its library wait for the first frame."""
    window = create_main_window()
    qtbot.addWidget(window)
    scene = window.map_view.map_scene
    window.model.select(next(iter(window.model.encounter.combatants)))
    assert not scene.reach_layer.tiles
    assert not has_movement_graph(scene.battle_map)
    window.show()
    qtbot.waitUntil(lambda: bool(scene.reach_layer.tiles), timeout=10_000)
    assert has_movement_graph(scene.battle_map)


def test_a_move_before_the_deferred_build_works_out_only_the_rows_it_reaches(qtbot):
    """There is no movement graph to wait for: a move made on a 500 x 500 map before the
    deferred build (the window not yet painted) makes the graph and works out the steps of the
    few bands of rows its search reaches, not the map's, and the token moves at once."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from drase_desktop.board.grid_graph import BAND_ROWS, movement_graph

    side = 500
    view = _view(qtbot, side)
    scene = view.map_scene
    view.setFocus()
    assert not has_movement_graph(scene.battle_map) and not scene.reach_layer.tiles
    QTest.keyClick(view, Qt.Key.Key_Right)
    hero = view.model.encounter.combatants["hero"]
    assert hero.position == (side // 2 + 1, side // 2)
    bands = movement_graph(scene.battle_map)._bands_ready
    assert len(bands) == -(-side // BAND_ROWS) and 1 <= sum(bands) <= len(bands) // 8
