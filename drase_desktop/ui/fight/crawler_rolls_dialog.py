"""The Crawler round's own rolls: each side's 1d6 initiative as rolled at the table (the app
rolls it on entering the Initiative phase; the GM may overwrite it), and morale checks (2d6
against the creature's morale score, in a morale step)."""

from __future__ import annotations

from operator import methodcaller
from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QSpinBox, QVBoxLayout, QWidget

from drase_desktop.encounter.sides import side_words
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import roll_row


class CrawlerRollsDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Crawler initiative and morale", "crawlerRollsDialog", parent)
        self.initiative_box = QGroupBox("Initiative (1d6 per side, highest acts first)")
        self.initiative_form = QFormLayout(self.initiative_box)
        self.sides: dict[str, QSpinBox] = {}
        self.set_button = self.button("Set initiative", "crawlerSetInitiative", self.set_initiative)
        morale_box = QGroupBox("Morale (2d6 against the morale score)")
        self.morale_who = self.combatant_combo("crawlerMoraleCombatant")
        self.morale_button = self.button("Roll morale", "crawlerMoraleRoll", self.roll_morale)
        self.morale_table = self.button(
            "Enter table dice…", "crawlerMoraleTableDice", self.morale_table_dice
        )
        morale_form = QFormLayout(morale_box)
        morale_form.addRow("Who checks", self.morale_who)
        morale_form.addRow(roll_row(self.morale_button, self.morale_table))
        layout = QVBoxLayout(self)
        layout.addWidget(self.initiative_box)
        layout.addWidget(self.set_button)
        layout.addWidget(morale_box)
        layout.addWidget(self.preview)
        layout.addWidget(self.result_label)
        model.roundChanged.connect(self.refresh)
        self.morale_who.currentIndexChanged.connect(self.refresh)
        self.refresh()

    def refresh(self, *_args: Any) -> None:
        encounter = self.encounter
        rolled = dict(encounter.round_state.initiative)
        if set(rolled) != set(self.sides):
            while self.initiative_form.rowCount():
                self.initiative_form.removeRow(0)
            self.sides = {}
            for side in sorted(rolled):
                box = self.spin(f"crawlerInitiative_{side}", 1, 6, rolled[side])
                self.initiative_form.addRow(side_words(side, start=True), box)
                self.sides[side] = box
        else:
            for side, box in self.sides.items():
                box.setValue(rolled[side])
        in_initiative = encounter.started and encounter.phase.key == "initiative"
        self.set_button.setEnabled(in_initiative and bool(self.sides))
        combatant = encounter.combatants.get(self.morale_who.currentData())
        in_morale = encounter.started and encounter.phase.step == "morale"
        can_check = in_morale and combatant is not None and combatant.morale is not None
        self.morale_button.setEnabled(can_check)
        self.morale_table.setEnabled(can_check)
        notes = []
        if not in_initiative:
            notes.append("Initiative is set in the Initiative phase.")
        if combatant is not None:
            if combatant.morale is None:
                notes.append(f"{combatant.name} has no morale score.")
            else:
                notes.append(f"{combatant.name}: 2d6 over {combatant.morale} breaks.")
        if not in_morale:
            notes.append("Morale is checked in a side's morale step.")
        self.preview.setText(" ".join(notes))

    def set_initiative(self) -> None:
        """The table's d6 for every side whose value changed, as one undo step."""
        rolled = self.encounter.round_state.initiative
        changed = {s: b.value() for s, b in self.sides.items() if rolled.get(s) != b.value()}
        if not changed:
            self.show_result("Initiative unchanged")
            return
        stack = self.model.undo_stack
        stack.beginMacro("Set initiative from the table")
        try:
            for side, value in changed.items():
                self.model.apply(methodcaller("set_initiative", side, value))
        except ValueError as error:
            self.model.refused.emit(str(error))
            self.show_result(f"Refused: {error}", BAD)
        else:
            order = ", ".join(f"{s} {v}" for s, v in changed.items())
            self.show_result(f"Initiative: {order}", GOOD)
        finally:
            stack.endMacro()

    def _morale(self, faces: list[int] | None) -> Any:
        combatant_id = self.morale_who.currentData()
        holds = self.run(lambda e: e.check_morale(combatant_id, faces=faces))
        if holds is not None:
            name = self.encounter.combatants[combatant_id].name
            if holds:
                self.show_result(f"{name}: morale holds", GOOD)
            else:
                self.show_result(f"{name} breaks: surrender or retreat", BAD)
        return holds

    def roll_morale(self) -> Any:
        return self._morale(None)

    def morale_table_dice(self) -> Any:
        name = self.morale_who.currentText()
        faces = self.ask_faces("2d6", f"Morale for {name}")
        return None if faces is None else self._morale(faces)
