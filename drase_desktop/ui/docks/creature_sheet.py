"""The creature sheet: one dialog to add a creature or edit one, every field at once.

Name, who it fights for (one choice: a player character, the players' ally, the GM's side or
another side), its token picture, size, speed, level, AC bonus, HP and max HP, mana and focus,
the five attributes (for a player character the point buy of ruling 5 is checked and shown as
a warning the GM may override), attacks (weapons and attack spells: damage, type,
reach or range, the attribute they roll per ruling 41, a save, unavoidable, non-lethal, a
critical effect, notes), resistances, vulnerabilities and immunities, and the GM's notes.

OK checks every field and says which is wrong and why, without closing; a good sheet becomes
one undo step (an add, or an edit of the whole stat block and its picture).

The layout keeps still while the GM types: the point buy line and the error line have their
room reserved, and the attack table's columns are fitted once, when the sheet opens.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.combatant import SIZES, Combatant, CombatantError
from drase_desktop.encounter.creature_edits import (
    KEEP_PICTURE,
    KeepPicture,
    add_creature,
    edit_creature,
)
from drase_desktop.encounter.placement import free_tiles_near, unique_id
from drase_desktop.refusal import Refusal
from drase_desktop.rules.character import (
    ATTRIBUTES,
    POINT_BUY_POINTS,
    point_buy_errors,
    points_left,
)
from drase_desktop.rules.damage import DAMAGE_TYPES
from drase_desktop.ui.docks.sheet_attacks import DAMAGE, REACH, AttackTable, SheetError
from drase_desktop.ui.map.token_picture import PictureRow
from drase_desktop.ui.widgets.side_choice import SideChoice
from drase_desktop.ui.widgets.widget_builders import combo_box, line_edit, spin_box

# Lines kept for the point buy line and the error line, whatever they say (or none).
POINT_BUY_LINES = 2
ERROR_LINES = 2
# What the sheet's users name: its error, its parsing, and the columns of its attack cells.
__all__ = ["DAMAGE", "REACH", "CreatureSheet", "SheetError", "parse_stacks", "stacks_text"]


def parse_stacks(text: str, what: str) -> dict[str, int]:
    """'fire, cut x2' -> {'fire': 1, 'cut': 2}: damage types with optional stack counts."""
    stacks: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        match = re.fullmatch(r"([a-zA-Z ]+?)\s*(?:[x×*]\s*(\d+))?", part)
        if match is None:
            raise SheetError(what, f"write damage types like 'fire, cut x2', not {part!r}")
        kind = match.group(1).strip().lower()
        if kind not in DAMAGE_TYPES:
            raise SheetError(what, f"{kind!r} is not a damage type ({', '.join(DAMAGE_TYPES)})")
        stacks[kind] = stacks.get(kind, 0) + int(match.group(2) or 1)
    return stacks


def stacks_text(stacks: dict[str, int]) -> str:
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in sorted(stacks.items()))


class CreatureSheet(QDialog):
    """objectName `creatureSheet`. `creature` None: a new creature (placed on `tile`)."""

    def __init__(
        self,
        model: Any,
        creature: Combatant | None = None,
        *,
        tile: tuple[int, int] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("creatureSheet")
        self.model = model
        self.original = creature
        self.result_id: str | None = None
        self.setWindowTitle(f"Creature sheet: {creature.name}" if creature else "New creature")
        encounter = model.encounter
        base = creature or Combatant(id="new", name="New creature", side="gm")
        self.name = line_edit("sheetName", creature.name if creature else "")
        self.name.setPlaceholderText("Name (numbered copies: Bandit 1, Bandit 2...)")
        self.side = SideChoice(encounter.sides(), base.side, base.is_player_character)
        # The picture the sheet gives on OK: as it is until the GM chooses or removes one.
        self.picture: bytes | None | KeepPicture = KEEP_PICTURE
        self.picture_row = PictureRow(model, "sheet")
        self.picture_row.chosen.connect(self._picture_chosen)
        self.picture_row.removed.connect(lambda: self._picture_chosen(None, ""))
        if creature is not None and creature.portrait is not None:
            self.picture_row.show_picture(encounter.portraits.get(creature.portrait))
        self.size_box = combo_box("sheetSize", [(label, size) for size, label in SIZES.items()])
        self.size_box.setCurrentIndex(self.size_box.findData(base.size))
        self.speed = spin_box("sheetSpeed", 0, 60, base.speed, suffix=" tiles")
        self.level = spin_box("sheetLevel", 1, 20, base.level)
        self.ac_bonus = spin_box("sheetAcBonus", -10, 40, base.ac_bonus)
        self.max_hp = spin_box("sheetMaxHp", 1, 99999, base.max_hp)
        self.hp = spin_box("sheetHp", -99999, 99999, base.hp)
        self.max_mana = spin_box("sheetMaxMana", 0, 999, base.max_mana)
        self.mana = spin_box("sheetMana", 0, 999, base.mana)
        self.max_focus = spin_box("sheetMaxFocus", 0, 999, base.max_focus)
        self.focus = spin_box("sheetFocus", 0, 999, base.focus)
        self.attributes = {
            name: spin_box(f"sheet{name.capitalize()}", 1, 30, base.attributes[name])
            for name in ATTRIBUTES
        }
        self.point_buy = self._reserved_label("sheetPointBuy", POINT_BUY_LINES)
        self.resistances = line_edit("sheetResistances", stacks_text(base.resistances))
        self.vulnerabilities = line_edit("sheetVulnerabilities", stacks_text(base.vulnerabilities))
        self.immunities = line_edit("sheetImmunities", ", ".join(sorted(base.immunities)))
        for line in (self.resistances, self.vulnerabilities, self.immunities):
            line.setPlaceholderText("e.g. fire, cut x2")
        self.notes = QPlainTextEdit(base.notes)
        self.notes.setObjectName("sheetNotes")
        self.notes.setPlaceholderText("GM only: never shown on the player display")
        self.notes.setMaximumHeight(70)
        self.tile_x = spin_box("sheetTileX", 0, max(0, encounter.battle_map.width - 1), 0)
        self.tile_y = spin_box("sheetTileY", 0, max(0, encounter.battle_map.height - 1), 0)
        start = tile if tile is not None else self._free_tile()
        if start is not None:
            self.tile_x.setValue(start[0])
            self.tile_y.setValue(start[1])
        self.attacks = AttackTable(base.weapons, lambda: self.model.encounter.status_catalogue)
        self.error = self._reserved_label("sheetError", ERROR_LINES)
        self.error.setStyleSheet("color: #d04040; font-weight: bold")
        self._lay_out(creature is None)
        for spin in self.attributes.values():
            spin.valueChanged.connect(self._check_point_buy)
        self.side.currentTextChanged.connect(self._check_point_buy)
        self._check_point_buy()

    # -- building --------------------------------------------------------------------------
    def _reserved_label(self, name: str, lines: int) -> QLabel:
        """A wrapped line whose room is kept whatever it says: its text never moves the rest
        of the sheet (it is as wide as the sheet lets it be, and `lines` lines high)."""
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        label.setFixedHeight(label.fontMetrics().lineSpacing() * lines + 4)
        return label

    def _picture_chosen(self, data: bytes | None, _file_name: str) -> None:
        self.picture = data
        self.picture_row.show_picture(data)

    def _lay_out(self, new: bool) -> None:
        who = QFormLayout()
        who.addRow("Name", self.name)
        who.addRow("Side", self.side)
        who.addRow("Picture", self.picture_row)
        who.addRow("Size", self.size_box)
        who.addRow("Speed", self.speed)
        who.addRow("Level", self.level)
        who.addRow("AC bonus", self.ac_bonus)
        if new:
            place = QHBoxLayout()
            place.addWidget(self.tile_x)
            place.addWidget(self.tile_y)
            who.addRow("Tile (x, y)", place)
        numbers = QGridLayout()
        for row, (label, current, most) in enumerate(
            (
                ("HP", self.hp, self.max_hp),
                ("Mana", self.mana, self.max_mana),
                ("Focus", self.focus, self.max_focus),
            )
        ):
            numbers.addWidget(QLabel(label), row, 0)
            numbers.addWidget(current, row, 1)
            numbers.addWidget(QLabel("of"), row, 2)
            numbers.addWidget(most, row, 3)
        scores = QFormLayout()
        for name, spin in self.attributes.items():
            scores.addRow(name.capitalize(), spin)
        damage = QFormLayout()
        damage.addRow("Resistances", self.resistances)
        damage.addRow("Vulnerabilities", self.vulnerabilities)
        damage.addRow("Immunities", self.immunities)
        top = QHBoxLayout()
        top.addWidget(self._group("Creature", who))
        middle = QVBoxLayout()
        middle.addWidget(self._group("HP and resources", numbers))
        middle.addWidget(self._group("Damage taken", damage))
        top.addLayout(middle)
        top.addWidget(self._group("Attributes", scores))
        add = QPushButton("Add attack")
        add.setObjectName("sheetAddAttack")
        add.clicked.connect(lambda: self.attacks.add_attack(None))
        remove = QPushButton("Remove attack")
        remove.setObjectName("sheetRemoveAttack")
        remove.clicked.connect(self.attacks.remove_attack)
        attack_buttons = QHBoxLayout()
        attack_buttons.addWidget(add)
        attack_buttons.addWidget(remove)
        attack_buttons.addStretch(1)
        attacks = QVBoxLayout()
        attacks.addWidget(self.attacks)
        attacks.addLayout(attack_buttons)
        notes = QVBoxLayout()
        notes.addWidget(self.notes)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.setObjectName("sheetButtons")
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("sheetOk")
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.point_buy)
        layout.addWidget(self._group("Attacks and attack spells", attacks), 1)
        layout.addWidget(self._group("Notes (GM only)", notes))
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(1100, 700)

    @staticmethod
    def _group(title: str, content: Any) -> QGroupBox:
        box = QGroupBox(title)
        box.setLayout(content)
        return box

    def _free_tile(self) -> tuple[int, int] | None:
        encounter = self.model.encounter
        anchor = self.model.selected_tile or (
            encounter.battle_map.width // 2,
            encounter.battle_map.height // 2,
        )
        found = free_tiles_near(encounter, Combatant(id="probe", name="probe"), anchor, 1)
        return found[0] if found else None

    # -- attacks ---------------------------------------------------------------------------
    def cell_text(self, row: int, column: int) -> str:
        return self.attacks.cell_text(row, column)

    # -- reading the sheet -----------------------------------------------------------------
    def _check_point_buy(self) -> None:
        scores = {name: spin.value() for name, spin in self.attributes.items()}
        if not self.side.is_player_character():
            self.point_buy.setText("")
            return
        problems = point_buy_errors(scores)
        if problems:
            self.point_buy.setText(
                "Point buy (ruling 5): " + "; ".join(problems) + ". You may keep these scores."
            )
        else:
            self.point_buy.setText(
                f"Point buy (ruling 5): legal, {points_left(scores)} of {POINT_BUY_POINTS}"
                " points unspent."
            )

    def creature(self) -> Combatant:
        """The creature the sheet describes; SheetError naming the first wrong field."""
        name = self.name.text().strip()
        if not name:
            raise SheetError("Name", "a creature needs a name")
        side, player_character = self.side.choice()
        if not side:
            raise SheetError("Side", "choose who it fights for (or type the name of a side)")
        # HP may stand above max HP (ruling 49: a feat or an item raised it); healing leaves it.
        for label, current, most in (
            ("Mana", self.mana, self.max_mana),
            ("Focus", self.focus, self.max_focus),
        ):
            if current.value() > most.value():
                raise SheetError(label, f"{current.value()} is above its maximum {most.value()}")
        weapons = self.attacks.weapons()
        immunities = set(parse_stacks(self.immunities.text(), "Immunities"))
        original = self.original
        try:
            return Combatant(
                id=original.id if original else "new",
                name=name,
                side=side,
                is_player_character=player_character,
                size=int(self.size_box.currentData()),
                position=original.position
                if original
                else (self.tile_x.value(), self.tile_y.value()),
                hp=self.hp.value(),
                max_hp=self.max_hp.value(),
                speed=self.speed.value(),
                statuses=list(original.statuses) if original else [],
                hidden=original.hidden if original else False,
                attributes={n: s.value() for n, s in self.attributes.items()},
                level=self.level.value(),
                ac_bonus=self.ac_bonus.value(),
                mana=self.mana.value(),
                max_mana=self.max_mana.value(),
                focus=self.focus.value(),
                max_focus=self.max_focus.value(),
                resistances=parse_stacks(self.resistances.text(), "Resistances"),
                vulnerabilities=parse_stacks(self.vulnerabilities.text(), "Vulnerabilities"),
                immunities=immunities,
                wounds=dict(original.wounds) if original else {},
                weapons=weapons,
                is_object=original.is_object if original else False,
                morale=original.morale if original else None,
                notes=self.notes.toPlainText(),
                portrait=original.portrait if original else None,
            )
        except CombatantError as error:
            raise SheetError("Creature", str(error)) from None

    def apply(self) -> bool:
        """Check the sheet; when good, add or edit the creature (one undo step) and close."""
        try:
            creature = self.creature()
            picture = self.picture
            if self.original is None:
                creature.id = unique_id(self.model.encounter, creature.name)
                given = picture if isinstance(picture, bytes) else None
                self.result_id = self.model.apply(lambda e: add_creature(e, creature, given))
            else:
                cid = self.original.id
                self.model.apply(lambda e: edit_creature(e, cid, creature, picture))
                self.result_id = cid
        except Refusal as error:
            self.error.setText(str(error))
            return False
        self.error.setText("")
        self.model.select(self.result_id)
        self.accept()
        return True
