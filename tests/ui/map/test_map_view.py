"""The map view as a GM uses it: the map and tokens appear, overlays toggle, the camera moves,
and the scene follows the model."""

from __future__ import annotations

import pytest
from helpers.event_loop import settled
from helpers.map_helpers import shown_view, skirmish
from helpers.shown_widget import shown_widget
from helpers.view_frames import frame_of
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.token_item import TokenItem

OVERLAYS = [
    "toggleGridAction",
    "toggleHeightAction",
    "toggleWallsAction",
    "toggleCoverAction",
    "toggleLightAction",
    "toggleReachAction",
    "togglePathAction",
    "toggleRulerAction",
]


@pytest.fixture
def view(qtbot):
    return shown_view(qtbot)


def test_the_view_shows_the_map_and_a_token_per_placed_combatant(view):
    assert view.objectName() == "mapView"
    scene = view.map_scene
    assert set(scene.token_items) == {"aria", "bram", "gob1", "ogre"}
    assert scene.token_items["ogre"].footprint == 2
    assert scene.wall_layer.counts == (2, 1, 0)
    assert scene.cover_layer.cover_at((5, 5)) == "half"
    assert scene.height_layer.height_at((10, 6)) == 1
    # Layers, not tiles: a handful of items plus one per token (and its round marks' plate).
    assert len(scene.items()) < 16 + 2 * len(scene.token_items)


def test_a_big_map_is_still_a_handful_of_items(qtbot):
    battle_map = BattleMap(200, 200)
    from drase_desktop.encounter.encounter import Encounter

    encounter = Encounter(battle_map, [Combatant(id="a", name="A", position=(5, 5))])
    view = MapView(EncounterModel(encounter))
    qtbot.addWidget(view)
    assert len(view.map_scene.items()) < 20


def test_every_overlay_has_a_checkable_action_that_hides_it(view):
    actions = view.overlay_actions()
    assert [a.objectName() for a in actions] == OVERLAYS
    assert all(isinstance(a, QAction) and a.isCheckable() and a.isChecked() for a in actions)
    scene = view.map_scene
    view.overlay_action("toggleGridAction").setChecked(False)
    assert not scene.grid_layer.isVisible()
    view.overlay_action("toggleGridAction").setChecked(True)
    assert scene.grid_layer.isVisible()
    view.overlay_action("toggleLightAction").trigger()
    assert not scene.light_layer.isVisible()
    view.model.select("aria")
    assert scene.reach_layer.tiles
    view.overlay_action("toggleReachAction").setChecked(False)
    assert not scene.reach_layer.tiles
    view.overlay_action("toggleReachAction").setChecked(True)
    assert scene.reach_layer.tiles
    view.overlay_action("toggleRulerAction").setChecked(False)
    assert scene.ruler.opacity() == 0.0


def test_overlay_shortcut_toggles_from_the_keyboard(view, qtbot):
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_G)
    assert not view.overlay_action("toggleGridAction").isChecked()


def test_wheel_zooms_around_the_cursor(view, qtbot):
    cursor = QPoint(200, 150)
    before = view.mapToScene(cursor)
    pixels = view.tile_pixels()
    view.zoom_by(2.0, QPointF(cursor))
    assert view.tile_pixels() == pytest.approx(pixels * 2.0)
    after = view.mapToScene(cursor)
    assert after.x() == pytest.approx(before.x(), abs=1.0)
    assert after.y() == pytest.approx(before.y(), abs=1.0)
    QTest.mouseMove(view.viewport(), cursor)
    view.zoom_by(1e6, QPointF(cursor))
    assert view.tile_pixels() == pytest.approx(400.0)


def test_fit_and_centre_on_a_token(view):
    view.zoom_by(6.0)
    view.centre_on_token("ogre")
    centre = view.mapToScene(view.viewport().rect().center())
    ogre = view.map_scene.token_items["ogre"].sceneBoundingRect()
    assert ogre.contains(centre)
    assert not view.centre_on_token("nobody")
    view.fit_to_window()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    # Fit shows the walls' part of the map and every token (the whole map without walls).
    assert visible.contains(view.fitted_rect().adjusted(1, 1, -1, -1))
    for item in view.map_scene.token_items.values():
        assert visible.contains(item.sceneBoundingRect().center())


