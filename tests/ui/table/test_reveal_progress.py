"""Reveal what the players see with progress and Cancel, bounded by the players' sight range."""

from __future__ import annotations

import pytest
from helpers.player_helpers import table_tools_window
from helpers.window_helpers import action
from PySide6.QtWidgets import QInputDialog, QWidget

from drase_desktop.encounter.fog import RevealCancelled
from drase_desktop.ui.table import reveal_progress
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.reveal_progress import RevealProgress


@pytest.fixture
def window(qtbot):
    return table_tools_window(qtbot)


def test_the_progress_dialog_counts_viewers_and_its_cancel_stops_the_reveal(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    progress = RevealProgress(parent)
    assert progress(1, 4)
    dialog = progress.dialog
    assert dialog is not None and dialog.objectName() == "revealProgress"
    assert (dialog.value(), dialog.maximum()) == (1, 4)
    dialog.cancel()
    assert not progress(2, 4)
    progress.close()
    assert progress.dialog is None


def test_a_cancelled_reveal_changes_nothing_and_pushes_nothing(window, monkeypatch) -> None:
    model = window.model
    action(window, "hideAllAction").trigger()
    fog = fog_controller(model).fog
    steps = model.undo_stack.count()
    monkeypatch.setattr(RevealProgress, "__call__", lambda self, done, total: False)
    with pytest.raises(RevealCancelled):
        fog_controller(model).reveal_seen(progress=RevealProgress(window))
    action(window, "revealSeenAction").trigger()  # the menu says so in the status bar
    assert fog.revealed_count == 0 and model.undo_stack.count() == steps
    assert "stopped" in window.statusBar().currentMessage()


def test_the_sight_range_bounds_the_reveal_and_is_one_undo_step(window, monkeypatch) -> None:
    model = window.model
    action(window, "hideAllAction").trigger()
    fog = fog_controller(model).fog
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args, **kwargs: (1, True))
    action(window, "sightRangeAction").trigger()
    assert model.encounter.settings.sight_range == 1
    action(window, "revealSeenAction").trigger()
    near = fog.revealed_tiles()
    assert near and all(
        min(abs(x - c.position[0]) + abs(y - c.position[1]) for c in _players(model)) <= 3
        for x, y in near
    )
    model.undo_stack.undo()  # the reveal
    model.undo_stack.undo()  # the sight range
    assert model.encounter.settings.sight_range is None
    action(window, "revealSeenAction").trigger()
    assert fog.revealed_tiles() > near


def _players(model):
    return [c for c in model.encounter.combatants.values() if c.side == "players" and c.position]


def test_a_quick_reveal_shows_no_dialog(window) -> None:
    assert reveal_progress.SHOW_AFTER_MS >= 200
    action(window, "revealSeenAction").trigger()
    dialog = window.findChild(QWidget, "revealProgress")
    assert dialog is None or not dialog.isVisible()
