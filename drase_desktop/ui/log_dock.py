"""Dice and log: a dice box that rolls through the encounter (so every roll is logged, stamped
with the round and phase, and undoable), and the history of every roll and change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.rules.dice import Roll
from drase_desktop.ui.dice_box import DiceBox
from drase_desktop.ui.encounter_model import EncounterModel

NOBODY = ""

# Colours by entry kind, readable on the dark and the light theme alike.
KIND_COLOURS = {
    "roll": "#5fb3ff",
    "attack": "#ffb347",
    "damage": "#ff6b6b",
    "incapacitated": "#ff6b6b",
    "heal": "#7bd88f",
    "round": "#d6a4ff",
    "phase": "#d6a4ff",
    "lock": "#ffb347",
    "ruling": "#f0e68c",
}


def phase_title(encounter: Any, key: str) -> str:
    for phase in encounter.phases:
        if phase.key == key:
            return phase.title
    return key.replace("-", " ").title()


def entry_text(encounter: Any, entry: Any) -> str:
    if entry.round == 0:
        return f"Setup · {entry.text}"
    return f"R{entry.round} · {phase_title(encounter, entry.phase)} · {entry.text}"


class LogDock(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Dice and log", parent)
        self.setObjectName("logDock")
        self.model = model
        self._shown: list[Any] = []  # the LogEntry objects listed, in order

        self.dice_box = DiceBox(roller=self._roll)
        self.roll_for = QComboBox()
        self.roll_for.setObjectName("diceRollFor")
        self.roll_for.setToolTip(
            "A roll made for a combatant locks its declaration for the round (ruling 16)"
        )
        self.history = QListWidget()
        self.history.setObjectName("logHistory")
        self.history.setWordWrap(True)
        self.history.setAlternatingRowColors(True)

        row = QHBoxLayout()
        row.addWidget(QLabel("Roll for"))
        row.addWidget(self.roll_for, 1)
        layout = QVBoxLayout()
        layout.addWidget(self.dice_box)
        layout.addLayout(row)
        layout.addWidget(self.history, 1)
        body = QWidget()
        body.setLayout(layout)
        self.setWidget(body)

        model.logChanged.connect(self.refresh)
        model.combatantsChanged.connect(self._fill_roll_for)
        model.encounterReplaced.connect(self._rebuild)
        self._fill_roll_for()
        self.refresh()

    def _roll(self, expression: str) -> Roll:
        who = self.roll_for.currentData() or None
        change = self.model.apply(lambda e: e.roll_for(who, expression, label="dice box"))
        return change

    def _fill_roll_for(self, *_args: Any) -> None:
        current = self.roll_for.currentData()
        self.roll_for.blockSignals(True)
        self.roll_for.clear()
        self.roll_for.addItem("nobody (an open roll)", NOBODY)
        for combatant in self.model.encounter.combatants.values():
            self.roll_for.addItem(combatant.name, combatant.id)
        index = self.roll_for.findData(current)
        self.roll_for.setCurrentIndex(max(0, index))
        self.roll_for.blockSignals(False)

    def _rebuild(self) -> None:
        self._shown = []
        self.history.clear()
        self._fill_roll_for()
        self.refresh()

    def refresh(self) -> None:
        """Follow the log: undo cuts it back and new operations append, so keep the common
        prefix (entries are immutable and kept by identity through undo and redo)."""
        entries = self.model.encounter.log.entries
        keep = 0
        limit = min(len(entries), len(self._shown))
        while keep < limit and entries[keep] is self._shown[keep]:
            keep += 1
        for row in range(len(self._shown) - 1, keep - 1, -1):
            self.history.takeItem(row)
        del self._shown[keep:]
        encounter = self.model.encounter
        for entry in entries[keep:]:
            item = QListWidgetItem(entry_text(encounter, entry))
            colour = KIND_COLOURS.get(entry.kind)
            if colour:
                item.setForeground(QBrush(QColor(colour)))
            item.setToolTip(f"{entry.kind}: {entry.text}")
            self.history.addItem(item)
            self._shown.append(entry)
        if len(entries) > keep:
            self.history.scrollToBottom()
