"""The attack panel's choices: attacker, target (and an area attack's extra targets), weapon,
action, and the GM's own dice, flat number and cover figure. Filled from the encounter with the
core's labels, target order and default target (`attack_words`, `target_choice`); the options
offered are the ruleset's own (the window never branches on the system's name)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QSpinBox,
    QWidget,
)

from drase_desktop.encounter import attack_words as words
from drase_desktop.encounter.attack_preview import is_reaction
from drase_desktop.encounter.target_choice import default_target, target_order
from drase_desktop.rules.crawler import COVER_FIGURES
from drase_desktop.ui.widgets.eliding_combo import ElidingComboBox
from drase_desktop.ui.widgets.tick_list import add_tick_row, set_ticked, ticked_ids
from drase_desktop.ui.widgets.widget_builders import (
    check_box,
    named,
    on_change,
    push_button,
    spin_box,
)


def _count_box(name: str, sign: str, tip: str) -> QSpinBox:
    """A count of dice, written "+2" (bonus dice) or "−1" (malus dice): short enough for the
    GM dice row to hold non-lethal beside them in a laptop's column."""
    return spin_box(name, 0, 6, prefix=sign, tip=tip)


class AttackForm(QObject):
    """The widgets of the GM's choices and their two layouts: `choices` (who, whom, with what)
    at the top of the panel and `modifiers` (the GM's own) at its foot. `changed` says a
    choice the preview reads changed; filling the choices from the encounter says nothing."""

    changed = Signal()

    def __init__(self, encounter: Callable[[], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._encounter = encounter  # the encounter open now
        self._filling = False
        self.attacker = named(ElidingComboBox(), "attackAttacker")
        self.target = named(ElidingComboBox(), "attackTarget")
        self.pick = push_button(
            "Pick",
            "attackPickTarget",
            tip="Pick the target on the map: click its token (Esc stops)",
        )
        self.pick.setCheckable(True)
        self.weapon = named(ElidingComboBox(), "attackWeapon")
        self.action = named(ElidingComboBox(), "attackAction")
        self.non_lethal = check_box("Non-lethal", "attackNonLethal")
        self.non_lethal.setToolTip("Aiming to wound, not kill (1 malus): physical attacks only")
        self.bonuses = _count_box("attackBonuses", "+", "GM bonus dice (d6, keep highest)")
        self.maluses = _count_box("attackMaluses", "\u2212", "GM malus dice (d6, keep highest)")
        self.modifier = spin_box(
            "attackModifier", -30, 30, tip="A flat number the GM adds (+) or takes away (-)"
        )
        # Ruling 48: a Crawler attack's cover is the GM's figure, 0 to -4.
        self.cover = spin_box(
            "attackCover",
            min(COVER_FIGURES),
            max(COVER_FIGURES),
            tip="The Crawler text gives cover no number: the GM's figure, 0 to -4",
        )
        self.area = check_box("Area: also attack", "attackArea")
        self.area_targets = named(QListWidget(), "attackAreaTargets")
        self.area_targets.setMaximumHeight(120)
        self.area_targets.setVisible(False)

        # Long labels must not widen the dock past the screen: they are cut short with "…",
        # the whole label a hover away (ElidingComboBox).
        self.choices = QFormLayout()
        self.choices.addRow("Attacker", self.attacker)
        target_row = QHBoxLayout()
        target_row.addWidget(self.target, 1)
        target_row.addWidget(self.pick)
        self.choices.addRow("Target", target_row)
        self.choices.addRow("Weapon", self.weapon)
        self.choices.addRow("Action", self.action)
        # The GM's bonus and malus dice and non-lethal (one more malus) are the choices a GM
        # makes most after the target: one row under them, above the fold of a 768 px screen.
        self.dice_row = QWidget()
        self.dice_row.setObjectName("attackGmDice")
        dice = QHBoxLayout(self.dice_row)
        dice.setContentsMargins(0, 0, 0, 0)
        dice.setSpacing(2)  # the three hold together, and fit the column a laptop gives
        dice.addWidget(self.bonuses)
        dice.addWidget(self.maluses)
        dice.addWidget(self.non_lethal)
        dice.addStretch(1)
        self.choices.addRow("GM dice", self.dice_row)
        # The rest of the GM's own, one per row: a laptop's dock has no room for a line of
        # three spin boxes.
        self.modifiers = QFormLayout()
        self.modifiers.addRow("GM flat number", self.modifier)
        self.modifiers.addRow("GM's cover figure", self.cover)
        self.modifiers.addRow(self.area)
        self.modifiers.addRow(self.area_targets)

        self.attacker.currentIndexChanged.connect(self._attacker_changed)
        on_change(
            self._changed,
            self.target,
            self.weapon,
            self.action,
            self.bonuses,
            self.maluses,
            self.modifier,
            self.cover,
            self.non_lethal,
        )
        self.area.toggled.connect(self._area_toggled)
        self.area_targets.itemChanged.connect(self._changed)

    # -- what is chosen -------------------------------------------------------------------
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
        return is_reaction(self._encounter(), self.action_name())

    def options(self) -> dict[str, Any]:
        """What the GM chose besides attacker and target: the preview and the roll use the
        same."""
        return {
            "weapon": self.weapon_name(),
            "reaction": self.is_reaction(),
            "bonuses": self.bonuses.value(),
            "maluses": self.maluses.value(),
            "modifier": self.modifier.value(),
            "non_lethal": self.non_lethal.isChecked(),
            "cover": self.cover.value(),
        }

    def select(self, combo: QComboBox, data: str) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    def set_area_targets(self, target_ids: Sequence[str]) -> None:
        self._filling = True
        self.area.setChecked(bool(target_ids))
        set_ticked(self.area_targets, target_ids)
        self._filling = False
        self.changed.emit()

    # -- filling from the encounter ---------------------------------------------------------
    def layout_key(self) -> tuple[Any, ...]:
        """Everything that decides which choices exist and their order."""
        encounter = self._encounter()
        return (encounter.ruleset.key, id(encounter.action_catalogue)) + tuple(
            (c.id, c.side, tuple(w.name for w in c.weapons), c.incapacitated, c.position)
            for c in encounter.combatants.values()
        )

    def fill(self, attacker: str) -> None:
        """Every choice from the encounter, keeping what is chosen (`attacker` first)."""
        encounter = self._encounter()
        self._filling = True
        armed = [c for c in encounter.combatants.values() if c.weapons]
        self._fill(self.attacker, [(c.id, words.combatant_label(c)) for c in armed], attacker)
        self._fill_dependents(encounter)
        self._show_ruleset_options(encounter.ruleset)
        self._filling = False

    def relabel(self, ids: Sequence[str]) -> None:
        """New labels for `ids` (HP, statuses) where the choices themselves stay."""
        combatants = self._encounter().combatants
        for combo in (self.attacker, self.target):
            for cid in ids:
                index = combo.findData(cid)
                if index >= 0 and cid in combatants:
                    combo.setItemText(index, words.combatant_label(combatants[cid]))
        self._filling = True
        for row in range(self.area_targets.count()):
            item = self.area_targets.item(row)
            cid = item.data(Qt.ItemDataRole.UserRole)
            if cid in ids and cid in combatants:
                item.setText(words.combatant_label(combatants[cid]))
        self._filling = False

    def _show_ruleset_options(self, ruleset: Any) -> None:
        """Offer only what the encounter's ruleset has: the Crawler text has no d6 bonus/malus
        dice and no non-lethal malus, so their rows go (and their values with them); only the
        Crawler takes the GM's cover figure (ruling 48)."""
        for box, offered in (
            (self.non_lethal, ruleset.has_non_lethal),
            (self.bonuses, ruleset.has_bonus_dice),
            (self.maluses, ruleset.has_bonus_dice),
            (self.cover, ruleset.has_gm_cover),
        ):
            if not offered:
                if isinstance(box, QCheckBox):
                    box.setChecked(False)
                else:
                    box.setValue(0)
            if box is self.cover:
                self.modifiers.setRowVisible(box, offered)
            else:  # in the GM dice row
                box.setVisible(offered)
        self.choices.setRowVisible(self.dice_row, ruleset.has_bonus_dice or ruleset.has_non_lethal)

    def _fill_dependents(self, encounter: Any, keep_target: bool = True) -> None:
        attacker = encounter.combatants.get(self.attacker_id())
        others = target_order(encounter, self.attacker_id())
        weapons = attacker.weapons if attacker is not None else []
        self._fill(
            self.weapon,
            [(w.name, words.weapon_label(w)) for w in weapons],
            self.weapon_name() or "",
        )
        keep = self.target_id() if keep_target else ""
        if not keep:
            keep = default_target(encounter, self.attacker_id(), self.weapon_name())
        entries = [(c.id, words.combatant_label(c)) for c in others]
        self._fill(self.target, entries, keep, fallback=-1)
        spells = any(w.spell for w in weapons)
        self._fill(self.action, words.attack_actions(encounter, spells=spells), self.action_name())
        checked = set(self.target_ids()[1:])
        self.area_targets.clear()
        for combatant in others:
            label = words.combatant_label(combatant)
            add_tick_row(self.area_targets, label, combatant.id, combatant.id in checked)

    @staticmethod
    def _fill(
        combo: QComboBox, entries: list[tuple[str, str]], keep: str, fallback: int = 0
    ) -> None:
        """Fill `combo`, `keep` chosen (else the `fallback` row: -1 chooses none)."""
        combo.blockSignals(True)
        combo.clear()
        for data, text in entries:
            combo.addItem(text, data)
        index = combo.findData(keep)
        combo.setCurrentIndex(index if index >= 0 else (fallback if entries else -1))
        combo.blockSignals(False)
        combo.setToolTip(combo.currentText())

    # -- the GM changes a choice -------------------------------------------------------------
    def _attacker_changed(self, *_args: Any) -> None:
        if self._filling:
            return
        self._filling = True
        self._fill_dependents(self._encounter(), keep_target=False)
        self._filling = False
        self.changed.emit()

    def _area_toggled(self, on: bool) -> None:
        self.area_targets.setVisible(on)
        self._changed()

    def _changed(self, *_args: Any) -> None:
        if not self._filling:
            self.changed.emit()
