"""Map making in the window, as a GM does it: paint, draw walls, undo a stroke, place lights."""

from __future__ import annotations

import pytest
from helpers.editor_helpers import (
    RIGHT,
    centre,
    click,
    move,
    open_editor,
    point,
    press,
    release,
    stroke,
)
from helpers.event_loop import settled
from helpers.map_helpers import skirmish
from PySide6.QtCore import QEvent, QObject, QRect, QRectF, Qt
from PySide6.QtTest import QTest

from drase_desktop.board import Door, Light, find_path
from drase_desktop.ui.map.map_scene import MapScene


@pytest.fixture
def window(qtbot):
    window = open_editor(qtbot, skirmish())
    window.model.select("aria")
    window.editor.edit_action.trigger()
    return window


def cost(window, tile):
    """Aria's cheapest path cost to `tile`, however far."""
    found = find_path(window.model.encounter.battle_map, (1, 0), tile)
    return None if found is None else found[1]


def test_edit_mode_shows_the_dock_and_swaps_the_tool(window, qtbot):
    dock = window.findChild(type(window.editor.palette), "editorDock")
    assert dock is not None and dock.isVisible()
    assert window.view.map_scene.tool is window.editor.tool
    window.editor.edit_action.trigger()
    assert not dock.isVisible()
    assert window.view.map_scene.tool is window.view.map_scene.move_tool


def test_painting_difficult_terrain_raises_the_path_cost_live(window):
    """Aria (speed 6) walks row 0; a 3-tile brush of mud across rows 0-2 makes every tile of
    the way cost 2 (ruling 18)."""
    view = window.view
    scene = view.map_scene
    window.editor.palette.set_mode("terrain")
    window.editor.palette.set_terrain("mud")
    window.editor.palette.size_spin.setValue(3)
    assert cost(window, (5, 0)) == 4
    assert (7, 0) in scene.reach_layer.tiles
    press(view, centre(view, (3, 1)))
    move(view, centre(view, (4, 1)))
    # Mid-stroke: the map, the movement graph and the reachable tiles already follow.
    assert window.model.encounter.battle_map.terrain((4, 0)) == "mud"
    assert (7, 0) not in scene.reach_layer.tiles
    assert window.model.undo_stack.count() == 0
    release(view, centre(view, (4, 1)))
    assert cost(window, (5, 0)) == 8
    assert window.model.undo_stack.count() == 1
    assert window.model.undo_stack.undoText() == "Paint mud"


