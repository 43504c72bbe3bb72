"""The inspector: the selected token's details, editable (name, side, HP, AC bonus, speed, size,
statuses, token picture), or, with no token selected, the selected tile's terrain, height and
cover.

Each edit is one undo step through an encounter operation (or a tile edit command); a value the
rules refuse is reported and the field shows the real value again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.board.battle_map import COVER_LEVELS, MAX_ELEVATION, TERRAIN_KINDS
from drase_desktop.encounter.combatant import SIZES
from drase_desktop.file_limits import MAX_NAME_CHARACTERS
from drase_desktop.refusal import Refusal
from drase_desktop.ui.commands import TileEditCommand
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import token_picture
from drase_desktop.ui.widgets.theme import heading_font
from drase_desktop.ui.widgets.widget_builders import combo_box, scrolling, spin_box, wrapped_label

EMPTY, TOKEN, TILE = range(3)


# The notes the inspector shows: a few paragraphs. A word-wrapped label lays out all its text at
# once (100 MB of notes took minutes to open); the creature sheet holds the whole.
NOTES_SHOWN_CHARACTERS = 600


def notes_shown(notes: str) -> str:
    """The start of `notes` for the inspector, saying how long the whole is when cut."""
    if len(notes) <= NOTES_SHOWN_CHARACTERS:
        return notes
    return f"{notes[:NOTES_SHOWN_CHARACTERS].rstrip()}… ({len(notes):,} characters in all)"


def _spin(name: str, low: int, high: int, suffix: str = "") -> QSpinBox:
    box = spin_box(name, low, high, suffix=suffix)
    box.setKeyboardTracking(False)  # typed values apply on Enter or leaving the field
    return box


class InspectorDock(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Inspector", parent)
        self.setObjectName("inspectorDock")
        self.model = model
        self._loading = False

        self.stack = QStackedWidget()
        self.stack.setObjectName("inspectorStack")
        empty = QLabel("Select a token or a tile on the map to see and edit it here.")
        empty.setWordWrap(True)
        empty.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.stack.addWidget(empty)
        self.stack.addWidget(self._build_token_page())
        self.stack.addWidget(self._build_tile_page())
        # Never a sideways scroll: long titles wrap, fields take the dock's width.
        self.setWidget(scrolling(self.stack, horizontal=False))

        model.selectionChanged.connect(self.refresh)
        model.tileSelectionChanged.connect(self.refresh)
        model.combatantsChanged.connect(self._combatants_changed)
        model.mapChanged.connect(self.refresh)
        model.encounterReplaced.connect(self.refresh)
        self.refresh()

    def _combatants_changed(self, ids: list[str]) -> None:
        # Another combatant's change shows here only through the list of sides.
        if self.model.selected_id in ids or (
            self.stack.currentIndex() == TOKEN and self._side_names() != self._offered_sides()
        ):
            self.refresh()

    def _side_names(self) -> list[str]:
        return sorted({"players", "gm", *self.model.encounter.sides()})

    def _offered_sides(self) -> list[str]:
        return [self.side_edit.itemText(i) for i in range(self.side_edit.count())]

    # -- building ---------------------------------------------------------------------------
    def _build_token_page(self) -> QWidget:
        self.title = wrapped_label("inspectorTitle", heading_font())
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("inspectorName")
        self.name_edit.setMaxLength(MAX_NAME_CHARACTERS)  # what a file keeps of a name
        self.name_edit.editingFinished.connect(
            lambda: self._update("name", self.name_edit.text().strip())
        )
        self.side_edit = QComboBox()
        self.side_edit.setObjectName("inspectorSide")
        self.side_edit.setEditable(True)
        self.side_edit.setToolTip('"players", "gm", or any faction name')
        side_line = self.side_edit.lineEdit()
        assert side_line is not None  # an editable combo box always has its line edit
        side_line.editingFinished.connect(
            lambda: self._update("side", self.side_edit.currentText().strip())
        )
        self.side_edit.activated.connect(
            lambda _i: self._update("side", self.side_edit.currentText().strip())
        )
        self.hp_edit = _spin("inspectorHp", -9999, 9999)
        self.hp_edit.valueChanged.connect(self._set_hp)
        self.max_hp_edit = _spin("inspectorMaxHp", 1, 9999)
        self.max_hp_edit.valueChanged.connect(lambda v: self._update("max_hp", v))
        self.ac_edit = _spin("inspectorAcBonus", -20, 40)
        self.ac_edit.valueChanged.connect(lambda v: self._update("ac_bonus", v))
        self.speed_edit = _spin("inspectorSpeed", 0, 99, " tiles")
        self.speed_edit.valueChanged.connect(lambda v: self._update("speed", v))
        self.size_edit = combo_box(
            "inspectorSize", [(label, size) for size, label in SIZES.items()]
        )
        self.size_edit.activated.connect(
            lambda _i: self._update("size", self.size_edit.currentData())
        )
        self.hidden_edit = QCheckBox("Hidden from the players")
        self.hidden_edit.setObjectName("inspectorHidden")
        self.hidden_edit.setToolTip("Hidden tokens are not shown on the player display")
        self.hidden_edit.toggled.connect(lambda checked: self._update("hidden", checked))
        self.details = wrapped_label("inspectorDetails")
        # Given or taken away at once, one undo step each (as the token's menu does).
        self.picture_row = token_picture.PictureRow(self.model, "inspector")
        self.picture_row.chosen.connect(self._give_picture)
        self.picture_row.removed.connect(self._remove_picture)

        self.statuses = QListWidget()
        self.statuses.setObjectName("inspectorStatuses")
        self.statuses.setMaximumHeight(120)
        self.remove_status_button = QPushButton("Remove")
        self.remove_status_button.setObjectName("inspectorRemoveStatus")
        self.remove_status_button.clicked.connect(self._remove_status)
        self.status_choice = QComboBox()
        self.status_choice.setObjectName("inspectorStatusChoice")
        self.status_rounds = _spin("inspectorStatusRounds", 0, 999, " rnd")
        self.status_rounds.setSpecialValueText("default")
        self.status_rounds.setToolTip("Rounds it lasts; 'default' takes the catalogue's duration")
        self.add_status_button = QPushButton("Add")
        self.add_status_button.setObjectName("inspectorAddStatus")
        self.add_status_button.clicked.connect(self._add_status)

        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Side", self.side_edit)
        form.addRow("HP", self.hp_edit)
        form.addRow("Max HP", self.max_hp_edit)
        form.addRow("AC bonus", self.ac_edit)
        form.addRow("Speed", self.speed_edit)
        form.addRow("Size", self.size_edit)
        form.addRow("Picture", self.picture_row)
        form.addRow(self.hidden_edit)
        adding = QHBoxLayout()
        adding.addWidget(self.status_choice, 1)
        adding.addWidget(self.status_rounds)
        adding.addWidget(self.add_status_button)
        layout = QVBoxLayout()
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.details)
        layout.addWidget(QLabel("Statuses"))
        layout.addWidget(self.statuses)
        layout.addWidget(self.remove_status_button)
        layout.addLayout(adding)
        layout.addStretch(1)
        page = QWidget()
        page.setLayout(layout)
        return page

    def _build_tile_page(self) -> QWidget:
        self.tile_title = QLabel()
        self.tile_title.setObjectName("inspectorTileTitle")
        self.tile_title.setFont(heading_font())
        self.terrain_edit = QComboBox()
        self.terrain_edit.setObjectName("inspectorTerrain")
        self.terrain_edit.addItems(list(TERRAIN_KINDS))
        self.terrain_edit.activated.connect(
            lambda _i: self._edit_tile(terrain=self.terrain_edit.currentText())
        )
        self.elevation_edit = _spin("inspectorElevation", -MAX_ELEVATION, MAX_ELEVATION, " tiles")
        self.elevation_edit.valueChanged.connect(lambda v: self._edit_tile(elevation=v))
        self.cover_edit = QComboBox()
        self.cover_edit.setObjectName("inspectorCover")
        self.cover_edit.addItems(list(COVER_LEVELS))
        self.cover_edit.activated.connect(
            lambda _i: self._edit_tile(cover=self.cover_edit.currentText())
        )
        self.tile_details = wrapped_label("inspectorTileDetails")
        form = QFormLayout()
        form.addRow("Terrain", self.terrain_edit)
        form.addRow("Height", self.elevation_edit)
        form.addRow("Cover", self.cover_edit)
        layout = QVBoxLayout()
        layout.addWidget(self.tile_title)
        layout.addLayout(form)
        layout.addWidget(self.tile_details)
        layout.addStretch(1)
        page = QWidget()
        page.setLayout(layout)
        return page

    # -- showing ----------------------------------------------------------------------------
    def refresh(self, *_args: Any) -> None:
        self._loading = True
        try:
            combatant = self.model.selected_combatant()
            tile = self.model.selected_tile
            if combatant is not None:
                self._show_token(combatant)
                self.stack.setCurrentIndex(TOKEN)
            elif tile is not None and self.model.encounter.battle_map.in_bounds(tile):
                self._show_tile(tile)
                self.stack.setCurrentIndex(TILE)
            else:
                self.stack.setCurrentIndex(EMPTY)
        finally:
            self._loading = False

    def _show_token(self, c: Any) -> None:
        kind = "player character" if c.is_player_character else "creature"
        where = f"at {c.position}" if c.position is not None else "off the map"
        self.title.setText(f"{c.name} ({kind}, {where})")
        if not self.name_edit.hasFocus():
            self.name_edit.setText(c.name)
        sides = self._side_names()
        if self._offered_sides() != sides:
            self.side_edit.clear()
            self.side_edit.addItems(sides)
        self.side_edit.setCurrentText(c.side)
        self.hp_edit.setValue(c.hp)
        self.max_hp_edit.setValue(c.max_hp)
        self.ac_edit.setValue(c.ac_bonus)
        self.speed_edit.setValue(c.speed)
        self.size_edit.setCurrentIndex(max(0, self.size_edit.findData(c.size)))
        self.hidden_edit.setChecked(c.hidden)
        portraits = self.model.encounter.portraits
        self.picture_row.show_picture(portraits.get(c.portrait) if c.portrait else None)
        attributes = ", ".join(f"{k[:3].title()} {v}" for k, v in c.attributes.items())
        weapons = "; ".join(f"{w.name} {w.damage} {w.damage_type}" for w in c.weapons) or "none"
        self.details.setText(
            f"AC {c.ac} · level {c.level} · {attributes}\nWeapons: {weapons}"
            + (f"\nNotes: {notes_shown(c.notes)}" if c.notes else "")
        )
        self.statuses.clear()
        for status in c.statuses:
            left = "until removed" if status.remaining is None else f"{status.remaining} rnd left"
            item = QListWidgetItem(f"{status.name} ({left})")
            item.setData(Qt.ItemDataRole.UserRole, status.name)
            self.statuses.addItem(item)
        names = list(self.model.encounter.status_catalogue)
        if [self.status_choice.itemText(i) for i in range(self.status_choice.count())] != names:
            self.status_choice.clear()
            self.status_choice.addItems(names)

    def _show_tile(self, tile: tuple[int, int]) -> None:
        battle_map = self.model.encounter.battle_map
        self.tile_title.setText(f"Tile {tile}")
        self.terrain_edit.setCurrentText(battle_map.terrain(tile))
        self.elevation_edit.setValue(battle_map.elevation(tile))
        self.cover_edit.setCurrentText(battle_map.cover_feature(tile))
        self.tile_details.setText(
            f"Obscuration: {battle_map.obscuration(tile)} · ambient light:"
            f" {battle_map.ambient_light}"
        )

    # -- editing ----------------------------------------------------------------------------
    def _selected_id(self) -> str | None:
        if self._loading or self.model.selected_combatant() is None:
            return None
        return self.model.selected_id

    def _apply(self, operation: Callable[[Any], Any]) -> None:
        if self.model.try_apply(operation) is None:
            self.refresh()  # refused: show the real values again

    def _update(self, field: str, value: Any) -> None:
        combatant_id = self._selected_id()
        if combatant_id is None:
            return
        if getattr(self.model.encounter.combatants[combatant_id], field) == value:
            return
        self._apply(lambda e: e.update_combatant(combatant_id, **{field: value}))

    def _set_hp(self, hp: int) -> None:
        combatant_id = self._selected_id()
        if combatant_id is None or self.model.encounter.combatants[combatant_id].hp == hp:
            return
        self._apply(lambda e: e.set_hp(combatant_id, hp))

    def _give_picture(self, data: bytes, file_name: str) -> None:
        combatant_id = self._selected_id()
        if combatant_id is not None:
            token_picture.give_picture(self.model, combatant_id, data, file_name)

    def _remove_picture(self) -> None:
        combatant_id = self._selected_id()
        if combatant_id is not None:
            token_picture.remove_picture(self.model, combatant_id)

    def _add_status(self) -> None:
        combatant_id = self._selected_id()
        name = self.status_choice.currentText()
        if combatant_id is None or not name:
            return
        rounds = self.status_rounds.value() or None
        self._apply(lambda e: e.apply_status(combatant_id, name, duration=rounds, source="GM"))

    def _remove_status(self) -> None:
        combatant_id = self._selected_id()
        item = self.statuses.currentItem()
        if combatant_id is None or item is None:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        self._apply(lambda e: e.remove_status(combatant_id, name, stacks=1))

    def _edit_tile(self, **values: Any) -> None:
        tile = self.model.selected_tile
        if self._loading or tile is None:
            return
        try:
            self.model.push(TileEditCommand(self.model, tile, **values))
        except Refusal as error:
            self.model.refused.emit(str(error))
            self.refresh()
