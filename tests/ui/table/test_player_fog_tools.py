"""The GM's fog tools on the map and the table menus: one gesture is one undo step."""

from __future__ import annotations

import pytest
from helpers.event_loop import settled
from helpers.player_helpers import skirmish_model, table_tools_window
from helpers.window_helpers import action
from PySide6.QtCore import QPointF, Qt

from drase_desktop.ui.map.fog_layer import GM_FOG, PLAYER_FOG
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.fog_tool import FogTool
from drase_desktop.ui.table.player_display import PlayerDisplay, PlayerView

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NONE = Qt.KeyboardModifier.NoModifier


def centre(scene, tile) -> QPointF:
    return scene.geometry.tile_centre(tile)


@pytest.fixture
def gm(qtbot):
    model = skirmish_model()
    view = MapView(model)
    qtbot.addWidget(view)
    view.resize(600, 400)
    controller = fog_controller(model)
    tool = FogTool(view.map_scene, controller)
    view.map_scene.tools.activate(tool)
    return model, view, controller, tool


def test_a_brush_stroke_is_one_undo_step(gm) -> None:
    model, view, controller, tool = gm
    controller.apply(lambda fog: fog.hide_all())
    scene = view.map_scene
    tool.radius = 0
    tool.press(centre(scene, (1, 1)), LEFT, NONE)
    tool.move(centre(scene, (4, 1)), NONE)  # the tiles in between are filled too
    tool.release(centre(scene, (4, 1)), LEFT, NONE)
    fog = controller.fog
    assert fog.revealed_tiles() == {(1, 1), (2, 1), (3, 1), (4, 1)}
    assert model.undo_stack.count() == 2
    model.undo_stack.undo()
    assert fog.revealed_count == 0
    model.undo_stack.redo()
    assert fog.revealed_count == 4


def test_the_right_button_does_the_opposite_and_esc_takes_a_stroke_back(gm) -> None:
    model, view, controller, tool = gm
    scene = view.map_scene
    tool.press(centre(scene, (5, 5)), RIGHT, NONE)  # reveal mode: right hides
    assert not controller.fog.is_revealed((5, 5))
    assert tool.key(Qt.Key.Key_Escape, NONE)
    assert controller.fog.all_revealed
    assert model.undo_stack.count() == 0


def test_a_rectangle_hides_between_press_and_release(gm) -> None:
    model, view, controller, tool = gm
    tool.set_mode("rectangle")
    tool.reveal = False
    scene = view.map_scene
    tool.press(centre(scene, (1, 1)), LEFT, NONE)
    tool.move(centre(scene, (3, 2)), NONE)
    assert controller.fog.all_revealed  # nothing until release
    tool.release(centre(scene, (3, 2)), LEFT, NONE)
    assert controller.fog.revealed_count == 12 * 8 - 6
    assert model.undo_stack.count() == 1


def test_a_room_click_reveals_up_to_the_wall_and_closed_door(gm) -> None:
    model, view, controller, tool = gm
    controller.apply(lambda fog: fog.hide_all())
    tool.set_mode("room")
    tool.press(centre(view.map_scene, (10, 6)), LEFT, NONE)
    fog = controller.fog
    assert fog.is_revealed((9, 0)) and fog.is_revealed((11, 7))
    assert not fog.is_revealed((7, 3))


def test_the_gm_sees_through_the_fog_the_players_do_not(gm) -> None:
    model, view, controller, tool = gm
    from drase_desktop.ui.map.fog_layer import install_gm_fog

    layer = install_gm_fog(view.map_scene, controller)
    assert install_gm_fog(view.map_scene, controller) is layer  # once per scene
    controller.apply(lambda fog: fog.hide([(2, 2)]))
    assert layer.tile_colour((2, 2)).alpha() == GM_FOG.alpha() < 255
    assert layer.tile_colour((3, 3)).alpha() == 0
    player = PlayerView(model)
    assert player.player_scene.fog_layer.tile_colour((2, 2)) == PLAYER_FOG
    assert PLAYER_FOG.alpha() == 255


def test_a_real_mouse_drag_on_the_map_view_reveals(qtbot, gm) -> None:
    model, view, controller, tool = gm
    view.show()
    view.fit_to_window()
    controller.apply(lambda fog: fog.hide_all())
    tool.radius = 0
    start = view.mapFromScene(centre(view.map_scene, (2, 5)))
    qtbot.mousePress(view.viewport(), LEFT, pos=start)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=start)
    assert controller.fog.revealed_tiles() == {(2, 5)}


@pytest.fixture
def window(qtbot):
    return table_tools_window(qtbot)


def test_the_window_menu_opens_the_player_display_with_f8(qtbot, window) -> None:
    show = action(window, "showPlayerDisplayAction")
    assert show.shortcut().toString() == "F8"
    show.trigger()
    display = window.tools.player_display
    qtbot.addWidget(display)
    assert isinstance(display, PlayerDisplay) and display.isVisible()
    assert display.objectName() == "playerDisplay"
    action(window, "pushViewAction").trigger()
    assert not display.following and not action(window, "followGmAction").isChecked()
    action(window, "followGmAction").setChecked(True)
    assert display.following


def test_flipping_covers_the_map_with_the_player_view_and_back(window) -> None:
    flip = action(window, "flipToPlayerViewAction")
    flip.trigger()
    view = window.tools.flip_view
    assert view is not None and view.isVisible()
    assert view.geometry() == window.centralWidget().geometry()
    flip.trigger()
    assert not view.isVisible()