def test_undo_takes_back_the_whole_stroke(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_mode("terrain")
    window.editor.palette.set_terrain("blocked")
    window.editor.palette.size_spin.setValue(2)
    stroke(view, [(4, 4), (5, 4), (6, 4), (6, 5)])
    painted = {t for t in battle_map.positions() if battle_map.terrain(t) == "blocked"}
    assert len(painted) > 6
    assert window.model.undo_stack.count() == 1
    window.model.undo_stack.undo()
    assert {t for t in battle_map.positions() if battle_map.terrain(t) == "blocked"} == {(3, 4)}
    window.model.undo_stack.redo()
    assert {t for t in battle_map.positions() if battle_map.terrain(t) == "blocked"} == painted


def test_escape_takes_back_the_stroke_in_progress(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_mode("obscuration")
    press(view, centre(view, (5, 1)))
    move(view, centre(view, (6, 1)))
    assert battle_map.obscuration((6, 1)) == "light"
    QTest.keyClick(view.viewport(), Qt.Key.Key_Escape)
    release(view, centre(view, (6, 1)))
    assert battle_map.obscuration((6, 1)) == "none"
    assert window.model.undo_stack.count() == 0


def test_drawing_a_wall_makes_the_path_go_around(window):
    """A wall on the edge line x = 4 from the top to y = 2: Aria must go round through row 2."""
    view = window.view
    window.editor.palette.set_mode("wall")
    assert cost(window, (6, 0)) == 5
    press(view, point(view, 4.1, 0.1))
    move(view, point(view, 4.2, 1.2))
    release(view, point(view, 3.9, 1.9))
    walls = window.model.encounter.battle_map.walls
    assert walls[-1].start == (4.0, 0.0) and walls[-1].end == (4.0, 2.0)
    path, detour = find_path(window.model.encounter.battle_map, (1, 0), (6, 0))
    assert detour > 5
    crossings = [(a, b) for a, b in zip(path, path[1:], strict=False) if {a[0], b[0]} == {3, 4}]
    assert crossings and all(min(a[1], b[1]) >= 2 for a, b in crossings)
    window.model.undo_stack.undo()
    assert cost(window, (6, 0)) == 5


def test_door_click_toggles_and_right_click_removes(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_mode("door")
    click(view, point(view, 8.0, 3.5))
    assert battle_map.doors == [Door((8, 3), (8, 4), closed=False)]
    assert window.model.undo_stack.undoText() == "Open door"
    window.model.undo_stack.undo()
    assert battle_map.doors[0].closed
    window.editor.palette.set_mode("wall")
    walls = len(battle_map.walls)
    click(view, point(view, 8.0, 6.0), RIGHT)
    assert len(battle_map.walls) == walls - 1


def test_lights_are_placed_moved_and_removed(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.set_ambient_light("dark")
    window.editor.palette.set_mode("light")
    window.editor.palette.radius_spin.setValue(3)
    click(view, centre(view, (5, 3)))
    assert battle_map.lights == [Light((5.5, 3.5), 3)]
    assert view.map_scene.light_layer.light_at((5, 3)) == "bright"
    press(view, centre(view, (5, 3)))
    move(view, centre(view, (2, 6)))
    release(view, centre(view, (2, 6)))
    assert battle_map.lights == [Light((2.5, 6.5), 3)]
    click(view, centre(view, (2, 6)), RIGHT)
    assert battle_map.lights == []
    assert window.model.undo_stack.count() == 4  # ambient, place, move, remove


def test_rectangle_and_flood_fill(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    palette = window.editor.palette
    palette.set_mode("cover")
    palette.shape_combo.setCurrentIndex(palette.shape_combo.findData("rect"))
    stroke(view, [(9, 5), (10, 6), (11, 7)])
    assert sum(battle_map.cover_feature(t) == "half" for t in battle_map.positions()) == 1 + 9
    palette.set_mode("terrain")
    palette.set_terrain("water")
    palette.shape_combo.setCurrentIndex(palette.shape_combo.findData("fill"))
    click(view, centre(view, (10, 2)))
    # East of the wall is one room: 4 columns x 8 rows, the ogre's ground included.
    water = {t for t in battle_map.positions() if battle_map.terrain(t) == "water"}
    assert water == {(x, y) for x in range(8, 12) for y in range(8)}
    assert window.model.undo_stack.count() == 2


def test_height_stroke_raises_once_and_eraser_clears(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    palette = window.editor.palette
    palette.set_mode("elevation")
    stroke(view, [(5, 6), (6, 6), (5, 6), (6, 6)])
    assert battle_map.elevation((5, 6)) == 1 and battle_map.elevation((6, 6)) == 1
    palette.set_mode("eraser")
    stroke(view, [(5, 6), (5, 5)])
    assert battle_map.elevation((5, 6)) == 0 and battle_map.cover_feature((5, 5)) == "none"


@pytest.mark.parametrize("mode", ["terrain", "elevation", "cover", "obscuration"])
def test_live_repaint_matches_a_full_reload(window, mode):
    """Mid-stroke the layers repaint only the dabbed tiles; that must equal redrawing all."""
    view = window.view
    scene = view.map_scene
    window.editor.set_ambient_light("dim")
    window.model.encounter.battle_map.lights.append(Light((2.5, 5.5), 2))
    scene.reload_map()
    window.editor.palette.set_mode(mode)
    window.editor.palette.set_terrain("swamp")
    window.editor.palette.obscuration_combo.setCurrentText("heavy")
    window.editor.palette.size_spin.setValue(3)
    press(view, centre(view, (2, 5)))
    for tile in [(3, 5), (4, 6), (6, 6)]:
        move(view, centre(view, tile))
    assert scene.tool.stroking
    fresh = MapScene(window.model)  # what a full redraw gives for the same map
    assert scene.terrain_layer.image == fresh.terrain_layer.image
    assert scene.height_layer.image == fresh.height_layer.image
    assert scene.cover_layer._cover == fresh.cover_layer._cover
    assert scene.light_layer.image == fresh.light_layer.image
    rows = window.model.encounter.battle_map.height
    assert scene.terrain_layer.hatch_rects(0, rows) == fresh.terrain_layer.hatch_rects(0, rows)


def test_resize_grows_on_the_left_and_moves_tokens(window):
    encounter = window.model.encounter
    assert window.editor.resize_map(15, 8, "left", "bottom")
    assert (encounter.battle_map.width, encounter.battle_map.height) == (15, 8)
    assert encounter.combatants["aria"].position == (4, 0)
    assert window.view.map_scene.geometry.width == 15
    window.model.undo_stack.undo()
    assert encounter.battle_map.width == 12 and encounter.combatants["aria"].position == (1, 0)


def test_resize_dialog_refuses_a_cut_under_a_token(window, monkeypatch):
    messages = []
    monkeypatch.setattr(window.editor, "show_error", lambda title, text: messages.append(text))

    def accept(dialog):
        dialog.set_choice(6, 8, "right", "bottom")
        return True

    monkeypatch.setattr(window.editor, "run_dialog", accept)
    assert not window.editor.resize_dialog()
    assert "Goblin 1 would stand off the 6 x 8 map" in messages[0]
    assert window.model.encounter.battle_map.width == 12


class _PaintedRegion(QObject):
    """The union of the viewport rects painted while installed (device pixels)."""

    def __init__(self) -> None:
        super().__init__()
        self.region = QRect()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.region = self.region.united(event.rect())
        return False


def _painted(qtbot, view, action) -> QRectF:
    """The scene rect the view repainted because of `action`."""
    spy = _PaintedRegion()
    view.viewport().installEventFilter(spy)
    settled(lambda: QRect(spy.region))  # the repaints asked for before are done
    spy.region = QRect()
    action()
    settled(lambda: QRect(spy.region))
    view.viewport().removeEventFilter(spy)
    return view.mapToScene(spy.region).boundingRect() if not spy.region.isEmpty() else QRectF()


def test_a_dab_and_a_hover_repaint_only_their_tiles(window, qtbot):
    """The brush outline and each dab (with the reach overlay following it) repaint a few tiles,
    never the whole map."""
    view = window.view
    scene = view.map_scene
    size = scene.geometry.tile_size
    window.editor.palette.set_terrain("mud")
    move(view, centre(view, (9, 6)))
    hover = _painted(qtbot, view, lambda: move(view, centre(view, (10, 6))))
    assert 0 < hover.width() <= 4 * size and hover.height() <= 4 * size, hover
    press(view, centre(view, (9, 6)))
    dab = _painted(qtbot, view, lambda: move(view, centre(view, (10, 7))))
    release(view, centre(view, (10, 7)))
    assert window.model.encounter.battle_map.terrain((10, 7)) == "mud"
    assert 0 < dab.width() <= 4 * size and dab.height() <= 4 * size, dab


def test_blocked_ground_is_never_painted_under_a_token(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_terrain("blocked")
    window.editor.palette.size_spin.setValue(3)
    stroke(view, [(1, 1)])
    assert battle_map.terrain((1, 0)) == "normal"  # Aria stands there
    assert battle_map.terrain((0, 0)) == "blocked" and battle_map.terrain((2, 2)) == "blocked"


def test_undo_while_a_stroke_is_held_abandons_it_cleanly(window):
    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_terrain("water")
    stroke(view, [(5, 5), (6, 5)])
    window.editor.palette.set_terrain("swamp")
    press(view, centre(view, (6, 5)))
    move(view, centre(view, (7, 5)))
    window.model.undo_stack.undo()  # Ctrl+Z with the mouse still down
    release(view, centre(view, (7, 5)))
    assert [battle_map.terrain((x, 5)) for x in (5, 6, 7)] == ["normal"] * 3
    assert battle_map.cover_feature((5, 5)) == "half"
    assert (window.model.undo_stack.count(), window.model.undo_stack.index()) == (1, 0)


def test_the_doors_tool_draws_locked_doors_and_ctrl_click_locks_one(window):
    from PySide6.QtWidgets import QCheckBox

    view = window.view
    battle_map = window.model.encounter.battle_map
    window.editor.palette.set_mode("door")
    locked = window.findChild(QCheckBox, "doorLockedCheck")
    assert locked is not None and locked.isVisible()
    # Ctrl+click on the skirmish's door locks it (one undo step), again unlocks it.
    where = point(view, 8.0, 3.5)
    press(view, where, modifier=Qt.KeyboardModifier.ControlModifier)
    release(view, where, modifier=Qt.KeyboardModifier.ControlModifier)
    assert battle_map.doors[0].locked and battle_map.doors[0].closed
    assert window.model.undo_stack.undoText() == "Lock door"
    window.model.undo_stack.undo()
    assert not battle_map.doors[0].locked
    # Ticked, a new door is drawn locked.
    locked.setChecked(True)
    press(view, point(view, 0.1, 7.0))
    move(view, point(view, 1.0, 7.0))
    release(view, point(view, 2.0, 7.0))
    assert battle_map.doors[-1].locked and battle_map.doors[-1].closed
    window.editor.palette.set_mode("wall")
    assert not locked.isVisible()
