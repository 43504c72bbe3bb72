"""Dice and log: a dice box that rolls through the encounter (so every roll is logged, stamped
with the round and phase, and undoable), and the history of every roll and change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.phase import SETUP_ROUND
from drase_desktop.rules.dice import Roll
from drase_desktop.ui.docks.dice_box import DiceBox
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import accent

NOBODY = ""

# Entry kinds shown in colour (the theme picks the shade that reads on its background).
KIND_ACCENTS = {
    "roll": "info",
    "attack": "warning",
    "damage": "danger",
    "incapacitated": "danger",
    "heal": "ok",
    "round": "phase",
    "phase": "phase",
    "lock": "warning",
    "ruling": "note",
}


def phase_title(encounter: Any, key: str) -> str:
    for phase in encounter.phases:
        if phase.key == key:
            return phase.title
    return key.replace("-", " ").title()


def entry_text(encounter: Any, entry: Any) -> str:
    if entry.kind == "round":
        return f"━━ {entry.text} ━━"
    if entry.kind == "phase":
        return f"R{entry.round} ▸ {entry.text}"
    if entry.round == SETUP_ROUND:
        return f"Setup · {entry.text}"
    return f"R{entry.round} · {phase_title(encounter, entry.phase)} · {entry.text}"


class EntrySizes(QObject):
    """The log's entries wrap at the list's width, and Qt lays every entry out again whenever
    one is added: a text layout per entry, 10 ms a change once the log holds 400, more as the
    fight goes on. An entry never changes, so each gets its size once, from the list's own
    delegate at the list's width, kept in the item; a new width, font or style sizes them all
    again."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self._view = view
        self._viewport = view.viewport()
        self._width = -1
        self._viewport.installEventFilter(self)
        view.installEventFilter(self)

    def size(self, item: QListWidgetItem) -> None:
        """Give a listed item the size the list would lay it out at."""
        view, viewport = self._view, self._viewport
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect = QRect(0, 0, viewport.width(), viewport.height())
        item.setData(Qt.ItemDataRole.SizeHintRole, None)
        item.setSizeHint(view.itemDelegate().sizeHint(option, view.indexFromItem(item)))

    def size_all(self) -> None:
        self._width = self._viewport.width()
        for row in range(self._view.count()):
            self.size(self._view.item(row))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Resize and watched is self._viewport:
            if self._viewport.width() != self._width:
                self.size_all()
        elif kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and watched is self._view:
            self.size_all()
        return False


def out_of_sight(dock: QDockWidget) -> bool:
    """Whether a dock of a shown window is tabbed behind another: Qt keeps such a dock visible,
    moved out of the window, and says `visibilityChanged` when its tab is picked."""
    return dock.isVisible() and dock.visibleRegion().isEmpty()


