"""The player display never shows what the players must not see: checked on rendered frames.

Each secret is checked with a control: the same frame with the secret made public shows it, so
the check can fail.
"""

from __future__ import annotations

import pytest
from helpers.player_helpers import (
    count_exact,
    frame,
    hide_all_but_west_room,
    skirmish_model,
    tile_pixel,
)
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.player_projection import condition
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.fog_layer import PLAYER_FOG
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.player_display import PlayerDisplay, PlayerView
from drase_desktop.ui.table.player_hud import last_public_roll, table_status
from drase_desktop.ui.table.player_scene import PLAYER_PATH_OUTLINE

SPY = QColor(1, 254, 3)  # a colour nothing else on the map uses


@pytest.fixture
def spy_colour(monkeypatch: pytest.MonkeyPatch) -> QColor:
    monkeypatch.setitem(map_palette.SIDE_COLOURS, "spies", SPY)
    return SPY


def make_view(qtbot, model, width: int = 480, height: int = 320) -> PlayerView:
    view = PlayerView(model)
    qtbot.addWidget(view)
    view.resize(width, height)
    view.hud_shown = False
    view.show()
    view.show_rect(view.player_scene.geometry.map_rect())
    return view


def add_spy(model, *, hidden: bool, position=(4, 6)) -> None:
    spy = Combatant(id="spy", name="Spy", side="spies", position=position, hp=5, max_hp=5)
    spy.hidden = hidden
    model.apply(lambda e: e.add_combatant(spy))


def test_a_hidden_token_never_appears_and_a_visible_one_does(qtbot, spy_colour) -> None:
    model = skirmish_model()
    add_spy(model, hidden=True)
    view = make_view(qtbot, model)
    assert "spy" not in view.player_scene.token_items
    assert count_exact(frame(view), spy_colour) == 0
    model.apply(lambda e: e.update_combatant("spy", hidden=False))
    assert count_exact(frame(view), spy_colour) > 100


def test_the_unrevealed_map_is_opaque_fog_and_the_revealed_room_shows(qtbot) -> None:
    model = skirmish_model()
    hide_all_but_west_room(model)
    view = make_view(qtbot, model)
    image = frame(view)
    for tile in [(9, 3), (11, 7), (10, 0), (8, 5)]:  # east of the wall: never seen
        assert tile_pixel(image, view, tile) == PLAYER_FOG, tile
    normal = map_palette.terrain_colour("normal")
    assert tile_pixel(image, view, (4, 0)) == normal
    assert tile_pixel(image, view, (7, 7)) == normal
    fog_controller(model).apply(lambda fog: fog.reveal([(9, 5)]))
    assert tile_pixel(frame(view), view, (9, 5)) == normal


def test_a_token_in_the_fog_is_not_drawn_until_its_tile_is_revealed(qtbot, spy_colour) -> None:
    model = skirmish_model()
    hide_all_but_west_room(model)
    add_spy(model, hidden=False, position=(10, 5))
    view = make_view(qtbot, model)
    assert count_exact(frame(view), spy_colour) == 0
    fog_controller(model).apply(lambda fog: fog.reveal([(10, 5)]))
    assert count_exact(frame(view), spy_colour) > 100


def test_player_side_tokens_show_even_in_the_fog(qtbot) -> None:
    model = skirmish_model()
    fog_controller(model).apply(lambda fog: fog.hide_all())
    view = make_view(qtbot, model)
    assert set(view.player_scene.token_items) == {"aria", "bram"}


def test_npc_hp_numbers_never_reach_the_frame_only_the_condition(qtbot) -> None:
    """Two HP values with the same condition give the identical frame: no number is drawn.
    A different condition changes the frame (the control)."""
    model = skirmish_model()
    view = make_view(qtbot, model)
    model.apply(lambda e: e.set_hp("gob1", 3))  # 3 of 7: bloodied
    bloodied_3 = frame(view)
    model.apply(lambda e: e.set_hp("gob1", 2))  # 2 of 7: still bloodied
    assert frame(view) == bloodied_3
    model.apply(lambda e: e.set_hp("gob1", 6))  # 6 of 7: wounded
    assert frame(view) != bloodied_3
    assert condition(model.encounter.combatants["gob1"]) == "wounded"
    for item in view.player_scene.items():
        assert item.toolTip() == ""


def test_gm_notes_change_nothing_the_players_see(qtbot) -> None:
    model = skirmish_model()
    view = make_view(qtbot, model)
    before = frame(view)
    model.apply(lambda e: e.update_combatant("gob1", notes="Secretly the duke's son"))
    assert frame(view) == before


@pytest.mark.parametrize(
    ("hp", "expected"),
    [(7, "unhurt"), (6, "wounded"), (4, "wounded"), (3, "bloodied"), (0, "down")],
)
def test_condition_is_all_the_players_learn_of_hp(hp: int, expected: str) -> None:
    goblin = Combatant(id="g", name="G", side="gm", position=(0, 0), hp=hp, max_hp=7)
    assert condition(goblin) == expected


