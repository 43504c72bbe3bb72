"""The combatants dock: the list of every creature (combatant_table, its columns kept still by
combatant_columns), adding a creature and removing the selected one. Double-clicking a row asks
the map to centre on that token; a creature selected elsewhere is marked in the list, not
scrolled to.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.ui.docks.combatant_cells import CombatantTableView, NameDelegate, OneLineDelegate
from drase_desktop.ui.docks.combatant_columns import CombatantColumns
from drase_desktop.ui.docks.combatant_table import (
    HP,
    NAME,
    STATUSES,
    CombatantTable,
)
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import dock_font
from drase_desktop.ui.widgets.widget_builders import push_button

# The side's colour before a name: a bar as tall as a letter, a few pixels wide.
SIDE_BAR = QSize(5, 14)


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
        # The columns' widths, kept still during a fight.
        self.columns = CombatantColumns(self.table, self.table_model, model, self)
        self.table.doubleClicked.connect(self._on_double_click)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.table_model.modelReset.connect(self._show_selection)
        model.selectionChanged.connect(self._show_selection)
        model.roundChanged.connect(self.table_model.refresh_all)
        self.add_button = push_button(
            "Add creature",
            "combatantsAddButton",
            self.add_creature,
            tip="Add a GM creature on the selected tile (or the first free tile); edit it in the"
            " Inspector",
        )
        self.remove_button = push_button(
            "Remove",
            "combatantsRemoveButton",
            self.remove_selected,
            tip="Remove the selected combatant from the fight",
        )
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
        self.columns.fit_all()

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
            self.columns.fit_all()  # a new font or theme: the rows are measured again

    def _rows_in_view(self) -> tuple[int, int]:
        first, last = self.table.rows_in_view()
        return max(0, first), last

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
