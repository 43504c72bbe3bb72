"""The Library dock: the creatures a GM keeps, to drag onto the map.

A search field, the templates grouped (player characters, monsters, NPCs), and under them a
count and the buttons. Drag a template onto the map to place one there; Shift-drop (or Place)
places the count, numbered; a double-click (or Ctrl+D) places one in the middle of what the
map view shows. "Save to library" keeps the selected creature of the fight as a
template (with its art); Import and Export share a library file with other GMs. The starter
bestiary is always there; the GM's own templates are kept in the user data folder.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.creature_template import GROUP_LABELS, CreatureTemplate
from drase_desktop.encounter.placement import MAX_PLACED_AT_ONCE, free_tiles_for
from drase_desktop.storage.creature_library import CreatureLibrary, LibraryError
from drase_desktop.ui.map.map_drops import TEMPLATE_MIME, template_mime
from drase_desktop.ui.map.placement_anchor import placement_anchor
from drase_desktop.ui.widgets.widget_builders import scrolling

LIBRARY_FILTER = "Creature libraries (*.json);;All files (*)"
TEMPLATE_ROLE = Qt.ItemDataRole.UserRole + 1
DEFAULT_COUNT = 4
# Lines kept for the chosen creature's numbers, attacks and description.
DETAILS_LINES = 5


class TemplateTree(QTreeWidget):
    """The grouped templates; dragging one carries it as `TEMPLATE_MIME`."""

    def __init__(self, dock: LibraryDock) -> None:
        super().__init__()
        self._dock = dock
        self.setObjectName("libraryTree")
        self.setHeaderHidden(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QTreeWidget.DragDropMode.DragOnly)
        self.setSelectionMode(QTreeWidget.SelectionMode.SingleSelection)

    def mimeData(self, items: list[QTreeWidgetItem]) -> QMimeData:  # type: ignore[override]
        template = items[0].data(0, TEMPLATE_ROLE) if items else None
        if template is None:
            return QMimeData()
        return template_mime(template, self._dock.count.value())

    def mimeTypes(self) -> list[str]:
        return [TEMPLATE_MIME]

    def startDrag(self, supported: Qt.DropAction) -> None:
        template = self._dock.current_template()
        if template is None:
            return
        drag = self._dock.make_drag(template)
        drag.exec(Qt.DropAction.CopyAction)


class FixedRoomLabel(QLabel):
    """A wrapping label whose height is fixed: it asks no height for its width, else the
    scroll area around the dock lays the list out anew (taller) whenever its text changes."""

    def hasHeightForWidth(self) -> bool:
        return False


class LibraryDock(QDockWidget):
    """objectName `libraryDock`: search, groups, count, save, place, import, export."""

    statusMessage = Signal(str)

    def __init__(self, model: Any, library: CreatureLibrary, parent: QWidget | None = None):
        super().__init__("Library", parent)
        self.setObjectName("libraryDock")
        self.model = model
        self.library = library
        # The window's current map view (it is rebuilt on each Open): Place goes through its
        # drop handler, the one place that puts creatures on the map.
        self.map_view_of: Any = lambda: None
        self.search = QLineEdit()
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText("Search: name, weapon, damage type...")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.refresh)
        self.tree = TemplateTree(self)
        # A double-click places one, as a plain drop does; Place and Shift-drop the count.
        self.tree.itemDoubleClicked.connect(lambda *_: self.place_selected(1))
        self.tree.currentItemChanged.connect(lambda *_: self._describe())
        self.details = FixedRoomLabel()
        self.details.setObjectName("libraryDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Its room is kept whether a row is chosen or not: the list above never shrinks under
        # the mouse when the GM picks a creature (the whole text is in its tooltip).
        self.details.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._keep_details_room()
        self.count = QSpinBox()
        self.count.setObjectName("libraryCount")
        self.count.setRange(1, MAX_PLACED_AT_ONCE)
        self.count.setValue(DEFAULT_COUNT)
        self.count.setToolTip("How many a Shift-drop or Place puts on the map, numbered")
        self.place_button = self._button(
            "Place", "libraryPlaceButton", lambda: self.place_selected()
        )
        self.place_button.setToolTip(
            "Place the count of the chosen creature in the middle of the map view (or by the"
            " tile you clicked); double-click or Ctrl+D places one; or drag it onto the map"
            " (Shift-drop places the count)"
        )
        self.save_button = self._button("Save to library", "librarySaveButton", self.save_selected)
        self.save_button.setToolTip("Keep the creature selected in the fight as a template")
        self.remove_button = self._button("Remove", "libraryRemoveButton", self.remove_selected)
        self.import_button = self._button("Import...", "libraryImportButton", self.import_dialog)
        self.export_button = self._button("Export...", "libraryExportButton", self.export_dialog)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel("Count"))
        count_row.addWidget(self.count)
        count_row.addWidget(self.place_button, 1)
        file_row = QHBoxLayout()
        file_row.addWidget(self.save_button, 1)
        file_row.addWidget(self.remove_button)
        share_row = QHBoxLayout()
        share_row.addWidget(self.import_button)
        share_row.addWidget(self.export_button)
        layout = QVBoxLayout()
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.details)
        layout.addLayout(count_row)
        layout.addLayout(file_row)
        layout.addLayout(share_row)
        # Scrolled rather than squeezed: on a laptop the dock is a short tab under the phase.
        self.setWidget(scrolling(layout, horizontal=False))
        model.selectionChanged.connect(lambda *_: self._sync_buttons())
        self.refresh()

    def _keep_details_room(self) -> None:
        self.details.setFixedHeight(self.details.fontMetrics().lineSpacing() * DETAILS_LINES + 4)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "details"):
            self._keep_details_room()

    def _button(self, text: str, name: str, slot: Any) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    # -- showing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Fill the tree from the library and the search text (groups with matches open)."""
        chosen = self.current_template()
        query = self.search.text()
        self.tree.clear()
        bold = QFont(self.tree.font())
        bold.setBold(True)
        for group, templates in self.library.grouped(query).items():
            heading = QTreeWidgetItem([f"{GROUP_LABELS[group]} ({len(templates)})"])
            heading.setFont(0, bold)
            heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
            heading.setData(0, Qt.ItemDataRole.UserRole, group)
            self.tree.addTopLevelItem(heading)
            for template in templates:
                own = " (yours)" if self.library.is_own(template) else ""
                item = QTreeWidgetItem([f"{template.name}{own}"])
                item.setData(0, TEMPLATE_ROLE, template)
                item.setToolTip(0, self._summary(template))
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                    | Qt.ItemFlag.ItemIsDragEnabled
                )
                heading.addChild(item)
                if chosen is not None and template.key == chosen.key:
                    self.tree.setCurrentItem(item)
            heading.setExpanded(bool(templates) and (bool(query) or len(templates) <= 40))
        self._describe()

    def items(self) -> list[QTreeWidgetItem]:
        """The template rows, in order (headings left out)."""
        rows = []
        for index in range(self.tree.topLevelItemCount()):
            heading = self.tree.topLevelItem(index)
            if heading is not None:
                rows += [child for i in range(heading.childCount()) if (child := heading.child(i))]
        return rows

    def item_for(self, name: str) -> QTreeWidgetItem:
        key = name.strip().casefold()
        for item in self.items():
            if item.data(0, TEMPLATE_ROLE).key == key:
                return item
        raise KeyError(name)

    def current_template(self) -> CreatureTemplate | None:
        item = self.tree.currentItem()
        return item.data(0, TEMPLATE_ROLE) if item is not None else None

    @staticmethod
    def _summary(template: CreatureTemplate) -> str:
        c = template.creature
        weapons = "; ".join(
            f"{w.name} {w.damage} {w.damage_type}"
            + (f", range {w.reach}" if w.ranged else (f", reach {w.reach}" if w.reach > 1 else ""))
            for w in c.weapons
        )
        lines = [
            f"{template.name}: HP {c.max_hp}, AC {c.ac}, speed {c.speed}, level {c.level}",
            weapons or "no attacks",
        ]
        if template.description:
            lines.append(template.description)
        return "\n".join(lines)

    def _describe(self) -> None:
        template = self.current_template()
        text = self._summary(template) if template is not None else ""
        self.details.setText(text)
        self.details.setToolTip(text)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        template = self.current_template()
        self.place_button.setEnabled(template is not None)
        self.remove_button.setEnabled(template is not None and self.library.is_own(template))
        self.save_button.setEnabled(self.model.selected_combatant() is not None)

    # -- dragging --------------------------------------------------------------------------
    def make_drag(self, template: CreatureTemplate) -> QDrag:
        """The drag of a template: its mime data and a small picture of its token."""
        drag = QDrag(self.tree)
        drag.setMimeData(template_mime(template, self.count.value()))
        picture = QPixmap(48, 48)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor("#ffffff"), 3))
        painter.setBrush(QColor(190, 60, 50, 220))
        painter.drawEllipse(3, 3, 42, 42)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(picture.rect(), Qt.AlignmentFlag.AlignCenter, template.name[:3])
        painter.end()
        drag.setPixmap(picture)
        drag.setHotSpot(QPoint(24, 24))
        return drag

    # -- acting ----------------------------------------------------------------------------
    def place_selected(
        self, count: int | None = None, near: tuple[int, int] | None = None
    ) -> list[str]:
        """Place `count` of the chosen template (the dock's count when None) on the free tiles
        nearest `near`, or the tile the GM chose, or the middle of what the map view shows."""
        template = self.current_template()
        view = self.map_view_of()
        if template is None or view is None:
            self.statusMessage.emit("Choose a creature in the library first")
            return []
        encounter = self.model.encounter
        tile = placement_anchor(view) if near is None else near
        count = self.count.value() if count is None else count
        tiles = free_tiles_for(encounter, template, tile, count)
        if not tiles:
            self.statusMessage.emit(f"No free tile near {tile} for {template.name}")
            return []
        return list(view.drops.place(template, tiles[0], count))

    def save_selected(self) -> CreatureTemplate | None:
        """Keep the selected creature as a template (replacing one of the same name)."""
        creature = self.model.selected_combatant()
        if creature is None:
            self.statusMessage.emit("Select a creature in the fight to save it to the library")
            return None
        portraits = self.model.encounter.portraits
        picture = portraits.get(creature.portrait) if creature.portrait else None
        try:
            template = CreatureTemplate.from_combatant(creature, portrait=picture)
            replaced = self.library.save_template(template)
        except (LibraryError, ValueError) as error:
            self.statusMessage.emit(str(error))
            return None
        self.refresh()
        self.tree.setCurrentItem(self.item_for(template.name))
        verb = "replaced in" if replaced else "saved to"
        self.statusMessage.emit(f"{template.name} {verb} the library")
        return template

    def remove_selected(self) -> None:
        template = self.current_template()
        if template is None or not self.library.is_own(template):
            self.statusMessage.emit("Only your own creatures can be removed from the library")
            return
        try:
            self.library.remove(template.name)
        except LibraryError as error:
            self.statusMessage.emit(str(error))
            return
        self.refresh()
        self.statusMessage.emit(f"{template.name} removed from the library")

    def import_file(self, path: str) -> int:
        """Import a shared library file (all of it or, when anything is wrong, nothing)."""
        try:
            imported = self.library.import_file(path)
        except LibraryError as error:
            self.statusMessage.emit(f"Not imported: {error}")
            return 0
        self.refresh()
        self.statusMessage.emit(f"Imported {len(imported)} creatures")
        return len(imported)

    def export_file(self, path: str) -> int:
        try:
            written = self.library.export_file(path)
        except LibraryError as error:
            self.statusMessage.emit(str(error))
            return 0
        self.statusMessage.emit(f"Exported {written} creatures")
        return written

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a creature library", "", LIBRARY_FILTER)
        if path:
            self.import_file(path)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export your creatures", "creatures.json", LIBRARY_FILTER
        )
        if path:
            self.export_file(path)