def test_a_gm_path_into_the_fog_is_cut_where_the_fog_begins(qtbot) -> None:
    model = skirmish_model()
    hide_all_but_west_room(model)
    view = make_view(qtbot, model)
    scene = view.player_scene
    path = [(5, 3), (6, 3), (7, 3), (8, 3), (9, 3), (10, 3)]
    scene.mirror_path("aria", path, 1)
    image = frame(view)
    assert [scene.geometry.scene_to_tile(p) for p in scene.path_line.points] == path[:3]
    for tile in path[3:]:
        assert tile_pixel(image, view, tile) == PLAYER_FOG
    assert count_exact(image, PLAYER_PATH_OUTLINE) > 50  # the revealed part is drawn
    # A hidden creature's drag shows nothing at all.
    model.apply(lambda e: e.update_combatant("aria", hidden=True))
    scene.mirror_path("aria", path, 1)
    assert count_exact(frame(view), PLAYER_PATH_OUTLINE) == 0


def test_a_ruler_through_the_fog_is_not_shown_one_over_revealed_ground_is(qtbot) -> None:
    model = skirmish_model()
    hide_all_but_west_room(model)
    view = make_view(qtbot, model)
    scene = view.player_scene
    scene.mirror_ruler((1, 1), (10, 1))
    assert count_exact(frame(view), PLAYER_PATH_OUTLINE) == 0
    scene.mirror_ruler((1, 1), (6, 1))
    assert count_exact(frame(view), PLAYER_PATH_OUTLINE) > 50


def test_a_ruler_to_a_hidden_creature_is_not_shown(qtbot) -> None:
    model = skirmish_model()
    add_spy(model, hidden=True, position=(5, 0))
    view = make_view(qtbot, model)
    view.player_scene.mirror_ruler((1, 0), (5, 0))
    assert not view.player_scene.ruler_line.isVisible()


def test_the_display_mirrors_the_gms_drag_preview(qtbot) -> None:
    model = skirmish_model()
    hide_all_but_west_room(model)
    gm = MapView(model)
    qtbot.addWidget(gm)
    gm.resize(480, 320)
    display = PlayerDisplay(model, gm)
    qtbot.addWidget(display)
    model.select("aria")
    gm.map_scene.path_preview.set_path([(1, 0), (2, 0), (3, 0)], 3)
    display.sync_with_gm()
    assert len(display.view.player_scene.path_line.points) == 3
    gm.map_scene.path_preview.clear()
    display.sync_with_gm()
    assert display.view.player_scene.path_line.points == []


def _gm_and_display(qtbot, model) -> tuple[MapView, PlayerDisplay]:
    """The GM's map view and a player display following it, both shown at 400 x 300."""
    gm = MapView(model)
    qtbot.addWidget(gm)
    gm.resize(400, 300)
    gm.show()
    display = PlayerDisplay(model, gm)
    qtbot.addWidget(display)
    display.resize(400, 300)
    display.show()
    return gm, display


def test_the_display_follows_the_gm_view_or_holds_a_pushed_one(qtbot) -> None:
    model = skirmish_model()
    gm, display = _gm_and_display(qtbot, model)
    gm.fitInView(QRectF(0, 0, 256, 192))
    display.sync_with_gm()
    followed = display.view.wanted_rect()
    map_rect = display.view.player_scene.geometry.map_rect()
    # What the GM sees, less the margin off the map's edge.
    assert followed == display.gm_visible_rect().intersected(map_rect)
    assert followed.topLeft() == map_rect.topLeft()
    display.push_view()
    assert not display.following
    gm.fitInView(QRectF(320, 256, 128, 128))
    display.sync_with_gm()
    assert display.view.wanted_rect() == followed  # held
    display.push_view()
    assert display.view.wanted_rect() == display.gm_visible_rect().intersected(map_rect)
    assert display.view.wanted_rect() != followed


def test_the_hud_shows_round_phase_and_the_last_public_roll(qtbot) -> None:
    model = skirmish_model()
    encounter = model.encounter
    assert table_status(encounter).startswith("Round 1")
    model.apply(lambda e: e.roll_for("aria", "1d20+3", label="perception", faces=[12]))
    roll = last_public_roll(encounter)
    assert (roll.label, roll.total) == ("Aria: perception", 15)
    # A hidden creature's roll, and a roll nobody made (the GM's secret), are skipped.
    model.apply(lambda e: e.update_combatant("gob1", hidden=True))
    model.apply(lambda e: e.roll_for("gob1", "1d20", label="stealth", faces=[19]))
    model.apply(lambda e: e.roll_for(None, "1d6", label="wandering monsters", faces=[1]))
    assert last_public_roll(encounter).total == 15
    view = make_view(qtbot, model)
    without = frame(view)
    view.hud_shown = True
    view._reapply()
    assert frame(view) != without


def test_the_roll_banner_clears_when_the_phase_changes(qtbot) -> None:
    """The last roll stayed up for rounds and hid tokens: it belongs to its phase."""
    model = skirmish_model()
    encounter = model.encounter
    model.apply(lambda e: e.roll_for("aria", "1d20+3", label="perception", faces=[12]))
    assert last_public_roll(encounter).total == 15
    model.apply(lambda e: e.advance())
    assert last_public_roll(encounter) is None


