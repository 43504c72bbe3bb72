"""Short and long rests for the chosen creatures (players ticked by default), one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QVBoxLayout, QWidget

from drase_desktop.encounter.rests import REST_KINDS, rest
from drase_desktop.encounter.sides import on_players_side
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import GOOD, FightDialog
from drase_desktop.ui.widgets.tick_list import add_tick_row
from drase_desktop.ui.widgets.widget_builders import check_box, combo_box

KIND_TEXT = {
    "short": "Short rest (about 15 minutes): focus refills, mana up to the mana limit",
    "long": "Long rest (about 8 hours): focus and mana refill, HP 25% (or 10% up to half)",
}


class RestDialog(FightDialog):
    # The ticked combatants are the ones who rest.
    chosen = FightDialog.ticked_ids

    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Rest", "restDialog", parent)
        self.who = self.tick_list("restCombatants")
        self.kind = combo_box("restKind", [(KIND_TEXT[kind], kind) for kind in REST_KINDS])
        self.well_rested = check_box("Well-rested (slept properly)", "restWellRested", checked=True)
        self.apply_button = self.button("Rest", "restApply", self.apply)
        form = QFormLayout()
        form.addRow("Who rests", self.who)
        form.addRow("Rest", self.kind)
        form.addRow(self.well_rested)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.apply_button)
        layout.addWidget(self.result_label)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        for combatant in self.encounter.combatants.values():
            text = f"{combatant.name} {combatant.hp}/{combatant.max_hp} HP"
            add_tick_row(self.who, text, combatant.id, ticked=on_players_side(combatant))
        self._kind_changed()

    def _kind_changed(self, *_args: Any) -> None:
        self.well_rested.setEnabled(self.kind.currentData() == "long")

    def apply(self) -> Any:
        ids = self.chosen()
        kind = self.kind.currentData()
        well = self.well_rested.isChecked()
        notes = self.run(lambda e: rest(e, ids, kind, well_rested=well))
        if notes is not None:
            lines = [
                f"{self.encounter.combatants[cid].name}: {'; '.join(text) or 'nothing to regain'}"
                for cid, text in notes.items()
            ]
            self.show_result("\n".join(lines), GOOD)
        return notes
