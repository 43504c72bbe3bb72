"""The TV shows "1 of 2 declared" and who is left while Table Link is on, in the HUD's type,
clear of the phase banner and of the codes."""

from __future__ import annotations

from helpers.table_link_fight import table_fight
from helpers.window_helpers import action, open_window
from PySide6.QtWidgets import QLabel, QWidget

from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.table.player_hud import hud_sizes


def test_the_tv_shows_who_has_declared_while_table_link_is_on(qtbot, tmp_path):
    file = tmp_path / "fight.drase"
    save_encounter(table_fight(), file)  # round 1, the Player Phase
    window, _ = open_window(qtbot, file)
    window.table_link.host = "127.0.0.1"
    display = window.table_tools.player_display
    qtbot.addWidget(display)
    assert display.findChild(QLabel, "tableLinkProgress") is None  # off: nothing on the TV
    invite = action(window, "tableLinkAction")
    invite.trigger()
    display.resize(1600, 900)
    progress = display.findChild(QLabel, "tableLinkProgress")
    qtbot.waitUntil(progress.isVisible)
    assert progress.text() == "0 of 2 declared \u00b7 left: Aria, Bram"
    window.model.apply(lambda e: e.declare("aria", actions=["attack"]))
    qtbot.waitUntil(lambda: progress.text() == "1 of 2 declared \u00b7 left: Bram")
    # Readable from two metres: the HUD's status size.
    view = display.view
    assert progress.font().pixelSize() == int(hud_sizes(view.hud_area(), view.pixels_per_mm())[0])
    # Clear of the phase banner (top) and of the codes (bottom right).
    top = view.mapTo(display, view.rect().topLeft()).y() + view.band_height()
    assert progress.geometry().top() > top
    codes = display.findChild(QWidget, "tableLinkCodes")
    assert codes.isVisible() and not progress.geometry().intersects(codes.geometry())
    window.model.apply(lambda e: e.declare("bram", actions=["attack"]))
    qtbot.waitUntil(lambda: progress.text() == "2 of 2 declared")
    invite.trigger()  # off again
    assert not progress.isVisible()
