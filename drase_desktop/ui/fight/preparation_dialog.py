"""Prepared spells and potions (ruling 40): in Setup the GM gives a creature that is not surprised
an effect from the status catalogue, or a new one typed in, with its duration. Each takes effect
as round 1 starts. Every addition and removal is one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QListWidget, QListWidgetItem, QWidget

from drase_desktop.encounter.combatant import SURPRISED
from drase_desktop.encounter.preparation import prepare, unprepare
from drase_desktop.encounter.sides import side_words
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import (
    check_box,
    combo_box,
    line_edit,
    named,
    side_by_side,
)


class PreparationDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Prepared spells and potions", "preparationDialog", parent)
        self.creature = combo_box("preparationCreature")
        # Typing a name the catalogue lacks makes a new effect of this encounter.
        self.effect = combo_box("preparationEffect", editable=True)
        self.own_duration = check_box(
            "The effect's own duration", "preparationOwnDuration", checked=True
        )
        self.duration = self.spin("preparationDuration", 1, 99, 1)
        self.duration.setSuffix(" round(s)")
        self.source = line_edit(
            "preparationSource", placeholder="What it is: potion of haste, shield spell…"
        )
        self.prepared = named(QListWidget(), "preparationList")
        self.prepared.setMaximumHeight(140)
        self.add_button = self.button("Prepare", "preparationAdd", self.add)
        self.remove_button = self.button("Remove", "preparationRemove", self.remove)
        duration_row = side_by_side(self.own_duration, self.duration, stretch=(0, 1))
        form = QFormLayout()
        form.addRow("Creature", self.creature)
        form.addRow("Effect", self.effect)
        form.addRow("Lasts", duration_row)
        form.addRow("From", self.source)
        form.addRow("Prepared", self.prepared)
        self.lay_out(form, side_by_side(self.add_button, self.remove_button, stretch=(1,)))

        self.creature.currentIndexChanged.connect(self._creature_changed)
        self.effect.currentTextChanged.connect(self._effect_changed)
        self.own_duration.toggled.connect(self._effect_changed)
        self.prepared.currentRowChanged.connect(self._update_buttons)
        # Who may prepare, and what is prepared, change with the creatures and the round.
        for changed in (model.combatantsChanged, model.roundChanged, model.encounterReplaced):
            changed.connect(self.refresh)
        self.refresh()

    # -- filling -----------------------------------------------------------------------------
    def refresh(self, *_args: Any) -> None:
        encounter = self.encounter
        current = self.creature.currentData() or self.model.selected_id
        self.creature.blockSignals(True)
        self.creature.clear()
        for combatant in encounter.combatants.values():
            if combatant.has_status(SURPRISED):
                continue  # ruling 40: the surprised have no time to prepare
            words = side_words(combatant.side)
            self.creature.addItem(f"{combatant.name} ({words})", combatant.id)
        index = self.creature.findData(current)
        self.creature.setCurrentIndex(max(0, index))
        self.creature.blockSignals(False)
        effect = self.effect.currentText()
        self.effect.blockSignals(True)
        self.effect.clear()
        for name in encounter.status_catalogue:
            if name not in (SURPRISED, "incapacitated"):
                self.effect.addItem(name)
        self.effect.setEditText(effect or self.effect.itemText(0))
        self.effect.blockSignals(False)
        setup = encounter.in_setup
        for widget in (self.creature, self.effect, self.duration, self.source, self.own_duration):
            widget.setEnabled(setup)
        self.preview.setText(
            "Each takes effect as round 1 starts and ticks down from there (ruling 40)."
            if setup
            else "The fight has started: prepared effects are set in Setup, before round 1."
        )
        self._creature_changed()
        self._effect_changed()

    def _creature_changed(self, *_args: Any) -> None:
        self.prepared.clear()
        combatant = self.encounter.combatants.get(self.creature.currentData() or "")
        if combatant is not None:
            for preparation in combatant.prepared:
                self.prepared.addItem(QListWidgetItem(preparation.describe()))
        self._update_buttons()

    def _effect_changed(self, *_args: Any) -> None:
        name = " ".join(self.effect.currentText().lower().split())
        catalogue = self.encounter.status_catalogue
        known = catalogue.get(name)
        if known is not None and self.own_duration.isChecked():
            lasting = "until removed" if known.duration is None else f"{known.duration} round(s)"
            self.own_duration.setText(f"The effect's own duration ({lasting})")
        else:
            self.own_duration.setText("The effect's own duration")
        # A new effect has no duration of its own: the GM gives one.
        self.own_duration.setEnabled(self.encounter.in_setup and known is not None)
        if known is None:
            self.own_duration.setChecked(False)
        self.duration.setEnabled(self.encounter.in_setup and not self.own_duration.isChecked())
        self._update_buttons()

    def _update_buttons(self, *_args: Any) -> None:
        setup = self.encounter.in_setup
        self.add_button.setEnabled(
            setup and bool(self.creature.currentData()) and bool(self.effect.currentText().strip())
        )
        self.remove_button.setEnabled(setup and self.prepared.currentRow() >= 0)

    # -- acting ------------------------------------------------------------------------------
    def add(self) -> Any:
        combatant_id = self.creature.currentData()
        name = self.effect.currentText().strip()
        duration = None if self.own_duration.isChecked() else self.duration.value()
        source = self.source.text().strip()
        new = " ".join(name.lower().split()) not in self.encounter.status_catalogue
        done = self.run(
            lambda e: prepare(
                e, combatant_id, name, duration=duration, source=source, new_effect=new
            )
        )
        if done is not None:
            who = self.encounter.combatants[combatant_id].name
            self.show_result(f"{who} prepares {done.describe()}", GOOD)
            self.source.clear()
            self._creature_changed()
        return done

    def remove(self) -> Any:
        combatant_id = self.creature.currentData()
        row = self.prepared.currentRow()
        if row < 0:
            self.show_result("Choose a prepared effect to remove", BAD)
            return None
        done = self.run(lambda e: unprepare(e, combatant_id, row))
        if done is not None:
            self.show_result(f"Removed {done.describe()}", GOOD)
            self._creature_changed()
        return done
