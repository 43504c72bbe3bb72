"""Dice and log: the dice box rolls through the encounter (logged with round and phase,
undoable), says clearly what is wrong with a bad expression, and the history follows undo."""

from __future__ import annotations

from helpers.window_helpers import button, combatant_id, dock, open_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget


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
