"""The declaration dock: a PC declares movement, a reaction and two half actions from the
catalogue; once a roll is made for it the declaration locks and the dock says why (ruling 16)."""

from __future__ import annotations

import re

import pytest
from helpers.window_helpers import button, combatant_id, dock, open_window
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QApplication, QCheckBox

from drase_desktop.encounter.target_choice import target_order
from drase_desktop.refusal import Refusal


def test_ruling_16_declaration_locks_after_a_roll_and_says_why(qtbot):
    window, _ = open_window(qtbot)
    declaration = dock(window, "declarationDock")
    aldric = combatant_id(window, "Aldric")
    window.model.select(aldric)
    assert not declaration.declare_button.isEnabled()
    assert "Start the fight" in declaration.state.text()
    # The name alone heads the dock (one line in a laptop's column); the numbers lead the
    # summary, so a line cut short cuts the declared actions, which the form shows anyway.
    assert declaration.heading.text() == "Aldric"
    assert declaration.summary.text() == "Speed 6 tiles; declared: nothing"

    button(window, "phaseAdvanceButton").click()  # round 1, Player Phase
    assert declaration.declare_button.isEnabled()
    declaration.movement.setValue(4)
    declaration.reaction.setCurrentText("opportunity attack")
    declaration.two_halves.setChecked(True)
    declaration.half_1.setCurrentText("attack")
    declaration.half_2.setCurrentText("defend")
    talk = declaration.findChild(QCheckBox, "declarationFree:talk")
    talk.setChecked(True)
    button(window, "declarationDeclareButton").click()

    declared = window.model.encounter.declaration(aldric)
    assert declared.actions == ["attack", "defend"]
    assert declared.reaction == "opportunity attack"
    assert declared.free_actions == ["talk"]
    assert declared.movement == 4
    assert declaration.summary.text().startswith(
        "Moved 0 of 4 tiles; declared: attack, defend"
    )  # 4 declared
    assert not declared.locked

    button(window, "declarationDefenseButton").click()
    assert window.model.encounter.declaration(aldric).locked
    assert "LOCKED" in declaration.state.text()
    assert "defense rolled" in declaration.state.text()
    assert not declaration.declare_button.isEnabled()
    assert not declaration.editors.isEnabled()

    # Undo takes back the roll and with it the lock.
    window.undo_action.trigger()
    assert not window.model.encounter.declaration(aldric).locked
    assert declaration.declare_button.isEnabled()


def test_a_full_action_replaces_the_two_halves(qtbot):
    window, _ = open_window(qtbot)
    declaration = dock(window, "declarationDock")
    mira = combatant_id(window, "Mira")
    button(window, "phaseAdvanceButton").click()
    window.model.select(mira)
    declaration.one_full.setChecked(True)
    assert not declaration.half_1.isEnabled()
    declaration.full.setCurrentText("cast (full)")
    button(window, "declarationDeclareButton").click()
    assert window.model.encounter.declaration(mira).actions == ["cast (full)"]
    window.model.select(combatant_id(window, "Aldric"))
    window.model.select(mira)
    assert declaration.one_full.isChecked()
    assert declaration.full.currentText() == "cast (full)"


def test_the_gm_side_cannot_declare_in_the_player_phase_and_is_told_why(qtbot):
    window, _ = open_window(qtbot)
    declaration = dock(window, "declarationDock")
    button(window, "phaseAdvanceButton").click()
    window.model.select(combatant_id(window, "Bandit 1"))
    assert not declaration.declare_button.isEnabled()
    assert "cannot declare during Player Phase" in declaration.state.text()


def test_crawler_declares_defensive_movement_instead_of_actions(qtbot):
    window, _ = open_window(qtbot)
    declaration = dock(window, "declarationDock")
    window.set_ruleset("crawler")
    button(window, "phaseAdvanceButton").click()  # Defensive Movement
    aldric = combatant_id(window, "Aldric")
    window.model.select(aldric)
    assert declaration.defensive.isVisibleTo(declaration)
    assert not declaration.half_1.isVisibleTo(declaration)
    assert not declaration.defense_button.isVisibleTo(declaration)
    declaration.defensive.setCurrentText("fighting withdrawal")
    button(window, "declarationDeclareButton").click()
    assert window.model.encounter.declaration(aldric).defensive == "fighting withdrawal"


def test_the_dock_says_why_not_in_the_words_the_core_refuses_with(qtbot):
    """Who may declare is decided once, in the core: the dock shows the refusal `declare`
    itself would give."""
    window, _ = open_window(qtbot)
    encounter = window.model.encounter
    declaration = dock(window, "declarationDock")
    gm_creature = next(c for c in encounter.combatants.values() if c.side == "gm")
    window.model.select(gm_creature.id)
    why = encounter.why_not_declaring(gm_creature)
    assert why and declaration.state.text() == f"{why}."
    with pytest.raises(Refusal, match=re.escape(why)):
        encounter.declare(gm_creature.id, movement=1)


def test_the_target_list_follows_moves_and_declarations_across_phases(qtbot):
    window, _ = open_window(qtbot)
    declaration = dock(window, "declarationDock")
    encounter = window.model.encounter
    aldric = combatant_id(window, "Aldric")
    archer = combatant_id(window, "Bandit Archer")
    window.model.select(aldric)

    def listed() -> list[str]:
        box = declaration.target
        # What the GM steps through once it has the focus (or opens it).
        QApplication.sendEvent(box, QFocusEvent(QEvent.Type.FocusIn))
        return [box.itemData(i) for i in range(1, box.count())]

    def core_order() -> list[str]:
        return [c.id for c in target_order(window.model.encounter, aldric)]

    assert listed() == core_order()
    assert listed()[0] != archer
    x, y = encounter.combatants[aldric].position
    window.model.apply(lambda e: e.move(archer, [(x + 1, y)], forced=True))
    assert listed()[0] == archer  # the nearest now
    assert listed() == core_order()

    button(window, "phaseAdvanceButton").click()  # round 1, Player Phase
    assert listed() == core_order()
    bandit = combatant_id(window, "Bandit 2")
    window.model.apply(lambda e: e.declare(aldric, actions=["attack"], targets=[bandit]))
    assert listed()[0] == bandit  # the declared target first
    assert declaration.target.currentData() == bandit
    window.undo_action.trigger()
    assert listed() == core_order()
    assert listed()[0] == archer
