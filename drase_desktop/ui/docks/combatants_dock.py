"""The combatants dock: one row per creature (name, side, HP, AC, statuses with rounds left).

HP is edited inline (type the new HP, or "-5" / "+3" to change it by that much) as one undo step;
double-clicking a row asks the map to centre on that token.

The list keeps still during a fight: its columns are worked out from the creatures' names and
numbers, the statuses the encounter knows, the font and the list's width, with room kept for
what a fight brings (HP below zero, a defense roll, the round's marks), so nothing a turn
changes moves a column; every row keeps to one line (a name or statuses too long for a narrow
list are cut short, whole in their tooltips), so the columns never need a sideways scroll; a
creature selected elsewhere is marked, not scrolled to.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.round_marks import (
    ACTED,
    DECLARED,
    INCAPACITATED,
    LOCKED,
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
from drase_desktop.ui.docks.combatant_cells import NameDelegate, OneLineDelegate
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


# In a narrow dock: the narrowest the name and statuses columns get (a longer name is cut
# short, whole in its tooltip).
NAME_MIN_WIDTH = 70
# The most marks a creature carries at once (must act, declared, acted, locked; surprise and
# incapacity rule out acting): once the fight starts the Round column holds them on one line.
WIDEST_MARKS = RoundMarks((MUST_ACT, DECLARED, ACTED, LOCKED)).signs
# The Round column's heading says what each sign means.
MARKS_LEGEND = "This round:\n" + "\n".join(f"{SIGNS[mark]}  {MEANINGS[mark]}" for mark in ORDER)
STATUSES_MIN_WIDTH = 60
# The side's colour before a name: a bar as tall as a letter, a few pixels wide.
SIDE_BAR = QSize(5, 14)
# Above this many rows the list is fitted from the cells that can be the widest (measured as
# plain text first): fitting every cell of 300 rows took a second when a fight opened.
FIT_EVERY_ROW_UP_TO = 40
# The cells of a column measured by the view when the list is long: the widest few as text.
WIDEST_CANDIDATES = 3


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


class CombatantTableView(QTableView):
    """The combatants' rows. A change reported for many rows at once (a new phase changes
    every row's marks) repaints only the rows in view: Qt repaints the whole list for a span
    that reaches past it, and a row's cells cost their text layout to paint."""

    def rows_in_view(self) -> tuple[int, int]:
        """The first and last rows the view shows: the first is -1 when it shows none, the last
        is the list's last row when the view reaches past it."""
        model = self.model()
        last = self.rowAt(self.viewport().height() - 1)
        if last < 0 and model is not None:
            last = model.rowCount() - 1
        return self.rowAt(0), last

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Any = ()) -> None:
        model = self.model()
        first, last = top_left.row(), bottom_right.row()
        top, bottom = self.rows_in_view()
        if (
            model is not None
            and top_left.isValid()
            and bottom_right.isValid()
            and top >= 0
            and self.state() != QAbstractItemView.State.EditingState
        ):
            first, last = max(first, top), min(last, bottom)
            if first > last:
                return  # none of the rows in view changed
            top_left = model.index(first, top_left.column())
            bottom_right = model.index(last, bottom_right.column())
        super().dataChanged(top_left, bottom_right, list(roles))


