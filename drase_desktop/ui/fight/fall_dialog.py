"""A fall (ruling 24): the height from the map (the creature's last forced drop) or typed, the
surface under it, the DC 10 grab, then prone, damage and leg wounds in one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QWidget

from drase_desktop.rules import falls
from drase_desktop.rules.dice import normalise
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import BAD, GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import roll_row

GRABS = (("no grab", None), ("grab a ledge (hold on)", "hold"), ("grab to slow (cap 10d6)", "cap"))


def last_drop(encounter: Any, combatant_id: str) -> int:
    """Tiles the creature last dropped in a move (0 if it never did)."""
    for entry in reversed(encounter.log.entries):
        if entry.kind == "move" and entry.data.get("combatant") == combatant_id:
            drop = entry.data.get("drop", 0) or 0
            if drop:
                return int(drop)
    return 0


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
        for box in (self.tiles, self.size_factor):
            box.valueChanged.connect(self.update_preview)
        for combo in (self.surface, self.grab_choice):
            combo.currentIndexChanged.connect(self.update_preview)
        self._combatant_changed()

    def _combatant_changed(self, *_args: Any) -> None:
        combatant = self.encounter.combatants.get(self.combatant.currentData())
        if combatant is not None and combatant.position is not None:
            surface = self.encounter.battle_map.fall_surface(combatant.position)
            self.surface.setCurrentIndex(max(0, self.surface.findData(surface)))
        self.height_from_map()

    def height_from_map(self) -> None:
        drop = last_drop(self.encounter, self.combatant.currentData() or "")
        if drop:
            self.tiles.setValue(drop)
        self.update_preview()

    def fall(self) -> falls.Fall:
        return falls.fall(
            self.tiles.value(),
            surface=self.surface.currentData(),
            size_factor=self.size_factor.value(),
        )

    def update_preview(self, *_args: Any) -> None:
        try:
            result = self.fall()
        except falls.FallError as error:
            self.preview.setText(str(error))
            return
        parts = ["prone" if result.prone else "not prone", result.reason]
        if result.dice:
            parts.append(f"damage {result.expression} blunt (a ruling: falls are blunt)")
        if self.grab_choice.currentData():
            parts.append("grab: DC 10 Power or Finesse, the better of the two")
        self.preview.setText("; ".join(parts))

    def _apply(
        self, grab_faces: list[int] | None = None, damage_faces: list[int] | None = None
    ) -> Any:
        combatant_id = self.combatant.currentData()
        tiles = self.tiles.value()
        surface = self.surface.currentData()
        size = self.size_factor.value()
        grab = self.grab_choice.currentData()
        result = self.run(
            lambda e: e.apply_fall(
                combatant_id,
                tiles,
                surface=surface,
                size_factor=size,
                grab=grab,
                grab_faces=grab_faces,
                damage_faces=damage_faces,
            )
        )
        if result is not None:
            combatant = self.encounter.combatants[combatant_id]
            legs = ", ".join(f"{k} {v}" for k, v in combatant.wounds.items() if "leg" in k and v)
            text = f"{combatant.name}: {result.reason}. HP {combatant.hp}/{combatant.max_hp}"
            if legs:
                text += f"; wounds: {legs}"
            self.show_result(text, BAD if result.dice else GOOD)
        return result

    def roll(self) -> Any:
        return self._apply()

    def enter_table_dice(self) -> Any:
        combatant = self.encounter.combatants[self.combatant.currentData()]
        planned = self.fall()
        grab_faces = None
        if self.grab_choice.currentData():
            best = max(combatant.modifier("power"), combatant.modifier("finesse"))
            expression = normalise(f"1d20 {best:+d}" if best else "1d20")
            grab_faces = self.ask_faces(expression, f"{combatant.name} grabs (DC 10)")
            if grab_faces is None:
                return None
            planned = falls.after_grab(
                planned, grab_faces[0] + best, hold_on=self.grab_choice.currentData() == "hold"
            )
        damage_faces = None
        if planned.dice:
            damage_faces = self.ask_faces(planned.expression, f"Fall damage for {combatant.name}")
            if damage_faces is None:
                return None
        return self._apply(grab_faces, damage_faces)
