"""The attack panel: pick attacker, target and weapon, read every term of the roll with its
source and the exact chances, then roll (or enter the dice rolled at the table) and see the
outcome big. One attack, its damage, the HP change and the critical effect are one undo step.

The panel never computes a rule: the working and the chances come from
`attack_preview.attack_preview` (the same path `Encounter.resolve_attack` rolls with), the
outcome from the encounter's operation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGraphicsView,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.board.distance import footprint_gap
from drase_desktop.encounter.area_attack import resolve_area_attack
from drase_desktop.encounter.attack_preview import AttackPreview, attack_preview
from drase_desktop.encounter.sides import side_words
from drase_desktop.rules.dice import dice_faces, roll_with_faces
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.physical_dice import ask_faces
from drase_desktop.ui.widgets.theme import accent, heading_font
from drase_desktop.ui.widgets.tick_list import add_tick_row, set_ticked, ticked_ids
from drase_desktop.ui.widgets.widget_builders import roll_row, scrolling, wrapped_label

ROLL_TIP = "Roll the attack with the app's dice"
TABLE_TIP = "Enter table dice: you rolled real dice, type what they show"
RESULT_POINT_SIZE = 30.0
NUMBER_POINT_SIZE = 19.0
# What each outcome is written in: a theme accent, so it reads on the light and dark themes.
COLOURS = {
    "critical": "warning",
    "hit": "ok",
    "miss": "danger",
    "blocked": "danger",
    "neutral": "",  # the palette's quieter text (placeholder) colour
}


def colour(palette: QPalette, key: str) -> QColor:
    """The colour for an outcome `key` on `palette`."""
    name = COLOURS[key]
    if not name:
        return palette.color(QPalette.ColorRole.PlaceholderText)
    return accent(palette, name)


def verdict(result: Any) -> tuple[str, str]:
    """The big word for an attack result and its colour key."""
    if result.total is None:
        return "UNAVOIDABLE HIT", "hit"
    if result.critical:
        return "CRITICAL HIT", "critical"
    if result.hit and result.natural_hit:
        return "NATURAL 20: HIT", "hit"
    if result.hit:
        return "HIT", "hit"
    return "MISS", "miss"


def result_line(encounter: Any, result: Any) -> str:
    """What a GM reads aloud: whose roll against whose number, then what the target took
    ("Mira rolls 1d20 (8) + 5 = 13 vs Bandit 1's 12" / "→ Bandit 1: 8 pierce, 3/11 HP")."""
    target = encounter.combatants.get(result.target_id)
    name = target.name if target is not None else result.target_id
    attacker = encounter.combatants.get(result.attacker_id)
    who = attacker.name if attacker is not None else result.attacker_id
    if result.total is None:
        line = f"{who} needs no attack roll against {name}"
    else:
        line = f"{who} rolls {result.roll_text} vs\u00a0{name}'s {result.target_number}"
    if result.hit:
        line += f"\n→ {name}: {result.damage_dealt} {result.damage_type}"
        if result.damage_dealt != result.damage_rolled:
            line += f" (rolled {result.damage_rolled})"
        if target is not None:
            line += f", {target.hp}/{target.max_hp} HP"
            if target.hp <= 0 and not target.incapacitated:
                line += " (0 or below: Incapacitated when this phase ends)"
        if result.status_applied:
            line += f", {result.status_applied.title()}"
    return line


def part_value(part: Any) -> str:
    if part.kind == "flat":
        return f"{part.amount:+d}"
    sign = "+" if part.kind == "bonus" else "−"
    noun = "bonus" if part.kind == "bonus" else "malus"
    plural = "es" if part.amount != 1 else ""
    return f"{sign}{part.amount} {noun}{plural}"


def _gap(attacker: Any, other: Any) -> int:
    """Tiles between two tokens (nearest tiles, any direction); far away when off the map."""
    if attacker.position is None or other.position is None:
        return 10**6
    dx, dy = footprint_gap(attacker.position, other.position, attacker.footprint, other.footprint)
    return max(dx, dy)


class AttackPanel(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Attack", parent)
        self.setObjectName("attackDock")
        self.model = model
        self._colour_key = "neutral"  # the verdict's colour (COLOURS)
        self._filling = False
        self._picking_view: QGraphicsView | None = None
        # In area mode the first token picked is the main target, later ones toggle extras.
        self._main_picked = False
        self.last_results: list[Any] = []
        self._phase = (model.encounter.round, model.encounter.phase_index)
        # A hidden panel (a tab behind the declaration dock) refreshes when it is shown.
        self._stale = False
        self._pending_attacker = ""
        # Whether the GM can see the panel: a dock behind another tab stays "visible" to Qt,
        # so follow visibilityChanged instead.
        self._shown = False
        # What the choices were built from: when only HP or statuses change, relabel in place.
        self._layout_key: tuple[Any, ...] = ()

        self.attacker = QComboBox()
        self.attacker.setObjectName("attackAttacker")
        self.target = QComboBox()
        self.target.setObjectName("attackTarget")
        self.pick = QPushButton("Pick")
        self.pick.setObjectName("attackPickTarget")
        self.pick.setCheckable(True)
        self.pick.setToolTip("Pick the target on the map: click its token (Esc stops)")
        self.weapon = QComboBox()
        self.weapon.setObjectName("attackWeapon")
        self.action = QComboBox()
        self.action.setObjectName("attackAction")
        self.non_lethal = QCheckBox("Non-lethal (1 malus)")
        self.non_lethal.setObjectName("attackNonLethal")
        self.non_lethal.setToolTip("Aiming to wound, not kill: physical attacks only")
        self.bonuses = self._count_box("attackBonuses", "GM bonus dice (d6, keep highest)")
        self.maluses = self._count_box("attackMaluses", "GM malus dice (d6, keep highest)")
        self.modifier = QSpinBox()
        self.modifier.setObjectName("attackModifier")
        self.modifier.setRange(-30, 30)
        self.modifier.setToolTip("A flat number the GM adds (+) or takes away (-)")
        self.area = QCheckBox("Area: also attack")
        self.area.setObjectName("attackArea")
        self.area_targets = QListWidget()
        self.area_targets.setObjectName("attackAreaTargets")
        self.area_targets.setMaximumHeight(120)
        self.area_targets.setVisible(False)

        self.blocked = wrapped_label("attackBlocked", heading_font(NUMBER_POINT_SIZE))
        self.working = QTableWidget(0, 2)
        self.working.setObjectName("attackWorking")
        self.working.setHorizontalHeaderLabels(["Term (source)", "Value"])
        self.working.verticalHeader().setVisible(False)
        self.working.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.working.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.working.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.working.setWordWrap(True)
        self.working.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.working.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.working.horizontalHeader()
        # Rows re-measured when the table's width changes (the dock was narrower or wider
        # when they were filled).
        self.working.viewport().installEventFilter(self)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.expression = wrapped_label("attackExpression", heading_font())
        # The number to beat and the chances on one line each in a laptop's dock.
        self.target_number = wrapped_label("attackTargetNumber", heading_font())
        self.chances = wrapped_label("attackChances", heading_font())
        self.damage = wrapped_label("attackDamage")

        self.roll_button = QPushButton("Roll attack")
        self.roll_button.setObjectName("attackRollButton")
        self.roll_button.setMinimumHeight(48)
        self.roll_button.setFont(heading_font())
        self.table_button = QPushButton("Table dice…")
        self.table_button.setObjectName("attackTableDiceButton")
        self.table_button.setMinimumHeight(48)
        self.table_button.setToolTip(TABLE_TIP)
        self.roll_button.setToolTip(ROLL_TIP)
        self.result = wrapped_label("attackResultLabel", heading_font(RESULT_POINT_SIZE))
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.result_detail = wrapped_label("attackResultDetail", heading_font(14.0))
        self.result_detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        for combo in (self.attacker, self.target, self.weapon, self.action):
            # Long labels must not widen the dock past the screen: they elide instead.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(10)
            # Elided in a narrow dock: the whole label is a hover away.
            combo.currentTextChanged.connect(combo.setToolTip)
        form = QFormLayout()
        form.addRow("Attacker", self.attacker)
        target_row = QHBoxLayout()
        target_row.addWidget(self.target, 1)
        target_row.addWidget(self.pick)
        form.addRow("Target", target_row)
        form.addRow("Weapon", self.weapon)
        form.addRow("Action", self.action)
        buttons = roll_row(self.roll_button, self.table_button)
        # The GM's own dice and number, one per row: a laptop's dock has no room for a line of
        # three spin boxes.
        modifiers = QFormLayout()
        modifiers.addRow(self.non_lethal)
        modifiers.addRow("GM bonus dice", self.bonuses)
        modifiers.addRow("GM malus dice", self.maluses)
        modifiers.addRow("GM flat number", self.modifier)
        modifiers.addRow(self.area)
        modifiers.addRow(self.area_targets)
        self._modifiers = modifiers

        # What a GM reads at a glance comes first (number to beat, chances, the button, the
        # outcome); the working and the GM's own modifiers follow for whoever asks why.
        layout = QVBoxLayout()
        layout.addLayout(form)
        layout.addWidget(self.blocked)
        layout.addWidget(self.expression)
        layout.addWidget(self.target_number)
        layout.addWidget(self.chances)
        layout.addLayout(buttons)
        layout.addWidget(self.result)
        layout.addWidget(self.result_detail)
        layout.addWidget(self.damage)
        layout.addWidget(self.working)
        layout.addLayout(modifiers)
        layout.addStretch(1)
        self.setWidget(scrolling(layout, horizontal=False))

        self.attacker.currentIndexChanged.connect(self._attacker_changed)
        for combo in (self.target, self.weapon, self.action):
            combo.currentIndexChanged.connect(self._inputs_changed)
        for box in (self.bonuses, self.maluses, self.modifier):
            box.valueChanged.connect(self._inputs_changed)
        self.non_lethal.toggled.connect(self._inputs_changed)
        self.area.toggled.connect(self._area_toggled)
        self.area_targets.itemChanged.connect(self._inputs_changed)
        self.pick.toggled.connect(self._pick_toggled)
        self.roll_button.clicked.connect(self.roll)
        self.table_button.clicked.connect(self.enter_table_dice)

        model.combatantsChanged.connect(self._combatants_changed)
        model.roundChanged.connect(self._round_changed)
        model.mapChanged.connect(self._map_changed)
        model.encounterReplaced.connect(self._replaced)
        model.selectionChanged.connect(self._selection_changed)
        self.visibilityChanged.connect(self._visibility_changed)
        self._paint_words()
        # Filled when first shown (or asked to prepare an attack): a tab behind another dock
        # at opening does not list a big fight's creatures three times before the first frame.
        self._stale = True

    def _paint_words(self) -> None:
        """The verdict and the refusal in their outcome's colour for the current theme."""
        for label, key in ((self.result, self._colour_key), (self.blocked, "blocked")):
            palette = label.palette()
            palette.setColor(QPalette.ColorRole.WindowText, colour(self.palette(), key))
            label.setPalette(palette)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "result"):
            self._paint_words()  # a theme change recolours the words

    @staticmethod
    def _count_box(name: str, tip: str) -> QSpinBox:
        box = QSpinBox()
        box.setObjectName(name)
        box.setRange(0, 6)
        box.setToolTip(tip)
        return box

    # -- what is chosen -------------------------------------------------------------------
    @property
    def encounter(self) -> Any:
        return self.model.encounter

    def attacker_id(self) -> str:
        return self.attacker.currentData() or ""

    def target_id(self) -> str:
        return self.target.currentData() or ""

    def target_ids(self) -> list[str]:
        """The main target first, then the area's extra targets."""
        ids = [self.target_id()] if self.target_id() else []
        if self.area.isChecked():
            ids += [cid for cid in ticked_ids(self.area_targets) if cid not in ids]
        return ids

    def weapon_name(self) -> str | None:
        return self.weapon.currentData() or None

    def action_name(self) -> str:
        return self.action.currentData() or "attack"

    def is_reaction(self) -> bool:
        if not self.encounter.ruleset.declares_actions:
            return False
        try:
            return self.encounter.action_catalogue.action(self.action_name()).cost == "reaction"
        except ValueError:
            return False

    def prepare(self, attacker_id: str, action: str = "attack", target_id: str = "") -> None:
        """Set the panel up for one queued attack (from the resolution queue) and show it."""
        self.show()
        self.raise_()
        if self._stale:
            self.refresh(force=True)
        self._select_data(self.attacker, attacker_id)
        self._select_data(self.action, action)
        if target_id:
            self._select_data(self.target, target_id)
        self._inputs_changed()

    def set_target(self, target_id: str) -> None:
        self._select_data(self.target, target_id)
        self._inputs_changed()

    def set_area_targets(self, target_ids: Sequence[str]) -> None:
        self.area.setChecked(bool(target_ids))
        self._filling = True
        set_ticked(self.area_targets, target_ids)
        self._filling = False
        self._inputs_changed()

    @staticmethod
    def _select_data(combo: QComboBox, data: str) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    # -- filling the choices ----------------------------------------------------------------
    def _replaced(self) -> None:
        self.pick.setChecked(False)
        self._show_result([], "", "neutral")
        self.refresh()

    def _round_changed(self) -> None:
        # A result belongs to its phase: a new phase starts with a clean slate.
        encounter = self.encounter
        phase = (encounter.round, encounter.phase_index)
        if phase != self._phase or self._colour_key == "blocked":
            # A refusal's cause may be gone (the attack is declared now): it is not kept.
            self._phase = phase
            self._show_result([], "", "neutral")
        # Declarations and defense rolls change the working; the choices rarely change.
        self._combatants_changed([])

    def _selection_changed(self, combatant_id: str) -> None:
        if not combatant_id or self.pick.isChecked():
            return
        if not self._shown:
            self._pending_attacker = combatant_id
            self._stale = True
            return
        self._select_data(self.attacker, combatant_id)

    def _visibility_changed(self, visible: bool) -> None:
        self._shown = visible
        if visible and self._stale:
            self.refresh()

    def _map_changed(self) -> None:
        # Terrain, cover and light change the working, not the choices.
        if self._shown:
            self._update_preview()
        else:
            self._stale = True

    def _combatants_changed(self, ids: list[str]) -> None:
        if self._colour_key == "blocked":
            self._show_result([], "", "neutral")  # the refusal's cause may be gone
        if self._shown and not self._stale and self._layout() == self._layout_key:
            self._relabel(ids)
            self._update_preview()
            return
        self.refresh()

    def _layout(self) -> tuple[Any, ...]:
        """Everything that decides which choices exist and their order."""
        encounter = self.encounter
        return (encounter.ruleset.key, id(encounter.action_catalogue)) + tuple(
            (c.id, c.side, tuple(w.name for w in c.weapons), c.incapacitated, c.position)
            for c in encounter.combatants.values()
        )

    def _relabel(self, ids: list[str]) -> None:
        combatants = self.encounter.combatants
        for combo in (self.attacker, self.target):
            for cid in ids:
                index = combo.findData(cid)
                if index >= 0 and cid in combatants:
                    combo.setItemText(index, self._label(combatants[cid]))
        self._filling = True
        for row in range(self.area_targets.count()):
            item = self.area_targets.item(row)
            cid = item.data(Qt.ItemDataRole.UserRole)
            if cid in ids and cid in combatants:
                item.setText(self._label(combatants[cid]))
        self._filling = False

    def refresh(self, *_args: Any, force: bool = False) -> None:
        """Refill the choices from the encounter (keeping what is chosen) and the preview.
        While the panel is hidden this only marks it stale (a big fight emits many changes)."""
        if not force and not self._shown:
            self._stale = True
            return
        self._stale = False
        self._layout_key = self._layout()
        encounter = self.encounter
        self._filling = True
        attacker = self._pending_attacker or self.attacker_id() or self.model.selected_id
        self._pending_attacker = ""
        self._fill(
            self.attacker,
            [(c.id, self._label(c)) for c in encounter.combatants.values() if c.weapons],
            attacker,
        )
        self._fill_dependents()
        self._show_ruleset_options()
        self._filling = False
        self._update_preview()

    def _show_ruleset_options(self) -> None:
        """Offer only what the encounter's ruleset has: the Crawler text has no d6 bonus/malus
        dice and no non-lethal malus, so their rows go (and their values with them)."""
        ruleset = self.encounter.ruleset
        for box, offered in (
            (self.non_lethal, ruleset.has_non_lethal),
            (self.bonuses, ruleset.has_bonus_dice),
            (self.maluses, ruleset.has_bonus_dice),
        ):
            if not offered:
                if isinstance(box, QCheckBox):
                    box.setChecked(False)
                else:
                    box.setValue(0)
            self._modifiers.setRowVisible(box, offered)

    def _fill_dependents(self, keep_target: bool = True) -> None:
        encounter = self.encounter
        attacker = encounter.combatants.get(self.attacker_id())
        others = [
            c for c in encounter.combatants.values() if attacker is None or c.id != attacker.id
        ]
        if attacker is not None:
            # Able enemies first, nearest first: what an attack is usually aimed at.
            others.sort(key=lambda c: (c.side == attacker.side, c.incapacitated, _gap(attacker, c)))
        keep = self.target_id() if keep_target else ""
        self._fill(self.target, [(c.id, self._label(c)) for c in others], keep)
        weapons = attacker.weapons if attacker is not None else []
        self._fill(
            self.weapon,
            [(w.name, self._weapon_label(w)) for w in weapons],
            self.weapon_name() or "",
        )
        self._fill(self.action, self._actions(), self.action_name())
        checked = set(self.target_ids()[1:])
        self.area_targets.clear()
        for combatant in others:
            add_tick_row(
                self.area_targets, self._label(combatant), combatant.id, combatant.id in checked
            )

    def _actions(self) -> list[tuple[str, str]]:
        encounter = self.encounter
        if not encounter.ruleset.declares_actions:
            return [("attack", "attack (missile or melee step)")]
        entries = [a for a in encounter.action_catalogue.values() if a.attack]
        return [
            (a.name, f"{a.name} (reaction)" if a.cost == "reaction" else f"{a.name} ({a.cost})")
            for a in entries
        ]

    @staticmethod
    def _fill(combo: QComboBox, entries: list[tuple[str, str]], keep: str) -> None:
        combo.blockSignals(True)
        combo.clear()
        for data, text in entries:
            combo.addItem(text, data)
        index = combo.findData(keep)
        combo.setCurrentIndex(index if index >= 0 else (0 if entries else -1))
        combo.blockSignals(False)
        combo.setToolTip(combo.currentText())

    @staticmethod
    def _label(combatant: Any) -> str:
        tags = []
        if combatant.is_object:
            tags.append("object")
        if combatant.incapacitated:
            tags.append("down")
        if combatant.hidden:
            tags.append("hidden")
        extra = f" [{', '.join(tags)}]" if tags else ""
        side = side_words(combatant.side)
        return f"{combatant.name} ({side}) {combatant.hp}/{combatant.max_hp} HP{extra}"

    @staticmethod
    def _weapon_label(weapon: Any) -> str:
        kind = "ranged" if weapon.ranged else "melee"
        extras = [f"{weapon.damage} {weapon.damage_type}", f"{kind} {weapon.reach}"]
        if weapon.save:
            extras.append(f"vs {weapon.save.upper()[:3]} save")
        if weapon.unavoidable:
            extras.append("unavoidable")
        return f"{weapon.name} ({', '.join(extras)})"

    # -- reacting to the GM ------------------------------------------------------------------
    def _attacker_changed(self, *_args: Any) -> None:
        if self._filling:
            return
        self._filling = True
        self._fill_dependents(keep_target=False)
        self._filling = False
        self._inputs_changed()

    def _area_toggled(self, on: bool) -> None:
        self.area_targets.setVisible(on)
        self._inputs_changed()

    def _inputs_changed(self, *_args: Any) -> None:
        if self._filling:
            return
        self._show_result([], "", "neutral")
        self._update_preview()

    def preview(self) -> AttackPreview | None:
        if not self.attacker_id() or not self.target_id():
            return None
        return self._preview_for(self.target_id())

    def _update_preview(self) -> None:
        preview = self.preview()
        self.working.setRowCount(0)
        if preview is None:
            self.blocked.setText("Choose an attacker with a weapon and a target.")
            self.blocked.setVisible(True)
            for field in (self.expression, self.target_number, self.chances, self.damage):
                field.setText("")
            self._set_buttons(False)
            return
        self.blocked.setText(preview.blocked)
        self.blocked.setVisible(bool(preview.blocked))
        rows: list[tuple[str, str, bool]] = []
        if preview.working is not None:
            rows = [(p.label, part_value(p), False) for p in preview.working.parts]
            rows += [(note, "", True) for note in preview.working.notes]
        rows += self._defense_rows(preview)
        rows += [(note, "", True) for note in preview.situation_notes]
        if preview.save_targeting and self.encounter.ruleset.has_criticals:
            rows.append(("save-targeting: never a critical (ruling 2)", "", True))
        if self.is_reaction():
            rows.append(("reaction: partial cover, reach and range ignored (ruling 29)", "", True))
        self.working.setRowCount(len(rows))
        for row, (label, value, note) in enumerate(rows):
            left = QTableWidgetItem(label)
            right = QTableWidgetItem(value)
            right.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if note:
                left.setForeground(colour(self.palette(), "neutral"))
            self.working.setItem(row, 0, left)
            self.working.setItem(row, 1, right)
        self.working.setVisible(bool(rows))
        self._fit_working_height()
        if preview.unavoidable:
            self.expression.setText("No attack roll: the damage always lands (ruling 10)")
            self.target_number.setText("")
            self.chances.setText("Hit 100%")
        elif preview.working is not None:
            self.expression.setText(f"Roll {preview.expression}")
            ruleset = self.encounter.ruleset
            self.target_number.setText(
                f"{ruleset.target_word} {preview.target_number}  ({preview.target_text})"
            )
            crit = f"  ·  Crit {preview.critical:.1%}" if ruleset.has_criticals else ""
            self.chances.setText(f"Hit {preview.hit:.1%}{crit}" + self._area_chances(preview))
        else:
            self.expression.setText("")
            self.target_number.setText("")
            self.chances.setText("")
        self.damage.setText(self._damage_text(preview))
        refusal = preview.blocked or self._refusal()
        self._set_buttons(not refusal, refusal)

    def _refusal(self) -> str:
        """Why the encounter would refuse this attack now (declarations, the Crawler step)."""
        refusal = getattr(self.encounter, "attack_refusal", None)
        if refusal is None or not self.attacker_id():
            return ""
        return str(
            refusal(
                self.attacker_id(),
                weapon=self.weapon_name(),
                action=self.action_name(),
                reaction=self.is_reaction(),
            )
        )

    def _fit_working_height(self, *_args: Any) -> None:
        """Every term's whole text, wrapped: rows re-measured whenever the columns change
        width (the dock was narrower when they were filled), and the table as tall as they."""
        table = self.working
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(table.horizontalHeader().height() + rows + 4)

    def _defense_rows(self, preview: AttackPreview) -> list[tuple[str, str, bool]]:
        """The defender's defense roll shifts the number to beat (ruling 7)."""
        encounter = self.encounter
        target = encounter.combatants.get(preview.target_id)
        if target is None or preview.working is None or not encounter.ruleset.has_defense_roll:
            return []
        rolled = encounter.round_state.defense.get(target.id)
        if rolled is None:
            return [(f"{target.name} has not rolled defense this round", "", True)]
        return [(f"{target.name}'s defense roll (to the number to beat)", f"{rolled:+d}", False)]

    def _area_chances(self, primary: AttackPreview) -> str:
        lines = []
        for target_id in self.target_ids()[1:]:
            try:
                other = self._attack_preview(target_id)
            except ValueError as error:
                lines.append(f"{target_id}: {error}")
                continue
            name = self.encounter.combatants[target_id].name
            if other.blocked:
                lines.append(f"{name}: {other.blocked}")
            else:
                verb = self.encounter.ruleset.target_verb
                lines.append(f"{name}: {verb} {other.target_number}, hit {other.hit:.1%}")
        return "\n" + "\n".join(lines) if lines else ""

    def _damage_text(self, preview: AttackPreview) -> str:
        target = self.encounter.combatants.get(preview.target_id)
        text = f"Damage {preview.damage_expression} {preview.damage_type}"
        if target is None:
            return text
        notes = []
        kind = preview.damage_type
        if kind in target.all_immunities():
            notes.append(f"{target.name} is immune")
        resist = target.resistances.get(kind, 0) - target.vulnerabilities.get(kind, 0)
        if resist > 0:
            notes.append(f"{target.name} resists: halved")
        elif resist < 0:
            notes.append(f"{target.name} is vulnerable: x1.5")
        attacker = self.encounter.combatants.get(preview.attacker_id)
        if attacker is not None and not preview.save_targeting:
            critical = self.encounter.ruleset.critical_text(attacker)
            if critical:
                notes.append(critical)
        return text + (" · " + "; ".join(notes) if notes else "")

    def _set_buttons(self, enabled: bool, reason: str = "") -> None:
        """Roll and Table dice, disabled with the reason in their tooltips when the attack
        would be refused (pressing them only to read "REFUSED" wastes the GM's time)."""
        for button, tip in ((self.roll_button, ROLL_TIP), (self.table_button, TABLE_TIP)):
            button.setEnabled(enabled)
            button.setToolTip(tip if enabled or not reason else f"{tip}\nNot now: {reason}")

    # -- picking the target on the map -------------------------------------------------------
    def _map_view(self) -> QGraphicsView | None:
        window = self.parentWidget()
        while window is not None and window.parentWidget() is not None:
            window = window.parentWidget()
        if window is None:
            return None
        return window.findChild(QGraphicsView, "mapView")

    def _pick_toggled(self, on: bool) -> None:
        old = self._picking_view
        if old is not None:
            old.removeEventFilter(self)
            old.viewport().removeEventFilter(self)
            old.viewport().unsetCursor()
            self._picking_view = None
        if not on:
            return
        view = self._map_view()
        if view is None:
            self.pick.setChecked(False)
            return
        self._picking_view = view
        self._main_picked = False
        view.installEventFilter(self)  # Esc reaches the view, clicks its viewport
        view.viewport().installEventFilter(self)
        view.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.working.viewport():
            if event.type() == QEvent.Type.Resize:
                assert isinstance(event, QResizeEvent)
                if event.size().width() != event.oldSize().width():
                    QTimer.singleShot(0, self._fit_working_height)
            return False
        view = self._picking_view
        if view is None or watched not in (view, view.viewport()):
            return False
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            self.pick.setChecked(False)
            return True
        if watched is not view.viewport() or event.type() != QEvent.Type.MouseButtonPress:
            return False
        assert isinstance(event, QMouseEvent)
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.pick_at(view, view.mapToScene(event.position().toPoint()))
        return True

    def pick_at(self, view: Any, scene_point: Any) -> str:
        """Make the token under `scene_point` the target (in area mode the first pick is the
        main target and later picks toggle extra targets). Returns the id picked, or ""."""
        item = view.map_scene.token_at(scene_point)
        if item is None or item.combatant_id == self.attacker_id():
            return ""
        picked = item.combatant_id
        main_chosen, self._main_picked = self._main_picked, True
        if self.area.isChecked() and main_chosen and picked != self.target_id():
            extras = self.target_ids()[1:]
            extras = [c for c in extras if c != picked] if picked in extras else [*extras, picked]
            self.set_area_targets(extras)
        else:
            self.set_target(picked)
            if not self.area.isChecked():
                self.pick.setChecked(False)
        return picked

    # -- rolling ------------------------------------------------------------------------------
    def ask_faces(self, expression: str, title: str) -> list[int] | None:
        """The dice the GM rolled at the table (tests replace this)."""
        return ask_faces(self, expression, title)

    def roll(self) -> list[Any]:
        """Roll with the app's dice."""
        return self._resolve(attack_faces=None, damage_faces=None)

    def enter_table_dice(self) -> list[Any]:
        """Ask for the attack dice of each target, judge them, ask for the damage dice if any
        hit needs them, then resolve with those faces."""
        attacker = self.encounter.combatants.get(self.attacker_id())
        if attacker is None:
            return []
        attack_faces: dict[str, list[int]] = {}
        needs_damage = False
        damage_expression = ""
        for target_id in self.target_ids():
            preview = self._preview_for(target_id)
            if preview is None or preview.blocked:
                continue
            damage_expression = preview.damage_expression
            if preview.unavoidable:
                needs_damage = True
                continue
            target = self.encounter.combatants[target_id]
            faces = self.ask_faces(
                preview.expression, f"{attacker.name} attacks {target.name}: {preview.expression}"
            )
            if faces is None:
                return []
            attack_faces[target_id] = faces
            rolled = roll_with_faces(preview.expression, faces)
            outcome = self.encounter.ruleset.judge(
                rolled.total,
                preview.target_number,
                rolled.natural,
                save_targeting=preview.save_targeting,
            )
            maximised = outcome.critical and attacker.is_player_character
            if outcome.hit and not maximised:
                needs_damage = True
        damage_faces = None
        if needs_damage and dice_faces(damage_expression):
            damage_faces = self.ask_faces(
                damage_expression, f"Damage: {damage_expression} {self.weapon_name() or ''}"
            )
            if damage_faces is None:
                return []
        return self._resolve(attack_faces=attack_faces, damage_faces=damage_faces)

    def _preview_for(self, target_id: str) -> AttackPreview | None:
        try:
            return self._attack_preview(target_id)
        except ValueError:
            return None

    def _attack_preview(self, target_id: str) -> AttackPreview:
        """The chosen attack on one target, as the encounter would roll it (ValueError if the
        rules refuse it)."""
        return attack_preview(
            self.encounter, self.attacker_id(), target_id, **self._attack_options()
        )

    def _attack_options(self) -> dict[str, Any]:
        """What the GM chose besides attacker and target: the preview and the roll use the
        same."""
        return {
            "weapon": self.weapon_name(),
            "reaction": self.is_reaction(),
            "bonuses": self.bonuses.value(),
            "maluses": self.maluses.value(),
            "modifier": self.modifier.value(),
            "non_lethal": self.non_lethal.isChecked(),
        }

    def _resolve(
        self,
        *,
        attack_faces: dict[str, list[int]] | None,
        damage_faces: list[int] | None,
    ) -> list[Any]:
        attacker_id = self.attacker_id()
        targets = self.target_ids()
        if not attacker_id or not targets:
            return []
        common = {
            **self._attack_options(),
            "action": self.action_name(),
            "damage_faces": damage_faces,
        }
        try:
            if len(targets) == 1:
                faces = (attack_faces or {}).get(targets[0])
                result = self.model.apply(
                    lambda e: e.resolve_attack(
                        attacker_id, targets[0], attack_faces=faces, **common
                    )
                )
                results = [result]
            else:
                results = self.model.apply(
                    lambda e: resolve_area_attack(
                        e, attacker_id, targets, attack_faces=attack_faces, **common
                    )
                )
        except ValueError as error:
            self.model.refused.emit(str(error))
            self._show_result([str(error)], "REFUSED", "blocked")
            return []
        self.last_results = list(results)
        self._show_results(self.last_results)
        return self.last_results

    def _show_results(self, results: list[Any]) -> None:
        if not results:
            return
        words = [verdict(r) for r in results]
        if len(results) == 1:
            word, colour = words[0]
        else:
            hits = sum(1 for r in results if r.hit)
            word = f"{hits} OF {len(results)} HIT"
            colour = "critical" if any(r.critical for r in results) else "hit" if hits else "miss"
        lines = [result_line(self.encounter, r) for r in results]
        if len(results) > 1:
            lines = [f"{w}: {line}" for (w, _), line in zip(words, lines, strict=True)]
        self._show_result(lines, word, colour)

    def _show_result(self, lines: list[str], word: str, key: str) -> None:
        self.result.setText(word)
        self._colour_key = key
        self._paint_words()
        self.result_detail.setText("\n".join(lines))
        self.result.setVisible(bool(word))
        self.result_detail.setVisible(bool(lines))
