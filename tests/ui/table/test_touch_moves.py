"""Touch on a table TV: a player drags their own token with a finger on the player display, sees
the path and its cost in large type, and the move goes through the GM's rules (at once, or
waiting for the GM's OK); pinching never zooms in true scale. Touches are sent through QTest's
touch API with a touch screen device made for the test."""

from __future__ import annotations

import pytest
from helpers.player_helpers import skirmish_model
from helpers.shown_widget import shown_widget
from helpers.window_helpers import action, open_player_display, open_window
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QTransform
from PySide6.QtTest import QTest

from drase_desktop.ui.commands import MoveTokenCommand
from drase_desktop.ui.map.map_label import FONT_PIXELS
from drase_desktop.ui.table.player_display import PlayerView
from drase_desktop.ui.table.touch_moves import touch_queue
from drase_desktop.ui.table.true_scale import TrueScale


@pytest.fixture(scope="module")
def touch_screen():
    return QTest.createTouchDevice()


def _view(qtbot, model=None) -> PlayerView:
    view = shown_widget(qtbot, PlayerView(model or skirmish_model()), 960, 640)
    view.show_rect(view.player_scene.geometry.map_rect())
    return view


def _at(view: PlayerView, tile, dx: float = 0.5, dy: float = 0.5) -> QPoint:
    size = view.player_scene.geometry.tile_size
    return view.mapFromScene(QPointF((tile[0] + dx) * size, (tile[1] + dy) * size))


def _drag(view: PlayerView, device, start, steps, *, release: bool = True) -> None:
    """One finger from the centre of tile `start` through the centres of `steps`."""
    viewport = view.viewport()
    QTest.touchEvent(viewport, device).press(0, _at(view, start), viewport).commit()
    for tile in steps:
        QTest.touchEvent(viewport, device).move(0, _at(view, tile), viewport).commit()
    if release:
        end = steps[-1] if steps else start
        QTest.touchEvent(viewport, device).release(0, _at(view, end), viewport).commit()


def test_a_finger_drags_a_players_token_and_the_move_is_one_undo_step(qtbot, touch_screen):
    view = _view(qtbot)
    model = view.model
    aria = model.encounter.combatants["aria"]
    assert aria.position == (1, 0)
    steps = model.undo_stack.count()
    _drag(view, touch_screen, (1, 0), [(2, 0), (3, 1), (4, 1)])
    assert aria.position == (4, 1)
    assert model.undo_stack.count() == steps + 1
    command = model.undo_stack.command(steps)
    assert isinstance(command, MoveTokenCommand)  # the GM's drag's own command
    assert command.combatant_id == "aria" and not command.forced
    model.undo_stack.undo()
    assert aria.position == (1, 0)


def test_the_path_and_its_cost_show_in_large_type_while_the_finger_moves(qtbot, touch_screen):
    view = _view(qtbot)
    touch = view.touch
    _drag(view, touch_screen, (1, 0), [(2, 0), (3, 0), (4, 0)], release=False)
    assert touch.dragging
    assert touch.preview.path[0] == (1, 0) and touch.preview.path[-1] == (4, 0)
    assert touch.label.isVisible()
    assert touch.label.text.startswith("3 tiles, 6 m")
    # Large type: at least the 8 mm the table needs, never smaller than the GM's label.
    letters = touch.label._font.pixelSize()
    assert letters >= max(FONT_PIXELS, 8.0 * view.pixels_per_mm() - 0.5)
    # And the whole box stays on the display, however large the letters.
    # (the label ignores the view's zoom: its box is in screen pixels from its anchor)
    anchor = view.mapFromScene(touch.label.pos())
    shown = touch.label.boundingRect().translated(anchor.x(), anchor.y()).toAlignedRect()
    assert view.viewport().rect().contains(shown)
    viewport = view.viewport()
    QTest.touchEvent(viewport, touch_screen).release(0, _at(view, (4, 0)), viewport).commit()
    assert not touch.dragging
    assert not touch.preview.isVisible() or touch.preview.path == []


def test_a_move_the_rules_refuse_springs_back_and_says_why(qtbot, touch_screen):
    view = _view(qtbot)
    model = view.model
    aria = model.encounter.combatants["aria"]
    steps = model.undo_stack.count()
    # Through the wall at x = 8 (the closed door is the only way): too far / no way.
    _drag(view, touch_screen, (1, 0), [(5, 0), (9, 0)])
    assert aria.position == (1, 0)
    assert model.undo_stack.count() == steps
    assert view.touch.label.isVisible() and view.touch.label.warning
    item = view.player_scene.token_items["aria"]
    assert item.pos() == view.player_scene.geometry.tile_to_scene((1, 0))


def test_a_gm_token_cannot_be_dragged_by_the_players(qtbot, touch_screen):
    view = _view(qtbot)
    goblin = view.model.encounter.combatants["gob1"]
    _drag(view, touch_screen, (6, 6), [(5, 6), (4, 6)])
    assert goblin.position == (6, 6)
    assert not view.touch.dragging


