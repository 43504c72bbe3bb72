"""Creatures in the window: the Library dock, the creature sheet, and the party's next fight.

Installs on the main window:
- the Library dock (`libraryDock`), over the GM's own library in the user data folder, the
  ready player characters and the starter bestiary; templates dragged from it land through
  the map view's drop handler;
- the Creatures menu: New creature (the sheet, placed on the first free tile in the middle of
  what the map view shows), Edit creature (the sheet of the selected one), Duplicate (Ctrl+D: a
  copy of the selected creature beside it, or, in the Library, one more of the chosen row),
  Save to library, New encounter with the party;
- the Combatants dock's "Add creature" button opens the sheet.
A damaged library file is reported and left untouched; the bestiary still works and the GM's
saves wait until the file is fixed or moved away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from drase_desktop.encounter.creature_template import CreatureTemplate
from drase_desktop.encounter.placement import duplicate_creature
from drase_desktop.storage.creature_library import (
    CreatureLibrary,
    LibraryError,
    starter_library,
    user_library_path,
)
from drase_desktop.ui.docks.library_dock import LibraryDock
from drase_desktop.ui.map.placement_anchor import free_tile_in_sight, looked_at_tile
from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.menu_bar import WindowMenus
from drase_desktop.ui.widgets.window_part import WindowPart

if TYPE_CHECKING:
    from drase_desktop.ui.docks.creature_sheet import CreatureSheet


def open_user_library() -> tuple[CreatureLibrary, str]:
    """The GM's library and a warning ("" when none): a damaged file is not written over."""
    try:
        return CreatureLibrary.open(), ""
    except LibraryError as error:
        library = CreatureLibrary(None, starter_library(), [])
        return library, (
            f"Your creature library could not be read ({error}); saving to it is off until"
            f" {user_library_path().name} is fixed or moved away"
        )


class CreatureTools(WindowPart):
    """objectName `creatureTools`."""

    def __init__(
        self, window: Any, menus: WindowMenus, library: CreatureLibrary | None = None
    ) -> None:
        super().__init__(window, "creatureTools")
        warning = ""
        if library is None:
            library, warning = open_user_library()
        self.library = library
        self.dock = LibraryDock(self.model, library, window)
        self.dock.map_view_of = lambda: window.map_view
        self.dock.statusMessage.connect(window._show_status)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        window.tabifyDockWidget(window.inspector_dock, self.dock)
        window.declaration_dock.raise_()
        self.new_action = make_action(
            self.window, "newCreatureAction", "&New creature...", self.new_creature
        )
        self.new_action.setStatusTip("Open the creature sheet for a new creature")
        self.edit_action = make_action(
            self.window, "editCreatureAction", "&Edit creature...", self.edit_selected
        )
        self.edit_action.setStatusTip("Open the creature sheet of the selected creature")
        self.duplicate_action = make_action(
            self.window, "duplicateCreatureAction", "&Duplicate", self.duplicate
        )
        self.duplicate_action.setShortcut(QKeySequence("Ctrl+D"))
        self.duplicate_action.setStatusTip(
            "A fresh copy of the selected creature beside it, numbered (in the Library: one more"
            " of the chosen creature in the middle of the map view)"
        )
        self.save_action = make_action(
            self.window, "saveToLibraryAction", "&Save to library", self.dock.save_selected
        )
        self.party_action = make_action(
            self.window,
            "partyEncounterAction",
            "New encounter with the &party...",
            self.party_encounter,
        )
        self.party_action.setStatusTip(
            "The player characters go on to another map, as they are or after a long rest"
        )
        bar = window.menuBar()
        menu = QMenu("&Creatures", bar)
        menu.setObjectName("creaturesMenu")
        menus.add_menu(menu)
        menu.addActions(
            [self.new_action, self.edit_action, self.duplicate_action, self.save_action]
        )
        menu.addSeparator()
        menu.addAction(self.dock.toggleViewAction())
        menu.addSeparator()
        menu.addAction(self.party_action)
        add_button = window.combatants_dock.add_button
        add_button.clicked.disconnect()
        add_button.clicked.connect(lambda: self.new_creature())
        add_button.setToolTip(
            "Add a creature with the creature sheet (or drag one from the Library dock)"
        )
        if warning:
            window._show_status(warning)

    def sheet(self, combatant_id: str | None = None) -> CreatureSheet:
        """The sheet of a creature (None: a new one, on the first free tile in the middle of
        what the map view shows); not yet shown."""
        # Imported when first opened: the sheet is not part of the window a launch shows.
        from drase_desktop.ui.docks.creature_sheet import CreatureSheet

        creature = self.model.encounter.combatants.get(combatant_id) if combatant_id else None
        view = self.window.map_view
        tile = free_tile_in_sight(view) if creature is None and view is not None else None
        return CreatureSheet(self.model, creature, tile=tile, parent=self.window)

    def duplicate(self) -> list[str]:
        """Ctrl+D: in the Library, one more of the chosen creature (beside the selected creature
        when it was placed from that row); elsewhere a copy of the selected creature beside it
        (one undo step). Returns the new ids."""
        focus = QApplication.focusWidget()
        template = self.dock.current_template()
        if focus is self.dock.tree and template is not None:
            # One more beside the creature just placed from this row (a drag, then Ctrl+D
            # twice: three goblins where the first was dropped); else in the view's middle.
            chosen = self.model.selected_combatant()
            beside = None
            if chosen is not None and chosen.position is not None:
                if CreatureTemplate.from_combatant(chosen).key == template.key:
                    beside = chosen.position
            return self.dock.place_selected(1, beside)
        chosen = self.model.selected_id
        if not chosen:
            self.window._show_status(
                "Select a creature (a token, or a row of the combatants or the library) to"
                " duplicate it"
            )
            return []
        return self.duplicate_creature(chosen)

    def duplicate_creature(self, combatant_id: str) -> list[str]:
        """A copy of a creature of the fight beside it (near the middle of the map view when
        it stands off the map), selected."""
        view = self.window.map_view
        anchor = looked_at_tile(view) if view is not None else None
        change = self.model.try_apply(lambda e: duplicate_creature(e, combatant_id, anchor))
        if change is None:
            return []
        ids: list[str] = list(change.result)
        self.model.select(ids[0])
        original = self.model.encounter.combatants[combatant_id].name
        self.window._show_status(
            f"{self.model.encounter.combatants[ids[0]].name}: a copy of {original}"
        )
        return ids

    def new_creature(self) -> str | None:
        sheet = self.sheet()
        sheet.exec()
        return sheet.result_id

    def edit_selected(self) -> str | None:
        chosen = self.model.selected_id
        if not chosen:
            self.window._show_status("Select a creature to edit first")
            return None
        sheet = self.sheet(chosen)
        sheet.exec()
        return sheet.result_id

    def party_encounter(self) -> bool:
        if not self.window.confirm_discard():
            return False
        from drase_desktop.ui.creatures.party_dialog import PartyDialog

        dialog = PartyDialog(self.model.encounter, self.window)
        if dialog.exec() != PartyDialog.DialogCode.Accepted or dialog.result_encounter is None:
            return False
        self.window.set_document(dialog.result_encounter, None, unsaved=True)
        return True
