"""Dragging tokens as a GM does: live path and cost, snapping, refusals, Esc, Shift, arrows."""

from __future__ import annotations

import pytest
from helpers.map_helpers import shown_view, skirmish
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView


@pytest.fixture
def view(qtbot):
    view = shown_view(qtbot)
    view.setFocus()
    return view


def view_reporting(qtbot, encounter, width: int, height: int) -> tuple[MapView, list[str]]:
    """A shown view over `encounter`, and the status messages it sends."""
    view = MapView(EncounterModel(encounter))
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    return view, reported(view)


def reported(view: MapView) -> list[str]:
    """The status messages `view` sends from now on, and why the encounter refused a move."""
    messages: list[str] = []
    view.statusMessage.connect(messages.append)
    view.model.refused.connect(messages.append)
    return messages


def at(view: MapView, tile: tuple[int, int]) -> QPoint:
    """The viewport point over the centre of `tile`."""
    return view.mapFromScene(view.map_scene.geometry.tile_centre(tile))


def press(view: MapView, tile, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, modifier, at(view, tile))


def move(view: MapView, tile) -> None:
    QTest.mouseMove(view.viewport(), at(view, tile))


def release(view: MapView, tile, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, modifier, at(view, tile))


def drag(view: MapView, path, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    press(view, path[0])
    for tile in path[1:]:
        move(view, tile)
    release(view, path[-1], modifier)


def position(view: MapView, combatant_id: str):
    return view.model.encounter.combatants[combatant_id].position


def test_drag_through_mud_shows_the_cost_and_lands_on_the_tile(view):
    scene = view.map_scene
    press(view, (1, 0))
    assert view.model.selected_id == "aria"
    assert scene.tool.dragging
    for tile in [(1, 1), (1, 2), (1, 3)]:
        move(view, tile)
    # Mud costs 2 to enter (ruling 18): 1 + 2 + 1.
    assert scene.drag_label.isVisible()
    # 4 tiles of movement for 3 tiles (6 m) of ground: the mud tile costs 2.
    assert scene.drag_label.text == "4 tiles of movement (6 m), speed 6: 2 left"
    assert scene.path_preview.path == [(1, 0), (1, 1), (1, 2), (1, 3)]
    assert scene.path_preview.tiles_over_speed == []
    # The token follows the mouse while dragging.
    assert scene.geometry.scene_to_tile(scene.token_items["aria"].sceneBoundingRect().center()) == (
        1,
        3,
    )
    release(view, (1, 3))
    assert position(view, "aria") == (1, 3)
    assert scene.token_items["aria"].pos() == scene.geometry.tile_to_scene((1, 3))
    assert view.model.undo_stack.count() == 1
    assert not scene.drag_label.isVisible()
    assert scene.path_preview.path == []
    view.model.undo_stack.undo()
    assert position(view, "aria") == (1, 0)
    assert scene.token_items["aria"].pos() == scene.geometry.tile_to_scene((1, 0))


def test_tiles_past_the_speed_show_red_and_the_drop_springs_back(view):
    scene = view.map_scene
    messages = reported(view)
    press(view, (1, 0))
    for tile in [(1, 2), (1, 4), (1, 6)]:
        move(view, tile)
    assert scene.drag_label.text == "7 tiles of movement (12 m), speed 6: 1 over"
    assert scene.drag_label.warning
    assert scene.path_preview.tiles_over_speed == [(1, 6)]
    release(view, (1, 6))
    assert position(view, "aria") == (1, 0)
    assert scene.token_items["aria"].pos() == scene.geometry.tile_to_scene((1, 0))
    assert view.model.undo_stack.count() == 0
    assert messages[-1].startswith("Too far: 7 tiles of movement (12 m) for Aria, speed 6")


def test_drop_on_another_token_is_refused(view):
    messages = reported(view)
    drag(view, [(2, 4), (4, 5), (6, 6)])
    assert position(view, "bram") == (2, 4)
    assert messages[-1] == "Cannot end on (6, 6): Goblin 1 is there."


def test_drop_behind_a_closed_door_is_refused_and_shift_forces_it(view):
    messages = reported(view)
    drag(view, [(1, 0), (5, 0), (9, 0)])
    assert position(view, "aria") == (1, 0)
    assert messages[-1].startswith("No way to (9, 0) for Aria: a wall")
    assert "Shift" in messages[-1]
    drag(view, [(1, 0), (5, 0), (9, 0)], Qt.KeyboardModifier.ShiftModifier)
    assert position(view, "aria") == (9, 0)
    assert view.model.undo_stack.count() == 1
    assert view.model.undo_stack.text(0).startswith("Force-move")


def test_escape_cancels_a_drag(view):
    scene = view.map_scene
    press(view, (1, 0))
    move(view, (1, 1))
    move(view, (3, 1))
    assert scene.path_preview.path
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not scene.tool.dragging
    assert scene.path_preview.path == []
    assert scene.token_items["aria"].pos() == scene.geometry.tile_to_scene((1, 0))
    release(view, (3, 1))
    assert position(view, "aria") == (1, 0)
    assert view.model.undo_stack.count() == 0


def test_a_click_without_moving_only_selects(view):
    press(view, (6, 6))
    release(view, (6, 6))
    assert view.model.selected_id == "gob1"
    assert view.model.undo_stack.count() == 0
    press(view, (4, 6))
    release(view, (4, 6))
    assert view.model.selected_id == ""


def test_arrow_keys_move_the_selected_token_one_tile_as_an_undo_step(view):
    messages = reported(view)
    view.model.select("bram")
    QTest.keyClick(view, Qt.Key.Key_Down)
    assert position(view, "bram") == (2, 5)
    assert view.model.undo_stack.count() == 1
    QTest.keyClick(view, Qt.Key.Key_Up)
    QTest.keyClick(view, Qt.Key.Key_Right)  # into the pillar
    assert position(view, "bram") == (2, 4)
    assert "blocked" in messages[-1]
    view.model.undo_stack.undo()
    view.model.undo_stack.undo()
    assert position(view, "bram") == (2, 4)


def test_a_large_token_drags_by_its_footprint(view):
    scene = view.map_scene
    # The ogre covers (10, 1)-(11, 2); grab it by its top-left tile and move one tile down.
    press(view, (10, 1))
    move(view, (10, 2))
    move(view, (10, 3))
    release(view, (10, 3))
    assert position(view, "ogre") == (10, 3)
    assert scene.token_items["ogre"].pos() == scene.geometry.tile_to_scene((10, 3))


def test_hovering_an_enemy_shows_range_cover_and_obscuration(view):
    scene = view.map_scene
    view.model.encounter.battle_map.set_obscuration((6, 6), "light")
    view.model.select("bram")
    move(view, (6, 6))
    assert scene.tool.hover_id == "gob1"
    assert scene.ruler.isVisible()
    text = scene.info_label.text
    # Bram (2, 4) to the goblin (6, 6): 4 + floor(2 / 2) = 5 tiles (ruling 18); the half cover
    # at (5, 5) lies on the line (ruling 22); light obscuration is 1 malus (ruling 23).
    assert text.startswith("Goblin 1: 5 tiles, 10 m")
    assert "Cover: half (-2)" in text
    assert "Obscured: light, 1 malus" in text
    move(view, (4, 7))
    assert not scene.info_label.isVisible()
    assert not scene.ruler.isVisible()


def test_in_setup_a_drag_places_the_token_anywhere_free(qtbot):
    model = EncounterModel(skirmish(started=False))
    view = MapView(model)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    view.fit_to_window()
    press(view, (1, 0))
    move(view, (10, 6))
    assert view.map_scene.drag_label.text == "Place at (10, 6)"
    release(view, (10, 6))
    assert position(view, "aria") == (10, 6)
    drag(view, [(10, 6), (3, 4)])  # the pillar
    assert position(view, "aria") == (10, 6)


def test_the_reachable_overlay_shrinks_as_movement_is_spent(view):
    reach = view.map_scene.reach_layer
    view.model.select("aria")
    before = set(reach.tiles)
    assert (1, 3) in before and (1, 6) not in before
    assert (9, 0) not in before  # behind the wall
    assert (2, 4) not in before  # Bram stands there: pass, never stop (ruling 21)
    drag(view, [(1, 0), (1, 3)])
    after = set(reach.tiles)
    # 2 tiles of movement left from (1, 3).
    assert (1, 5) in after and (1, 6) not in after and (1, 0) not in after


def test_dragging_on_empty_ground_measures_like_a_ruler(view):
    scene = view.map_scene
    press(view, (0, 4))
    move(view, (4, 7))
    # (0, 4) to (4, 7): 4 + floor(3 / 2) = 5 tiles under the "double" rule (ruling 18).
    assert scene.ruler.isVisible()
    assert scene.info_label.text == "Ruler: 5 tiles, 10 m"
    release(view, (4, 7))
    assert not scene.ruler.isVisible()
    assert view.model.undo_stack.count() == 0


def test_hovering_a_lower_target_shows_the_height_and_the_bonus(view):
    scene = view.map_scene
    view.model.encounter.battle_map.set_elevation((2, 4), 2)
    view.model.select("bram")
    move(view, (6, 6))
    # Ruling 20: 5 tiles across, 2 down: max(5, 2) + floor(2 / 2) = 6; ranged ignores the drop.
    text = scene.info_label.text
    assert text.startswith("Goblin 1: 6 tiles, 12 m (ranged 5 tiles, 10 m)")
    assert "Height: 2 tiles below, +1 bonus to hit" in text


def test_space_drag_pans_the_view(view):
    view.zoom_by(4.0)
    viewport = view.viewport()
    before = view.mapToScene(viewport.rect().center())
    QTest.keyPress(view, Qt.Key.Key_Space)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    QTest.mouseMove(viewport, QPoint(250, 250))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=QPoint(250, 250))
    QTest.keyRelease(view, Qt.Key.Key_Space)
    after = view.mapToScene(viewport.rect().center())
    assert after.x() > before.x() and after.y() > before.y()
    # Panning never touched a token.
    assert view.model.undo_stack.count() == 0


