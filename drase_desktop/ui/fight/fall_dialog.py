"""A fall (ruling 24): the height from the map (the creature's last forced drop) or typed, the
surface under it, the DC 10 grab, then prone, damage and leg wounds in one undo step. The
preview and the words are the core's (`fall_preview`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QWidget

from drase_desktop.encounter.fall_preview import (
    FallPreview,
    fall_preview,
    fall_result_text,
    fall_surface_under,
    last_drop,
)
from drase_desktop.refusal import Refusal
from drase_desktop.rules import falls
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import on_change, roll_row

GRABS = (("no grab", None), ("grab a ledge (hold on)", "hold"), ("grab to slow (cap 10d6)", "cap"))


class FallDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Fall", "fallDialog", parent)
        self.combatant = self.combatant_combo("fallCombatant")
        self.tiles = self.spin("fallTiles", 0, 500, 2)
        self.from_map = self.button("From the map", "fallFromMap", self.height_from_map)
        self.surface = QComboBox()
        self.surface.setObjectName("fallSurface")
        for surface in falls.SURFACES:
            self.surface.addItem(surface, surface)
        self.size_factor = self.spin("fallSizeFactor", 1, 10, 1)
        self.size_factor.setToolTip("Ruling 24: 1 unless the GM sets a bigger factor for size")
        self.grab_choice = QComboBox()
        self.grab_choice.setObjectName("fallGrab")
        for text, value in GRABS:
            self.grab_choice.addItem(text, value)
        self.roll_button = self.button("Roll the fall", "fallRoll", self.roll)
        self.table_button = self.button("Enter table dice…", "fallTableDice", self.enter_table_dice)

        height = QHBoxLayout()
        height.addWidget(self.tiles)
        height.addWidget(self.from_map)
        form = QFormLayout()
        form.addRow("Who falls", self.combatant)
        form.addRow("Height (tiles)", height)
        form.addRow("Lands on", self.surface)
        form.addRow("Size factor", self.size_factor)
        form.addRow("By a surface", self.grab_choice)
        self.lay_out(form, roll_row(self.roll_button, self.table_button))

        self.combatant.currentIndexChanged.connect(self._combatant_changed)
        on_change(self.update_preview, self.tiles, self.size_factor, self.surface, self.grab_choice)
        self._combatant_changed()

    def _combatant_changed(self, *_args: Any) -> None:
        combatant = self.encounter.combatants.get(self.combatant.currentData())
        if combatant is not None and combatant.position is not None:
            surface = fall_surface_under(self.encounter, combatant)
            self.surface.setCurrentIndex(max(0, self.surface.findData(surface)))
        self.height_from_map()

    def height_from_map(self) -> None:
        drop = last_drop(self.encounter, self.combatant.currentData() or "")
        if drop:
            self.tiles.setValue(drop)
        self.update_preview()

    def fall(self) -> FallPreview:
        """The core's preview of the chosen fall (a Refusal says why it cannot be)."""
        return fall_preview(
            self.encounter,
            self.combatant.currentData() or "",
            self.tiles.value(),
            surface=self.surface.currentData(),
            size_factor=self.size_factor.value(),
            grab=self.grab_choice.currentData(),
        )

    def update_preview(self, *_args: Any) -> None:
        try:
            self.preview.setText(self.fall().text())
        except Refusal as error:
            self.preview.setText(str(error))

    def _apply(self, *, table: bool = False) -> Any:
        combatant_id = self.combatant.currentData()
        tiles = self.tiles.value()
        surface = self.surface.currentData()
        size = self.size_factor.value()
        grab = self.grab_choice.currentData()

        def fall(e: Any, dice: DiceSource | None) -> Any:
            return e.apply_fall(
                combatant_id, tiles, surface=surface, size_factor=size, grab=grab, dice=dice
            )

        result = self.run_rolling(fall, table=table)
        if result is not None:
            combatant = self.encounter.combatants[combatant_id]
            self.show_result(fall_result_text(combatant, result), BAD if result.dice else GOOD)
        return result

    def roll(self) -> Any:
        return self._apply()

    def enter_table_dice(self) -> Any:
        """The dice the GM rolls at the table, asked as the fall needs them: the grab, then the
        damage if there still is any."""
        return self._apply(table=True)
