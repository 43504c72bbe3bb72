"""The still layers drawn as one kept picture look exactly as the layers painted straight through,
follow every change of a layer, and are not painted again for a frame where nothing changed."""

from __future__ import annotations

import pytest
from helpers.shown_widget import shown_widget
from helpers.view_frames import frame_of
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QVBoxLayout, QWidget

from drase_desktop.board import BattleMap, Light, Wall
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import board_picture
from drase_desktop.ui.map.map_view import MapView


@pytest.fixture
def view(qtbot):
    battle_map = BattleMap(30, 20)
    for x in range(4, 12):
        battle_map.set_terrain((x, 5), "mud")
        battle_map.set_elevation((x, 8), 2)
        battle_map.set_cover((x, 11), "half")
        battle_map.set_obscuration((x, 14), "heavy")
    battle_map.walls = [Wall((2, 2), (2, 9))]
    battle_map.ambient_light = "dim"
    battle_map.lights = [Light((15.0, 10.0), 4.0)]
    fighter = Combatant("f", "Fighter", side="players", position=(6, 6))
    model = EncounterModel(Encounter(battle_map, [fighter]))
    model.select("f")
    view = shown_widget(qtbot, MapView(model), 640, 420)
    view.resetTransform()
    view.scale(0.55, 0.55)
    view.centerOn(view.map_scene.geometry.tile_centre((12, 9)))
    return view


def _straight_frame(view, monkeypatch):
    """The frame with the layers painted straight through (no picture fits the device)."""
    with monkeypatch.context() as patched:
        patched.setattr(board_picture, "MAX_PICTURE_PIXELS", 0)
        return frame_of(view)


def _picture_made(view):
    """A frame from the kept picture: the first frame at a zoom is painted straight through,
    the picture made at the next one."""
    frame_of(view)
    frame = frame_of(view)
    assert view.map_scene.board_picture.last_frame_kept
    return frame


def test_the_picture_looks_as_the_layers_painted_straight(view, monkeypatch):
    kept = _picture_made(view)
    assert kept == _straight_frame(view, monkeypatch)


def test_an_unchanged_frame_does_not_paint_the_layers_again(view):
    _picture_made(view)
    repaints = view.map_scene.board_picture.repaints
    frame_of(view)
    frame_of(view)
    assert view.map_scene.board_picture.repaints == repaints


def test_a_changed_tile_shows_in_the_next_frame(view, monkeypatch):
    _picture_made(view)
    scene = view.map_scene
    tiles = {(14, 3), (15, 3)}
    for tile in tiles:
        scene.battle_map.set_terrain(tile, "water")
    scene.refresh_tiles(tiles, {"terrain"})
    changed = frame_of(view)
    painted = scene.board_picture.last_painted.boundingRect()
    assert painted.width() < view.viewport().width() / 4  # the two tiles and a margin
    assert changed == _straight_frame(view, monkeypatch)


def test_a_hidden_overlay_leaves_the_picture(view, monkeypatch):
    before = _picture_made(view)
    grid = view.findChild(type(view.overlay_actions()[0]), "toggleGridAction")
    grid.setChecked(False)
    after = frame_of(view)
    assert after != before
    assert after == _straight_frame(view, monkeypatch)


def _without_hatched_ground(view) -> None:
    """The mud made plain ground: a hatch's pattern keeps to the pixels of the device it is
    painted on, so pixels moved (a pan, as Qt's own scrolling of the screen does) or painted
    for another device show it a phase off."""
    scene = view.map_scene
    mud = {(x, 5) for x in range(4, 12)}
    for tile in mud:
        scene.battle_map.set_terrain(tile, "normal")
    scene.refresh_tiles(mud, {"terrain"})


def test_a_pan_by_whole_pixels_moves_the_picture(view, monkeypatch):
    _without_hatched_ground(view)
    scene = view.map_scene
    _picture_made(view)
    repaints = scene.board_picture.repaints
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 37)
    view.verticalScrollBar().setValue(view.verticalScrollBar().value() - 11)
    moved = frame_of(view)
    # Only the strips that came into view were painted.
    assert scene.board_picture.repaints == repaints + 1
    painted = scene.board_picture.last_painted
    assert painted.boundingRect().width() == view.viewport().width()
    assert not painted.contains(view.viewport().rect().center())
    assert moved == _straight_frame(view, monkeypatch)


def test_a_zoom_paints_the_picture_afresh(view, monkeypatch):
    _picture_made(view)
    view.scale(1.3, 1.3)
    assert frame_of(view) == _straight_frame(view, monkeypatch)
    assert _picture_made(view) == _straight_frame(view, monkeypatch)


def test_a_wheel_zoom_s_steps_are_painted_straight_through(view):
    """Each step of a zoom paints the layers once, straight to the screen: making a picture at
    every step cost a quarter more a step than painting without one."""
    _picture_made(view)
    picture = view.map_scene.board_picture
    repaints = picture.repaints
    for _step in range(3):
        view.scale(1.25, 1.25)
        frame_of(view)
        assert not picture.last_frame_kept
    assert picture.repaints == repaints
    frame_of(view)  # the zoom holds: the picture is made at it
    assert picture.last_frame_kept and picture.repaints == repaints + 1


def test_a_resized_map_is_drawn_whole(view, monkeypatch):
    _picture_made(view)
    model = view.map_scene.model
    bigger = BattleMap(40, 30)
    bigger.set_terrain((20, 20), "water")
    model.encounter.battle_map = bigger
    model.mapChanged.emit()
    view.centerOn(view.map_scene.geometry.tile_centre((20, 20)))
    picture = view.map_scene.board_picture
    assert picture.boundingRect().contains(QRectF(view.map_scene.geometry.map_rect()))
    assert frame_of(view) == _straight_frame(view, monkeypatch)


def test_a_view_moved_into_a_window_shows_the_picture_in_its_place(view, qtbot, monkeypatch):
    # Painted as part of a window (the view's painter redirected at the view's offset there)
    # and a little smaller than before: it looks as with the layers painted straight through.
    _without_hatched_ground(view)
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    layout.setContentsMargins(90, 40, 10, 10)
    layout.addWidget(view)
    window.resize(730, 470)
    window.show()
    qtbot.waitExposed(window)
    window.grab()  # the first frame at this size is painted straight, the picture made next
    kept = window.grab().toImage()
    assert view.map_scene.board_picture.repaints > 0
    with monkeypatch.context() as patched:
        patched.setattr(board_picture, "MAX_PICTURE_PIXELS", 0)
        assert kept == window.grab().toImage()
    view.setParent(None)  # the fixture's view outlives the window
