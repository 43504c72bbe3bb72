"""Ability checks against the DC table, and perception against a hider's stealth (ruling 47) or a
DC: the working with its sources and the exact chance before the roll, the verdict big after.
The preview and the words are the core's (`check_preview`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from drase_desktop.encounter.check_preview import (
    CheckPreview,
    ability_check_preview,
    check_result_text,
    perception_preview,
)
from drase_desktop.encounter.checks import ability_check, perception_check
from drase_desktop.encounter.combatant import ATTRIBUTE_NAMES
from drase_desktop.refusal import Refusal
from drase_desktop.rules.attack import DIFFICULTY_CLASSES, HIGHEST_DC, LOWEST_DC
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import (
    check_box,
    combo_box,
    on_change,
    roll_row,
    side_by_side,
)

ABILITY, PERCEPTION = "ability", "perception"
FIXED_DC = ""


class CheckDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Check", "checkDialog", parent)
        self.mode = combo_box(
            "checkMode",
            [
                ("Ability check (vs DC table)", ABILITY),
                ("Perception (vs stealth or DC)", PERCEPTION),
            ],
        )
        self.combatant = self.combatant_combo("checkCombatant")
        self.attribute = combo_box(
            "checkAttribute", [(name.capitalize(), name) for name in ATTRIBUTE_NAMES]
        )
        self.hider = combo_box("checkHider")
        self.difficulty = combo_box(
            "checkDifficulty",
            [(f"{name.capitalize()} ({dc})", dc) for name, dc in DIFFICULTY_CLASSES.items()],
        )
        self.difficulty.setCurrentIndex(max(0, self.difficulty.findData(15)))
        # Ruling 35: a fixed DC is the table's 5 to 30 (a contested roll sets its own).
        self.dc = self.spin("checkDc", LOWEST_DC, HIGHEST_DC, 15)
        self.career = self.spin("checkCareer", 0, 20)
        self.career_applies = check_box("career applies (non-combat)", "checkCareerApplies")
        self.perception_bonus = self.spin("checkPerceptionBonus", -10, 20)
        # Ruling 47: the hider's roll has its own flat stealth bonus and, out of combat, career.
        self.stealth_bonus = self.spin("checkStealthBonus", -10, 20)
        self.stealth_career = self.spin("checkStealthCareer", 0, 20)
        self.stealth_career.setToolTip("The hider's career bonus (out of combat, ruling 47)")
        self.bonuses = self.spin("checkBonuses", 0, 6)
        self.maluses = self.spin("checkMaluses", 0, 6)
        self.roll_button = self.button("Roll", "checkRoll", self.roll)
        self.table_button = self.button(
            "Enter table dice…", "checkTableDice", self.enter_table_dice
        )

        dc_row = side_by_side(self.difficulty, self.dc, stretch=(1,))
        career_row = side_by_side(self.career, self.career_applies)
        stealth_row = side_by_side(self.stealth_bonus, QLabel("career"), self.stealth_career)
        stealth_row.addStretch(1)
        self._stealth_row = QWidget()
        self._stealth_row.setLayout(stealth_row)
        stealth_row.setContentsMargins(0, 0, 0, 0)
        self.form = QFormLayout()
        self.form.addRow("Check", self.mode)
        self.form.addRow("Who rolls", self.combatant)
        self.form.addRow("Attribute", self.attribute)
        self.form.addRow("Perceive", self.hider)
        self.form.addRow("Difficulty", dc_row)
        self.form.addRow("Career bonus", career_row)
        self.form.addRow("Perception bonus", self.perception_bonus)
        self.form.addRow("Hider's stealth bonus", self._stealth_row)
        self.form.addRow("Bonus / malus dice", self.count_pair(self.bonuses, self.maluses))
        self.lay_out(self.form, roll_row(self.roll_button, self.table_button))

        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.difficulty.currentIndexChanged.connect(
            lambda _i: self.dc.setValue(self.difficulty.currentData())
        )
        on_change(
            self.update_preview,
            self.combatant,
            self.attribute,
            self.hider,
            self.dc,
            self.career,
            self.perception_bonus,
            self.stealth_bonus,
            self.stealth_career,
            self.bonuses,
            self.maluses,
            self.career_applies,
        )
        self._fill_hiders()
        self._mode_changed()

    def _fill_hiders(self) -> None:
        self.hider.clear()
        self.hider.addItem("(a fixed DC)", FIXED_DC)
        for combatant in self.encounter.combatants.values():
            tag = " [hidden]" if combatant.hidden else ""
            self.hider.addItem(f"{combatant.name}{tag}", combatant.id)

    def set_mode(self, mode: str) -> None:
        self.mode.setCurrentIndex(self.mode.findData(mode))

    def _mode_changed(self, *_args: Any) -> None:
        perception = self.mode.currentData() == PERCEPTION
        for field, shown in (
            (self.attribute, not perception),
            (self.hider, perception),
            (self.perception_bonus, perception),
        ):
            self.form.setRowVisible(field, shown)
        self.career_applies.setVisible(not perception)
        self.update_preview()

    def _show_stealth_row(self, shown: bool) -> None:
        self.form.setRowVisible(self._stealth_row, shown)

    def _hider_id(self) -> str | None:
        return self.hider.currentData() or None

    def check_preview(self) -> CheckPreview:
        """The core's preview of the chosen check (a Refusal says why it cannot be made)."""
        cid = self.combatant.currentData()
        if self.mode.currentData() == PERCEPTION:
            return perception_preview(self.encounter, cid, **self._perception_options())
        return ability_check_preview(
            self.encounter, cid, self.attribute.currentData(), **self._ability_options()
        )

    def _perception_options(self) -> dict[str, Any]:
        hider = self._hider_id()
        return {
            "hider_id": hider,
            "dc": None if hider else self.dc.value(),
            "career": self.career.value(),
            "perception_bonus": self.perception_bonus.value(),
            "bonuses": self.bonuses.value(),
            "maluses": self.maluses.value(),
            "stealth_bonus": self.stealth_bonus.value(),
            "stealth_career": self.stealth_career.value(),
        }

    def _ability_options(self) -> dict[str, Any]:
        return {
            "dc": self.dc.value(),
            "career": self.career.value(),
            "career_applies": self.career_applies.isChecked(),
            "bonuses": self.bonuses.value(),
            "maluses": self.maluses.value(),
        }

    def update_preview(self, *_args: Any) -> None:
        versus_stealth = self.mode.currentData() == PERCEPTION and bool(self._hider_id())
        self._show_stealth_row(versus_stealth)
        self.dc.setEnabled(not versus_stealth)
        self.difficulty.setEnabled(not versus_stealth)
        try:
            preview = self.check_preview()
        except Refusal as error:
            self.preview.setText(str(error))
            self.roll_button.setEnabled(False)
            self.table_button.setEnabled(False)
            return
        self.roll_button.setEnabled(True)
        self.table_button.setEnabled(True)
        self.preview.setText("\n".join(preview.lines()))

    def _run_check(self, *, table: bool = False) -> Any:
        cid = self.combatant.currentData()
        if self.mode.currentData() == PERCEPTION:
            options = self._perception_options()

            def check(e: Any, dice: DiceSource | None) -> Any:
                return perception_check(e, cid, dice=dice, **options)

        else:
            attribute = self.attribute.currentData()
            options = self._ability_options()

            def check(e: Any, dice: DiceSource | None) -> Any:
                return ability_check(e, cid, attribute, dice=dice, **options)

        result = self.run_rolling(check, table=table)
        if result is not None:
            self.show_result(check_result_text(result), GOOD if result.success else BAD)
            self._fill_hiders_keep()
        return result

    def _fill_hiders_keep(self) -> None:
        current = self.hider.currentData()
        self.hider.blockSignals(True)
        self._fill_hiders()
        self.hider.setCurrentIndex(max(0, self.hider.findData(current)))
        self.hider.blockSignals(False)

    def roll(self) -> Any:
        return self._run_check()

    def enter_table_dice(self) -> Any:
        """The dice the GM rolls at the table, asked as the check needs them (a hider's stealth
        first, then the perception)."""
        return self._run_check(table=True)