class LogDock(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)  # a short tab title: a laptop holds five
        self.setObjectName("logDock")
        self.model = model
        # The log's entries and their lines, followed at every change; the list shows the first
        # `_listed` of them, and the rest once the dock is in sight (tabbed behind another dock,
        # it fills and lays out nothing at each phase).
        self._shown: list[Any] = []  # the LogEntry objects, in order
        self._lines: list[str] = []
        self._listed = 0
        self._scroll_down = False  # entries came since the list last showed them
        self._roll_for_names: list[tuple[str, str]] | None = None  # (id, name) offered

        self.dice_box = DiceBox(roller=self._roll)
        self.roll_for = QComboBox()
        self.roll_for.setObjectName("diceRollFor")
        self.roll_for.setToolTip(
            "A roll made for a combatant locks its declaration for the round (ruling 16)"
        )
        self.history = QListWidget()
        self.history.setObjectName("logHistory")
        self.history.setWordWrap(True)
        self.history.setAlternatingRowColors(True)
        self._sizes = EntrySizes(self.history)
        # A few entries at least: on a laptop the log is a short tab behind the phase, whose
        # height is the phase's (the round's tabs below need the rest).
        self.history.setMinimumHeight(self.history.fontMetrics().lineSpacing() * 2)

        row = QHBoxLayout()
        row.addWidget(QLabel("Roll for"))
        row.addWidget(self.roll_for, 1)
        layout = QVBoxLayout()
        layout.addWidget(self.dice_box)
        layout.addLayout(row)
        layout.addWidget(self.history, 1)
        body = QWidget()
        body.setLayout(layout)
        self.setWidget(body)

        model.logChanged.connect(self.refresh)
        model.combatantsChanged.connect(self._fill_roll_for)
        model.encounterReplaced.connect(self._rebuild)
        self.visibilityChanged.connect(self._catch_up)
        self._fill_roll_for()
        self.refresh()

    def _roll(self, expression: str) -> Roll:
        who = self.roll_for.currentData() or None
        change = self.model.apply(lambda e: e.roll_for(who, expression, label="dice box"))
        return change

    def _fill_roll_for(self, *_args: Any) -> None:
        # Refilled only when a name comes, goes or changes: an HP edit with 300 combatants
        # would otherwise rebuild 300 entries.
        names = [(c.id, c.name) for c in self.model.encounter.combatants.values()]
        if names == self._roll_for_names:
            return
        self._roll_for_names = names
        current = self.roll_for.currentData()
        self.roll_for.blockSignals(True)
        self.roll_for.clear()
        self.roll_for.addItem("nobody (an open roll)", NOBODY)
        for combatant_id, name in names:
            self.roll_for.addItem(name, combatant_id)
        index = self.roll_for.findData(current)
        self.roll_for.setCurrentIndex(max(0, index))
        self.roll_for.blockSignals(False)

    def _colour(self, item: QListWidgetItem, entry: Any) -> None:
        name = KIND_ACCENTS.get(entry.kind)
        if name:
            item.setForeground(QBrush(accent(self.history.palette(), name)))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            for row, entry in enumerate(self._shown[: self._listed]):
                self._colour(self.history.item(row), entry)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._catch_up(True)

    def _rebuild(self) -> None:
        self._shown = []
        self._lines = []
        self._listed = 0
        self.history.clear()
        self._fill_roll_for()
        self.refresh()

    def refresh(self) -> None:
        """Follow the log: undo cuts it back and new operations append, so keep the common
        prefix (entries are immutable and kept by identity through undo and redo). A new entry's
        line is written as it comes (its phase's title is the ruleset's of that moment); the
        list shows it now, or when the dock comes into sight."""
        entries = self.model.encounter.log.entries
        keep = 0
        limit = min(len(entries), len(self._shown))
        while keep < limit and entries[keep] is self._shown[keep]:
            keep += 1
        del self._shown[keep:]
        del self._lines[keep:]
        self._listed = min(self._listed, keep)
        encounter = self.model.encounter
        for entry in entries[keep:]:
            self._shown.append(entry)
            self._lines.append(entry_text(encounter, entry))
        self._scroll_down |= len(entries) > keep
        if not out_of_sight(self):
            self._list()

    def _catch_up(self, visible: bool) -> None:
        if visible and (self._listed != self.history.count() or self._listed < len(self._shown)):
            self._list()

    def _list(self) -> None:
        """Bring the list to the entries followed: drop the rows undone, add the new ones."""
        for row in range(self.history.count() - 1, self._listed - 1, -1):
            self.history.takeItem(row)
        new = zip(self._shown[self._listed :], self._lines[self._listed :], strict=True)
        for entry, line in new:
            item = QListWidgetItem(line)
            self._colour(item, entry)
            item.setToolTip(f"{entry.kind}: {entry.text}")
            self.history.addItem(item)
            self._sizes.size(item)
        self._listed = len(self._shown)
        if self._scroll_down:
            self._scroll_down = False
            self.history.scrollToBottom()
