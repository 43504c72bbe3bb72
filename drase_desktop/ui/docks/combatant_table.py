"""The combatants list's rows: one per creature (name, side, HP, AC, the round's marks,
statuses with rounds left), read from the encounter and brought up to date from the model's
signals. HP is edited in its cell (type the new HP, or "-5" / "+3" to change it by that much)
as one undo step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QApplication,
)

from drase_desktop.encounter.round_marks import (
    DECLARED,
    INCAPACITATED,
    MEANINGS,
    MUST_ACT,
    ORDER,
    SIGNS,
    SURPRISED,
    RoundMarks,
)
from drase_desktop.encounter.sides import side_words
from drase_desktop.refusal import Refusal
from drase_desktop.rules.health import BADLY_HURT, BLOODIED, DOWN, health_band
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_palette import side_colour
from drase_desktop.ui.widgets.theme import accent, dock_font

COLUMNS = ("Name", "Side", "HP", "AC", "Round", "Status")
# The HP cell's colour by the core's health band: bloodied a warning, a quarter or less danger.
HP_ACCENTS = {BLOODIED: "warning", BADLY_HURT: "danger", DOWN: "danger"}
NAME, SIDE, HP, AC, ROUND, STATUSES = range(len(COLUMNS))
_RELATIVE = re.compile(r"^\s*([+-])\s*(\d+)\s*$")

Index = QModelIndex | QPersistentModelIndex


# Statuses the Round column marks (✕, !): the Statuses cell leaves them to it (the cell's
# tooltip names every status). "incapacitated" appearing mid-fight in a narrow cell wrapped
# the row and pushed the rest of the list down.
MARKED_STATUSES = frozenset({INCAPACITATED, SURPRISED})


def status_text(combatant: Any) -> str:
    """ "bleeding 2, prone" style: each status with its rounds left (none: until removed),
    less those the Round column marks."""
    return ", ".join(
        s.name if s.remaining is None else f"{s.name} {s.remaining}"
        for s in combatant.statuses
        if s.name not in MARKED_STATUSES
    )


class HitPointsEntryError(Refusal):
    """What the GM typed in an HP cell is not HP."""


def parse_hp(text: str, current: int) -> int:
    """An absolute HP ("7", "-2") or a change ("-5" / "+3" typed with a space or sign first).

    A bare negative number is read as absolute HP below zero only when written as "=-2";
    "-5" means "5 damage", which is what a GM types at the table.
    """
    text = text.strip()
    if text.startswith("="):
        text = text[1:].strip()
        if re.fullmatch(r"-?\d+", text):
            return int(text)
    else:
        relative = _RELATIVE.match(text)
        if relative:
            amount = int(relative.group(2))
            return current + amount if relative.group(1) == "+" else current - amount
        if text.isdigit():
            return int(text)
    raise HitPointsEntryError(
        f"HP must be a whole number (7), a change (-5, +3) or =-2; not {text!r}"
    )


# The Round column's heading says what each sign means.
MARKS_LEGEND = "This round:\n" + "\n".join(f"{SIGNS[mark]}  {MEANINGS[mark]}" for mark in ORDER)


class CombatantTable(QAbstractTableModel):
    """The encounter's combatants as rows (insertion order), refreshed from the model's signals."""

    def __init__(self, model: EncounterModel) -> None:
        super().__init__()
        self.model = model
        self._ids: list[str] = list(model.encounter.combatants)
        self._row = {combatant_id: row for row, combatant_id in enumerate(self._ids)}
        # What each row's AC and marks cells read when last drawn: the round's changes repaint
        # only the rows that would now read otherwise (most phases change no row in view).
        self._round_shown: dict[str, tuple[str, str]] = {}
        # True while the round's changes are reported (their room is kept by the dock).
        self.refreshing_round = False
        # The first and last rows the view shows (set by the dock); rows out of view are
        # drawn afresh when they scroll in.
        self.rows_in_view: Callable[[], tuple[int, int]] | None = None
        model.combatantsChanged.connect(self._on_combatants_changed)
        model.encounterReplaced.connect(self._reset)

    def combatant_id(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, combatant_id: str) -> int:
        return self._row.get(combatant_id, -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.ToolTipRole
            and section == ROUND
        ):
            return MARKS_LEGEND
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == HP:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        combatant = self.model.encounter.combatants.get(self._ids[index.row()])
        if combatant is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._shown(combatant, column)
        if role == Qt.ItemDataRole.EditRole and column == HP:
            return str(combatant.hp)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(combatant, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            if combatant.incapacitated:
                return QBrush(QColor("#9a9a9a"))
            marks = self._marks(combatant) if column == ROUND else None
            if marks is not None and MUST_ACT in marks and DECLARED not in marks:
                return QBrush(accent(QApplication.palette(), "warning"))
            accent_name = HP_ACCENTS.get(health_band(combatant.hp, combatant.max_hp))
            if column == HP and accent_name is not None:
                return QBrush(accent(QApplication.palette(), accent_name))
        if role == Qt.ItemDataRole.DecorationRole and column == NAME:
            return side_colour(combatant.side)
        if role == Qt.ItemDataRole.FontRole and (combatant.incapacitated or combatant.hidden):
            font = dock_font()
            font.setStrikeOut(combatant.incapacitated)
            font.setItalic(combatant.hidden and column == NAME)  # hidden from the players
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (HP, AC):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def display_text(self, row: int, column: int) -> str:
        """A cell's text as `data` gives it to the view, asked from Python without a round
        trip through Qt ("" for a row whose creature is gone)."""
        combatant = self.model.encounter.combatants.get(self._ids[row])
        return "" if combatant is None else self._shown(combatant, column)

    def _shown(self, combatant: Any, column: int) -> str:
        if column == NAME:
            return combatant.name
        if column == SIDE:
            return side_words(combatant.side, start=True)
        if column == HP:
            # The HP left only (the maximum is in the tooltip, the colour tells how hurt): a
            # narrow column leaves the laptop's map its width.
            return str(combatant.hp)
        if column in (AC, ROUND):
            # Remembered as drawn: `refresh_all` repaints the rows that would now read otherwise.
            cells = self._round_shown[combatant.id] = self._round_cells(combatant)
            return cells[0] if column == AC else cells[1]
        return status_text(combatant)

    def _round_cells(self, combatant: Any) -> tuple[str, str]:
        """The AC cell (with this round's defense roll) and the marks cell of a row."""
        defense = self.model.encounter.defense(combatant.id)
        ac = f"{combatant.ac}{defense:+d}" if defense else str(combatant.ac)
        return ac, self._marks(combatant).signs

    def _marks(self, combatant: Any) -> RoundMarks:
        # Worked out once per change for the list and the map, not once per cell painted.
        return self.model.round_marks(combatant.id)

    def _tooltip(self, combatant: Any, column: int) -> str:
        if column == NAME:
            hidden = " · hidden from the players (italic)" if combatant.hidden else ""
            return f"{combatant.name} · {side_words(combatant.side)}{hidden}"
        if column == HP:
            return (
                f"HP {combatant.hp} of {combatant.max_hp}. Type new HP (7), a change"
                " (-5 damage, +3 healing), or =-2 for negative HP"
            )
        if column == AC:
            return "10 + AC bonus, plus this round's defense roll when one was made"
        if column == ROUND:
            marks = self._marks(combatant)
            return marks.text or "Nothing to do or show this round yet"
        if column == STATUSES and combatant.statuses:
            # The cell's own text first (it may be cut short), then every status in words.
            shown = status_text(combatant)
            return "\n".join(
                ([shown] if shown else [])
                + [
                    f"{s.name}: "
                    + ("until removed" if s.remaining is None else f"{s.remaining} round(s) left")
                    for s in combatant.statuses
                ]
            )
        return ""

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != HP:
            return False
        combatant_id = self._ids[index.row()]
        current = self.model.encounter.combatants[combatant_id].hp
        healing = _RELATIVE.match(str(value))
        if healing and healing.group(1) == "+":
            # "+3" is healing: the encounter heals by the rules (ruling 49), not HP + 3.
            amount = int(healing.group(2))
            return self.model.try_apply(lambda e: e.heal(combatant_id, amount)) is not None
        try:
            hp = parse_hp(str(value), current)
        except Refusal as error:
            self.model.refused.emit(str(error))
            return False
        if hp == current:
            return False
        return self.model.try_apply(lambda e: e.set_hp(combatant_id, hp)) is not None

    def _on_combatants_changed(self, ids: list[str]) -> None:
        current = list(self.model.encounter.combatants)
        if current != self._ids:
            self._reset()
            return
        rows = sorted(r for r in (self._row.get(i, -1) for i in ids) if r >= 0)
        if len(rows) > 20:  # many at once (a phase's tickdown): one signal for the span
            rows = [rows[0], rows[-1]]
            self.dataChanged.emit(self.index(rows[0], 0), self.index(rows[-1], len(COLUMNS) - 1))
            return
        for row in rows:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _reset(self) -> None:
        self.beginResetModel()
        self._ids = list(self.model.encounter.combatants)
        self._row = {combatant_id: row for row, combatant_id in enumerate(self._ids)}
        self._round_shown.clear()
        self.endResetModel()

    def refresh_all(self) -> None:
        """The round's changes (a phase, a declaration, a defense roll) show in the rows' AC
        and marks, the other columns only change with the combatant (`combatantsChanged`):
        the span of rows in view whose AC or marks now read otherwise is repainted."""
        if not self._ids:
            return
        combatants = self.model.encounter.combatants
        first, last = (0, len(self._ids) - 1) if self.rows_in_view is None else self.rows_in_view()
        rows = [
            row
            for row in range(max(0, first), min(last, len(self._ids) - 1) + 1)
            if (combatant := combatants.get(self._ids[row])) is not None
            and self._round_shown.get(combatant.id) != self._round_cells(combatant)
        ]
        if not rows:
            return
        self.refreshing_round = True
        try:
            self.dataChanged.emit(self.index(min(rows), AC), self.index(max(rows), ROUND))
        finally:
            self.refreshing_round = False
