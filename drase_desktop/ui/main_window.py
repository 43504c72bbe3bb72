"""The battlemap window: the map in the middle, the docks that run the round around it, and the
parts that bring their own tools (the fight, the table, files, creatures, the map editor).

The window owns one `EncounterModel` for its life; opening a file swaps the model's encounter
(clearing undo) and builds a fresh map view for it. Its open file is a `DocumentSession`
(files/document_session.py), its docks' places a `WindowLayout` (window/window_layout.py), its
menus and actions window/window_menus.py. Dialogs that would block a test go through small
methods (`ask_save_changes`, `ask_open_path`, `ask_save_path`, `show_error`: window/
window_dialogs.py) that tests replace.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.storage.autosave import Autosave
from drase_desktop.storage.settings import Settings, load_settings
from drase_desktop.ui.creatures.creature_tools import CreatureTools
from drase_desktop.ui.docks.combatants_dock import CombatantsDock
from drase_desktop.ui.docks.declaration_dock import DeclarationDock
from drase_desktop.ui.docks.inspector_dock import InspectorDock
from drase_desktop.ui.docks.log_dock import LogDock
from drase_desktop.ui.docks.phase_dock import PhaseDock
from drase_desktop.ui.editor.mode import EditorMode
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_tools import install_fight_tools
from drase_desktop.ui.files.document_session import CANCEL, DISCARD, SAVE, DocumentSession
from drase_desktop.ui.files.file_tools import FileTools
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.token_menu import TokenMenu
from drase_desktop.ui.map.tool import Tool, ToolActions, ToolManager
from drase_desktop.ui.table.table_link import TableLink
from drase_desktop.ui.table.table_tools import TableTools
from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.icons import retint
from drase_desktop.ui.widgets.plain_text import install_plain_text_guard
from drase_desktop.ui.widgets.theme import apply_theme
from drase_desktop.ui.window import window_dialogs
from drase_desktop.ui.window.shortcut_sheet import ShortcutSheet
from drase_desktop.ui.window.window_layout import WindowLayout
from drase_desktop.ui.window.window_menus import (
    build_actions,
    build_menus_and_toolbar,
    fill_toolbar,
)

__all__ = ["CANCEL", "DISCARD", "SAVE", "MainWindow"]

STATUS_TIMEOUT_MS = 10_000


class MainWindow(QMainWindow):
    # Made by window_menus.build_actions and build_menus_and_toolbar.
    new_action: QAction
    open_action: QAction
    save_action: QAction
    save_as_action: QAction
    import_action: QAction
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    reset_move_action: QAction
    fit_action: QAction
    zoom_in_action: QAction
    zoom_out_action: QAction
    move_tool_action: QAction
    advance_action: QAction
    shortcuts_action: QAction
    log_folder_action: QAction
    third_party_action: QAction
    recent_menu: QMenu
    view_menu: QMenu
    docks_menu: QMenu
    overlay_separator: QAction
    theme_group: QActionGroup
    diagonal_group: QActionGroup
    ruleset_group: QActionGroup
    toolbar: QToolBar
    table_layout_action: QAction

    def __init__(
        self,
        model: EncounterModel,
        *,
        path: str | os.PathLike[str] | None = None,
        settings: Settings | None = None,
        settings_warnings: list[str] | None = None,
        autosave: Autosave | None = None,
        unsaved: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        # Names, notes and file names from files are shown as plain text in every widget.
        install_plain_text_guard()
        self.setObjectName("mainWindow")
        self.model = model
        self.settings = settings if settings is not None else load_settings()[0]
        # Made before the model joins the window, so it goes first when the window does: the
        # model's last signals then reach no session of a window half taken down.
        self.session = DocumentSession(
            self, model, self.settings, path=path, autosave=autosave, unsaved=unsaved
        )
        model.setParent(self)  # the model, its undo stack and the window live and die together
        self.session.statusMessage.connect(self._show_status)
        self.session.documentReplacing.connect(self._let_go_of_map_view)
        self.session.documentReplaced.connect(self._show_new_document)
        self.map_view: MapView | None = None
        self._map_holder: QWidget | None = None

        self.combatants_dock = CombatantsDock(self.model, self)
        self.phase_dock = PhaseDock(self.model, self)
        self.declaration_dock = DeclarationDock(self.model, self)
        self.log_dock = LogDock(self.model, self)
        self.inspector_dock = InspectorDock(self.model, self)
        self.layout_of_docks = WindowLayout(
            self,
            self.settings,
            phase=self.phase_dock,
            combatants=self.combatants_dock,
            declaration=self.declaration_dock,
            inspector=self.inspector_dock,
            log=self.log_dock,
        )
        self.docks = self.layout_of_docks.docks
        self.layout_of_docks.place_docks()
        self.combatants_dock.centreRequested.connect(self._centre_on)

        build_actions(self)
        self.editor_mode = EditorMode(self, model)  # edit mode: the map maker's dock and tools
        self.editor_mode.statusMessage.connect(self._show_status)
        self.menus = build_menus_and_toolbar(self)
        # Running the fight: the attack dock, the resolution queue and the Tools menu.
        self.fight_tools = install_fight_tools(self, self.menus, self.declaration_dock)
        # At the table: player display, fog of war, true scale (Window and Fog menus).
        self.table_tools = TableTools(self, self.menus)
        # Table > Invite players: the players' phones (Table Link).
        self.table_link = TableLink(self, self.model, self.table_tools, self.menus)
        # Files dropped on the window, File > Open sample, File > Print map.
        self.file_tools = FileTools(self)
        # Creatures: the Library dock, the creature sheet, the party's next encounter.
        self.creature_tools = CreatureTools(self, self.menus)
        self.layout_of_docks.add_creature_tab(self.creature_tools.dock)
        fight = self.fight_tools
        self.layout_of_docks.add_round_docks(fight.attack_panel, fight.queue)
        self.reset_layout_action = make_action(
            self,
            "resetLayoutAction",
            "&Reset layout",
            self.reset_layout,
            tip="Put the docks back where a first start puts them, sized for this screen",
        )
        window_menu = self.menus.window_menu()
        window_menu.addSeparator()
        window_menu.addAction(self.reset_layout_action)
        self._install_map_view()
        assert self.map_view is not None
        self.map_view.map_scene.first_reach_after_frame()  # the launch shows the map first
        self.statusBar().setObjectName("statusBar")
        # The map tool in use, always in sight: a fog brush left on must not pass for Move.
        self.tool_label: QLabel = QLabel()
        self.tool_label.setObjectName("toolLabel")
        self.statusBar().addPermanentWidget(self.tool_label)
        tool_actions = ToolActions.of(self)
        self._tools_shown: ToolManager | None = None  # the map whose tool the bar names
        tool_actions.toolChanged.connect(self._show_tool)
        if tool_actions.active is not None:
            self._show_tool(tool_actions.active)
        # A refusal says why until its cause goes away: the next change of the encounter, a new
        # selection, another tool or the next phase (a message left standing would mislead).
        self._standing_refusal: str = ""
        model.refused.connect(self._show_refusal)
        for cause_changed in (
            model.combatantsChanged,
            model.mapChanged,
            model.roundChanged,
            model.fogChanged,
            model.selectionChanged,
            model.tileSelectionChanged,
            model.encounterReplaced,
            model.undo_stack.indexChanged,
            tool_actions.toolChanged,
        ):
            cause_changed.connect(self._clear_refusal)
        self.layout_of_docks.arrange_default_layout()
        self.layout_of_docks.restore()
        self.editor_mode.set_active(False)  # a restored layout never opens in edit mode
        self.session.update_title()
        for warning in settings_warnings or ():
            self._show_status(warning)

    # -- the open document (files/document_session.py), by the names the window's parts use --
    @property
    def current_path(self) -> Path | None:
        return self.session.current_path

    @property
    def autosave(self) -> Autosave:
        return self.session.autosave

    @property
    def autosave_writer(self) -> Any:
        return self.session.autosave_writer

    def is_modified(self) -> bool:
        return self.session.is_modified()

    def confirm_discard(self) -> bool:
        return self.session.confirm_discard()

    def open_path(
        self, path: str | os.PathLike[str], *, confirmed: bool = False, wait: bool = False
    ) -> bool:
        return self.session.open_path(path, confirmed=confirmed, wait=wait)

    def say_if_open_elsewhere(self, path: str | os.PathLike[str]) -> None:
        self.session.say_if_open_elsewhere(path)

    def set_document(self, encounter: Any, path: Path | None, *, unsaved: bool = False) -> None:
        self.session.set_document(encounter, path, unsaved=unsaved)

    def new_encounter(self) -> None:
        self.session.new_encounter(self)

    def save(self) -> bool:
        return self.session.save()

    def save_as(self) -> bool:
        return self.session.save_as()

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        return self.session.save_to(path)

    def autosave_now(self) -> None:
        self.session.autosave_now()

    def schedule_autosave(self) -> None:
        self.session.schedule_autosave()

    def fill_recent_menu(self) -> None:
        self.session.fill_recent_menu(self.recent_menu)

    def _folder(self) -> str:
        return self.session.folder()

    def _let_go_of_map_view(self) -> None:
        """Another encounter opens in a new map view: the outgoing one must not load it too."""
        if self.map_view is not None:
            self.map_view.stop_following()

    def _show_new_document(self) -> None:
        self._install_map_view()
        self.sync_round_menu()

    # -- the docks' layout (window/window_layout.py) -----------------------------------------
    @property
    def first_run_on_screen(self) -> bool:
        return self.layout_of_docks.first_run_on_screen

    def screen_key(self) -> str:
        return self.layout_of_docks.screen_key()

    def show_on_screen(self) -> None:
        self.layout_of_docks.show_on_screen()

    def reset_layout(self) -> None:
        self.layout_of_docks.reset()
        self._show_table_layout()

    def give_the_map_its_share(self) -> None:
        self.layout_of_docks.give_the_map_its_share()

    def set_table_layout(self, on: bool) -> None:
        """View > Map only (F10): the docks put away, or back."""
        self.layout_of_docks.set_table_layout(on)
        self._show_table_layout()
        if self.map_view is not None and self.map_view.auto_fit:
            self.map_view.fit_to_window()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Only a shown window's docks say whether they are open (a restored table layout).
        self._show_table_layout()

    def _show_table_layout(self) -> None:
        action = self.table_layout_action
        action.blockSignals(True)
        action.setChecked(self.layout_of_docks.table_layout)
        action.blockSignals(False)

    def save_settings(self) -> None:
        problem = self.layout_of_docks.remember()
        if problem:
            self._show_status(problem)

    # -- the map view ------------------------------------------------------------------------
    def _show_map_view(self, view: MapView, old: MapView | None) -> None:
        """Swap the map view inside one lasting central widget: replacing the central widget
        of a shown window let the docks take its room (after an Open the map was a strip)."""
        if self._map_holder is None:
            self._map_holder = QWidget()
            self._map_holder.setObjectName("mapHolder")
            holder_layout = QVBoxLayout(self._map_holder)
            holder_layout.setContentsMargins(0, 0, 0, 0)
            self.setCentralWidget(self._map_holder)
        holder = self._map_holder.layout()
        assert holder is not None  # made with its layout above
        holder.addWidget(view)
        if old is not None:
            holder.removeWidget(old)
            old.hide()
            old.deleteLater()

    def _install_map_view(self) -> None:
        """A fresh map view for the model's current encounter (after start and each Open)."""
        old = self.map_view
        if old is not None:
            for action in old.overlay_actions():
                self.view_menu.removeAction(action)
        view = MapView(self.model)
        view.statusMessage.connect(self._show_status)
        view.tokenMenuRequested.connect(self._open_token_menu)
        self.map_view = view
        self._show_map_view(view, old)
        self.editor_mode.attach(view)
        self.table_tools.attach_map_view(view)
        self.fight_tools.attach_map_view(view)
        actions = view.overlay_actions()
        for action in actions:
            shown = self.settings.overlays.get(action.objectName())
            if shown is not None and action.isChecked() != shown:
                action.trigger()
            name = action.objectName()
            action.toggled.connect(lambda checked, name=name: self._remember_overlay(name, checked))
        self.view_menu.insertActions(self.overlay_separator, actions)
        fill_toolbar(self, actions)

    def _remember_overlay(self, name: str, shown: bool) -> None:
        self.settings.overlays[name] = shown

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
            retint(self)  # the toolbar's icons are drawn in the theme's text colour
        self.settings.set_theme(theme)

    # -- the tool and the status bar -----------------------------------------------------
    def _show_tool(self, tool: Tool) -> None:
        self.tool_label.setText(tool.name)
        self.tool_label.setToolTip(tool.status_text())
        tools = ToolActions.of(self).tools
        if tools is self._tools_shown:
            # A switch on the same map (not a new map): the old tool's hint would mislead.
            self._show_status(tool.status_text())
        self._tools_shown = tools

    def return_to_move(self) -> None:
        if self.map_view is not None:
            self.map_view.map_scene.tools.return_to_move()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """An Esc no dock used (the map has the keys when it has the focus) still takes back
        a gesture on the map, then returns to Move."""
        if event.key() == Qt.Key.Key_Escape and self.map_view is not None:
            if self.map_view.map_scene.tools.key(event.key(), event.modifiers()):
                event.accept()
                return
        super().keyPressEvent(event)

    def _show_status(self, message: str) -> None:
        self._standing_refusal = ""
        self.statusBar().showMessage(message, STATUS_TIMEOUT_MS)

    def _show_refusal(self, message: str) -> None:
        """Why an act was refused: it stands (no timeout) until its cause goes away."""
        self.statusBar().showMessage(message)
        self._standing_refusal = message

    def _clear_refusal(self, *_args: Any) -> None:
        if self._standing_refusal and self.statusBar().currentMessage() == self._standing_refusal:
            self.statusBar().clearMessage()
        self._standing_refusal = ""

    # -- dialogs (tests replace these) ------------------------------------------------------
    def ask_save_changes(self) -> str:
        return window_dialogs.ask_save_changes(self, self.session.document_name())

    def ask_open_path(self, caption: str, name_filter: str) -> str:
        return window_dialogs.ask_open_path(self, caption, self.session.folder(), name_filter)

    def ask_save_path(self) -> str:
        folder = self.session.folder()
        return window_dialogs.ask_save_path(self, self.session.document_name(), folder)

    def show_error(self, title: str, message: str) -> None:
        window_dialogs.show_error(self, title, message)

    # -- round settings ---------------------------------------------------------------------
    def sync_round_menu(self) -> None:
        encounter = self.model.encounter
        for action in self.diagonal_group.actions():
            action.setChecked(action.data() == encounter.settings.diagonal)
        for action in self.ruleset_group.actions():
            action.setChecked(action.data() == encounter.ruleset.key)
            action.setEnabled(not encounter.started)
        self.third_party_action.setChecked(encounter.settings.third_party_turn)

    def set_diagonal_rule(self, rule: str) -> None:
        """This encounter's rule (an undo step) and the default for new ones."""
        if rule != self.model.encounter.settings.diagonal:
            self.model.try_apply(lambda e: e.set_diagonal_rule(rule))
        self.settings.set_diagonal_rule(rule)
        self.sync_round_menu()

    def set_ruleset(self, key: str) -> None:
        if key != self.model.encounter.ruleset.key:
            self.model.try_apply(lambda e: e.set_ruleset(key))
        self.sync_round_menu()

    def set_third_party_turn(self, enabled: bool) -> None:
        self.model.try_apply(lambda e: e.set_third_party_turn(enabled))
        self.sync_round_menu()

    # -- map ---------------------------------------------------------------------------------
    def fit(self) -> None:
        if self.map_view is not None:
            self.map_view.fit_to_window()

    def zoom(self, factor: float) -> None:
        if self.map_view is not None:
            self.map_view.zoom_by(factor)

    def _centre_on(self, combatant_id: str) -> None:
        if self.map_view is not None and not self.map_view.centre_on_token(combatant_id):
            self._show_status("That combatant is not on the map")

    def reset_move(self) -> None:
        """Put the selected token back on the tile it started this round on."""
        combatant = self.model.selected_combatant()
        if combatant is None:
            self._show_status("Select a token to reset its move")
            return
        combatant_id = combatant.id
        self.model.try_apply(lambda e: e.reset_move(combatant_id))

    def token_menu(self, combatant_id: str) -> TokenMenu:
        """The right-click menu of a token (built now, so it shows the creature as it is)."""
        return TokenMenu(self, combatant_id)

    def _open_token_menu(self, combatant_id: str, where: QPoint) -> None:
        menu = self.token_menu(combatant_id)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(where)

    def show_shortcuts(self) -> ShortcutSheet:
        sheet = ShortcutSheet(self)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        sheet.show()
        return sheet

    # -- closing -----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.session.confirm_discard():
            event.ignore()
            return
        self.save_settings()
        self.session.close()
        self.table_link.stop()  # the phones are told, the server's thread joined
        event.accept()
