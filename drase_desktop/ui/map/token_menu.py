"""The right-click menu of a token: what a GM does to one creature without leaving the map.

Damage, heal or set HP, add or remove a status, hide from or show to the players, centre the
map on it, choose its token picture or remove it, make it the attacker or the target of the
attack panel, open its creature sheet, duplicate it or save it to the library (the Creatures
menu's actions), remove it from the fight.
Each entry is one encounter operation (one undo step); a refusal is said in the status bar by
the model, like any other. Questions go through `ask_number`, `ask_damage` and `confirm`, which
tests replace.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QInputDialog,
    QMenu,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from drase_desktop.rules.damage import DAMAGE_TYPES
from drase_desktop.ui.map import token_picture
from drase_desktop.ui.widgets.widget_builders import ok_cancel

HP_LIMIT = 9999


class DamageDialog(QDialog):
    """How much damage, and of which type (the type decides resistances and immunities)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenDamageDialog")
        self.setWindowTitle(f"Damage {name}")
        self.amount = QSpinBox()
        self.amount.setObjectName("tokenDamageAmount")
        self.amount.setRange(1, HP_LIMIT)
        self.kind = QComboBox()
        self.kind.setObjectName("tokenDamageType")
        self.kind.addItems(list(DAMAGE_TYPES))
        form = QFormLayout(self)
        form.addRow("Damage", self.amount)
        form.addRow("Type", self.kind)
        form.addRow(ok_cancel(self))


