"""The attack panel: pick attacker, target and weapon, read every term of the roll with its
source and the exact chances, then roll (or enter the dice rolled at the table) and see the
outcome big. One attack, its damage, the HP change and the critical effect are one undo step.

The panel never computes a rule and makes none of its words: the working and the chances come
from `attack_preview.attack_preview` (the same path `Encounter.resolve_attack` rolls with), the
outcome from the encounter's operation, every line from `attack_words`. Its parts: the GM's
choices (`attack_form`), what it shows (`attack_readout`), picking the target on the map (a map
tool, `target_pick_tool`). The dice the GM rolls at the table are asked for as the attack needs
them (`rules.dice_source`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDockWidget, QPushButton, QVBoxLayout, QWidget

from drase_desktop.encounter import attack_words as words
from drase_desktop.encounter.area_attack import resolve_area_attack
from drase_desktop.encounter.attack_preview import AttackPreview, attack_preview
from drase_desktop.encounter.target_choice import default_target, default_weapon
from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice_source import DiceRequest, DiceSource, roll_with_table_dice
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.attack_form import AttackForm
from drase_desktop.ui.fight.attack_readout import AttackReadout
from drase_desktop.ui.fight.physical_dice import ask_dice
from drase_desktop.ui.fight.target_pick_tool import TargetPickTool
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import roll_row, scrolling

ROLL_TIP = "Roll the attack with the app's dice"
TABLE_TIP = "Enter table dice: you rolled real dice, type what they show"


class AttackPanel(QDockWidget):
    """The Attack dock; with `embedded`, the same panel inside another dock (the resolution
    queue shows its current item's attack in one): no title bar, it does not follow the map's
    selection, and its widgets' names start with "queue" ("queueAttackRollButton")."""

    def __init__(
        self, model: EncounterModel, parent: QWidget | None = None, *, embedded: bool = False
    ) -> None:
        super().__init__("Attack", parent)
        self.setObjectName("queueAttack" if embedded else "attackDock")
        self.embedded = embedded
        self.model = model
        # The map tool that picks targets on the current map (attach_map_view).
        self._pick_tool: TargetPickTool | None = None
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

        self.form = AttackForm(lambda: self.model.encounter, self)
        self.readout = AttackReadout(self)
        form, readout = self.form, self.readout
        # The widgets by their old names: tests and the resolution queue reach them here.
        self.attacker, self.target, self.pick = form.attacker, form.target, form.pick
        self.weapon, self.action, self.area = form.weapon, form.action, form.area
        self.area_targets, self.non_lethal, self.cover = (
            form.area_targets,
            form.non_lethal,
            form.cover,
        )
        self.bonuses, self.maluses, self.modifier = form.bonuses, form.maluses, form.modifier
        self.working, self.blocked, self.damage = readout.working, readout.blocked, readout.damage
        self.expression, self.target_number = readout.expression, readout.target_number
        self.chances, self.result = readout.chances, readout.result
        self.result_detail = readout.result_detail

        self.roll_button = QPushButton("Roll attack")
        self.roll_button.setObjectName("attackRollButton")
        self.roll_button.setMinimumHeight(40)
        self.roll_button.setFont(heading_font())
        self.table_button = QPushButton("Table dice…")
        self.table_button.setObjectName("attackTableDiceButton")
        self.table_button.setMinimumHeight(40)
        self.table_button.setToolTip(TABLE_TIP)
        self.roll_button.setToolTip(ROLL_TIP)

        # What a GM reads at a glance comes first (number to beat, chances, the button, the
        # outcome); the working and the GM's own modifiers follow for whoever asks why.
        layout = QVBoxLayout()
        layout.addLayout(form.choices)
        for label in (readout.blocked, readout.expression, readout.target_number):
            layout.addWidget(label)
        layout.addWidget(readout.chances)
        layout.addLayout(roll_row(self.roll_button, self.table_button))
        for widget in (readout.result, readout.result_detail, readout.damage, readout.working):
            layout.addWidget(widget)
        layout.addLayout(form.modifiers)
        layout.addStretch(1)
        if embedded:
            # Under the queue's buttons: the queue's own margins are above it.
            layout.setContentsMargins(9, 2, 9, 9)
        self.scroller = scrolling(layout, horizontal=False)
        # The scroll bar's room is kept: the result appearing after a roll must not narrow
        # the text above the Roll button (it rewrapped and pushed the button down).
        self.scroller.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setWidget(self.scroller)
        if embedded:
            # The queue's item names the attacker and its action: their rows go, so Roll and
            # its outcome stay above the fold of a laptop's column under the queue's list.
            form.choices.setRowVisible(form.attacker, False)
            form.choices.setRowVisible(form.action, False)
            # The dice are in the working below: the number to beat and the chances stay.
            readout.expression.hide()
            self.setTitleBarWidget(QWidget())
            self.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
            for child in self.findChildren(QWidget):
                name = child.objectName()
                if name.startswith("attack"):
                    child.setObjectName("queue" + name[0].upper() + name[1:])

        form.changed.connect(self._inputs_changed)
        self.pick.toggled.connect(self._pick_toggled)
        self.roll_button.clicked.connect(self.roll)
        self.table_button.clicked.connect(self.enter_table_dice)

        model.combatantsChanged.connect(self._combatants_changed)
        model.roundChanged.connect(self._round_changed)
        model.mapChanged.connect(self._map_changed)
        model.encounterReplaced.connect(self._replaced)
        if not embedded:
            model.selectionChanged.connect(self._selection_changed)
        self.visibilityChanged.connect(self._visibility_changed)
        readout.paint()
        # Filled when first shown (or asked to prepare an attack): a tab behind another dock
        # at opening does not list a big fight's creatures three times before the first frame.
        self._stale = True

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "readout"):
            self.readout.paint()  # a theme change recolours the words

    # -- what is chosen -------------------------------------------------------------------
    @property
    def encounter(self) -> Any:
        return self.model.encounter

    def attacker_id(self) -> str:
        return self.form.attacker_id()

    def target_id(self) -> str:
        return self.form.target_id()

    def target_ids(self) -> list[str]:
        """The main target first, then the area's extra targets."""
        return self.form.target_ids()

    def weapon_name(self) -> str | None:
        return self.form.weapon_name()

    def action_name(self) -> str:
        return self.form.action_name()

    def is_reaction(self) -> bool:
        return self.form.is_reaction()

    def prepare(
        self,
        attacker_id: str,
        action: str = "attack",
        target_id: str = "",
        weapon: str | None = None,
    ) -> None:
        """Set the panel up for one queued attack and show it: the attacker, the action it
        spends, the weapon the action names (a cast's spell), and the target asked for or the
        core's default (`target_choice.default_target`). The GM's dice start at none."""
        self.show()
        self.raise_()
        if self._stale:
            self.refresh(force=True)
        form = self.form
        form.select(self.attacker, attacker_id)  # a new attacker refills target and weapon
        form.select(self.action, action)
        encounter = self.encounter
        target_id = target_id or default_target(encounter, attacker_id, weapon)
        form.select(self.target, target_id)
        # The weapon the action names, else the first that reaches the target.
        weapon = weapon or default_weapon(encounter, attacker_id, target_id)
        if weapon:
            form.select(self.weapon, weapon)
        for box in (self.bonuses, self.maluses, self.modifier):
            box.blockSignals(True)
            box.setValue(0)
            box.blockSignals(False)
        self._inputs_changed()

    def set_target(self, target_id: str) -> None:
        self.form.select(self.target, target_id)
        self._inputs_changed()

    def set_area_targets(self, target_ids: Sequence[str]) -> None:
        self.form.set_area_targets(target_ids)

    # -- following the encounter -------------------------------------------------------------
    def _replaced(self) -> None:
        self.pick.setChecked(False)
        self._show_result([], "", words.NEUTRAL)
        self.refresh()

    def _round_changed(self) -> None:
        # A result belongs to its phase: a new phase starts with a clean slate.
        encounter = self.encounter
        phase = (encounter.round, encounter.phase_index)
        if phase != self._phase or self.readout.outcome == words.BLOCKED:
            # A refusal's cause may be gone (the attack is declared now): it is not kept.
            self._phase = phase
            self._show_result([], "", words.NEUTRAL)
        # Declarations and defense rolls change the working; the choices rarely change.
        self._combatants_changed([])

    def _selection_changed(self, combatant_id: str) -> None:
        if not combatant_id or self.pick.isChecked():
            return
        if not self._shown:
            self._pending_attacker = combatant_id
            self._stale = True
            return
        self.form.select(self.attacker, combatant_id)

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
        if self.readout.outcome == words.BLOCKED:
            self._show_result([], "", words.NEUTRAL)  # the refusal's cause may be gone
        if self._shown and not self._stale and self.form.layout_key() == self._layout_key:
            self.form.relabel(ids)
            self._update_preview()
            return
        self.refresh()

    def refresh(self, *_args: Any, force: bool = False) -> None:
        """Refill the choices from the encounter (keeping what is chosen) and the preview.
        While the panel is hidden this only marks it stale (a big fight emits many changes)."""
        if not force and not self._shown:
            self._stale = True
            return
        self._stale = False
        self._layout_key = self.form.layout_key()
        attacker = self._pending_attacker or self.attacker_id() or self.model.selected_id
        self._pending_attacker = ""
        self.form.fill(attacker)
        self._update_preview()

    # -- the preview -------------------------------------------------------------------------
    def _inputs_changed(self, *_args: Any) -> None:
        self._show_result([], "", words.NEUTRAL)
        self._update_preview()

    def preview(self) -> AttackPreview | None:
        if not self.attacker_id() or not self.target_id():
            return None
        return self._preview_for(self.target_id())

    def _update_preview(self) -> None:
        preview = self.preview()
        if preview is None:
            self.readout.show_preview(None)
            self._set_buttons(False)
            return
        shown = words.preview_words(
            self.encounter, preview, reaction=self.is_reaction(), others=self._other_targets()
        )
        self.readout.show_preview(shown)
        refusal = preview.blocked or self._refusal()
        self._set_buttons(not refusal, refusal)

    def _other_targets(self) -> list[str]:
        """An area attack's further targets, each as the core words it."""
        lines = []
        for target_id in self.target_ids()[1:]:
            try:
                other: AttackPreview | str = self._attack_preview(target_id)
            except Refusal as error:
                other = str(error)
            lines.append(words.other_target_line(self.encounter, target_id, other))
        return lines

    def _refusal(self) -> str:
        """Why the encounter would refuse this attack now (declarations, the Crawler step)."""
        if not self.attacker_id():
            return ""
        return str(
            self.encounter.attack_refusal(
                self.attacker_id(),
                weapon=self.weapon_name(),
                action=self.action_name(),
                reaction=self.is_reaction(),
            )
        )

    def _set_buttons(self, enabled: bool, reason: str = "") -> None:
        """Roll and Table dice, disabled with the reason in their tooltips when the attack
        would be refused (pressing them only to read "REFUSED" wastes the GM's time)."""
        for button, tip in ((self.roll_button, ROLL_TIP), (self.table_button, TABLE_TIP)):
            if not enabled and button.window().focusWidget() is button:
                # A focused button that is disabled hands the focus on, and the scroll area
                # scrolls to whatever gets it: the panel jumped after each roll.
                button.clearFocus()
            button.setEnabled(enabled)
            button.setToolTip(tip if enabled or not reason else f"{tip}\nNot now: {reason}")

    def _preview_for(self, target_id: str) -> AttackPreview | None:
        try:
            return self._attack_preview(target_id)
        except Refusal:
            return None

    def _attack_preview(self, target_id: str) -> AttackPreview:
        """The chosen attack on one target, as the encounter would roll it (a Refusal if the
        rules refuse it)."""
        return attack_preview(
            self.encounter, self.attacker_id(), target_id, **self._attack_options()
        )

    def _attack_options(self) -> dict[str, Any]:
        """What the GM chose besides attacker and target: the preview and the roll use the
        same."""
        return self.form.options()

    # -- picking the target on the map -------------------------------------------------------
    def attach_map_view(self, view: Any) -> None:
        """Pick targets on a (new) map view: its scene gets the picking tool."""
        self.pick.setChecked(False)
        tool = TargetPickTool(view.map_scene, self.pick_target)
        tool.finished.connect(lambda: self.pick.setChecked(False))
        self._pick_tool = tool

    def _pick_toggled(self, on: bool) -> None:
        tool = self._pick_tool
        if tool is None:
            if on:
                self.pick.setChecked(False)  # no map to pick on
            return
        if on:
            self._main_picked = False
            tool.take_the_map()
        else:
            tool.hand_back_the_map()

    def pick_target(self, picked: str) -> bool:
        """Make `picked` the target (in area mode the first pick is the main target and later
        picks toggle extra targets). True while picking goes on (area mode)."""
        if picked == self.attacker_id():
            return True
        main_chosen, self._main_picked = self._main_picked, True
        if self.area.isChecked() and main_chosen and picked != self.target_id():
            extras = self.target_ids()[1:]
            extras = [c for c in extras if c != picked] if picked in extras else [*extras, picked]
            self.set_area_targets(extras)
        else:
            self.set_target(picked)
        return self.area.isChecked()

    # -- rolling ------------------------------------------------------------------------------
    def ask_dice(self, request: DiceRequest) -> list[int] | None:
        """The dice the GM rolled at the table for one roll the attack needs (tests replace
        this)."""
        return ask_dice(self, request)

    def roll(self) -> list[Any]:
        """Roll with the app's dice."""
        return self._resolve(table=False)

    def enter_table_dice(self) -> list[Any]:
        """Resolve with the dice the GM rolls at the table, asked for as the attack needs
        them: each target's attack roll, and the damage when a hit needs dice."""
        return self._resolve(table=True)

    def _resolve(self, *, table: bool) -> list[Any]:
        attacker_id = self.attacker_id()
        targets = self.target_ids()
        if not attacker_id or not targets:
            return []
        common = {**self._attack_options(), "action": self.action_name()}

        def attack(dice: DiceSource | None) -> list[Any]:
            if len(targets) == 1:
                return [
                    self.model.apply(
                        lambda e: e.resolve_attack(attacker_id, targets[0], dice=dice, **common)
                    )
                ]
            return list(
                self.model.apply(
                    lambda e: resolve_area_attack(e, attacker_id, targets, dice=dice, **common)
                )
            )

        try:
            results = roll_with_table_dice(attack, self.ask_dice) if table else attack(None)
        except Refusal as error:
            self.model.refused.emit(str(error))
            self._show_result([str(error)], "REFUSED", words.BLOCKED)
            return []
        if results is None:
            return []  # the GM cancelled entering the dice: nothing changed
        self.last_results = results
        word, outcome = words.verdicts(results)
        self._show_result(words.result_lines(self.encounter, results), word, outcome)
        return results

    def _show_result(self, lines: list[str], word: str, outcome: str) -> None:
        self.readout.show_result(lines, word, outcome)
