"""How wide the combatants list's columns are, kept still during a fight: worked out from
the creatures' names and numbers, the statuses the encounter knows, the font and the list's
width, with room kept for what a fight brings (HP below zero, a defense roll, the round's
marks), so nothing a turn changes moves a column; a name or statuses too long for a narrow list
are cut short (whole in their tooltips), so the columns never need a sideways scroll.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
)
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QTableView,
)

from drase_desktop.encounter.round_marks import (
    ACTED,
    DECLARED,
    LOCKED,
    MUST_ACT,
    RoundMarks,
)
from drase_desktop.ui.docks.combatant_table import (
    AC,
    COLUMNS,
    HP,
    NAME,
    ROUND,
    SIDE,
    STATUSES,
    CombatantTable,
)
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import dock_font

# In a narrow dock: the narrowest the name and statuses columns get (a longer name is cut
# short, whole in its tooltip).
NAME_MIN_WIDTH = 70
# The most marks a creature carries at once (must act, declared, acted, locked; surprise and
# incapacity rule out acting): once the fight starts the Round column holds them on one line.
WIDEST_MARKS = RoundMarks((MUST_ACT, DECLARED, ACTED, LOCKED)).signs
STATUSES_MIN_WIDTH = 60
# Above this many rows the list is fitted from the cells that can be the widest (measured as
# plain text first): fitting every cell of 300 rows took a second when a fight opened.
FIT_EVERY_ROW_UP_TO = 40
# The cells of a column measured by the view when the list is long: the widest few as text.
WIDEST_CANDIDATES = 3


class CombatantColumns(QObject):
    """Fits `table`'s columns and rows to the combatants of `table_model`, measuring again only
    the cells a change touched."""

    def __init__(
        self,
        table: QTableView,
        table_model: CombatantTable,
        model: EncounterModel,
        parent: QObject,
    ) -> None:
        # Owned by what holds the table, not the table: its viewport's last events, as the
        # table is deleted, must find this object whole.
        super().__init__(parent)
        self.table = table
        self.table_model = table_model
        self.model = model
        table_model.modelReset.connect(self.fit_all)
        table_model.dataChanged.connect(self._fit_rows)
        header = table.horizontalHeader()
        # Sizes are fitted by hand for the rows that changed: the headers' automatic
        # ResizeToContents re-measures every row on any change (150 ms with 300 creatures).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(40)
        self.name_wanted = 0
        self._name_least = NAME_MIN_WIDTH
        # Each cell's measured width with the text and look it was measured for: a change
        # measures again only the cells it changed (an HP edit, one of a row's five).
        self._cell_widths: dict[tuple[int, int], tuple[tuple[Any, ...], int]] = {}
        table.viewport().installEventFilter(self)
        # The side is not a column: the name's colour bar, its tooltip and the inspector
        # show it. Only the view changes; the model keeps every column.
        for visual, column in enumerate((NAME, HP, AC, ROUND, STATUSES, SIDE)):
            header.moveSection(header.visualIndex(column), visual)
        table.setColumnHidden(SIDE, True)

    def fit_all(self) -> None:
        self._cell_widths.clear()  # another list, font or theme
        self._fit_columns()
        self.name_wanted = self.table.columnWidth(NAME)
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
        name = max(self._name_least, min(self.name_wanted, room - heading))
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
            self.name_wanted = max(self.name_wanted, self._cell_width(row, NAME))
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
