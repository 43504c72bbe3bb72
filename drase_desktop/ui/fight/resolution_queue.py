"""The GM Resolution queue: the declared reactions and actions the current resolution phase
resolves (GM Resolution: the players'; GM End Round Resolution: the GM's), in order, one by one,
in one place.

The current item's attack is shown under the list (the attack panel, embedded: attacker, the
core's default target, the weapon a cast names, the chances, Roll), so resolving a round never
leaves the queue: roll, read the result, "Resolve next". Anything else the GM resolves at the
table and marks done (with a note for the log) or skips. Both are undoable and count the action
as used. The order is the GM's to change (reactions first by default); it is view state, so it
is not an undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.resolution_queue import QueueItem, resolution_queue, resolve_by_hand
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.attack_panel import AttackPanel
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import wrapped_label

DONE_COLOUR = "#8a8f98"
# Rows of the list shown at once: the attack under it needs the dock's height.
LIST_ROWS = 3
NEXT_TIP = "Go on to the next item to resolve"
ROLL_FIRST = "Roll the attack below first (or mark it By hand, or Skip it)"


def item_text(item: QueueItem) -> str:
    mark = "\u2713 " if item.done else "\u25b6 "
    tags = [tag for tag, on in (("reaction", item.reaction), ("by hand", not item.attack)) if on]
    action = f"{item.action} ({item.weapon})" if item.weapon else item.action
    return f"{mark}{item.name}: {action}" + (f" ({', '.join(tags)})" if tags else "")


class ResolutionQueue(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Queue", parent)  # a short tab title: a laptop holds five
        self.setObjectName("resolutionDock")
        self.model = model
        # The GM's order for the current round and phase: keys of QueueItem.
        self._order: list[tuple[str, str, bool, int]] = []
        self._order_for: tuple[int, int] = (-1, -1)
        self.items: list[QueueItem] = []
        # The item whose attack the panel below was set up for (set up once: HP changes
        # elsewhere must not reset the GM's choices).
        self._loaded: tuple[str, str, bool, int] | None = None

        # Small words over the list: the height goes to the attack below.
        self.heading = wrapped_label("resolutionHeading")
        self.queue = QListWidget()
        self.queue.setObjectName("resolutionQueue")
        self.queue.setFont(heading_font(12.0))
        self.queue.setWordWrap(True)  # a long action name wraps instead of being cut
        self.current = wrapped_label("resolutionCurrent")
        self.note = QLineEdit()
        self.note.setObjectName("resolutionNote")
        self.note.setPlaceholderText("What happened (for the log), when resolved by hand")
        self.next_button = self._button("Resolve next", "resolutionNext", self.resolve_next)
        self.by_hand_button = self._button("By hand", "resolutionByHand", self.resolve_by_hand)
        self.by_hand_button.setToolTip("Resolved at the table: mark it done (with the note)")
        self.skip_button = self._button("Skip", "resolutionSkip", self.skip_current)
        self.up_button = self._arrow("\u25b2", "resolutionUp", -1)
        self.down_button = self._arrow("\u25bc", "resolutionDown", 1)
        self.up_button.setToolTip("Resolve this one earlier")
        self.down_button.setToolTip("Resolve this one later")
        # One row of buttons, "Resolve next" widest; the order arrows beside the heading, as
        # narrow as their glyphs (the dock is as narrow as a laptop allows).
        buttons = QHBoxLayout()
        buttons.addWidget(self.next_button, 3)
        buttons.addWidget(self.by_hand_button, 2)
        buttons.addWidget(self.skip_button, 1)
        heading_row = QHBoxLayout()
        heading_row.addWidget(self.heading, 1)
        for arrow in (self.up_button, self.down_button):
            heading_row.addWidget(arrow)
        # The current item's attack, right here: no trip to another tab.
        self.attack = AttackPanel(model, self, embedded=True)
        self.attack.setVisible(False)
        top = QVBoxLayout()
        top.setContentsMargins(9, 4, 9, 0)
        top.addLayout(heading_row)
        top.addWidget(self.queue)
        # The buttons before what changes from item to item: "Resolve next" never moves.
        top.addLayout(buttons)
        top.addWidget(self.current)
        top.addWidget(self.note)
        # The attack panel brings its own margins: the dock is no wider than the Attack dock.
        layout = QVBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.attack, 1)
        # The room of a hidden attack panel goes below everything (see _show_current).
        layout.addStretch(0)
        self._body = layout
        body = QWidget()
        body.setLayout(layout)
        self.setWidget(body)

        self.queue.currentRowChanged.connect(self._current_changed)
        # An item's attack is set up when the GM looks at it: tokens moved before then count.
        self._seen = False
        self.visibilityChanged.connect(self._visibility_changed)
        model.roundChanged.connect(self.refresh)
        model.combatantsChanged.connect(self.refresh)
        model.encounterReplaced.connect(self.refresh)
        self.refresh()

    def _button(self, text: str, name: str, slot: Any) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setMinimumHeight(36)
        button.clicked.connect(slot)
        return button

    def _arrow(self, text: str, name: str, step: int) -> QToolButton:
        """An order arrow: a tool button, as narrow as its glyph."""
        button = QToolButton()
        button.setText(text)
        button.setObjectName(name)
        button.clicked.connect(lambda: self.move_current(step))
        return button

    # -- the list ------------------------------------------------------------------------------
    def refresh(self, *_args: Any) -> None:
        encounter = self.model.encounter
        found = resolution_queue(encounter)
        when = (encounter.round, encounter.phase_index)
        if when != self._order_for:
            self._order_for = when
            self._order = [item.key for item in found]
            self._loaded = None
        keys = {item.key for item in found}
        self._order = [k for k in self._order if k in keys]
        self._order += [item.key for item in found if item.key not in self._order]
        by_key = {item.key: item for item in found}
        self.items = [by_key[k] for k in self._order]
        current = self.current_item()
        self.queue.blockSignals(True)
        self.queue.clear()
        for item in self.items:
            row = QListWidgetItem(item_text(item))
            if item.done:
                row.setForeground(QBrush(QColor(DONE_COLOUR)))
            self.queue.addItem(row)
        self.queue.blockSignals(False)
        # The item just resolved stays current, its result on show, until "Resolve next".
        self._select(current.key if current else None)
        self.queue.setVisible(bool(self.items))  # an empty list is only an empty box
        rows = min(LIST_ROWS, max(1, len(self.items)))
        self.queue.setMaximumHeight(self.queue.sizeHintForRow(0) * rows + 8 if self.items else 40)
        pending = sum(1 for item in self.items if not item.done)
        if not encounter.started or not self.items:
            self.heading.setText("Nothing to resolve in this phase.")
        elif self.items and not pending:
            self.heading.setText("All resolved")
        else:
            # One short line (the round dock names the phase): the list never moves down.
            self.heading.setText(f"{pending} left to resolve")
        self._show_current()

    def _select(self, key: tuple[str, str, bool, int] | None) -> None:
        keys = [item.key for item in self.items]
        if key in keys:
            self.queue.setCurrentRow(keys.index(key))
            return
        for row, item in enumerate(self.items):
            if not item.done:
                self.queue.setCurrentRow(row)
                return
        self.queue.setCurrentRow(-1)

    def current_item(self) -> QueueItem | None:
        row = self.queue.currentRow()
        return self.items[row] if 0 <= row < len(self.items) else None

    def select(self, combatant_id: str, action: str, reaction: bool = False) -> None:
        """Make the first unresolved matching entry current."""
        for row, item in enumerate(self.items):
            if (item.combatant_id, item.action, item.reaction) == (combatant_id, action, reaction):
                if not item.done:
                    self.queue.setCurrentRow(row)
                    return

    def _current_changed(self, *_args: Any) -> None:
        self._show_current()

    def _visibility_changed(self, visible: bool) -> None:
        self._seen = visible
        if visible:
            self._show_current()

    def _show_current(self) -> None:
        """The current item's attack under the list (set up once per item), or what to do
        with an item the app does not roll; and which buttons apply."""
        item = self.current_item()
        attack = item is not None and item.attack
        if item is not None and item.key == self._loaded and not item.done:
            preview = self.attack.preview()
            if preview is None or preview.blocked:
                # Nothing could be rolled as it was set up (the attacker moved, the target
                # fell): choosing again loses nothing the GM chose.
                self._loaded = None
        if item is not None and attack and not item.done and item.key != self._loaded:
            if self._seen:
                self._loaded = item.key
                self.attack.prepare(item.combatant_id, item.action, weapon=item.weapon)
        # A resolved attack keeps its result on show; another item's attack is not shown.
        shown = attack and item is not None and item.key == self._loaded
        self.attack.setVisible(shown)
        self._body.setStretch(self._body.count() - 1, 0 if shown else 1)
        # An attack speaks for itself below; anything else says what the GM does with it.
        asks = item is not None and not item.done and not attack
        self.current.setText(
            f"{item.name}: {item.action}. Resolve it at the table, then Resolve next."
            if asks and item is not None
            else ""
        )
        self.current.setVisible(asks)
        self.note.setVisible(asks)
        self._update_buttons()

    def _update_buttons(self) -> None:
        item = self.current_item()
        open_item = item is not None and not item.done
        for button in (self.by_hand_button, self.skip_button):
            button.setEnabled(open_item)
        waiting_roll = item is not None and open_item and item.attack
        self.next_button.setEnabled(
            not waiting_roll and (open_item or self._next_open_row() is not None)
        )
        self.next_button.setToolTip(ROLL_FIRST if waiting_roll else NEXT_TIP)
        row = self.queue.currentRow()
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < len(self.items) - 1)

    def _next_open_row(self) -> int | None:
        """The next unresolved item after the current one (round the list), or None."""
        count = len(self.items)
        start = self.queue.currentRow()
        for step in range(1, count + 1):
            row = (start + step) % count
            if not self.items[row].done:
                return row
        return None

    # -- the GM's gestures --------------------------------------------------------------------
    def move_current(self, step: int) -> None:
        row = self.queue.currentRow()
        other = row + step
        if not (0 <= row < len(self._order) and 0 <= other < len(self._order)):
            return
        self._order[row], self._order[other] = self._order[other], self._order[row]
        key = self._order[other]
        self.refresh()
        keys = [item.key for item in self.items]
        self.queue.setCurrentRow(keys.index(key))

    def resolve_next(self) -> None:
        """Move on: an item the app does not roll is marked resolved by hand first (the GM did
        it at the table); an attack must be rolled, marked by hand or skipped first."""
        item = self.current_item()
        if item is not None and not item.done:
            if item.attack:
                return
            if not self._mark("resolved by hand"):
                return
        row = self._next_open_row()
        if row is not None:
            self.queue.setCurrentRow(row)

    def resolve_by_hand(self) -> None:
        if self._mark("resolved by hand"):
            self.resolve_next()

    def skip_current(self) -> None:
        if self._mark("skipped"):
            self.resolve_next()

    def _mark(self, outcome: str) -> bool:
        """Mark the current item done without the app rolling it; False if refused."""
        item = self.current_item()
        if item is None or item.done:
            return False
        note = self.note.text()
        change = self.model.try_apply(
            lambda e: resolve_by_hand(
                e,
                item.combatant_id,
                item.action,
                outcome=outcome,
                note=note,
                reaction=item.reaction,
            )
        )
        if change is None:
            return False
        self.note.clear()
        return True