def test_movement_spent_this_round_counts_in_the_label_and_the_refusal(view):
    scene = view.map_scene
    messages = reported(view)
    drag(view, [(1, 0), (1, 3)])  # 4 of 6 tiles spent
    press(view, (1, 3))
    move(view, (1, 5))
    assert scene.drag_label.text == "2 tiles, 4 m (2 of speed 6 left: 0 left)"
    move(view, (1, 6))
    assert scene.drag_label.text == "3 tiles, 6 m (2 of speed 6 left: 1 over)"
    release(view, (1, 6))
    assert position(view, "aria") == (1, 3)
    assert messages[-1].startswith("Too far: 3 tiles, 6 m for Aria, 2 of speed 6 left")


def test_a_move_the_encounter_refuses_springs_back_with_its_reason(view):
    from drase_desktop.ui.commands import ChangeCommand

    model = view.model
    model.push(
        ChangeCommand.run(model, lambda encounter: encounter.apply_status("aria", "incapacitated"))
    )
    messages = reported(view)
    drag(view, [(1, 0), (1, 1)])
    assert position(view, "aria") == (1, 0)
    assert view.map_scene.token_items["aria"].pos() == view.map_scene.geometry.tile_to_scene((1, 0))
    assert "Aria" in messages[-1]
    assert model.undo_stack.count() == 1  # only the status


