"""The declaration for the selected combatant: movement, reaction, two half actions or one full,
free actions (from the action catalogue); or, under a ruleset without action declarations, its
defensive movement. Locked once any roll is made for the combatant this round (ruling 16), and
the dock says why it is locked or why the combatant cannot declare now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent, QWheelEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.encounter import describe_declaration
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.target_choice import target_order
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.eliding_combo import ElidingComboBox
from drase_desktop.ui.widgets.eliding_label import ElidingLabel
from drase_desktop.ui.widgets.flow_layout import FlowLayout
from drase_desktop.ui.widgets.theme import accent, heading_font
from drase_desktop.ui.widgets.widget_builders import (
    push_button,
    scrolling,
    side_by_side,
    with_footer,
    wrapped_label,
)

NONE = "(none)"
FULL_SPEED = "full speed"
FORM_ROW_SPACING = 2
# Between two free actions of a row: which name goes with which box stays plain.
FREE_ACROSS = 8


def lock_reason(encounter: Any, combatant_id: str) -> str:
    """Why this round's declaration locked ("defense rolled; ruling 16"), from the log."""
    for entry in reversed(encounter.log.entries):
        if entry.round != encounter.round:
            break
        if entry.kind == "lock" and entry.data.get("combatant") == combatant_id:
            text = entry.text
            # "Aldric's declaration is locked (defense rolled; ruling 16)": keep the reason.
            if text.endswith(")") and "(" in text:
                return text[text.index("(") + 1 : -1]
            return text
    return "a roll was made for it this round (ruling 16)"


class TargetBox(ElidingComboBox):
    """The target list, brought up to date just before the GM looks through it: another
    creature's move reorders it, and refilling ~300 sorted targets on every change elsewhere
    would be most of the cost of that change."""

    def __init__(self, bring_up_to_date: Callable[[], None]) -> None:
        super().__init__()
        self._bring_up_to_date = bring_up_to_date

    def showPopup(self) -> None:
        self._bring_up_to_date()
        super().showPopup()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._bring_up_to_date()  # the arrow keys step through it in its order
        super().focusInEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._bring_up_to_date()
        super().wheelEvent(event)


