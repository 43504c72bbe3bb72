"""New encounter with the party: the player characters go on to another map.

The map is the one open now (a fresh copy), a blank one of a chosen size, or a map file; the
party comes as it is (HP, statuses with their remaining rounds, wounds, mana and focus) or after
a long rest (ruling 37). The core does the carrying (`encounter/party.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from drase_desktop.board import BattleMap
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.party import (
    CARRY_AS_IS,
    CARRY_LONG_REST,
    new_encounter_with_party,
    party_of,
)
from drase_desktop.refusal import Refusal
from drase_desktop.ui.files.documents import load_map_file
from drase_desktop.ui.widgets.widget_builders import map_side_box, ok_cancel

THIS_MAP, BLANK_MAP, MAP_FILE = "this", "blank", "file"
MAP_FILTER = "Maps (*.drase-map *.dd2vtt *.uvtt *.df2vtt);;All files (*)"


class PartyDialog(QDialog):
    """objectName `partyDialog`."""

    def __init__(self, previous: Encounter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter with the party")
        self.setObjectName("partyDialog")
        self.previous = previous
        names = ", ".join(c.name for c in party_of(previous)) or "nobody (no player characters)"
        self.who = QLabel(names)
        self.who.setObjectName("partyMembers")
        self.who.setWordWrap(True)
        self.who.setTextFormat(Qt.TextFormat.PlainText)  # names come from files
        self.map_choice = QComboBox()
        self.map_choice.setObjectName("partyMap")
        self.map_choice.addItem("This map, afresh", THIS_MAP)
        self.map_choice.addItem("A blank map", BLANK_MAP)
        self.map_choice.addItem("A map file...", MAP_FILE)
        self.width_box = map_side_box("partyWidth", 24)
        self.height_box = map_side_box("partyHeight", 16)
        self.map_path = QLineEdit()
        self.map_path.setObjectName("partyMapPath")
        browse = QPushButton("Browse...")
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.map_path, 1)
        path_row.addWidget(browse)
        self.carry = QComboBox()
        self.carry.setObjectName("partyCarry")
        self.carry.addItem("As they are (HP, statuses, resources)", CARRY_AS_IS)
        self.carry.addItem("After a long rest (ruling 37)", CARRY_LONG_REST)
        self.well_rested = QCheckBox("Well-rested (slept properly)")
        self.well_rested.setObjectName("partyWellRested")
        self.well_rested.setChecked(True)
        self.name_box = QLineEdit(f"After {previous.name}" if previous.name else "Next encounter")
        self.name_box.setObjectName("partyName")
        self.error = QLabel()
        self.error.setObjectName("partyError")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout(self)
        form.addRow("The party", self.who)
        form.addRow("Map", self.map_choice)
        form.addRow("Blank map size", self._pair(self.width_box, self.height_box))
        form.addRow("Map file", path_row)
        form.addRow("They come", self.carry)
        form.addRow("", self.well_rested)
        form.addRow("Encounter name", self.name_box)
        form.addRow(self.error)
        form.addRow(ok_cancel(self))
        self.result_encounter: Encounter | None = None

    @staticmethod
    def _pair(left: QWidget, right: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(left)
        row.addWidget(right)
        return row

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Map for the next encounter", "", MAP_FILTER)
        if path:
            self.map_path.setText(path)
            self.map_choice.setCurrentIndex(self.map_choice.findData(MAP_FILE))

    def battle_map(self) -> Any:
        choice = self.map_choice.currentData()
        if choice == THIS_MAP:
            return self.previous.battle_map.copy()
        if choice == BLANK_MAP:
            return BattleMap(self.width_box.value(), self.height_box.value(), name="New map")
        path = self.map_path.text().strip()
        if not path:
            raise ValueError("Choose the map file")
        return load_map_file(Path(path))

    def build(self) -> Encounter:
        """The new encounter (ValueError with the reason when it cannot be made)."""
        return new_encounter_with_party(
            self.previous,
            self.battle_map(),
            carry=self.carry.currentData(),
            well_rested=self.well_rested.isChecked(),
            name=self.name_box.text().strip(),
        )

    def accept(self) -> None:
        try:
            self.result_encounter = self.build()
        except Refusal as error:
            self.error.setText(str(error))
            return
        super().accept()
