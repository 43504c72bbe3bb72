"""The battlemap window: the map in the middle, the docks that run the round around it, menus,
undo, files, settings and autosave.

The window owns one `EncounterModel` for its life; opening a file swaps the model's encounter
(clearing undo) and builds a fresh map view for it. Dialogs that would block a test go through
small methods (`ask_save_changes`, `ask_open_path`, `ask_save_path`, `show_error`) that tests
replace.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from drase_desktop import __version__
from drase_desktop.board.distance import CIRCLE, DOUBLE
from drase_desktop.encounter.ruleset import RULESETS
from drase_desktop.file_reading import readable_name, short_message
from drase_desktop.refusal import Refusal
from drase_desktop.storage.autosave import Autosave
from drase_desktop.storage.encounter_bytes import AutosaveEncoder
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.storage.paths import log_dir
from drase_desktop.storage.save_copy import copy_for_saving
from drase_desktop.storage.settings import Settings, load_settings, save_settings, screen_key
from drase_desktop.ui.creatures.creature_tools import CreatureTools
from drase_desktop.ui.docks.combatants_dock import CombatantsDock
from drase_desktop.ui.docks.declaration_dock import DeclarationDock
from drase_desktop.ui.docks.inspector_dock import InspectorDock
from drase_desktop.ui.docks.log_dock import LogDock
from drase_desktop.ui.docks.phase_dock import PhaseDock
from drase_desktop.ui.editor.mode import EditorMode
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_tools import install_fight_tools
from drase_desktop.ui.files.autosave_worker import AutosaveWriter
from drase_desktop.ui.files.documents import (
    ENCOUNTER_SUFFIX,
    OPEN_FILTER,
    SAVE_FILTER,
    UVTT_FILTER,
    DocumentError,
    is_encounter_file,
    is_shipped_sample,
    load_document,
)
from drase_desktop.ui.files.file_tools import FileTools
from drase_desktop.ui.files.new_encounter_dialog import NewEncounterDialog
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.map.token_menu import TokenMenu
from drase_desktop.ui.map.tool import Tool, ToolActions, ToolManager
from drase_desktop.ui.table.table_link import TableLink
from drase_desktop.ui.table.table_tools import TableTools
from drase_desktop.ui.widgets.icons import dress_toolbar_actions, retint, with_shortcut
from drase_desktop.ui.widgets.plain_text import install_plain_text_guard
from drase_desktop.ui.widgets.theme import THEMES, apply_theme, dock_font
from drase_desktop.ui.window.error_report import open_folder
from drase_desktop.ui.window.shortcut_sheet import ShortcutSheet

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
STATUS_TIMEOUT_MS = 10_000
MAX_ERROR_CHARACTERS = 2000
# The longest a change waits to be autosaved, counted from the first change not yet on disk
# (later changes of a burst join that snapshot but never push it back): shorter than the
# quickest gap between a GM's gestures, so a crash loses at most the gesture in progress.
AUTOSAVE_DELAY_MS = 40


# Shares of the window's width the side dock columns get on first run.
FIRST_RUN_LEFT_SHARE = 0.285
FIRST_RUN_RIGHT_SHARE = 0.255
# Share of the right column's height for its tabs (declaration, attack, queue); the log below.
FIRST_RUN_TABS_SHARE = 0.64
# A window shorter than this (a laptop) has the log as one more tab of the right column, so
# the attack panel gets the column's whole height: its number to beat, chances, Roll and
# result then need no scrolling.
LOG_BELOW_TABS_MIN_HEIGHT = 860


class MainWindow(QMainWindow):
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
        model.setParent(self)  # the model, its undo stack and the window live and die together
        self.settings = settings if settings is not None else load_settings()[0]
        self.current_path: Path | None = Path(path).absolute() if path else None
        # Set after a recovery or an import: changes exist that no file holds yet.
        self._unsaved_outside_undo = unsaved
        self.autosave = autosave if autosave is not None else Autosave()
        self.autosave_writer = AutosaveWriter(self.autosave.write, self, encode=AutosaveEncoder())
        self._last_snapshot: Any = None  # the copy the last autosave took (shares unchanged)
        # The changes of a burst (typing HP, clicking through phases) share snapshots.
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave_now)
        self.autosave_writer.failed.connect(self._show_status)
        self.map_view: MapView | None = None
        self._map_holder: QWidget | None = None
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )

        self._build_docks()
        self._build_actions()
        self.editor_mode = EditorMode(self, model)  # edit mode: the map maker's dock and tools
        self.editor_mode.statusMessage.connect(self._show_status)
        self._build_menus_and_toolbar()
        # Running the fight: the attack dock, the resolution queue and the Tools menu.
        self.fight_tools = install_fight_tools(self)
        # At the table: player display, fog of war, true scale (Window and Fog menus).
        self.table_tools = TableTools(self)
        # Table > Invite players: the players' phones (Table Link).
        self.table_link = TableLink(self, self.model, self.table_tools)
        # Files dropped on the window, File > Open sample, File > Print map.
        self.file_tools = FileTools(self)
        # Creatures: the Library dock, the creature sheet, the party's next encounter.
        self.creature_tools = CreatureTools(self)
        window_menu = self.findChild(QMenu, "windowMenu")
        self.reset_layout_action = self._action(
            "&Reset layout",
            "resetLayoutAction",
            self.reset_layout,
            tip="Put the docks back where a first start puts them, sized for this screen",
        )
        if window_menu is not None:
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
        model.undo_stack.cleanChanged.connect(self._update_title)
        model.undo_stack.indexChanged.connect(self._on_changed)
        self._arrange_default_layout()
        self._restore_layout()
        self.editor_mode.set_active(False)  # a restored layout never opens in edit mode
        self._update_title()
        self.autosave.set_source(self.current_path if self._is_encounter_path() else None)
        for warning in settings_warnings or ():
            self._show_status(warning)

    # -- building -------------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.combatants_dock = CombatantsDock(self.model, self)
        self.phase_dock = PhaseDock(self.model, self)
        self.declaration_dock = DeclarationDock(self.model, self)
        self.log_dock = LogDock(self.model, self)
        self.inspector_dock = InspectorDock(self.model, self)
        self.docks: list[QDockWidget] = [
            self.phase_dock,
            self.combatants_dock,
            self.declaration_dock,
            self.inspector_dock,
            self.log_dock,
        ]
        for dock in self.docks:
            dock.setFont(dock_font())
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.addDockWidget(left, self.phase_dock)
        self.addDockWidget(left, self.combatants_dock)
        self.addDockWidget(right, self.declaration_dock)
        self.addDockWidget(right, self.log_dock)
        self.tabifyDockWidget(self.declaration_dock, self.inspector_dock)
        self.declaration_dock.raise_()
        vertical, horizontal = Qt.Orientation.Vertical, Qt.Orientation.Horizontal
        self.resizeDocks([self.phase_dock, self.combatants_dock], [300, 400], vertical)
        self.resizeDocks([self.phase_dock, self.declaration_dock], [500, 380], horizontal)
        self.combatants_dock.centreRequested.connect(self._centre_on)

    def _action(
        self,
        text: str,
        name: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action(
            "&New encounter...", "newAction", self.new_encounter, key.New
        )
        self.open_action = self._action("&Open...", "openAction", self.open_dialog, key.Open)
        self.save_action = self._action("&Save", "saveAction", self.save, key.Save)
        self.save_as_action = self._action("Save &As...", "saveAsAction", self.save_as, key.SaveAs)
        self.import_action = self._action(
            "&Import Universal VTT...",
            "importUvttAction",
            self.import_dialog,
            tip="Open a .dd2vtt / .uvtt / .df2vtt map as a new encounter",
        )
        self.quit_action = self._action("&Quit", "quitAction", self.close, key.Quit)

        stack = self.model.undo_stack
        # Labels that never change (the toolbar must not reflow after every action); what
        # would be undone or redone is named in the tooltip and the status bar.
        self.undo_action = self._action("&Undo", "undoAction", stack.undo, "Ctrl+Z")
        self.redo_action = self._action("&Redo", "redoAction", stack.redo, "Ctrl+Y")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.undoTextChanged.connect(lambda text: self._name_step(self.undo_action, "Undo", text))
        stack.redoTextChanged.connect(lambda text: self._name_step(self.redo_action, "Redo", text))
        self._name_step(self.undo_action, "Undo", stack.undoText())
        self._name_step(self.redo_action, "Redo", stack.redoText())
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        self.reset_move_action = self._action(
            "Reset &move to start of turn",
            "resetMoveAction",
            self.reset_move,
            "Ctrl+R",
            tip="Put the selected token back where it stood before this round's moves",
        )

        self.fit_action = self._action(
            "&Fit map to window", "fitAction", self._fit, "Ctrl+0", tip="Show the whole map"
        )
        self.zoom_in_action = self._action(
            "Zoom &in", "zoomInAction", lambda: self._zoom(1.25), key.ZoomIn
        )
        self.zoom_out_action = self._action(
            "Zoom &out", "zoomOutAction", lambda: self._zoom(0.8), key.ZoomOut
        )
        # The home map tool. The fog tools and Edit map join it in one exclusive group: the
        # checked one has the map, and Esc comes back here.
        self.move_tool_action = QAction("&Move tokens", self)
        self.move_tool_action.setObjectName("moveToolAction")
        tip = "Select, drag and measure on the map (Esc comes back here from any tool)"
        self.move_tool_action.setStatusTip(tip)
        self.move_tool_action.setToolTip(tip)
        self.addAction(self.move_tool_action)
        ToolActions.of(self).add(
            self.move_tool_action, lambda tool: isinstance(tool, MoveTool), self._return_to_move
        )
        self.advance_action = self._action(
            "&Advance phase",
            "advanceAction",
            self.phase_dock.advance,
            "Ctrl+Return",
            tip="Go to the next phase of the round",
        )

    @staticmethod
    def _name_step(action: QAction, verb: str, step: str) -> None:
        what = f"{verb} {step}" if step else f"Nothing to {verb.lower()}"
        action.setStatusTip(what)
        action.setToolTip(with_shortcut(what, action))

    def _build_menus_and_toolbar(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addActions([self.save_action, self.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addAction(self.editor_mode.import_image_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.reset_move_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.move_tool_action)
        edit_menu.addActions([self.editor_mode.edit_action, self.editor_mode.resize_action])

        self.view_menu = bar.addMenu("&View")
        self.view_menu.setObjectName("viewMenu")
        self.overlay_separator = self.view_menu.addSeparator()
        self.view_menu.addActions([self.fit_action, self.zoom_in_action, self.zoom_out_action])
        self.view_menu.addSeparator()
        theme_menu = self.view_menu.addMenu("&Theme")
        self.theme_group = QActionGroup(self)
        for theme in THEMES:
            action = theme_menu.addAction(theme.title())
            action.setObjectName(f"theme{theme.title()}Action")
            action.setCheckable(True)
            action.setChecked(theme == self.settings.theme)
            action.triggered.connect(lambda _checked=False, t=theme: self.set_theme(t))
            self.theme_group.addAction(action)
        self.docks_menu = self.view_menu.addMenu("&Docks")
        self.docks_menu.setObjectName("docksMenu")
        # Filled when opened, so docks other parts of the window add later are listed too.
        self.docks_menu.aboutToShow.connect(self._fill_docks_menu)
        self._fill_docks_menu()

        round_menu = bar.addMenu("&Round")
        round_menu.addAction(self.advance_action)
        round_menu.addSeparator()
        diagonal_menu = round_menu.addMenu("&Diagonal rule")
        self.diagonal_group = QActionGroup(self)
        for rule, label in ((DOUBLE, "Double cost (standard)"), (CIRCLE, "Circular overlay")):
            action = diagonal_menu.addAction(label)
            action.setObjectName(f"diagonal{rule.title()}Action")
            action.setCheckable(True)
            action.setData(rule)
            action.triggered.connect(lambda _checked=False, r=rule: self.set_diagonal_rule(r))
            self.diagonal_group.addAction(action)
        ruleset_menu = round_menu.addMenu("Rule&set")
        self.ruleset_group = QActionGroup(self)
        for key, ruleset in RULESETS.items():
            action = ruleset_menu.addAction(ruleset.name)
            action.setObjectName(f"ruleset{ruleset.name.title()}Action")
            action.setCheckable(True)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, k=key: self.set_ruleset(k))
            self.ruleset_group.addAction(action)
        self.third_party_action = round_menu.addAction("&Third-party turn")
        self.third_party_action.setObjectName("thirdPartyAction")
        self.third_party_action.setCheckable(True)
        self.third_party_action.triggered.connect(self.set_third_party_turn)
        round_menu.aboutToShow.connect(self._sync_round_menu)
        self._sync_round_menu()

        help_menu = bar.addMenu("&Help")
        self.shortcuts_action = self._action(
            "&Keyboard shortcuts", "shortcutSheetAction", self.show_shortcuts, "F1"
        )
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction("&About Drase Desktop", self._about)
        self.log_folder_action = help_menu.addAction(
            "Open &log folder", lambda: open_folder(log_dir())
        )
        self.log_folder_action.setObjectName("openLogFolderAction")

        self.toolbar = QToolBar("Map")
        self.toolbar.setObjectName("mapToolBar")
        # Icons only: the toolbar keeps its width whatever happens (its tooltips name each
        # button and its shortcut), so nothing ever falls into the overflow menu.
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)

    def _fill_docks_menu(self) -> None:
        self.docks_menu.clear()
        for dock in sorted(self.findChildren(QDockWidget), key=lambda d: d.windowTitle()):
            self.docks_menu.addAction(dock.toggleViewAction())

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
        self.toolbar.clear()
        self.toolbar.addActions([self.undo_action, self.redo_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.fit_action, self.zoom_in_action, self.zoom_out_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions(actions)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.advance_action)
        self.toolbar.addAction(self.move_tool_action)
        self.toolbar.addAction(self.editor_mode.edit_action)
        dress_toolbar_actions(self.toolbar.actions())

    # -- layout and settings -----------------------------------------------------------------
    def _arrange_default_layout(self) -> None:
        """The first-run layout: the side columns run the full height and the map keeps the
        middle whatever the round does (the resolution queue is a tab of the right column,
        never a dock under the map). Kept for Window > Reset layout."""
        self.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        # What is about creatures sits with the combatants (the inspector edits the selected
        # one, the library adds more); the right column keeps what runs the round (declaration,
        # attack, queue, log): four tabs fit a laptop's column without eliding their names.
        self.tabifyDockWidget(self.combatants_dock, self.inspector_dock)
        library = self.findChild(QDockWidget, "libraryDock")
        if library is not None:
            self.tabifyDockWidget(self.inspector_dock, library)
        self.combatants_dock.raise_()
        self.declaration_dock.raise_()
        self._default_state = self.saveState()

    def screen_key(self) -> str:
        """The size of the screen the window is on ("1366x768"): each size keeps its layout."""
        size = self.screen().size()
        return screen_key(size.width(), size.height())

    def _restore_layout(self) -> None:
        """This screen's remembered layout, or the first-run one (shown maximised)."""
        saved = self.settings.layout_for(self.screen_key())
        self.first_run_on_screen = saved is None
        if saved is None:
            self._first_run_layout()
            return
        self.restoreGeometry(QByteArray(saved.geometry))
        self.restoreState(QByteArray(saved.state))

    def _first_run_layout(self) -> None:
        # Sized as the maximised window will be, so the shares are of the whole screen.
        self.resize(self.screen().availableGeometry().size())
        self.give_the_map_its_share()

    def show_on_screen(self) -> None:
        """Show the window: maximised the first time on a screen of this size, else as the GM
        left it there."""
        if self.first_run_on_screen:
            self.showMaximized()
        else:
            self.show()

    def reset_layout(self) -> None:
        """Window > Reset layout: the first-run docks and shares, on this screen."""
        self.settings.forget_layout(self.screen_key())
        self.restoreState(self._default_state)
        self.give_the_map_its_share()

    def give_the_map_its_share(self) -> None:
        """The first-run sizes: the map is what the GM looks at, so it gets half the window's
        width or more; the side columns share the rest. On the right, the tabs the GM works in
        (declaration, attack, queue) get most of the height, the log the rest."""
        width, height = self.width(), self.height()
        self.resizeDocks(
            [self.phase_dock, self.declaration_dock],
            [int(width * FIRST_RUN_LEFT_SHARE), int(width * FIRST_RUN_RIGHT_SHARE)],
            Qt.Orientation.Horizontal,
        )
        if height < LOG_BELOW_TABS_MIN_HEIGHT:
            shown = next((d for d in self._right_tabs() if not d.visibleRegion().isEmpty()), None)
            self.tabifyDockWidget(self.declaration_dock, self.log_dock)
            (shown or self.declaration_dock).raise_()
            return
        if self.log_dock in self.tabifiedDockWidgets(self.declaration_dock):
            self.splitDockWidget(self.declaration_dock, self.log_dock, Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.declaration_dock, self.log_dock],
            [int(height * FIRST_RUN_TABS_SHARE), int(height * (1 - FIRST_RUN_TABS_SHARE))],
            Qt.Orientation.Vertical,
        )

    def _right_tabs(self) -> list[QDockWidget]:
        return [self.declaration_dock, *self.tabifiedDockWidgets(self.declaration_dock)]

    def save_settings(self) -> None:
        self.settings.remember_layout(
            self.screen_key(), bytes(self.saveGeometry().data()), bytes(self.saveState().data())
        )
        try:
            save_settings(self.settings)
        except OSError as error:
            self._show_status(f"Settings could not be saved: {error}")

    def _remember_overlay(self, name: str, shown: bool) -> None:
        self.settings.overlays[name] = shown

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
            retint(self)  # the toolbar's icons are drawn in the theme's text colour
        self.settings.set_theme(theme)

    # -- status and title --------------------------------------------------------------------
    def _show_tool(self, tool: Tool) -> None:
        self.tool_label.setText(tool.name)
        self.tool_label.setToolTip(tool.status_text())
        tools = ToolActions.of(self).tools
        if tools is self._tools_shown:
            # A switch on the same map (not a new map): the old tool's hint would mislead.
            self._show_status(tool.status_text())
        self._tools_shown = tools

    def _return_to_move(self) -> None:
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

    def is_modified(self) -> bool:
        return self._unsaved_outside_undo or not self.model.undo_stack.isClean()

    def _update_title(self, *_args: Any) -> None:
        encounter = self.model.encounter
        name = self.current_path.name if self.current_path else (encounter.name or "Untitled")
        self.setWindowTitle(f"{name}[*] - Drase Desktop")
        self.setWindowModified(self.is_modified())

    def _on_changed(self, *_args: Any) -> None:
        self._update_title()
        self.schedule_autosave()

    def schedule_autosave(self) -> None:
        """Autosave within AUTOSAVE_DELAY_MS of the first unsaved change. The timer is not
        restarted by the changes after it: a burst faster than the delay would otherwise never
        be saved until it stopped."""
        if not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def autosave_now(self) -> None:
        """Copy here (the encounter lives on this thread; a few milliseconds for a fight of
        hundreds); encode and write on the worker, which reports a failure to the status bar."""
        self._autosave_timer.stop()
        snapshot = copy_for_saving(self.model.encounter, self._last_snapshot)
        self._last_snapshot = snapshot
        self.autosave_writer.schedule(snapshot)

    # -- dialogs (tests replace these) ------------------------------------------------------
    def ask_save_changes(self) -> str:
        """SAVE, DISCARD or CANCEL for unsaved changes."""
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {self._document_name()} before closing it?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return DISCARD
        return CANCEL

    def ask_open_path(self, caption: str, name_filter: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self, caption, self._folder(), name_filter)
        return path

    def ask_save_path(self) -> str:
        suggestion = str(Path(self._folder()) / (self._document_name() + ENCOUNTER_SUFFIX))
        path, _ = QFileDialog.getSaveFileName(self, "Save encounter", suggestion, SAVE_FILTER)
        if path and not path.lower().endswith(ENCOUNTER_SUFFIX):
            path += ENCOUNTER_SUFFIX
        return path

    def show_error(self, title: str, message: str) -> None:
        # However long a message grows (a value quoted whole), the box stays a box.
        QMessageBox.warning(self, title, short_message(message, MAX_ERROR_CHARACTERS))

    def _document_name(self) -> str:
        if self.current_path is not None:
            return self.current_path.stem
        return self.model.encounter.name or "Untitled"

    def _folder(self) -> str:
        if self.current_path is not None:
            return str(self.current_path.parent)
        if self.settings.recent_files:
            return str(Path(self.settings.recent_files[0]).parent)
        return str(Path.home())

    def _is_encounter_path(self) -> bool:
        return self.current_path is not None and is_encounter_file(self.current_path)

    # -- files -------------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True when the current encounter may be replaced (saved, or the GM said discard)."""
        if not self.is_modified():
            return True
        answer = self.ask_save_changes()
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def open_dialog(self) -> None:
        self._ask_and_open("Open encounter or map", OPEN_FILTER)

    def import_dialog(self) -> None:
        self._ask_and_open("Import Universal VTT map", UVTT_FILTER)

    def _ask_and_open(self, title: str, file_filter: str) -> None:
        """Once the current encounter may go, ask for a file and open it."""
        if not self.confirm_discard():
            return
        path = self.ask_open_path(title, file_filter)
        if path:
            self.open_path(path, confirmed=True)

    def open_path(self, path: str | os.PathLike[str], *, confirmed: bool = False) -> bool:
        """Open an encounter, map or Universal VTT file; on failure say why and keep the
        current encounter. Returns whether it opened."""
        if not confirmed and not self.confirm_discard():
            return False
        file = Path(path).absolute()
        try:
            warnings: list[str] = []
            encounter = load_document(file, diagonal=self.settings.diagonal_rule, warnings=warnings)
        except DocumentError as error:
            self.show_error("Cannot open the file", str(error))
            if not file.exists():
                self.settings.forget_recent_file(file)
            return False
        # A shipped sample opens as an untitled copy: Save asks where, never into the app.
        is_encounter = is_encounter_file(file) and not is_shipped_sample(file)
        self.set_document(encounter, file if is_encounter else None, unsaved=not is_encounter)
        if is_encounter:
            self.settings.add_recent_file(file)
            self.settings.last_encounter = str(file)
            self.save_settings()
        self._show_status(" ".join([f"Opened {file.name}.", *warnings]))
        if is_encounter:
            self.say_if_open_elsewhere(file)
        return True

    def say_if_open_elsewhere(self, path: str | os.PathLike[str]) -> None:
        """Tell the GM when another running Drase Desktop has this encounter open too."""
        if not self.autosave.running_elsewhere(path):
            return
        name = readable_name(Path(path).name)
        self.show_error(
            "Open in another window",
            f"{name} is also open in another Drase Desktop window. Whichever saves it last"
            " replaces what the other saved; close one of them, or save this one under"
            " another name.",
        )

    def set_document(self, encounter: Any, path: Path | None, *, unsaved: bool = False) -> None:
        """Show `encounter` (from `path`, or not yet saved anywhere)."""
        self.model.set_encounter(encounter)
        self.current_path = path
        self._unsaved_outside_undo = unsaved
        self.autosave.set_source(path)
        self._install_map_view()
        self._sync_round_menu()
        self._update_title()
        self.schedule_autosave()

    def new_encounter(self) -> None:
        if not self.confirm_discard():
            return
        dialog = NewEncounterDialog(self.settings.diagonal_rule, self)
        if dialog.exec() != NewEncounterDialog.DialogCode.Accepted:
            return
        self.set_document(dialog.encounter(), None, unsaved=False)

    def save(self) -> bool:
        if not self._is_encounter_path():
            return self.save_as()
        assert self.current_path is not None
        return self.save_to(self.current_path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return self.save_to(path) if path else False

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        file = Path(path).absolute()
        try:
            save_encounter(self.model.encounter, file)
        except OSError as error:  # a full disk, a lost drive: the file on disk stays as it was
            reason = error.strerror or str(error)
            self.show_error("Cannot save", f"{file.name} was not saved: {reason}.")
            return False
        except Refusal as error:  # a map or an encounter beyond what a file can hold
            self.show_error("Cannot save", f"{file.name} was not saved: {error}.")
            return False
        self.current_path = file
        self._unsaved_outside_undo = False
        self.model.undo_stack.setClean()
        self.settings.add_recent_file(file)
        self.settings.last_encounter = str(file)
        self.autosave.set_source(file)
        self.save_settings()
        self._update_title()
        self._show_status(f"Saved {file.name}")
        return True

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_files:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.settings.recent_files))

    # -- round settings ---------------------------------------------------------------------
    def _sync_round_menu(self) -> None:
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
        self._sync_round_menu()

    def set_ruleset(self, key: str) -> None:
        if key != self.model.encounter.ruleset.key:
            self.model.try_apply(lambda e: e.set_ruleset(key))
        self._sync_round_menu()

    def set_third_party_turn(self, enabled: bool) -> None:
        self.model.try_apply(lambda e: e.set_third_party_turn(enabled))
        self._sync_round_menu()

    # -- map ---------------------------------------------------------------------------------
    def _fit(self) -> None:
        if self.map_view is not None:
            self.map_view.fit_to_window()

    def _zoom(self, factor: float) -> None:
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

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Drase Desktop",
            f"Drase Desktop {__version__}\nA battlemap for running Drase fights at the table.",
        )

    # -- closing -----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_discard():
            event.ignore()
            return
        self.save_settings()
        if self._autosave_timer.isActive():
            self.autosave_now()
        self.autosave_writer.wait()
        self.autosave.close()
        self.table_link.stop()  # the phones are told, the server's thread joined
        event.accept()
