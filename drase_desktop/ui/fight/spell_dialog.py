"""A Crawler spell: it hits automatically in range or area; each target may roll a 1d20 save
(meeting the save number avoids the damage, or halves it). The damage is rolled once for the
whole spell. One undo step. (Drase spells are attacks: the attack panel resolves them.)"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QWidget

from drase_desktop.encounter.combatant import ATTRIBUTE_NAMES
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.spells import resolve_spell
from drase_desktop.rules.damage import DAMAGE_TYPES
from drase_desktop.rules.dice import DiceError, normalise
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.tick_list import add_tick_row
from drase_desktop.ui.widgets.widget_builders import (
    check_box,
    combo_box,
    line_edit,
    on_change,
    roll_row,
    side_by_side,
)

NO_SAVE = 0


class SpellDialog(FightDialog):
    # The ticked combatants are the spell's targets.
    set_targets = FightDialog.set_ticked
    target_ids = FightDialog.ticked_ids

    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Spell (hits automatically)", "spellDialog", parent)
        self.caster = self.combatant_combo("spellCaster")
        self.name = line_edit("spellName", "Spell")
        self.damage = line_edit("spellDamage", "1d6")
        self.kind = combo_box("spellDamageType", [(kind, kind) for kind in DAMAGE_TYPES])
        self.reach = self.spin("spellReach", 0, 200, 12)
        self.reach.setSpecialValueText("any range")
        self.save = self.spin("spellSave", NO_SAVE, 30, NO_SAVE)
        self.save.setSpecialValueText("no save")
        saves = [(f"1d20 + {name.capitalize()}", name) for name in ATTRIBUTE_NAMES]
        self.save_attribute = combo_box("spellSaveAttribute", [("plain 1d20", ""), *saves])
        self.half = check_box("half damage on a save (else none)", "spellHalfOnSave")
        self.targets = self.tick_list("spellTargets", 130)
        self.roll_button = self.button("Cast", "spellCast", self.cast)
        self.table_button = self.button(
            "Enter table dice…", "spellTableDice", self.enter_table_dice
        )

        save_row = side_by_side(self.save, self.save_attribute, stretch=(0, 1))
        form = QFormLayout()
        form.addRow("Caster", self.caster)
        form.addRow("Spell", self.name)
        form.addRow("Damage", self.damage)
        form.addRow("Type", self.kind)
        form.addRow("Range (tiles)", self.reach)
        form.addRow("Save (meet it)", save_row)
        form.addRow(self.half)
        form.addRow("Targets", self.targets)
        self.lay_out(form, roll_row(self.roll_button, self.table_button))

        for combatant in self.encounter.combatants.values():
            side = side_words(combatant.side)
            add_tick_row(self.targets, f"{combatant.name} ({side})", combatant.id)
        on_change(self.update_preview, self.damage, self.save, self.targets)
        self.update_preview()

    def update_preview(self, *_args: Any) -> None:
        ruleset = self.encounter.ruleset
        if not ruleset.spells_hit_automatically:
            self.preview.setText(
                f"{ruleset.name} spells are attacks: resolve them in the attack panel."
            )
            self.roll_button.setEnabled(False)
            self.table_button.setEnabled(False)
            return
        try:
            expression = normalise(self.damage.text())
        except DiceError as error:
            self.preview.setText(str(error))
            self.roll_button.setEnabled(False)
            self.table_button.setEnabled(False)
            return
        ids = self.target_ids()
        save = self.save.value()
        text = f"{expression} {self.kind.currentData()}, rolled once, to {len(ids)} target(s)"
        if save != NO_SAVE:
            text += f"; each saves with 1d20 against {save} (meeting it saves)"
        self.preview.setText(text)
        self.roll_button.setEnabled(bool(ids))
        self.table_button.setEnabled(bool(ids))

    def _cast(self, *, table: bool = False) -> Any:
        caster = self.caster.currentData()
        ids = self.target_ids()
        options = {
            "name": self.name.text().strip() or "Spell",
            "damage": self.damage.text(),
            "damage_kind": self.kind.currentData(),
            "reach": self.reach.value() or None,
            "save_target": self.save.value() or None,
            "save_attribute": self.save_attribute.currentData() or None,
            "half_on_save": self.half.isChecked(),
        }

        def cast(e: Any, dice: DiceSource | None) -> Any:
            return resolve_spell(e, caster, ids, dice=dice, **options)

        dealt = self.run_rolling(cast, table=table)
        if dealt is not None:
            names = self.encounter.combatants
            lines = [f"{names[cid].name}: {amount}" for cid, amount in dealt.items()]
            self.show_result("Damage dealt\n" + "\n".join(lines), GOOD if dealt else BAD)
        return dealt

    def cast(self) -> Any:
        return self._cast()

    def enter_table_dice(self) -> Any:
        """The dice the GM rolls at the table, asked as the spell needs them: the damage, then
        each target's save."""
        return self._cast(table=True)
