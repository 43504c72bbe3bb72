"""Prepared spells and potions from the Tools menu (ruling 40): in Setup the GM gives a creature
an effect with its duration; it takes effect as round 1 starts; each change is one undo step."""

from __future__ import annotations

from helpers.fight_helpers import click, fight_window
from helpers.fight_scenes import ford_fight
from PySide6.QtWidgets import QDialog

from drase_desktop.ui.fight.preparation_dialog import PreparationDialog


def _open(qtbot, encounter):
    window = fight_window(qtbot, encounter)
    window.fight_tools.actions["preparationAction"].trigger()
    dialog = window.findChild(QDialog, "preparationDialog")
    assert isinstance(dialog, PreparationDialog)
    return window, dialog


def test_ruling_40_the_gm_prepares_a_potion_in_setup_and_it_works_from_round_1(qtbot) -> None:
    window, dialog = _open(qtbot, ford_fight())
    e = window.model.encounter
    dialog.creature.setCurrentIndex(dialog.creature.findData("aldric"))
    dialog.effect.setEditText("illuminated")
    dialog.own_duration.setChecked(False)
    dialog.duration.setValue(3)
    dialog.source.setText("potion of glowing")
    steps = window.model.undo_stack.count()
    click(qtbot, dialog, "preparationAdd")
    assert window.model.undo_stack.count() == steps + 1
    assert dialog.prepared.count() == 1
    assert "potion of glowing" in dialog.prepared.item(0).text()
    assert [p.status for p in e.combatants["aldric"].prepared] == ["illuminated"]
    # A new effect typed in joins the encounter's catalogue in the same step.
    dialog.effect.setEditText("Stoneskin")
    assert not dialog.own_duration.isChecked() and not dialog.own_duration.isEnabled()
    dialog.duration.setValue(2)
    click(qtbot, dialog, "preparationAdd")
    assert "stoneskin" in e.status_catalogue
    window.model.undo_stack.undo()
    assert "stoneskin" not in e.status_catalogue
    assert len(e.combatants["aldric"].prepared) == 1
    window.model.apply(lambda enc: enc.start())
    glow = [s for s in e.combatants["aldric"].statuses if s.name == "illuminated"]
    assert glow and glow[0].remaining == 3 and glow[0].applied_round == 1
    assert not dialog.add_button.isEnabled()  # the fight has started
    assert "Setup" in dialog.preview.text()


def test_ruling_40_the_surprised_are_not_offered_and_removal_is_one_step(qtbot) -> None:
    encounter = ford_fight()
    encounter.set_surprised("orc")
    window, dialog = _open(qtbot, encounter)
    assert dialog.creature.findData("orc") < 0
    assert dialog.creature.findData("goblin") >= 0
    assert "(the GM's side)" in dialog.creature.itemText(dialog.creature.findData("goblin"))
    dialog.creature.setCurrentIndex(dialog.creature.findData("goblin"))
    dialog.effect.setEditText("slowed")
    click(qtbot, dialog, "preparationAdd")
    dialog.prepared.setCurrentRow(0)
    click(qtbot, dialog, "preparationRemove")
    assert window.model.encounter.combatants["goblin"].prepared == []
    window.model.undo_stack.undo()
    assert len(window.model.encounter.combatants["goblin"].prepared) == 1
