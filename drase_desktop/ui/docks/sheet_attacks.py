"""The creature sheet's table of attacks (weapons and attack spells): a row per attack with its
damage, type, reach or range, the attribute it rolls (ruling 41), a save, unavoidable,
non-lethal, a critical effect and notes; read back into Weapons, a wrong cell said by its
attack's number and name. What the sheet does not show of an attack is kept as it was."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHeaderView, QTableWidget, QTableWidgetItem

from drase_desktop.encounter.combatant import CombatantError, Weapon
from drase_desktop.refusal import Refusal
from drase_desktop.rules.character import ATTRIBUTES
from drase_desktop.rules.damage import DAMAGE_TYPES

# Attack table columns.
(NAME, DAMAGE, TYPE, RANGED, REACH, FINESSE, SPELL, ATTRIBUTE, SAVE, UNAVOIDABLE, NON_LETHAL) = (
    range(11)
)
CRITICAL, NOTES = 11, 12
HEADERS = (
    "Name",
    "Damage",
    "Type",
    "Ranged",
    "Reach / range",
    "Finesse",
    "Spell",
    "Rolls",
    "Save",
    "Unavoidable",
    "Non-lethal",
    "Critical effect",
    "Notes",
)
CHECKS = (RANGED, FINESSE, SPELL, UNAVOIDABLE, NON_LETHAL)


class SheetError(Refusal):
    """A field of the sheet that cannot be used, with the field's name in the message."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class AttackTable(QTableWidget):
    """objectName `sheetAttacks`: `weapons`' rows, a critical effect chosen among the encounter's
    `statuses`; its columns fitted once to what it shows when built."""

    def __init__(self, weapons: list[Weapon], statuses: Callable[[], Iterable[str]]) -> None:
        super().__init__(0, len(HEADERS))
        self.setObjectName("sheetAttacks")
        self._statuses = statuses
        self.setHorizontalHeaderLabels(HEADERS)
        self.horizontalHeader().setStretchLastSection(True)
        for weapon in weapons:
            self.add_attack(weapon)
        if not weapons:
            self.add_attack(None)  # fitted with a row of cells, then taken away
            self._fit_columns()
            self.removeRow(0)
        else:
            self._fit_columns()

    def _fit_columns(self) -> None:
        """Columns as wide as their headings and cells when the sheet opens, then fixed: a
        typed cell never resizes them under the mouse (the GM may drag a heading's edge)."""
        header = self.horizontalHeader()
        self.resizeColumnsToContents()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)

    def add_attack(self, weapon: Weapon | None) -> int:
        row = self.rowCount()
        self.insertRow(row)
        kept = weapon
        weapon = weapon or Weapon("Attack", "1d6", "blunt")
        self.setItem(row, NAME, QTableWidgetItem(weapon.name))
        self.setItem(row, DAMAGE, QTableWidgetItem(weapon.damage))
        self.setItem(row, REACH, QTableWidgetItem(str(weapon.reach)))
        self.setItem(row, NOTES, QTableWidgetItem(weapon.notes))
        self.setCellWidget(row, TYPE, _choice(DAMAGE_TYPES, weapon.damage_type))
        self.setCellWidget(row, ATTRIBUTE, _choice(("", *ATTRIBUTES), weapon.attribute or ""))
        self.setCellWidget(row, SAVE, _choice(("", *ATTRIBUTES), weapon.save or ""))
        statuses = sorted(self._statuses())
        self.setCellWidget(row, CRITICAL, _choice(("", *statuses), weapon.critical_effect or ""))
        for column, on in zip(
            CHECKS,
            (weapon.ranged, weapon.finesse, weapon.spell, weapon.unavoidable, weapon.non_lethal),
            strict=True,
        ):
            box = QCheckBox()
            box.setChecked(on)
            self.setCellWidget(row, column, box)
        # Kept as they were: the sheet does not show them.
        name_item = self.item(row, NAME)
        assert name_item is not None  # set above
        name_item.setData(Qt.ItemDataRole.UserRole, kept)
        return row

    def remove_attack(self) -> None:
        row = self.currentRow()
        if row < 0:
            row = self.rowCount() - 1
        if row >= 0:
            self.removeRow(row)

    def cell_text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return item.text().strip() if item is not None else ""

    def weapons(self) -> list[Weapon]:
        """Every row's Weapon; SheetError naming the first wrong attack."""
        weapons = [self._weapon(row) for row in range(self.rowCount())]
        names = [w.name.casefold() for w in weapons]
        if len(set(names)) != len(names):
            raise SheetError("Attacks", "two attacks share a name; the attack dock picks by name")
        return weapons

    def _weapon(self, row: int) -> Weapon:
        name = self.cell_text(row, NAME)
        where = f"Attack {row + 1} ({name or 'no name'})"
        reach_text = self.cell_text(row, REACH)
        if not re.fullmatch(r"\d{1,4}", reach_text):
            raise SheetError(where, f"reach or range is whole tiles, not {reach_text!r}")

        def checked(column: int) -> bool:
            return bool(self.cellWidget(row, column).isChecked())  # type: ignore[attr-defined]

        def chosen(column: int) -> str:
            return str(self.cellWidget(row, column).currentText())  # type: ignore[attr-defined]

        name_item = self.item(row, NAME)
        kept: Weapon | None = (
            name_item.data(Qt.ItemDataRole.UserRole) if name_item is not None else None
        )
        spell = checked(SPELL)
        ranged = checked(RANGED)
        if ranged and int(reach_text) < 2:
            raise SheetError(where, "a ranged attack needs a range of 2 tiles or more")
        if chosen(ATTRIBUTE) and not spell:
            raise SheetError(
                where,
                "only an attack spell names the attribute it rolls; a weapon rolls Power, or"
                " Finesse when it allows it (ruling 41)",
            )
        try:
            return Weapon(
                name=name,
                damage=self.cell_text(row, DAMAGE),
                damage_type=chosen(TYPE),
                finesse=checked(FINESSE),
                ranged=ranged,
                reach=int(reach_text),
                to_hit=kept.to_hit if kept else 0,
                magic=kept.magic if kept else 0,
                # A new attack adds its attribute modifier to damage unless it is a spell or
                # targets a save (as the shipped creatures do); an existing one keeps its way.
                adds_modifier=kept.adds_modifier if kept else not (spell or chosen(SAVE)),
                save=chosen(SAVE) or None,
                unavoidable=checked(UNAVOIDABLE),
                non_lethal=checked(NON_LETHAL),
                critical_effect=chosen(CRITICAL) or None,
                notes=self.cell_text(row, NOTES),
                spell=spell,
                attribute=chosen(ATTRIBUTE) or None,
            )
        except CombatantError as error:
            # The weapon's own message starts with its name, which `where` already gives.
            raise SheetError(where, str(error).removeprefix(f"{name}: ")) from None


def _choice(values: Iterable[str], current: str) -> QComboBox:
    box = QComboBox()
    box.addItems(list(values))
    box.setCurrentText(current)
    return box
