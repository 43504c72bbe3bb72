"""The TV on one screen: F8 opens it where it fits whole, kept above the GM's window (its
child), until closed or the in-window view (F9) takes its place; its state is remembered
across a relaunch. And what it shows of the round: who acts now, in large type, and a ring
round each acting token."""

from __future__ import annotations

import random

import pytest
from helpers.encounter_builders import go_to
from helpers.event_loop import settled
from helpers.real_screens import SCREENS, first_run_window
from helpers.shown_widget import shown_widget
from helpers.window_helpers import action, open_player_display, open_window
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QWidget

from drase_desktop.encounter.sample import build_sample_encounter
from drase_desktop.storage.settings import load_settings
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.table.display_place import FRAME_SIDE, FRAME_TOP, beside, fits_whole
from drase_desktop.ui.table.player_display import PlayerDisplay
from drase_desktop.ui.table.player_hud import acting_line


def test_f8_alone_opens_a_window_that_fits_whole_and_stays_above_the_gm(qtbot) -> None:
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    assert display.isVisible() and not display.isFullScreen()
    # A tool window of the GM's window, kept above it: it dropped behind at the next click.
    assert display.isWindow() and display.parentWidget() is window
    assert display.windowType() == Qt.WindowType.Tool
    area = window.screen().availableGeometry()
    assert fits_whole(display.geometry(), area)
    assert display.width() >= area.width() * 0.25  # not a thumbnail
    assert window.settings.player_display_open


def test_the_in_window_view_takes_the_tv_windows_place_on_one_screen(qtbot) -> None:
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    action(window, "flipToPlayerViewAction").trigger()
    assert not display.isVisible()
    assert not window.settings.player_display_open


def test_the_tv_opens_again_where_it_was_after_a_relaunch(qtbot) -> None:
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    area = window.screen().availableGeometry()
    moved = QRect(area.left() + 100, area.top() + 120, 500, 300)
    display.setGeometry(moved)
    qtbot.waitUntil(lambda: window.settings.player_display_geometry == [100, 120, 500, 300])
    window.close()  # the GM quits with the TV open: the settings are written as it closes
    saved, _warnings = load_settings()
    assert saved.player_display_open and saved.player_display_geometry == [100, 120, 500, 300]

    again, _ = open_window(qtbot)
    reopened = again.table_tools.player_display
    qtbot.addWidget(reopened)
    qtbot.waitUntil(reopened.isVisible)
    assert reopened.geometry() == moved


def test_a_closed_tv_stays_closed_at_the_next_launch(qtbot) -> None:
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    display.close()
    window.save_settings()
    window.close()
    again, _ = open_window(qtbot)

    def displays_shown_over_again() -> list[QWidget]:
        shown = [w for w in QApplication.topLevelWidgets() if w.objectName() == "playerDisplay"]
        return [w for w in shown if w.isVisible() and w.window().parentWidget() is again]

    # The window reopens a display it had open on the loop's first turn (a zero-delay timer).
    assert not settled(displays_shown_over_again)


def started_sample() -> EncounterModel:
    encounter = build_sample_encounter(random.Random(2))
    go_to(encounter, "player-phase")
    return EncounterModel(encounter)


def test_the_tv_names_who_acts_now_and_rings_their_tokens(qtbot) -> None:
    model = started_sample()
    display = shown_widget(qtbot, PlayerDisplay(model), 1280, 720)
    view = display.view
    assert view.acting() == "The players: Aldric, Mira, Brother Bram, Sela"
    # Two lines of the band: the map starts below both.
    assert view.band_height() > 2 * 0.03 * view.viewport().height()
    tokens = view.player_scene.token_items
    assert tokens["aldric"].acting and not tokens["captain"].acting
    # The GM's phase: the bandits act; the hidden archer is never named.
    go_to(model.encounter, "gm-action")
    model.notify(round=True)
    line = view.acting()
    assert line.startswith("The GM's side") and "Bandit Archer" not in line
    assert "archer" not in tokens and tokens["captain"].acting
    assert not tokens["aldric"].acting


def test_names_of_creatures_the_players_cannot_see_stay_off_the_tv() -> None:
    model = started_sample()
    encounter = model.encounter
    go_to(encounter, "gm-action")
    assert acting_line(encounter, lambda c: False) == "The GM's side act"
    assert acting_line(encounter, lambda c: c.id == "captain") == "The GM's side: Bandit Captain"


def test_the_tv_keeps_room_for_a_side_panel(qtbot) -> None:
    display = shown_widget(qtbot, PlayerDisplay(started_sample()), 1200, 700)
    full = display.view.width()
    panel = QLabel("Scan to join")
    panel.setFixedWidth(300)
    display.add_side_panel(panel)
    qtbot.waitUntil(lambda: display.view.width() <= full - 300)
    assert display.findChild(QLabel) is panel and panel.isVisible()


@pytest.mark.parametrize("screen", SCREENS)
def test_alone_on_the_gms_screen_the_tv_covers_none_of_the_docks(qtbot, screen: str) -> None:
    """It opened over the dock column's foot: the queue's Roll attack at 1366 x 768, the
    declaration form at 1920 x 1080. Now it takes the map's lower right corner."""
    window = first_run_window(qtbot, SCREENS[screen])
    area = QRect(window.geometry().topLeft(), window.frameGeometry().size())
    placed = beside(window.frameGeometry(), area)
    framed = placed.adjusted(-FRAME_SIDE, -FRAME_TOP, FRAME_SIDE, FRAME_SIDE)
    assert fits_whole(placed, area)
    for panel in window.findChildren(QDockWidget):
        if panel.isVisible():
            on_screen = panel.geometry().translated(window.geometry().topLeft())
            assert not framed.intersects(on_screen), panel.objectName()
    view = window.map_view
    assert not framed.contains(view.mapToGlobal(view.rect().center()))
