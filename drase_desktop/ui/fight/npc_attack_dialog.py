"""NPC group attack by the average-hit chart (ruling 25): pick like NPCs and a target, see the
chart row and the hits, apply the static damage in one undo step. The chart's answer and its
words are the core's (`group_attack_preview`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QWidget

from drase_desktop.encounter.group_attack import group_attack_preview, resolve_group_attack
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.target_choice import group_attackers, group_sides, group_targets
from drase_desktop.refusal import Refusal
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import GOOD, FightDialog
from drase_desktop.ui.widgets.tick_list import add_tick_row
from drase_desktop.ui.widgets.widget_builders import combo_box, on_change

# The GM's bonus and malus dice for the attackers and the defender: the core's keyword, the
# box's object name.
COUNTS = {
    "attacker_bonuses": "npcAttackerBonuses",
    "attacker_maluses": "npcAttackerMaluses",
    "defender_bonuses": "npcDefenderBonuses",
    "defender_maluses": "npcDefenderMaluses",
}


class NpcAttackDialog(FightDialog):
    # The ticked combatants are the attacking NPCs.
    set_attackers = FightDialog.set_ticked
    attacker_ids = FightDialog.ticked_ids

    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "NPC group attack (average hits)", "npcAttackDialog", parent)
        # The chart is for one side's like NPCs against the others: choose the side first.
        self.side = combo_box("npcSide")
        self.attackers = self.tick_list("npcAttackers", 140)
        self.target = combo_box("npcTarget")
        self.weapon = combo_box("npcWeapon")
        self.count_boxes = {count: self.spin(name, 0, 6) for count, name in COUNTS.items()}
        (
            self.attacker_bonuses,
            self.attacker_maluses,
            self.defender_bonuses,
            self.defender_maluses,
        ) = self.count_boxes.values()
        self.apply_button = self.button("Apply hits", "npcApply", self.apply)

        form = QFormLayout()
        form.addRow("Side", self.side)
        form.addRow("Attackers (like NPCs)", self.attackers)
        form.addRow("Target", self.target)
        form.addRow("Weapon", self.weapon)
        for label, first, second in (
            ("Attacker bonus / malus", self.attacker_bonuses, self.attacker_maluses),
            ("Defender bonus / malus", self.defender_bonuses, self.defender_maluses),
        ):
            form.addRow(label, self.count_pair(first, second))
        self.lay_out(form, self.apply_button)

        self.side.currentIndexChanged.connect(self._side_changed)
        self.attackers.itemChanged.connect(self._attackers_changed)
        on_change(self.update_preview, self.target, self.weapon, *self.count_boxes.values())
        self.fill()

    def fill(self) -> None:
        """The sides with able NPCs; the selected creature's side first chosen, else the GM's
        own side, else one acting in this phase."""
        encounter = self.encounter
        sides = group_sides(encounter)
        selected = encounter.combatants.get(self.model.selected_id or "")
        acting = encounter.phase_sides() if encounter.started else set()
        preferred = [selected.side] if selected is not None else []
        preferred += ["gm", *sorted(acting)]
        wanted = next((side for side in preferred if side in sides), "")
        self.side.blockSignals(True)
        self.side.clear()
        for side in sides:
            self.side.addItem(side_words(side, start=True), side)
        self.side.setCurrentIndex(max(0, self.side.findData(wanted)))
        self.side.blockSignals(False)
        self._side_changed()

    def _side_changed(self, *_args: Any) -> None:
        """Only that side's able NPCs attack; only the other sides' creatures are targets."""
        side = self.side.currentData() or ""
        encounter = self.encounter
        self.attackers.blockSignals(True)
        self.attackers.clear()
        for combatant in group_attackers(encounter, side):
            add_tick_row(self.attackers, combatant.name, combatant.id)
        self.attackers.blockSignals(False)
        current = self.target.currentData()
        self.target.blockSignals(True)
        self.target.clear()
        for combatant in group_targets(encounter, side):
            self.target.addItem(f"{combatant.name} ({side_words(combatant.side)})", combatant.id)
        index = self.target.findData(current)
        if index < 0 and self.model.selected_id:
            index = self.target.findData(self.model.selected_id)
        self.target.setCurrentIndex(max(0, index) if self.target.count() else -1)
        self.target.blockSignals(False)
        self._attackers_changed()

    def _attackers_changed(self, *_args: Any) -> None:
        ids = self.attacker_ids()
        names: list[str] = []
        if ids:
            names = [w.name for w in self.encounter.combatants[ids[0]].weapons]
        current = self.weapon.currentData()
        self.weapon.blockSignals(True)
        self.weapon.clear()
        for name in names:
            self.weapon.addItem(name, name)
        self.weapon.setCurrentIndex(max(0, self.weapon.findData(current)))
        self.weapon.blockSignals(False)
        self.update_preview()

    def counts(self) -> dict[str, int]:
        """The GM's bonus and malus counts for the attackers and the defender."""
        return {count: box.value() for count, box in self.count_boxes.items()}

    def update_preview(self, *_args: Any) -> None:
        ids = self.attacker_ids()
        target_id = self.target.currentData()
        if not ids or not target_id:
            self.preview.setText("Tick the attacking NPCs and choose the target.")
            self.apply_button.setEnabled(False)
            return
        try:
            preview = group_attack_preview(
                self.encounter, ids, target_id, weapon=self.weapon.currentData(), **self.counts()
            )
        except Refusal as error:
            self.preview.setText(str(error))
            self.apply_button.setEnabled(False)
            return
        self.preview.setText(preview.text())
        self.apply_button.setEnabled(True)

    def apply(self) -> int | None:
        ids = self.attacker_ids()
        target_id = self.target.currentData()
        weapon = self.weapon.currentData()
        counts = self.counts()
        dealt = self.run(lambda e: resolve_group_attack(e, ids, target_id, weapon=weapon, **counts))
        if dealt is not None:
            target = self.encounter.combatants[target_id]
            self.show_result(
                f"{dealt} damage to {target.name}: {target.hp}/{target.max_hp} HP", GOOD
            )
        return dealt
