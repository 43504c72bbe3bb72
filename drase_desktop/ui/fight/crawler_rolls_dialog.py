"""The Crawler round's own rolls: each side's 1d6 initiative as rolled at the table (the app
rolls it on entering the Initiative phase; the GM may overwrite it), and morale checks (2d6
against the creature's morale score, in a morale step)."""

from __future__ import annotations

from operator import methodcaller
from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QSpinBox, QVBoxLayout, QWidget

from drase_desktop.encounter.crawler_rolls import crawler_rolls_preview
from drase_desktop.encounter.sides import side_words
from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice_source import DiceSource
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
        preview = crawler_rolls_preview(encounter, self.morale_who.currentData())
        self.set_button.setEnabled(preview.can_set_initiative and bool(self.sides))
        self.morale_button.setEnabled(preview.can_check_morale)
        self.morale_table.setEnabled(preview.can_check_morale)
        self.preview.setText(preview.notes)

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
        except Refusal as error:
            self.model.refused.emit(str(error))
            self.show_result(f"Refused: {error}", BAD)
        else:
            order = ", ".join(f"{s} {v}" for s, v in changed.items())
            self.show_result(f"Initiative: {order}", GOOD)
        finally:
            stack.endMacro()

    def _morale(self, *, table: bool = False) -> Any:
        combatant_id = self.morale_who.currentData()

        def morale(e: Any, dice: DiceSource | None) -> Any:
            return e.check_morale(combatant_id, dice=dice)

        holds = self.run_rolling(morale, table=table)
        if holds is not None:
            name = self.encounter.combatants[combatant_id].name
            if holds:
                self.show_result(f"{name}: morale holds", GOOD)
            else:
                self.show_result(f"{name} breaks: surrender or retreat", BAD)
        return holds

    def roll_morale(self) -> Any:
        return self._morale()

    def morale_table_dice(self) -> Any:
        return self._morale(table=True)