class CombatantsDock(QDockWidget):
    centreRequested = Signal(str)

    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Combatants", parent)
        self.setObjectName("combatantsDock")
        # The docks' font before the table is built and fitted: the window setting the same
        # font afterwards changes nothing, so the rows are measured once, not twice.
        self._built = False
        self.setFont(dock_font())
        self.model = model
        self.table_model = CombatantTable(model)
        self.table_model.rows_in_view = self._rows_in_view
        self.table = CombatantTableView()
        self.table.setObjectName("combatantsTable")
        self.table.setModel(self.table_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        # Names and statuses keep to one line, cut short with "..." in a narrow dock (whole in
        # the cell's tooltip): a row never grows taller and pushes the rows below out of view.
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setItemDelegateForColumn(
            STATUSES, OneLineDelegate(self.table, Qt.TextElideMode.ElideRight)
        )
        self.table.setItemDelegateForColumn(NAME, NameDelegate(self.table))
        # The side's colour as a thin bar before the name, not a square: the name keeps the
        # width.
        self.table.setIconSize(SIDE_BAR)
        self.table_model.modelReset.connect(self._fit_all)
        self.table_model.dataChanged.connect(self._fit_rows)
        header = self.table.horizontalHeader()
        # Names are never cut short; statuses take what is left (all of them in the tooltip).
        # Sizes are fitted by hand for the rows that changed: the headers' automatic
        # ResizeToContents re-measures every row on any change (150 ms with 300 creatures).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(40)
        self._name_wanted = 0
        self._name_least = NAME_MIN_WIDTH
        # Each cell's measured width with the text and look it was measured for: a change
        # measures again only the cells it changed (an HP edit, one of a row's five).
        self._cell_widths: dict[tuple[int, int], tuple[tuple[Any, ...], int]] = {}
        self.table.viewport().installEventFilter(self)
        # On a laptop the column is narrow: HP, AC, the round's marks (a few signs) and the
        # statuses, which wrap.
        # The side is not a column: the name's colour bar, its tooltip and the inspector
        # show it. Only the view changes; the model keeps every column.
        for visual, column in enumerate((NAME, HP, AC, ROUND, STATUSES, SIDE)):
            header.moveSection(header.visualIndex(column), visual)
        self.table.setColumnHidden(SIDE, True)
        self.table.doubleClicked.connect(self._on_double_click)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.table_model.modelReset.connect(self._show_selection)
        model.selectionChanged.connect(self._show_selection)
        model.roundChanged.connect(self.table_model.refresh_all)
        self.add_button = QPushButton("Add creature")
        self.add_button.setObjectName("combatantsAddButton")
        self.add_button.setToolTip(
            "Add a GM creature on the selected tile (or the first free tile); edit it in the"
            " Inspector"
        )
        self.add_button.clicked.connect(self.add_creature)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("combatantsRemoveButton")
        self.remove_button.setToolTip("Remove the selected combatant from the fight")
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button, 1)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        body = QWidget()
        body.setLayout(layout)
        self.setWidget(body)
        self._built = True
        self._fit_all()

    def height_for_rows(self, rows: int) -> int:
        """The dock's height that shows `rows` rows of the list whole, with its heading and
        buttons (the dock's title bar included)."""
        table = self.table
        body = self.widget()
        layout = body.layout() if body is not None else None
        spacing = layout.spacing() if layout is not None else 0
        list_height = (
            2 * table.frameWidth()
            + table.horizontalHeader().sizeHint().height()
            + rows * table.verticalHeader().defaultSectionSize()
        )
        buttons = self.add_button.sizeHint().height()
        title = self.height() - body.height() if body is not None else 0
        return title + list_height + spacing + buttons

    def add_creature(self) -> str | None:
        """Add a creature (one undo step); returns its id, or None when the map is full."""
        encounter = self.model.encounter
        tile = self._free_tile()
        if tile is None:
            self.model.refused.emit("There is no free tile on the map for a new creature")
            return None
        number = len(encounter.combatants) + 1
        while f"creature-{number}" in encounter.combatants:
            number += 1
        creature = Combatant(
            id=f"creature-{number}", name=f"Creature {number}", side="gm", position=tile
        )
        if self.model.try_apply(lambda e: e.add_combatant(creature)) is None:
            return None
        self.model.select(creature.id)
        return creature.id

    def _free_tile(self) -> tuple[int, int] | None:
        encounter = self.model.encounter
        battle_map = encounter.battle_map
        taken = encounter.occupied()
        chosen = self.model.selected_tile
        candidates = [chosen] if chosen is not None else []
        candidates += [(x, y) for y in range(battle_map.height) for x in range(battle_map.width)]
        for tile in candidates:
            if (
                battle_map.in_bounds(tile)
                and tile not in taken
                and battle_map.terrain(tile) not in ("blocked", "water")
            ):
                return tile
        return None

    def remove_selected(self) -> None:
        combatant_id = self.model.selected_id
        if not combatant_id:
            self.model.refused.emit("Select the combatant to remove first")
            return
        self.model.try_apply(lambda e: e.remove_combatant(combatant_id))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if self._built and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_all()  # a new font or theme: the rows are measured again

    def _fit_all(self) -> None:
        self._cell_widths.clear()  # another list, font or theme
        self._fit_columns()
        self._name_wanted = self.table.columnWidth(NAME)
        self._fit_row_height()
        self._reserve_room()

    def _long_list(self) -> bool:
        return self.table_model.rowCount() > FIT_EVERY_ROW_UP_TO

    def _fit_columns(self) -> None:
        """Each column as wide as its widest cell and its heading. A long list asks the view
        only about the cells widest as plain text (a bold or struck-out font changes a width
        by a few pixels, never the order of names tens of pixels apart)."""
        if not self._long_list():
            self.table.resizeColumnsToContents()
            return
        table, model = self.table, self.table_model
        metrics = table.fontMetrics()
        header = table.horizontalHeader()
        rows = range(model.rowCount())
        advance = metrics.horizontalAdvance
        for column in range(len(COLUMNS)):
            if table.isColumnHidden(column):
                continue
            widths = sorted(
                ((advance(model.display_text(row, column)), row) for row in rows),
                reverse=True,
            )
            cells = [model.index(row, column) for _, row in widths[:WIDEST_CANDIDATES]]
            # As the view's own fitting counts it: the cell, and the grid line beside it.
            grid = 1 if table.showGrid() else 0
            wanted = max(
                [header.sectionSizeHint(column)]
                + [table.sizeHintForIndex(cell).width() + grid for cell in cells]
            )
            table.setColumnWidth(column, wanted)

    def _fit_row_height(self) -> None:
        """Every row one line high, as tall as the tallest font a row can be drawn in (a
        struck-out or italic name): nothing a fight does makes a row taller."""
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        model = self.table_model
        # As the view measures a row (its text, the name's colour bar, the cells' margins),
        # in the plain font and the struck-out italic one an incapacitated or hidden name has.
        struck = dock_font()
        struck.setStrikeOut(True)
        struck.setItalic(True)
        plain_line = self.table.fontMetrics().height()
        extra = max((self.table.sizeHintForRow(0) - plain_line) if model.rowCount() else 0, 4)
        line = max(plain_line, QFontMetrics(struck).height())
        rows.setDefaultSectionSize(line + extra)

    def _rows_in_view(self) -> tuple[int, int]:
        first, last = self.table.rows_in_view()
        return max(0, first), last

    def _reserve_room(self) -> None:
        """Room for what a fight brings to a row, kept from the start so that it never moves a
        column: HP down to minus its maximum, AC with a defense roll of 6 either way, the
        round's four marks. Worked out from each creature's maximum HP and AC only (a few
        numbers, not every cell); the rows that outgrow it widen the column (_fit_rows)."""
        metrics = self.table.fontMetrics()
        combatants = self.model.encounter.combatants.values()
        widest_hp = max((c.max_hp for c in combatants), default=0)
        widest_ac = max((c.ac for c in combatants), key=lambda ac: len(str(ac)), default=10)
        hp_text = f"-{widest_hp}"
        wanted = (
            (HP, max(metrics.horizontalAdvance(hp_text), 0)),
            (AC, max(metrics.horizontalAdvance(f"{widest_ac}{sign}6") for sign in "+-")),
            (ROUND, metrics.horizontalAdvance(WIDEST_MARKS)),
        )
        # As the view measures a cell: the text, the style's margin on both sides (one more
        # pixel each) and the grid line beside it; and 2 px for a text whose width in
        # fractions of a pixel rounds down (it was cut short: "-19/...").
        style = self.table.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1
        grid = 1 if self.table.showGrid() else 0
        for column, text_width in wanted:
            width = text_width + 2 * margin + grid + 2
            if column == ROUND:
                # No cell is wider than four marks: the column is theirs or its heading's,
                # not the header's own hint (which keeps room for a sort arrow it never has).
                self.table.setColumnWidth(column, max(width, self._heading_width(ROUND)))
            elif self.table.columnWidth(column) < width:
                self.table.setColumnWidth(column, width)
        self._share_width()

    def _room(self) -> int:
        """The width the columns share: the list's, less its vertical scroll bar when it
        shows (it comes and goes only with rows added or taken away, never in a turn)."""
        return self.table.viewport().width()

    def _heading_width(self, column: int) -> int:
        """The least width that shows a column's heading whole: its text and the header's own
        margins, no more (on a laptop a few spare pixels pushed Statuses out of view)."""
        header = self.table.horizontalHeader()
        heading = header.fontMetrics().horizontalAdvance(COLUMNS[column])
        header_margin = self.table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
        return heading + 2 * header_margin + 2

    def _statuses_heading(self) -> int:
        return max(STATUSES_MIN_WIDTH, self._heading_width(STATUSES))

    def _share_width(self) -> None:
        """Name, HP, AC, the round's marks and statuses share the list's width, never more.
        The name takes its whole width while it can, else it is cut short (whole in its
        tooltip), never below NAME_MIN_WIDTH; statuses, cut short with their tooltip, take
        the rest, never less than their heading. Every width comes from the creatures' names and
        numbers, the font and the list's width: nothing a fight's turn changes."""
        hp, ac, round_ = (self.table.columnWidth(column) for column in (HP, AC, ROUND))
        room = self._room() - hp - ac - round_
        heading = self._statuses_heading()
        name = max(self._name_least, min(self._name_wanted, room - heading))
        statuses = max(heading, room - name)
        self.table.setColumnWidth(STATUSES, statuses)
        if name != self.table.columnWidth(NAME):
            self.table.setColumnWidth(NAME, name)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._share_width()
        return super().eventFilter(watched, event)

    def _fit_rows(self, top: QModelIndex, bottom: QModelIndex, *_roles: Any) -> None:
        if bottom.row() - top.row() > 20:
            return  # a whole-table repaint: the widths above already fit it
        if self.table_model.refreshing_round and self._long_list():
            return  # a new phase in a long list: `_reserve_room` keeps the room for it
        for row in range(top.row(), bottom.row() + 1):
            # Widen a column when this row's text no longer fits (never measure every row).
            for column in (SIDE, HP, AC, ROUND):
                width = self._cell_width(row, column)
                if width > self.table.columnWidth(column):
                    self.table.setColumnWidth(column, width)
            self._name_wanted = max(self._name_wanted, self._cell_width(row, NAME))
        self._reserve_room()  # a new maximum HP or AC bonus needs its room

    def _cell_width(self, row: int, column: int) -> int:
        """The width the view wants for a cell, measured again only when its text or look
        (the font of an incapacitated or hidden creature, the side's colour) changed."""
        index = self.table_model.index(row, column)
        combatant = self.model.encounter.combatants.get(self.table_model.combatant_id(row))
        look = (
            index.data(),
            combatant.incapacitated if combatant is not None else None,
            combatant.hidden if combatant is not None else None,
            combatant.side if combatant is not None else None,
        )
        kept = self._cell_widths.get((row, column))
        if kept is not None and kept[0] == look:
            return kept[1]
        width = self.table.sizeHintForIndex(index).width()
        self._cell_widths[(row, column)] = (look, width)
        return width

    def _on_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.model.select(self.table_model.combatant_id(current.row()))

    def _on_double_click(self, index: QModelIndex) -> None:
        if index.column() == HP:
            return  # double-click on HP edits it
        combatant_id = self.table_model.combatant_id(index.row())
        self.model.select(combatant_id)
        self.centreRequested.emit(combatant_id)

    def _show_selection(self, *_args: Any) -> None:
        row = self.table_model.row_of(self.model.selected_id)
        selection = self.table.selectionModel()
        if row < 0:
            selection.clearSelection()
            return
        if selection.currentIndex().row() != row:
            # A creature chosen elsewhere (its token, the attack panel) is marked in the list,
            # which keeps still: the view would scroll to its row.
            bars = (self.table.verticalScrollBar(), self.table.horizontalScrollBar())
            kept = [bar.value() for bar in bars]
            selection.setCurrentIndex(
                self.table_model.index(row, NAME),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            for bar, value in zip(bars, kept, strict=True):
                bar.setValue(value)