def test_the_player_display_window_toggles_full_screen_with_f11(qtbot) -> None:
    model = skirmish_model()
    display = PlayerDisplay(model)
    qtbot.addWidget(display)
    display.show()
    assert display.objectName() == "playerDisplay"
    display.toggle_full_screen()
    assert display.isFullScreen()
    display.toggle_full_screen()
    assert not display.isFullScreen()


def test_a_straight_path_shows_when_the_view_is_far_from_the_maps_corner(qtbot) -> None:
    """A straight run of tiles has a flat bounding box; it must still be painted when the
    view does not include the map's origin (regression: it was culled)."""
    model = skirmish_model()
    view = make_view(qtbot, model)
    geometry = view.player_scene.geometry
    view.show_rect(geometry.tile_rect((5, 4)).united(geometry.tile_rect((10, 7))))
    view.player_scene.mirror_path("bram", [(5, 6), (6, 6), (7, 6)], 1)
    assert count_exact(frame(view), PLAYER_PATH_OUTLINE) > 50


def test_the_display_never_keeps_the_program_running_alone(qtbot) -> None:
    display = PlayerDisplay(skirmish_model())
    qtbot.addWidget(display)
    assert not display.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)


def test_the_crawler_rounds_show_their_phase_too() -> None:
    from helpers.map_helpers import skirmish_combatants, skirmish_map

    from drase_desktop.encounter.encounter import Encounter

    encounter = Encounter(skirmish_map(), skirmish_combatants(), "crawler")
    assert table_status(encounter).startswith("Setup")
    encounter.start()
    assert table_status(encounter) == f"{encounter.clock_text} \u00b7 {encounter.phase.title}"


def test_a_background_image_larger_than_the_map_shows_nothing_beyond_the_grid(qtbot) -> None:
    """The picture overhangs the grid by two tiles on every side: the players see the grid's
    part of it, and fog (never the picture) beyond the map's edge."""
    from helpers.picture_helpers import encoded
    from PySide6.QtGui import QImage

    from drase_desktop.board.battle_map import BackgroundImage, BattleMap
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.ui.encounter_model import EncounterModel

    picture = QImage(100, 80, QImage.Format.Format_RGB32)  # 10 x 8 tiles at 10 px per tile
    picture.fill(SPY)
    battle_map = BattleMap(6, 4)
    battle_map.background = BackgroundImage(encoded(picture), "image/png", 10.0, (20.0, 20.0))
    model = EncounterModel(Encounter(battle_map))
    view = make_view(qtbot, model, 400, 400)
    view.show_rect(view.player_scene.geometry.map_rect().adjusted(-128, -128, 128, 128))
    image = frame(view)
    assert tile_pixel(image, view, (2, 2)) == SPY  # the picture under the grid
    for tile in [(-1, -1), (6, 2), (3, 4), (-2, 5)]:
        assert tile_pixel(image, view, tile) == PLAYER_FOG, tile


def test_the_display_follows_the_gm_through_signals_not_a_timer(qtbot) -> None:
    """No poll: the display mirrors a path, a ruler and a zoom the moment the GM's view changes,
    without waiting on the event loop and without anyone calling sync_with_gm."""
    model = skirmish_model()
    gm, display = _gm_and_display(qtbot, model)
    assert not display.findChildren(QTimer)
    model.select("aria")
    gm.map_scene.path_preview.set_path([(1, 0), (2, 0), (3, 0)], 3)
    assert len(display.view.player_scene.path_line.points) == 3
    gm.map_scene.path_preview.clear()
    assert display.view.player_scene.path_line.points == []
    gm.map_scene.ruler.show_line(QPointF(48, 16), QPointF(176, 16))
    assert display.view.player_scene.ruler_line.isVisible()
    gm.map_scene.ruler.hide()
    assert not display.view.player_scene.ruler_line.isVisible()
    before = display.view.wanted_rect()
    gm.zoom_by(2.0)
    assert display.view.wanted_rect() != before
    assert display.view.wanted_rect() == display.gm_visible_rect().intersected(
        display.view.player_scene.geometry.map_rect()
    )


def test_the_tv_draws_the_windows_and_objects_the_players_see_and_none_in_the_fog(qtbot) -> None:
    from drase_desktop.board.map_features import Window, rectangle_object

    model = skirmish_model()
    battle_map = model.encounter.battle_map
    battle_map.windows = [Window((3, 5), (4, 5)), Window((10, 5), (11, 5))]  # west, east
    battle_map.objects = [rectangle_object(5.2, 5.2, 5.8, 5.8)]  # a pillar in the west room
    hide_all_but_west_room(model)
    view = make_view(qtbot, model)
    walls = view.player_scene.wall_layer
    assert walls.feature_counts == (1, 4)  # the east window is in the fog
    assert count_exact(frame(view), map_palette.WINDOW) > 10
    assert count_exact(frame(view), map_palette.OBJECT_EDGE) > 10
    fog_controller(model).apply(lambda fog: fog.hide_all())
    assert walls.feature_counts == (0, 0)
    assert count_exact(frame(view), map_palette.WINDOW) == 0
