"""Ability checks against the DC table, and perception against a hider's stealth (or a DC):
the working with its sources and the exact chance before the roll, the verdict big after."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QWidget,
)

from drase_desktop.encounter.checks import (
    ability_check,
    check_working,
    perception_check,
    perception_check_working,
    stealth_working,
)
from drase_desktop.encounter.combatant import ATTRIBUTE_NAMES
from drase_desktop.rules.attack import DIFFICULTY_CLASSES, HIGHEST_DC, LOWEST_DC, check_chance
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import roll_row

ABILITY, PERCEPTION = "ability", "perception"
FIXED_DC = ""


class CheckDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Check", "checkDialog", parent)
        self.mode = QComboBox()
        self.mode.setObjectName("checkMode")
        self.mode.addItem("Ability check (vs DC table)", ABILITY)
        self.mode.addItem("Perception (vs stealth or DC)", PERCEPTION)
        self.combatant = self.combatant_combo("checkCombatant")
        self.attribute = QComboBox()
        self.attribute.setObjectName("checkAttribute")
        for name in ATTRIBUTE_NAMES:
            self.attribute.addItem(name.capitalize(), name)
        self.hider = QComboBox()
        self.hider.setObjectName("checkHider")
        self.difficulty = QComboBox()
        self.difficulty.setObjectName("checkDifficulty")
        for name, target in DIFFICULTY_CLASSES.items():
            self.difficulty.addItem(f"{name.capitalize()} ({target})", target)
        self.difficulty.setCurrentIndex(max(0, self.difficulty.findData(15)))
        # Ruling 35: a fixed DC is the table's 5 to 30 (a contested roll sets its own).
        self.dc = self.spin("checkDc", LOWEST_DC, HIGHEST_DC, 15)
        self.career = self.spin("checkCareer", 0, 20)
        self.career_applies = QCheckBox("career applies (non-combat)")
        self.career_applies.setObjectName("checkCareerApplies")
        self.perception_bonus = self.spin("checkPerceptionBonus", -10, 20)
        self.bonuses = self.spin("checkBonuses", 0, 6)
        self.maluses = self.spin("checkMaluses", 0, 6)
        self.roll_button = self.button("Roll", "checkRoll", self.roll)
        self.table_button = self.button(
            "Enter table dice…", "checkTableDice", self.enter_table_dice
        )

        dc_row = QHBoxLayout()
        dc_row.addWidget(self.difficulty, 1)
        dc_row.addWidget(self.dc)
        career_row = QHBoxLayout()
        career_row.addWidget(self.career)
        career_row.addWidget(self.career_applies)
        self.form = QFormLayout()
        self.form.addRow("Check", self.mode)
        self.form.addRow("Who rolls", self.combatant)
        self.form.addRow("Attribute", self.attribute)
        self.form.addRow("Perceive", self.hider)
        self.form.addRow("Difficulty", dc_row)
        self.form.addRow("Career bonus", career_row)
        self.form.addRow("Perception bonus", self.perception_bonus)
        self.form.addRow("Bonus / malus dice", self.count_pair(self.bonuses, self.maluses))
        self.lay_out(self.form, roll_row(self.roll_button, self.table_button))

        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.difficulty.currentIndexChanged.connect(
            lambda _i: self.dc.setValue(self.difficulty.currentData())
        )
        for combo in (self.combatant, self.attribute, self.hider):
            combo.currentIndexChanged.connect(self.update_preview)
        for box in (self.dc, self.career, self.perception_bonus, self.bonuses, self.maluses):
            box.valueChanged.connect(self.update_preview)
        self.career_applies.toggled.connect(self.update_preview)
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

    def _hider_id(self) -> str | None:
        return self.hider.currentData() or None

    def working(self) -> Any:
        cid = self.combatant.currentData()
        if self.mode.currentData() == PERCEPTION:
            return perception_check_working(
                self.encounter,
                cid,
                hider_id=self._hider_id(),
                career=self.career.value(),
                perception_bonus=self.perception_bonus.value(),
                bonuses=self.bonuses.value(),
                maluses=self.maluses.value(),
            )
        return check_working(
            self.encounter,
            cid,
            self.attribute.currentData(),
            career=self.career.value(),
            career_applies=self.career_applies.isChecked(),
            bonuses=self.bonuses.value(),
            maluses=self.maluses.value(),
        )

    def update_preview(self, *_args: Any) -> None:
        try:
            working = self.working()
        except ValueError as error:
            self.preview.setText(str(error))
            self.roll_button.setEnabled(False)
            self.table_button.setEnabled(False)
            return
        self.roll_button.setEnabled(True)
        self.table_button.setEnabled(True)
        lines = working.lines()
        versus_stealth = self.mode.currentData() == PERCEPTION and self._hider_id()
        self.dc.setEnabled(not versus_stealth)
        self.difficulty.setEnabled(not versus_stealth)
        if versus_stealth:
            lines.append("against the hider's stealth roll: 1d20 + Finesse (a ruling)")
        else:
            chance = check_chance(
                working.modifier, self.dc.value(), bonuses=working.bonuses, maluses=working.maluses
            )
            lines.append(f"beat DC {self.dc.value()}: {chance:.1%} chance")
        self.preview.setText("\n".join(lines))

    def _run_check(
        self, faces: list[int] | None = None, stealth_faces: list[int] | None = None
    ) -> Any:
        cid = self.combatant.currentData()
        dc = self.dc.value()
        bonuses, maluses, career = self.bonuses.value(), self.maluses.value(), self.career.value()
        if self.mode.currentData() == PERCEPTION:
            hider = self._hider_id()
            bonus = self.perception_bonus.value()
            result = self.run(
                lambda e: perception_check(
                    e,
                    cid,
                    hider_id=hider,
                    dc=None if hider else dc,
                    career=career,
                    perception_bonus=bonus,
                    bonuses=bonuses,
                    maluses=maluses,
                    perception_faces=faces,
                    stealth_faces=stealth_faces,
                )
            )
        else:
            attribute = self.attribute.currentData()
            applies = self.career_applies.isChecked()
            result = self.run(
                lambda e: ability_check(
                    e,
                    cid,
                    attribute,
                    dc,
                    career=career,
                    career_applies=applies,
                    bonuses=bonuses,
                    maluses=maluses,
                    faces=faces,
                )
            )
        if result is not None:
            word = "SUCCESS" if result.success else "FAILURE"
            self.show_result(
                f"{word}\n{result.roll_text} vs {result.dc}", GOOD if result.success else BAD
            )
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
        try:
            working = self.working()
        except ValueError as error:
            self.show_result(str(error), BAD)
            return None
        name = self.combatant.currentText()
        faces = self.ask_faces(working.expression, f"{name}: {working.expression}")
        if faces is None:
            return None
        stealth_faces = None
        hider = self._hider_id()
        if self.mode.currentData() == PERCEPTION and hider:
            stealth = stealth_working(self.encounter, hider)
            stealth_faces = self.ask_faces(stealth.expression, f"Stealth: {stealth.expression}")
            if stealth_faces is None:
                return None
        return self._run_check(faces, stealth_faces)
