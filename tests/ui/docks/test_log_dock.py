"""Dice and log: the dice box rolls through the encounter (logged with round and phase,
undoable), says clearly what is wrong with a bad expression, and the history follows undo."""

from __future__ import annotations

from helpers.event_loop import settled
from helpers.window_helpers import button, combatant_id, dock, open_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget

from drase_desktop.ui.docks.log_dock import LogDock, out_of_sight


def _roll(qtbot, window, text: str) -> None:
    entry = window.findChild(QLineEdit, "diceEntry")
    entry.clear()
    qtbot.keyClicks(entry, text)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


def test_a_bad_expression_shows_a_clear_error_and_rolls_nothing(qtbot):
    window, _ = open_window(qtbot)
    history = window.findChild(QListWidget, "logHistory")
    before = history.count()
    _roll(qtbot, window, "3d0 + 2")
    error = window.findChild(QLabel, "diceError")
    assert error.isVisibleTo(window)
    assert "3d0 + 2" in error.text()
    assert "face" in error.text().lower()
    assert history.count() == before
    assert window.model.undo_stack.count() == 0
    _roll(qtbot, window, "2d6+1")
    assert not error.isVisibleTo(window)


def test_a_roll_is_logged_with_round_and_phase_and_undo_removes_it(qtbot):
    window, _ = open_window(qtbot)
    button(window, "phaseAdvanceButton").click()
    dock(window, "logDock").raise_()  # the dice box and the history are on the log's tab
    history = window.findChild(QListWidget, "logHistory")
    before = history.count()
    _roll(qtbot, window, "1d20 + 4")
    assert history.count() == before + 1
    line = history.item(history.count() - 1).text()
    assert line.startswith("R1 · Player Phase · ")
    assert "1d20" in line
    result = window.findChild(QLabel, "diceResult").text()
    total = window.model.encounter.log.entries[-1].data["total"]
    assert f"<b>{total}</b>" in result
    assert 5 <= total <= 24
    window.undo_action.trigger()
    assert history.count() == before
    window.redo_action.trigger()
    assert history.item(history.count() - 1).text() == line


def test_ruling_16_a_roll_for_a_combatant_from_the_dice_box_locks_its_declaration(qtbot):
    window, _ = open_window(qtbot)
    log = dock(window, "logDock")
    button(window, "phaseAdvanceButton").click()
    sela = combatant_id(window, "Sela")
    log.roll_for.setCurrentIndex(log.roll_for.findData(sela))
    _roll(qtbot, window, "1d20")
    assert window.model.encounter.declaration(sela).locked
    window.model.select(sela)
    assert "LOCKED" in dock(window, "declarationDock").state.text()


def test_the_roll_for_list_follows_a_renamed_combatant_and_keeps_the_choice(qtbot):
    window, _ = open_window(qtbot)
    log = dock(window, "logDock")
    sela = combatant_id(window, "Sela")
    log.roll_for.setCurrentIndex(log.roll_for.findData(sela))
    window.model.apply(lambda e: e.update_combatant(sela, name="Sela the Bold"))
    assert log.roll_for.itemText(log.roll_for.findData(sela)) == "Sela the Bold"
    assert log.roll_for.currentData() == sela
    offered = [log.roll_for.itemData(i) for i in range(1, log.roll_for.count())]
    assert offered == list(window.model.encounter.combatants)


def listed(history: QListWidget) -> list[tuple[str, str, object]]:
    return [
        (item.text(), item.toolTip(), item.foreground().color().name())
        for item in (history.item(row) for row in range(history.count()))
    ]


def test_a_log_tabbed_behind_another_dock_shows_on_its_tab_what_a_fresh_log_shows(qtbot):
    """Behind another tab the log lists nothing at each phase; its tab picked, it lists what a
    log built afresh lists, scrolled to the newest entry, undone entries gone."""
    window, _ = open_window(qtbot)
    log = dock(window, "logDock")
    history = log.findChild(QListWidget, "logHistory")
    advance = button(window, "phaseAdvanceButton")
    log.raise_()
    advance.click()
    settled(lambda: listed(history))  # the log in front has listed the new phase
    # The dock the log is a tab behind (the round's, or the phase's on a short screen).
    window.tabifiedDockWidgets(log)[0].raise_()
    qtbot.waitUntil(lambda: out_of_sight(log))
    before = listed(history)
    for _ in range(3):
        advance.click()
    window.model.apply(lambda e: e.roll_for(None, "1d20", label="dice box"))
    for _ in range(5):  # back past the phase the list showed before
        window.undo_action.trigger()
    assert listed(history) == before, "the hidden log listed entries"
    log.raise_()
    qtbot.waitUntil(lambda: not out_of_sight(log))
    fresh = LogDock(window.model)
    qtbot.addWidget(fresh)
    assert listed(history) == listed(fresh.history) != before
    bar = history.verticalScrollBar()
    assert bar.value() == bar.maximum()
