"""The New encounter dialog: a blank map of a chosen size under a chosen ruleset."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QWidget

from drase_desktop.board import TILE_METRES, BattleMap
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.ruleset import RULESETS
from drase_desktop.ui.files.documents import encounter_for_map
from drase_desktop.ui.widgets.widget_builders import map_side_box, ok_cancel


class NewEncounterDialog(QDialog):
    def __init__(self, diagonal: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.setObjectName("newEncounterDialog")
        self._diagonal = diagonal
        self.width_box = map_side_box("newWidth", 24)
        self.height_box = map_side_box("newHeight", 16)
        self.ruleset_box = QComboBox()
        self.ruleset_box.setObjectName("newRuleset")
        for key, ruleset in RULESETS.items():
            self.ruleset_box.addItem(ruleset.name, key)
        buttons = ok_cancel(self)
        form = QFormLayout(self)
        form.addRow(f"Width ({TILE_METRES} m tiles)", self.width_box)
        form.addRow(f"Height ({TILE_METRES} m tiles)", self.height_box)
        form.addRow("Rules", self.ruleset_box)
        form.addRow(buttons)

    def encounter(self) -> Encounter:
        battle_map = BattleMap(self.width_box.value(), self.height_box.value(), name="New map")
        encounter = encounter_for_map(battle_map, diagonal=self._diagonal, name="New encounter")
        key = self.ruleset_box.currentData()
        if key != encounter.ruleset.key:
            encounter.set_ruleset(key)  # before the fight: no undo history to keep
        return encounter
