"""The GM Resolution queue: the declared reactions and actions the current resolution phase
resolves (GM Resolution: the players'; GM End Round Resolution: the GM's), in order, one by one.

An attack opens the attack panel set up for it; anything else the GM resolves by hand (with a
note for the log) or skips. Both are undoable and count the action as used. The order is the
GM's to change (reactions first by default); it is view state, so it is not an undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.resolution_queue import QueueItem, resolution_queue, resolve_by_hand
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import wrapped_label

DONE_COLOUR = "#8a8f98"


def item_text(item: QueueItem) -> str:
    mark = "✓ " if item.done else "▶ "
    tags = [tag for tag, on in (("reaction", item.reaction), ("by hand", not item.attack)) if on]
    return f"{mark}{item.name}: {item.action}" + (f" ({', '.join(tags)})" if tags else "")


class ResolutionQueue(QDockWidget):
    def __init__(
        self, model: EncounterModel, attack_panel: Any = None, parent: QWidget | None = None
    ) -> None:
        super().__init__("Queue", parent)  # a short tab title: a laptop holds five
        self.setObjectName("resolutionDock")
        self.model = model
        self.attack_panel = attack_panel
        # The GM's order for the current round and phase: keys of QueueItem.
        self._order: list[tuple[str, str, bool, int]] = []
        self._order_for: tuple[int, int] = (-1, -1)
        self.items: list[QueueItem] = []

        self.heading = wrapped_label("resolutionHeading", heading_font())
        self.queue = QListWidget()
        self.queue.setObjectName("resolutionQueue")
        self.queue.setFont(heading_font(14.0))
        self.queue.setWordWrap(True)  # a long action name wraps instead of being cut
        self.note = QLineEdit()
        self.note.setObjectName("resolutionNote")
        self.note.setPlaceholderText("What happened (for the log), when resolved by hand")
        self.resolve_button = self._button("Resolve", "resolutionResolve", self.resolve_current)
        self.resolve_button.setToolTip("An attack opens the attack panel; anything else is done")
        self.by_hand_button = self._button("By hand", "resolutionByHand", self.resolve_by_hand)
        self.skip_button = self._button("Skip", "resolutionSkip", self.skip_current)
        self.up_button = self._button("▲", "resolutionUp", lambda: self.move_current(-1))
        self.down_button = self._button("▼", "resolutionDown", lambda: self.move_current(1))
        self.up_button.setToolTip("Resolve this one earlier")
        self.down_button.setToolTip("Resolve this one later")
        # Two rows: the queue is a tab of a side column as narrow as a laptop allows.
        buttons = QGridLayout()
        buttons.addWidget(self.resolve_button, 0, 0, 1, 2)
        buttons.addWidget(self.by_hand_button, 0, 2, 1, 2)
        buttons.addWidget(self.skip_button, 1, 0, 1, 2)
        buttons.addWidget(self.up_button, 1, 2)
        buttons.addWidget(self.down_button, 1, 3)
        layout = QVBoxLayout()
        layout.addWidget(self.heading)
        layout.addWidget(self.queue, 1)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        body = QWidget()
        body.setLayout(layout)
        self.setWidget(body)

        self.queue.currentRowChanged.connect(self._update_buttons)
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

    # -- the list ------------------------------------------------------------------------------
    def refresh(self, *_args: Any) -> None:
        encounter = self.model.encounter
        found = resolution_queue(encounter)
        when = (encounter.round, encounter.phase_index)
        if when != self._order_for:
            self._order_for = when
            self._order = [item.key for item in found]
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
        self._select(current.key if current and not current.done else None)
        pending = sum(1 for item in self.items if not item.done)
        if not encounter.started or not self.items and not encounter.phase.resolves:
            self.heading.setText("Nothing to resolve in this phase.")
        else:
            self.heading.setText(f"{encounter.phase.title}: {pending} left to resolve")
        self._update_buttons()

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

    def _update_buttons(self, *_args: Any) -> None:
        item = self.current_item()
        open_item = item is not None and not item.done
        for button in (self.resolve_button, self.by_hand_button, self.skip_button):
            button.setEnabled(open_item)
        row = self.queue.currentRow()
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < len(self.items) - 1)

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

    def resolve_current(self) -> None:
        item = self.current_item()
        if item is None or item.done:
            return
        if item.attack and self.attack_panel is not None:
            self.attack_panel.prepare(item.combatant_id, item.action)
            return
        self.resolve_by_hand()

    def resolve_by_hand(self) -> None:
        self._mark("resolved by hand")

    def skip_current(self) -> None:
        self._mark("skipped")

    def _mark(self, outcome: str) -> None:
        item = self.current_item()
        if item is None or item.done:
            return
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
        if change is not None:
            self.note.clear()
