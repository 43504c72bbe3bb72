"""What the GM's tool dialogs share: a model, a preview line, a big result, the list of
combatants the GM ticks (who rests, a spell's targets, a group attack's NPCs), and running one
encounter operation as one undo step (a refusal is shown in the dialog, nothing changes), with
the app's dice or the dice the GM rolls at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLayout,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.sides import side_words
from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice_source import DiceRequest, DiceSource, roll_with_table_dice
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.physical_dice import ask_dice
from drase_desktop.ui.widgets.theme import dock_font, heading_font
from drase_desktop.ui.widgets.tick_list import set_ticked, tick_list, ticked_ids
from drase_desktop.ui.widgets.widget_builders import (
    named,
    push_button,
    side_by_side,
    spin_box,
    wrapped_label,
)

GOOD, BAD, PLAIN = "#2e9d4f", "#d64545", ""


class FightDialog(QDialog):
    def __init__(
        self, model: EncounterModel, title: str, name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.setFont(dock_font())
        self.model = model
        self.preview = wrapped_label(f"{name}Preview")
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Not `result`: that would hide QDialog.result().
        self.result_label = wrapped_label(f"{name}Result", heading_font(20.0))
        self.setMinimumWidth(520)

    @property
    def encounter(self) -> Any:
        return self.model.encounter

    def button(self, text: str, name: str, slot: Callable[[], Any]) -> QPushButton:
        button = push_button(text, name, slot)
        button.setMinimumHeight(40)
        return button

    @staticmethod
    def spin(name: str, low: int, high: int, value: int = 0) -> QSpinBox:
        return spin_box(name, low, high, value)

    def tick_list(self, name: str, min_height: int = 0) -> QListWidget:
        """The dialog's list of combatants the GM ticks (`set_ticked`, `ticked_ids`)."""
        self.ticks = tick_list(name, min_height)
        return self.ticks

    def set_ticked(self, ids: list[str]) -> None:
        set_ticked(self.ticks, ids)

    def ticked_ids(self) -> list[str]:
        return ticked_ids(self.ticks)

    @staticmethod
    def count_pair(first: QSpinBox, second: QSpinBox) -> QHBoxLayout:
        """Two counts read as one ("bonus / malus")."""
        row = side_by_side(first, QLabel("/"), second)
        row.addStretch(1)
        return row

    def lay_out(self, form: QLayout, actions: QWidget | QLayout) -> None:
        """The dialogs' order, top to bottom: the choices, the preview, what the GM presses,
        the result."""
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        if isinstance(actions, QLayout):
            layout.addLayout(actions)
        else:
            layout.addWidget(actions)
        layout.addWidget(self.result_label)

    def combatant_combo(self, name: str, keep: QComboBox | None = None) -> QComboBox:
        combo = named(keep or QComboBox(), name)
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for combatant in self.encounter.combatants.values():
            combo.addItem(f"{combatant.name} ({side_words(combatant.side)})", combatant.id)
        index = combo.findData(current)
        if index < 0 and self.model.selected_id:
            index = combo.findData(self.model.selected_id)
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)
        return combo

    def ask_dice(self, request: DiceRequest) -> list[int] | None:
        """The dice the GM rolled at the table for one roll the rules need (tests replace
        this)."""
        return ask_dice(self, request)

    def run(self, operation: Callable[[Any], Any]) -> Any | None:
        """One encounter operation as one undo step; its `.result`, or None if refused."""
        try:
            return self.model.apply(operation)
        except Refusal as error:
            self._refused(error)
            return None

    def run_rolling(
        self, operation: Callable[[Any, DiceSource | None], Any], *, table: bool = False
    ) -> Any | None:
        """`operation(encounter, dice)` as one undo step with the app's dice (`dice` None) or,
        with `table`, the dice the GM rolls at the table, asked for one roll at a time as the
        rules need them. Its `.result`, or None if refused or cancelled (nothing changed)."""
        if not table:
            return self.run(lambda e: operation(e, None))
        try:
            return roll_with_table_dice(
                lambda dice: self.model.apply(lambda e: operation(e, dice)), self.ask_dice
            )
        except Refusal as error:
            self._refused(error)
            return None

    def _refused(self, error: Refusal) -> None:
        self.model.refused.emit(str(error))
        self.show_result(f"Refused: {error}", BAD)

    def show_result(self, text: str, colour: str = PLAIN) -> None:
        self.result_label.setText(text)
        self.result_label.setStyleSheet(f"color: {colour}" if colour else "")