def test_far_beyond_the_search_says_too_far(qtbot):
    from drase_desktop.board import BattleMap
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter

    snail = Combatant(id="snail", name="Snail", side="gm", position=(0, 1), speed=1)
    encounter = Encounter(BattleMap(40, 3), [snail])
    encounter.start()
    view, messages = view_reporting(qtbot, encounter, 900, 300)
    # The drag searches 1 x 2 + 12 = 14 tiles; (30, 1) is 30 tiles off even on open ground.
    drag(view, [(0, 1), (30, 1)])
    assert snail.position == (0, 1)
    assert (
        messages[-1]
        == "Too far: (30, 1) is more than 14 tiles from Snail (hold Shift to force the move)."
    )


def test_ruling_19_circle_rule_refuses_a_corner_inside_the_cost_but_outside_the_circle(qtbot):
    from drase_desktop.board import BattleMap
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter, EncounterSettings

    scout = Combatant(id="scout", name="Scout", side="players", position=(0, 0), speed=2)
    encounter = Encounter(BattleMap(6, 6), [scout], settings=EncounterSettings(diagonal="circle"))
    encounter.start()
    view, messages = view_reporting(qtbot, encounter, 600, 600)
    # Two king moves cost 2 (within speed 2), but (2, 2) lies 2.83 tiles away: off the circle.
    drag(view, [(0, 0), (2, 2)])
    assert scout.position == (0, 0)
    assert "outside the movement circle" in messages[-1]
    drag(view, [(0, 0), (2, 0)])
    assert scout.position == (2, 0)


def test_the_cost_label_stays_inside_the_view_near_its_edge(view):
    scene = view.map_scene
    press(view, (10, 1))  # the ogre, near the right edge
    move(view, (10, 4))
    label = scene.drag_label
    assert label.isVisible()
    box = label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
    assert view.viewport().rect().toRectF().contains(box.adjusted(3, 3, -3, -3))
    QTest.keyClick(view, Qt.Key.Key_Escape)


def test_a_token_hanging_off_the_map_cannot_be_dragged_and_says_why(view):
    ogre = view.model.encounter.combatants["ogre"]
    ogre.position = (11, 1)  # a 2 x 2 token in the last column: half off the 12-wide map
    view.model.notify(["ogre"])
    messages = reported(view)
    view.model.select("ogre")
    assert not view.map_scene.reach_layer.tiles
    press(view, (11, 1))
    assert not view.map_scene.tool.dragging
    assert "off the map" in messages[-1]
    release(view, (11, 1))


def test_ruling_42_a_forced_drag_shows_the_fall_from_a_large_tokens_highest_tile(view):
    """The ogre (2 x 2 from (10, 1)) stands on a rock at (11, 2), 3 tiles high; its top-left
    tile is level. Shift-dragged down onto level ground, the label says it falls 3 tiles, the
    drop the encounter logs when the move is made."""
    view.model.encounter.battle_map.set_elevation((11, 2), 3)
    scene = view.map_scene
    press(view, (10, 1))
    scene.tool.move(scene.geometry.tile_centre((10, 4)), Qt.KeyboardModifier.ShiftModifier)
    assert scene.drag_label.text.endswith("falls 3 tiles")
    release(view, (10, 4), Qt.KeyboardModifier.ShiftModifier)
    assert position(view, "ogre") == (10, 4)
    assert view.model.encounter.log.entries[-1].data["drop"] == 3
