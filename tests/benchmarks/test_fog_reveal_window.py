"""Reveal what the players see from the window's Fog menu: 500 x 500 map, 75 player tokens.

Measured: the "Reveal what the players &see" action triggered on a window whose map is all
fogged, at a 24-tile sight range, until the fog and its undo step are in place. Reference in
the same run: the same reveal straight on the fog, no window. A cancelled reveal in the same
window changes nothing.
"""

from __future__ import annotations

import pytest
from helpers.player_helpers import MapWindow
from helpers.reveal_bench import reveal_battle
from helpers.window_helpers import action

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.fog import Fog, RevealCancelled, player_viewers
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.reveal_progress import RevealProgress
from drase_desktop.ui.table.table_tools import TableTools

SIGHT = 24


def _party_encounter(battle) -> Encounter:
    board, viewers = battle
    party = [
        Combatant(
            id=f"p{number}",
            name=f"Player {number}",
            side="players",
            position=position,
            hp=10,
            max_hp=10,
            speed=6,
        )
        for number, (position, _) in enumerate(dict.fromkeys(viewers))
    ]
    encounter = Encounter(board.copy(), party, name="Reveal")
    encounter.set_sight_range(SIGHT)
    return encounter


@pytest.fixture(scope="module")
def battle():
    return reveal_battle()


@pytest.fixture
def window(qtbot, battle):
    window = MapWindow(EncounterModel(_party_encounter(battle)))
    qtbot.addWidget(window)
    window.resize(900, 600)
    window.tools = TableTools(window)
    window.show()
    return window


def test_reveal_from_the_fog_menu_in_the_window(benchmark, window, qapp):
    model = window.model
    fog = fog_controller(model).fog

    def hide_all():
        action(window, "hideAllAction").trigger()
        qapp.processEvents()
        return (), {}

    def reveal():
        action(window, "revealSeenAction").trigger()
        qapp.processEvents()

    benchmark.pedantic(reveal, setup=hide_all, rounds=3)
    expected = Fog.for_map(model.encounter.battle_map, revealed=False)
    expected.reveal_seen(model.encounter.battle_map, player_viewers(model.encounter), radius=SIGHT)
    assert fog == expected and model.undo_stack.undoText() == "Reveal what the players see"


def test_reveal_reference_straight_on_the_fog(benchmark, battle):
    encounter = _party_encounter(battle)
    viewers = player_viewers(encounter)
    assert len(viewers) > 60

    def reveal() -> int:
        fog = Fog.for_map(encounter.battle_map, revealed=False)
        return fog.reveal_seen(encounter.battle_map, viewers, radius=SIGHT).count

    assert benchmark.pedantic(reveal, rounds=3) > 10 * len(viewers)


def test_a_cancelled_reveal_in_the_big_window_changes_nothing(window, monkeypatch, qapp):
    model = window.model
    action(window, "hideAllAction").trigger()
    fog = fog_controller(model).fog
    before, steps = fog.copy(), model.undo_stack.count()
    told = []

    def cancel_at_the_tenth(self, done, total):
        told.append(done)
        return done < 10

    monkeypatch.setattr(RevealProgress, "__call__", cancel_at_the_tenth)
    with pytest.raises(RevealCancelled):
        fog_controller(model).reveal_seen(progress=RevealProgress(window))
    action(window, "revealSeenAction").trigger()
    qapp.processEvents()
    assert fog == before and model.undo_stack.count() == steps and told[-1] == 10
    assert "stopped" in window.statusBar().currentMessage()
