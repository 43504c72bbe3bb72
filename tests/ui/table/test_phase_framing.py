"""The TV follows the fight: each phase frames the creatures acting in it, whole tiles, and never
points at a creature the players cannot see."""

from __future__ import annotations

from helpers.map_helpers import skirmish
from helpers.player_helpers import hide_all_but_west_room, skirmish_model
from helpers.window_helpers import action, open_player_display, open_window
from PySide6.QtCore import QRectF

from drase_desktop.ui.table.phase_framing import acting_frame


def _to_gm_phase(encounter) -> None:
    while encounter.phase_sides() != {"gm"}:
        encounter.advance()


def test_the_players_phase_frames_the_players_with_a_tile_around():
    encounter = skirmish()
    assert encounter.phase_sides() == {"players"}
    # Aria at (1, 0), Bram at (2, 4): tiles x 1..2, y 0..4, one tile around, kept on the map.
    assert acting_frame(encounter) == (0, 0, 4, 6)


def test_the_gm_phase_frames_only_the_creatures_the_players_see():
    encounter = skirmish()
    _to_gm_phase(encounter)
    # Goblin at (6, 6); the Ogre's 2 x 2 at (10, 1): all on revealed ground.
    assert acting_frame(encounter) == (5, 0, 12, 8)
    encounter.combatants["ogre"].hidden = True
    assert acting_frame(encounter) == (5, 5, 8, 8)


def test_creatures_in_the_fog_are_never_framed():
    model = skirmish_model()
    hide_all_but_west_room(model)  # the Ogre (x 10..11) stands in the fog
    _to_gm_phase(model.encounter)
    assert acting_frame(model.encounter) == (5, 5, 8, 8)
    model.encounter.combatants["gob1"].hidden = True
    assert acting_frame(model.encounter) is None  # nothing the players may know of


def test_with_the_setting_on_each_phase_moves_the_players_view(qtbot):
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    follow_phase = action(window, "followPhaseAction")
    encounter = window.model.encounter
    follow_phase.setChecked(True)
    window.model.apply(lambda e: e.start())
    frame = acting_frame(encounter)
    assert frame is not None
    size = display.view.player_scene.geometry.tile_size
    x0, y0, x1, y1 = frame
    assert display.view.wanted_rect() == QRectF(
        x0 * size, y0 * size, (x1 - x0) * size, (y1 - y0) * size
    )
    assert not display.following
    # Off: a new phase leaves the view alone.
    follow_phase.setChecked(False)
    held = display.view.wanted_rect()
    window.model.apply(lambda e: e.advance())
    assert display.view.wanted_rect() == held