def test_a_hidden_players_token_cannot_be_found_by_touch(qtbot, touch_screen):
    model = skirmish_model()
    model.encounter.combatants["bram"].hidden = True
    view = _view(qtbot, model)
    _drag(view, touch_screen, (2, 4), [(2, 5), (2, 6)])
    assert model.encounter.combatants["bram"].position == (2, 4)


def test_two_fingers_never_zoom_in_true_scale_and_cancel_the_drag(qtbot, touch_screen):
    view = _view(qtbot)
    view.set_true_scale(TrueScale(60.0))
    before = QTransform(view.transform())
    rect = view.sceneRect()
    viewport = view.viewport()
    aria = view.model.encounter.combatants["aria"]
    a, b = _at(view, (1, 0)), _at(view, (3, 3))
    QTest.touchEvent(viewport, touch_screen).press(0, a, viewport).commit()
    QTest.touchEvent(viewport, touch_screen).move(0, a).press(1, b, viewport).commit()
    # Spread the fingers apart as a pinch to zoom in would.
    for step in range(1, 6):
        QTest.touchEvent(viewport, touch_screen).move(
            0, a - QPoint(20 * step, 20 * step), viewport
        ).move(1, b + QPoint(20 * step, 20 * step), viewport).commit()
    QTest.touchEvent(viewport, touch_screen).release(0, a - QPoint(100, 100), viewport).release(
        1, b + QPoint(100, 100), viewport
    ).commit()
    assert view.transform() == before
    assert view.sceneRect() == rect
    assert view.tile_pixels() == pytest.approx(60.0)
    assert aria.position == (1, 0)
    assert not view.touch.dragging


# --- waiting for the GM -----------------------------------------------------------------------


def test_with_the_setting_on_a_touch_move_waits_for_the_gm(qtbot, touch_screen):
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    display.setGeometry(0, 0, 960, 640)  # on the screen, where the fingers can reach it
    qtbot.waitExposed(display)
    model = window.model
    player = next(
        c for c in model.encounter.combatants.values() if c.side == "players" and c.position
    )
    view = display.view
    display.set_following(False)
    view.show_rect(view.player_scene.geometry.map_rect())
    action(window, "touchMovesNeedOkAction").setChecked(True)
    queue = touch_queue(model)
    start = player.position
    target = next(
        t
        for t in ((start[0] + 1, start[1]), (start[0], start[1] + 1), (start[0] - 1, start[1]))
        if model.encounter.battle_map.in_bounds(t)
        and model.encounter.battle_map.terrain(t) != "blocked"
        and not any(t in c.tiles() for c in model.encounter.combatants.values())
    )
    steps = model.undo_stack.count()
    _drag(view, touch_screen, start, [target])
    assert player.position == start  # not yet
    assert [p.combatant_id for p in queue.pending] == [player.id]
    confirm = action(window, "confirmTouchMoveAction")
    assert confirm.isEnabled() and player.name in confirm.text()
    assert "The players ask" in window.statusBar().currentMessage()
    confirm.trigger()
    assert player.position == target
    assert model.undo_stack.count() == steps + 1
    assert not confirm.isEnabled()
    # Refused: nothing moves.
    _drag(view, touch_screen, target, [start])
    action(window, "refuseTouchMoveAction").trigger()
    assert player.position == target
    assert queue.pending == []


def _tap(view: PlayerView, device, x: float, y: float) -> None:
    viewport = view.viewport()
    size = view.player_scene.geometry.tile_size
    where = view.mapFromScene(QPointF(x * size, y * size))
    QTest.touchEvent(viewport, device).press(0, where, viewport).commit()
    QTest.touchEvent(viewport, device).release(0, where, viewport).commit()


def test_a_players_tap_opens_a_door_beside_their_token_but_never_a_locked_one(qtbot, touch_screen):
    from drase_desktop.encounter.map_edits import MapEdit

    view = _view(qtbot)
    model = view.model
    door = lambda: model.encounter.battle_map.doors[0]  # noqa: E731 - the skirmish's, x = 8
    _tap(view, touch_screen, 8.0, 3.5)
    assert door().closed  # no player's token beside it
    assert "beside the door" in view.touch.label.text
    model.push(MoveTokenCommand(model, "aria", [(7, 3)], forced=True))
    _tap(view, touch_screen, 8.0, 3.5)
    assert not door().closed
    assert model.encounter.log[-1].text == "Aria opens the door at (8, 3)"
    model.undo_stack.undo()
    assert door().closed
    edit = MapEdit(model.encounter.battle_map)
    edit.set_door_locked(0, True)
    _tap(view, touch_screen, 8.0, 3.5)
    assert door().closed and "only the GM opens it" in view.touch.label.text