def test_middle_button_drag_pans(view):
    view.zoom_by(4.0)
    viewport = view.viewport()
    before = view.mapToScene(viewport.rect().center())
    QTest.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    QTest.mouseMove(viewport, QPoint(200, 250))
    QTest.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(200, 250))
    after = view.mapToScene(viewport.rect().center())
    assert after.x() > before.x()
    assert after.y() > before.y()


def test_the_scene_follows_model_changes(view):
    model = view.model
    scene = view.map_scene
    encounter = model.encounter
    encounter.combatants["gob1"].hp = 1
    model.notify(["gob1"])
    assert scene.token_items["gob1"].hp == 1
    encounter.combatants["imp"] = Combatant(id="imp", name="Imp", side="demons", position=(4, 6))
    model.notify(["imp"])
    assert isinstance(scene.token_items["imp"], TokenItem)
    del encounter.combatants["imp"]
    model.notify(["imp"])
    assert "imp" not in scene.token_items
    encounter.battle_map.set_terrain((0, 7), "water")
    model.notify(map=True)
    from drase_desktop.ui.map import map_palette

    assert scene.terrain_layer.tile_colour((0, 7)) == map_palette.terrain_colour("water")


def test_selection_rings_the_selected_token(view):
    view.model.select("bram")
    assert view.map_scene.token_items["bram"].selected
    view.model.select("gob1")
    assert not view.map_scene.token_items["bram"].selected
    assert view.map_scene.token_items["gob1"].selected


def test_a_new_encounter_of_another_size_rebuilds_the_scene(view):
    from drase_desktop.encounter.encounter import Encounter

    other = Encounter(BattleMap(30, 20), [Combatant(id="x", name="X", position=(29, 19))])
    view.model.set_encounter(other)
    scene = view.map_scene
    assert (scene.geometry.width, scene.geometry.height) == (30, 20)
    assert set(scene.token_items) == {"x"}
    assert scene.token_items["x"].pos() == scene.geometry.tile_to_scene((29, 19))


def test_the_map_stays_fitted_through_resizes_until_the_gm_zooms(view, qtbot):
    map_rect = view.map_scene.geometry.map_rect().adjusted(1, 1, -1, -1)
    view.resize(500, 300)
    seen = settled(lambda: view.mapToScene(view.viewport().rect()).boundingRect())
    assert view.auto_fit
    assert seen.contains(map_rect)
    view.zoom_by(2.0)
    assert not view.auto_fit
    pixels = view.tile_pixels()
    view.resize(900, 600)
    assert settled(view.tile_pixels) == pytest.approx(pixels)


def test_a_real_wheel_turn_zooms_in_around_the_cursor(view, qapp):
    from PySide6.QtGui import QWheelEvent

    cursor = QPointF(250, 180)
    before = view.mapToScene(cursor.toPoint())
    pixels = view.tile_pixels()
    event = QWheelEvent(
        cursor,
        view.viewport().mapToGlobal(cursor),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    qapp.sendEvent(view.viewport(), event)
    assert view.tile_pixels() == pytest.approx(pixels * 1.2)
    after = view.mapToScene(cursor.toPoint())
    assert after.x() == pytest.approx(before.x(), abs=2.0)
    assert after.y() == pytest.approx(before.y(), abs=2.0)


class _FullSurroundView(MapView):
    """The plain QGraphicsView background: the surround filled under the whole frame."""

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        QGraphicsView.drawBackground(self, painter, rect)


def test_the_surround_is_skipped_only_where_the_ground_covers_it(qtbot):
    """The view leaves the dark surround out under the opaque terrain; the frame must be the
    one a full surround fill under the map gives, pixel for pixel, edges included."""
    model = EncounterModel(skirmish())
    frames = []
    for view_class in (MapView, _FullSurroundView):
        view = shown_widget(qtbot, view_class(model), 400, 300)
        view.resetTransform()
        view.scale(1.37, 1.37)  # tile edges between device pixels
        view.centerOn(QPointF(20.3, 17.9))  # the map's top-left corner and the surround
        assert not view.map_scene.terrain_layer.opaque_rect().isEmpty()
        frames.append(frame_of(view))
    skipped, full = frames
    assert skipped == full
    # The surround shows outside the map, the ground inside it.
    surround = view.backgroundBrush().color()
    assert skipped.pixelColor(view.mapFromScene(QPointF(-20, -20))) == surround
    assert skipped.pixelColor(view.mapFromScene(QPointF(100, 40))) != surround