def test_fog_mode_actions_swap_the_scene_tool_and_back(window) -> None:
    scene = window.map_view.map_scene
    action(window, "fogRoomAction").trigger()
    assert isinstance(scene.tool, FogTool) and scene.tool.mode == "room"
    action(window, "fogBrushAction").trigger()
    assert scene.tool.mode == "brush"
    action(window, "fogBrushAction").trigger()  # unchecked: back to moving tokens
    assert scene.tool is scene.move_tool


def test_hide_all_then_reveal_what_the_players_see_from_the_menu(window) -> None:
    model = window.model
    action(window, "hideAllAction").trigger()
    fog = fog_controller(model).fog
    assert fog.revealed_count == 0
    action(window, "revealSeenAction").trigger()
    # Aria and Bram stand west of the wall: they see the west room, nothing east.
    assert fog.is_revealed((0, 0)) and fog.is_revealed((7, 7))
    assert not fog.is_revealed((10, 1))
    model.undo_stack.undo()
    assert fog.revealed_count == 0


def test_attaching_a_new_map_view_moves_the_fog_and_the_display_to_it(qtbot, window) -> None:
    display = window.tools.player_display
    qtbot.addWidget(display)
    new_view = MapView(window.model)
    window.setCentralWidget(new_view)
    window.map_view = new_view
    window.tools.attach_map_view(new_view)
    assert window.tools.fog_layer.scene() is new_view.map_scene
    assert (
        display.gm_visible_rect() == new_view.mapToScene(new_view.viewport().rect()).boundingRect()
    )


def test_reveal_as_the_players_move_is_part_of_the_moves_one_undo_step(qtbot, window) -> None:
    from drase_desktop.ui.commands import MoveTokenCommand

    model = window.model

    def position(model, combatant_id):
        return model.encounter.combatants[combatant_id].position

    action(window, "hideAllAction").trigger()
    fog = fog_controller(model).fog
    # Off: a move reveals nothing.
    model.push(MoveTokenCommand(model, "bram", [(2, 4), (2, 5)]))
    # A move reveals on the loop's next turn (a zero-delay timer): let it have its turns.
    assert settled(lambda: fog.revealed_count) == 0
    action(window, "autoRevealAction").setChecked(True)
    count = model.undo_stack.count()
    model.push(MoveTokenCommand(model, "bram", [(2, 5), (2, 6)]))
    qtbot.waitUntil(lambda: fog.revealed_count > 0)
    assert fog.is_revealed((2, 6)) and not fog.is_revealed((10, 6))
    # The move and what it revealed are one undo step: one Ctrl+Z takes back both.
    assert model.undo_stack.count() == count + 1
    assert model.undo_stack.undoText() == "Move Bram 1 tile"
    revealed = fog.revealed_count
    model.undo_stack.undo()
    assert fog.revealed_count == 0 and position(model, "bram") == (2, 5)
    model.undo_stack.redo()  # a redo of the move is not a new move: no second reveal
    assert settled(lambda: fog.revealed_count) == revealed
    assert model.undo_stack.count() == count + 1
    assert fog.revealed_count == revealed and position(model, "bram") == (2, 6)
    # A GM creature's move reveals nothing.
    model.undo_stack.redo()
    before = fog.revealed_count
    model.push(MoveTokenCommand(model, "gob1", [(6, 6), (6, 5)], forced=True))
    assert settled(lambda: fog.revealed_count) == before


def test_the_gm_pans_the_players_view_by_whole_tiles(qtbot, window) -> None:
    display = window.tools.player_display
    qtbot.addWidget(display)
    display.resize(640, 400)
    display.show()
    before = display.view.wanted_rect()
    action(window, "panPlayersRightAction").trigger()
    action(window, "panPlayersDownAction").trigger()
    after = display.view.wanted_rect()
    size = display.view.player_scene.geometry.tile_size
    assert (after.x() - before.x(), after.y() - before.y()) == (size, size)
    assert not display.following


def test_keys_in_the_display_pan_and_toggle_full_screen(qtbot) -> None:
    model = skirmish_model()
    display = PlayerDisplay(model)
    qtbot.addWidget(display)
    display.show()
    before = display.view.wanted_rect()
    qtbot.keyClick(display, Qt.Key.Key_Left)
    assert (
        display.view.wanted_rect().x() == before.x() - display.view.player_scene.geometry.tile_size
    )
    qtbot.keyClick(display, Qt.Key.Key_F11)
    assert display.isFullScreen()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isFullScreen()


def test_a_display_opened_later_holds_its_view_if_the_gm_said_so(qtbot, window) -> None:
    action(window, "followGmAction").setChecked(False)
    display = window.tools.player_display
    qtbot.addWidget(display)
    assert not display.following


def test_a_door_opened_reveals_what_the_players_see_through_it_in_its_undo_step(
    qtbot, window
) -> None:
    """Aria stands by the skirmish's door (x = 8, rows 3-4); opened, the east side shows."""
    from drase_desktop.ui.commands import MoveTokenCommand
    from drase_desktop.ui.map.door_clicks import open_or_close_door

    model = window.model
    model.push(MoveTokenCommand(model, "aria", [(7, 3)], forced=True))
    action(window, "hideAllAction").trigger()
    action(window, "autoRevealAction").setChecked(True)
    fog = fog_controller(model).fog
    count = model.undo_stack.count()
    model.select("aria")
    assert open_or_close_door(model, 0) == "Aria opens the door at (8, 3)"
    qtbot.waitUntil(lambda: fog.is_revealed((10, 3)))
    assert model.undo_stack.count() == count + 1
    model.undo_stack.undo()
    assert model.encounter.battle_map.doors[0].closed and not fog.is_revealed((10, 3))