class DeclarationDock(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Declaration", parent)
        self.setObjectName("declarationDock")
        self.model = model
        self._catalogue: Any = None
        # What the target list was last filled from: (combatant, its declared targets), and
        # whether a roster, position or map change has made it stale since. A phase change
        # alone leaves the list as it was (refilling ~300 sorted targets is most of an advance).
        self._targets_for: tuple[str, tuple[str, ...]] | None = None

        self.heading = wrapped_label("declarationHeading", heading_font())
        self.state = wrapped_label("declarationState")
        # One line, cut short when long: the form under it shows each part of the declaration,
        # and a long one wrapping pushed Notes below a laptop's fold.
        self.summary = ElidingLabel("declarationSummary")

        self.movement = QSpinBox()
        self.movement.setObjectName("declarationMovement")
        self.movement.setRange(-1, 999)
        self.movement.setSpecialValueText(FULL_SPEED)
        self.movement.setSuffix(" tiles")
        self.reaction = QComboBox()
        self.reaction.setObjectName("declarationReaction")
        # Short words (the rows below say "Half actions", "Full action"): side by side they
        # fit the narrow column a laptop gives the docks.
        self.two_halves = QRadioButton("Two halves")
        self.two_halves.setObjectName("declarationTwoHalves")
        self.two_halves.setToolTip("Two half actions this round")
        self.one_full = QRadioButton("One full")
        self.one_full.setObjectName("declarationOneFull")
        self.one_full.setToolTip("One full action this round")
        self.mode = QButtonGroup(self)
        self.mode.addButton(self.two_halves)
        self.mode.addButton(self.one_full)
        self.two_halves.setChecked(True)
        self.half_1 = QComboBox()
        self.half_1.setObjectName("declarationHalf1")
        self.half_2 = QComboBox()
        self.half_2.setObjectName("declarationHalf2")
        self.full = QComboBox()
        self.full.setObjectName("declarationFull")
        # Free actions as real check boxes (big targets, clear on either theme); the whole dock
        # scrolls when the GM's catalogue grows long. As many to a row as the column's width
        # holds: the rows the boxes take, not a fixed count a row, set the column's width.
        self.free_boxes: list[QCheckBox] = []
        self.free_layout = FlowLayout(across=FREE_ACROSS)
        self.free = QWidget()
        self.free.setObjectName("declarationFree")
        self.free.setLayout(self.free_layout)
        # Whom it means to attack: the attack aims there first when it is resolved.
        self.target = TargetBox(self._targets_up_to_date)
        self.target.setObjectName("declarationTarget")
        # After the box's own tooltip (the name): the name and side.
        self.target.currentTextChanged.connect(self._show_target_whole)
        self.defensive = QComboBox()
        self.defensive.setObjectName("declarationDefensive")
        self.notes = QLineEdit()
        self.notes.setObjectName("declarationNotes")
        self.notes.setPlaceholderText("e.g. moves to the door, attacks the nearest goblin")
        self.two_halves.toggled.connect(self._update_mode)

        self.form = QFormLayout()
        # Rows close together, and no margins of its own inside the dock's: on a desktop screen
        # the form stands whole under a combatants list of every creature, on a laptop it
        # shows down to Notes.
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setVerticalSpacing(FORM_ROW_SPACING)
        self.form.addRow("Movement", self.movement)
        self.form.addRow("Reaction", self.reaction)
        # Side by side, as wide as the column a laptop gives the docks: one row less there,
        # so Target stays above the fold of a 768 px screen.
        modes = QHBoxLayout()
        modes.addWidget(self.two_halves)
        modes.addWidget(self.one_full)
        modes.addStretch(1)
        self.form.addRow(modes)
        # The two halves side by side: one row less, so a laptop shows the form down to Notes.
        self.halves = side_by_side(self.half_1, self.half_2, stretch=(1, 1))
        self.form.addRow("Half actions", self.halves)
        self.form.addRow("Full action", self.full)
        self.form.addRow("Target", self.target)
        self.form.addRow("Free actions", self.free)
        self.form.addRow("Defensive move", self.defensive)
        self.form.addRow("Notes", self.notes)

        self.declare_button = push_button("Declare", "declarationDeclareButton", self.declare)
        self.defense_button = push_button(
            "Roll defense",
            "declarationDefenseButton",
            self.roll_defense,
            tip="Roll this round's defense bonus/malus (it shifts AC and saves; locks the"
            " declaration)",
        )
        self.lock_button = push_button(
            "Lock",
            "declarationLockButton",
            self.lock,
            tip="Lock by hand, e.g. after the player rolled real dice",
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.declare_button, 2)
        buttons.addWidget(self.defense_button, 1)
        buttons.addWidget(self.lock_button, 1)

        self.editors = QWidget()
        self.editors.setLayout(self.form)
        layout = QVBoxLayout()
        # As close as the form's rows, and little room above and below: on a laptop the form
        # shows down to Notes with a creature selected.
        layout.setSpacing(FORM_ROW_SPACING)
        side = self.style().pixelMetric(QStyle.PixelMetric.PM_LayoutLeftMargin)
        layout.setContentsMargins(side, FORM_ROW_SPACING, side, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.state)
        layout.addWidget(self.summary)
        layout.addWidget(self.editors)
        layout.addStretch(1)
        # The buttons stay under the scrolling form: on a laptop the form is taller than the
        # dock, and Declare / Roll defense / Lock must never be below the fold.
        self.setWidget(with_footer(scrolling(layout, horizontal=False), buttons))

        model.selectionChanged.connect(self.refresh)
        model.roundChanged.connect(self.refresh)
        model.combatantsChanged.connect(self._combatants_changed)
        model.encounterReplaced.connect(self._encounter_replaced)
        model.mapChanged.connect(self._targets_stale)
        self.refresh()

    def _targets_stale(self, *_args: Any) -> None:
        self._targets_for = None

    def _targets_up_to_date(self) -> None:
        combatant = self.model.selected_combatant()
        if combatant is None or self._targets_for is not None:
            return
        chosen = self.target.currentData()
        self._fill_targets(
            combatant.id, tuple(self.model.encounter.declaration(combatant.id).targets)
        )
        self.target.setCurrentIndex(max(0, self.target.findData(chosen)))

    def _encounter_replaced(self) -> None:
        self._targets_stale()
        self.refresh()

    def _combatants_changed(self, ids: list[str]) -> None:
        # Anyone's move, side or state reorders the targets (refilled when next shown); the
        # rest of the dock shows the selected combatant only.
        self._targets_stale()
        if self.model.selected_id in ids:
            self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.refresh()  # the state line's colour follows the theme

    # -- reading the encounter ------------------------------------------------------------
    def _fill_catalogue(self) -> None:
        encounter = self.model.encounter
        catalogue = encounter.action_catalogue
        if catalogue is self._catalogue:
            return
        self._catalogue = catalogue

        def names(cost: str) -> list[str]:
            return [action.name for action in catalogue.by_cost(cost)]

        for box, cost in ((self.half_1, "half"), (self.half_2, "half"), (self.full, "full")):
            box.clear()
            box.addItem(NONE)
            for name in names(cost):
                box.addItem(name)
                box.setItemData(box.count() - 1, catalogue[name].rule, Qt.ItemDataRole.ToolTipRole)
        self.reaction.clear()
        self.reaction.addItem(NONE)
        for name in names("reaction"):
            self.reaction.addItem(name)
            self.reaction.setItemData(
                self.reaction.count() - 1, catalogue[name].rule, Qt.ItemDataRole.ToolTipRole
            )
        for old in self.free_boxes:
            old.deleteLater()
        self.free_boxes = []
        for name in names("free"):
            check = QCheckBox(name)
            check.setObjectName(f"declarationFree:{name}")
            check.setToolTip(catalogue[name].rule)
            self.free_layout.addWidget(check)
            self.free_boxes.append(check)

    def refresh(self, *_args: Any) -> None:
        encounter = self.model.encounter
        combatant = self.model.selected_combatant()
        declares_actions = encounter.ruleset.declares_actions
        self._fill_catalogue()
        for widget in (
            self.reaction,
            self.two_halves,
            self.target,
            self.free,
        ):
            self._show_row(widget, declares_actions)
        self._show_row(self.defensive, not declares_actions)
        self._update_mode()  # the action rows: the mode's own, where the ruleset declares any
        self.defense_button.setVisible(encounter.ruleset.has_defense_roll)
        if not declares_actions:
            self.defensive.clear()
            self.defensive.addItem(NONE)
            self.defensive.addItems(list(encounter.ruleset.defensive_movements))
        if combatant is None:
            self.heading.setText("No one selected")
            self.state.setText("Select a token on the map or in the Combatants dock.")
            self.summary.setText("")
            self.editors.setEnabled(False)
            for button in (self.declare_button, self.defense_button, self.lock_button):
                button.setEnabled(False)
            return
        self.heading.setText(f"{combatant.name} · speed {combatant.speed} tiles")
        declaration = encounter.declaration(combatant.id)
        self._fill_targets(combatant.id, tuple(declaration.targets))
        self._load(declaration)
        reason = encounter.why_not_declaring(combatant)
        self.state.setToolTip("")
        if encounter.started and declaration.locked:
            self.state.setText(f"LOCKED: {lock_reason(encounter, combatant.id)}")
            self._state_colour("warning")
        elif reason:
            self.state.setText(f"{reason}.")
            self._state_colour(None)
        else:
            # One short line (the Round dock names the phase, the tooltip the ruling): the
            # form keeps the room.
            self.state.setText("Declare before any roll.")
            self.state.setToolTip(f"Declaring in {encounter.phase.title} (ruling 16).")
            self._state_colour("ok")
        open_to_edit = not reason and not declaration.locked
        self.editors.setEnabled(open_to_edit)
        self.declare_button.setEnabled(open_to_edit)
        self.defense_button.setEnabled(
            not reason and combatant.id not in encounter.round_state.defense
        )
        self.lock_button.setEnabled(encounter.started and not declaration.locked)
        moved = ""
        if encounter.started:
            allowance = encounter.round_allowance(combatant.id)
            moved = f"; moved {declaration.moved:g} of {allowance:g} tiles"
        defense = encounter.round_state.defense.get(combatant.id)
        rolled = f"; defense {defense:+d}" if defense is not None else ""
        declared = describe_declaration(declaration, encounter.target_names(declaration))
        self.summary.setText(f"Declared: {declared}{moved}{rolled}")

    def _state_colour(self, name: str | None) -> None:
        sheet = ""
        if name is not None:
            colour = accent(self.palette(), name).name()
            sheet = f"color: {colour}; font-weight: bold;"
        if self.state.styleSheet() != sheet:  # setting a style sheet re-polishes the label
            self.state.setStyleSheet(sheet)

    def _show_row(self, widget: QWidget, shown: bool) -> None:
        if widget is self.two_halves:
            self.two_halves.setVisible(shown)
            self.one_full.setVisible(shown)
        else:
            self.form.setRowVisible(widget, shown)

    def _load(self, declaration: Any) -> None:
        self.movement.setValue(-1 if declaration.movement is None else declaration.movement)
        self._choose(self.reaction, declaration.reaction)
        catalogue = self.model.encounter.action_catalogue
        fulls = [a for a in declaration.actions if a in catalogue and catalogue[a].cost == "full"]
        halves = [a for a in declaration.actions if a not in fulls]
        self.one_full.setChecked(bool(fulls))
        self.two_halves.setChecked(not fulls)
        self._choose(self.full, fulls[0] if fulls else None)
        self._choose(self.half_1, halves[0] if halves else None)
        self._choose(self.half_2, halves[1] if len(halves) > 1 else None)
        chosen = set(declaration.free_actions)
        for box in self.free_boxes:
            box.setChecked(box.text() in chosen)
        self._choose(self.defensive, declaration.defensive)
        index = self.target.findData(declaration.targets[0]) if declaration.targets else 0
        self.target.setCurrentIndex(max(0, index))
        self.notes.setText(declaration.notes)
        self._update_mode()

    def _fill_targets(self, combatant_id: str, declared: tuple[str, ...]) -> None:
        """(none), then whom it could aim at in the core's order (declared first)."""
        if self._targets_for == (combatant_id, declared):
            return
        self._targets_for = (combatant_id, declared)
        encounter = self.model.encounter
        self.target.blockSignals(True)
        self.target.clear()
        self.target.addItem(NONE, "")
        for other in target_order(encounter, combatant_id):
            # The name alone fits the laptop's narrow column; the side is a hover away.
            self.target.addItem(other.name, other.id)
            whole = f"{other.name} ({side_words(other.side)})"
            self.target.setItemData(self.target.count() - 1, whole, Qt.ItemDataRole.ToolTipRole)
        self.target.blockSignals(False)
        self._show_target_whole()

    def _show_target_whole(self, *_args: object) -> None:
        """The chosen target's name and side in the box's tooltip."""
        whole = self.target.currentData(Qt.ItemDataRole.ToolTipRole)
        self.target.setToolTip(str(whole) if whole else "Whom the attack aims at first")

    @staticmethod
    def _choose(box: QComboBox, name: str | None) -> None:
        index = box.findText(name) if name else 0
        box.setCurrentIndex(max(0, index))

    def _update_mode(self) -> None:
        full = self.one_full.isChecked()
        self.full.setEnabled(full)
        self.half_1.setEnabled(not full)
        self.half_2.setEnabled(not full)
        # Only the mode's own rows: the other's took a laptop's room above Target.
        declares = self.model.encounter.ruleset.declares_actions
        self.form.setRowVisible(self.full, declares and full)
        self.form.setRowVisible(self.halves, declares and not full)

    # -- acting ----------------------------------------------------------------------------
    def declare(self) -> None:
        combatant = self.model.selected_combatant()
        if combatant is None:
            return
        if self.one_full.isChecked():
            actions = [self.full.currentText()]
        else:
            actions = [self.half_1.currentText(), self.half_2.currentText()]
        actions = [a for a in actions if a != NONE]
        reaction = self.reaction.currentText()
        free = [box.text() for box in self.free_boxes if box.isChecked()]
        defensive = self.defensive.currentText()
        movement = self.movement.value()
        target = self.target.currentData() or ""
        declares_actions = self.model.encounter.ruleset.declares_actions
        combatant_id = combatant.id
        self.model.try_apply(
            lambda e: e.declare(
                combatant_id,
                actions=actions if declares_actions else (),
                reaction=reaction if declares_actions and reaction != NONE else None,
                free_actions=free if declares_actions else (),
                movement=None if movement < 0 else movement,
                defensive=defensive if not declares_actions and defensive != NONE else None,
                notes=self.notes.text().strip(),
                targets=[target] if declares_actions and target else [],
            )
        )

    def roll_defense(self) -> None:
        combatant = self.model.selected_combatant()
        if combatant is not None:
            combatant_id = combatant.id
            self.model.try_apply(lambda e: e.roll_defense(combatant_id))

    def lock(self) -> None:
        combatant = self.model.selected_combatant()
        if combatant is not None:
            combatant_id = combatant.id
            self.model.try_apply(lambda e: e.lock(combatant_id))