class TokenMenu(QMenu):
    """The menu for one combatant; built when asked for, so it shows the creature as it is."""

    def __init__(self, window: Any, combatant_id: str) -> None:
        super().__init__(window)
        self.setObjectName("tokenMenu")
        self.main_window = window  # not `window`: QWidget.window() is a method
        self.model = window.model
        self.combatant_id = combatant_id
        combatant = self.model.encounter.combatants[combatant_id]
        title = self.addAction(f"{combatant.name} · {combatant.hp}/{combatant.max_hp} HP")
        title.setEnabled(False)
        self.addSeparator()
        self._add("Damage…", "tokenDamageAction", self.damage)
        self._add("Heal…", "tokenHealAction", self.heal)
        self._add("Set HP…", "tokenSetHpAction", self.set_hp)
        adding = self.addMenu("Add status")
        adding.setObjectName("tokenAddStatusMenu")
        for name in self.model.encounter.status_catalogue:
            action = adding.addAction(name)
            action.triggered.connect(lambda _c=False, n=name: self.add_status(n))
        removing = self.addMenu("Remove status")
        removing.setObjectName("tokenRemoveStatusMenu")
        for name in dict.fromkeys(status.name for status in combatant.statuses):
            action = removing.addAction(name)
            action.triggered.connect(lambda _c=False, n=name: self.remove_status(n))
        removing.setEnabled(bool(combatant.statuses))
        if not combatant.statuses:
            removing.setToolTip(f"{combatant.name} has no status to remove")
        self.addSeparator()
        if combatant.hidden:
            self._add("Show to the players", "tokenRevealAction", lambda: self.set_hidden(False))
        else:
            self._add("Hide from the players", "tokenHideAction", lambda: self.set_hidden(True))
        self._add("Centre the map on it", "tokenCentreAction", self.centre)
        self._add(token_picture.CHOOSE_TEXT, "tokenPictureAction", self.choose_picture)
        remove_picture = self._add(
            token_picture.REMOVE_TEXT, "tokenRemovePictureAction", self.remove_picture
        )
        remove_picture.setEnabled(combatant.portrait is not None)
        if combatant.portrait is None:
            remove_picture.setToolTip(f"{combatant.name} shows its initials")
        self.addSeparator()
        attacker = self._add("Make attacker", "tokenAttackerAction", self.make_attacker)
        if not combatant.weapons:
            attacker.setEnabled(False)
            attacker.setToolTip(f"{combatant.name} has no weapon to attack with")
        self._add("Make target", "tokenTargetAction", self.make_target)
        self.addSeparator()
        # The Creatures menu's own actions, on this creature: its sheet, or a template of it.
        creatures = getattr(window, "creature_tools", None)
        if creatures is not None:
            edit = self._add("Edit creature…", "tokenEditCreatureAction", self.edit_creature)
            edit.setToolTip(creatures.edit_action.statusTip())
            # The key is the Creatures menu's; the text only names it (one action owns it).
            keys = creatures.duplicate_action.shortcut().toString()
            duplicate = self._add(f"Duplicate\t{keys}", "tokenDuplicateAction", self.duplicate)
            duplicate.setToolTip(f"A fresh copy of {combatant.name} beside it, numbered")
            save = self._add("Save to library", "tokenSaveToLibraryAction", self.save_to_library)
            save.setToolTip(f"Keep {combatant.name} in your creature library as a template")
            self.addSeparator()
        self._add("Remove from the fight…", "tokenRemoveAction", self.remove)
        self.setToolTipsVisible(True)

    def _add(self, text: str, name: str, slot: Any) -> Any:
        action = self.addAction(text)
        action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    @property
    def name(self) -> str:
        combatant = self.model.encounter.combatants.get(self.combatant_id)
        return combatant.name if combatant is not None else self.combatant_id

    # -- questions (tests replace these) ------------------------------------------------------
    def ask_number(self, title: str, label: str, value: int, low: int) -> int | None:
        number, ok = QInputDialog.getInt(self.main_window, title, label, value, low, HP_LIMIT)
        return number if ok else None

    def ask_damage(self) -> tuple[int, str] | None:
        dialog = DamageDialog(self.name, self.main_window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.amount.value(), dialog.kind.currentText()

    def confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self.main_window, "Remove from the fight", question)
        return answer == QMessageBox.StandardButton.Yes

    # -- what the entries do ------------------------------------------------------------------
    def damage(self) -> None:
        asked = self.ask_damage()
        if asked is not None:
            amount, kind = asked
            cid = self.combatant_id
            self.model.try_apply(lambda e: e.apply_damage(cid, amount, kind))

    def heal(self) -> None:
        amount = self.ask_number(f"Heal {self.name}", "Healing", 1, 1)
        if amount is not None:
            cid = self.combatant_id
            self.model.try_apply(lambda e: e.heal(cid, amount))

    def set_hp(self) -> None:
        current = self.model.encounter.combatants[self.combatant_id].hp
        hp = self.ask_number(f"Set {self.name}'s HP", "HP", current, -HP_LIMIT)
        if hp is not None and hp != current:
            cid = self.combatant_id
            self.model.try_apply(lambda e: e.set_hp(cid, hp))

    def add_status(self, name: str) -> None:
        cid = self.combatant_id
        self.model.try_apply(lambda e: e.apply_status(cid, name))

    def remove_status(self, name: str) -> None:
        cid = self.combatant_id
        self.model.try_apply(lambda e: e.remove_status(cid, name))

    def set_hidden(self, hidden: bool) -> None:
        cid = self.combatant_id
        self.model.try_apply(lambda e: e.update_combatant(cid, hidden=hidden))

    def _say(self, words: str) -> None:
        if words:
            self.main_window._show_status(words)

    def choose_picture(self) -> None:
        chosen = token_picture.choose_picture(self.main_window, self.model)
        if chosen is not None:
            data, file_name = chosen
            self._say(token_picture.give_picture(self.model, self.combatant_id, data, file_name))

    def remove_picture(self) -> None:
        self._say(token_picture.remove_picture(self.model, self.combatant_id))

    def centre(self) -> None:
        view = getattr(self.main_window, "map_view", None)
        if view is not None:
            view.centre_on_token(self.combatant_id)

    def _attack_panel(self) -> Any:
        tools = getattr(self.main_window, "fight_tools", None)
        return tools.attack_panel if tools is not None else None

    def make_attacker(self) -> None:
        self.model.select(self.combatant_id)
        panel = self._attack_panel()
        if panel is not None:
            panel.prepare(self.combatant_id)

    def make_target(self) -> None:
        panel = self._attack_panel()
        if panel is not None:
            panel.show()
            panel.raise_()
            panel.set_target(self.combatant_id)

    def _creature_action(self, name: str) -> None:
        """Select this creature, then run the Creatures menu's action on the selection."""
        self.model.select(self.combatant_id)
        tools = getattr(self.main_window, "creature_tools", None)
        if tools is not None:
            getattr(tools, name).trigger()

    def edit_creature(self) -> None:
        self._creature_action("edit_action")

    def save_to_library(self) -> None:
        self._creature_action("save_action")

    def duplicate(self) -> None:
        tools = getattr(self.main_window, "creature_tools", None)
        if tools is not None:
            tools.duplicate_creature(self.combatant_id)

    def remove(self) -> None:
        if self.confirm(f"Remove {self.name} from the fight? (Undo brings it back.)"):
            cid = self.combatant_id
            self.model.try_apply(lambda e: e.remove_combatant(cid))
