"""The main window's own actions, its menus (File, Edit, View, Round, Help) and the map toolbar.

The parts of the window that bring menus of their own (Tools, Window, Fog, Creatures) are given
the window's `WindowMenus` (widgets/menu_bar.py) and put them before Help through it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QMenu,
    QMenuBar,
    QMessageBox,
    QToolBar,
    QWidget,
)

from drase_desktop import __version__
from drase_desktop.board.distance import CIRCLE, DOUBLE
from drase_desktop.encounter.ruleset import RULESETS
from drase_desktop.storage.paths import log_dir
from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.map.tool import ToolActions
from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.icons import dress_toolbar_actions, with_shortcut
from drase_desktop.ui.widgets.menu_bar import WindowMenus
from drase_desktop.ui.widgets.theme import THEMES
from drase_desktop.ui.window.error_report import open_folder

if TYPE_CHECKING:
    from drase_desktop.ui.main_window import MainWindow


def build_actions(window: MainWindow) -> None:
    """The window's own actions, as its attributes (`window.save_action`...)."""
    key = QKeySequence.StandardKey
    session = window.session
    window.new_action = make_action(
        window, "newAction", "&New encounter...", window.new_encounter, shortcut=key.New
    )
    window.open_action = make_action(
        window, "openAction", "&Open...", session.open_dialog, shortcut=key.Open
    )
    window.save_action = make_action(window, "saveAction", "&Save", window.save, shortcut=key.Save)
    window.save_as_action = make_action(
        window, "saveAsAction", "Save &As...", window.save_as, shortcut=key.SaveAs
    )
    window.import_action = make_action(
        window,
        "importUvttAction",
        "&Import Universal VTT...",
        session.import_dialog,
        tip="Open a .dd2vtt / .uvtt / .df2vtt map as a new encounter",
    )
    window.quit_action = make_action(window, "quitAction", "&Quit", window.close, shortcut=key.Quit)

    stack = window.model.undo_stack
    # Labels that stay "Undo" and "Redo" (the toolbar must not reflow after every action);
    # the Edit menu names the step while it is open ("Undo Move Kara 4 tiles"), the tooltip
    # names it, and after the step the status bar says what was undone ("Undid: move Kara").
    window.undo_action = make_action(
        window, "undoAction", "&Undo", lambda: _step(window, "Undid", stack.undoText, stack.undo),
        shortcut="Ctrl+Z",
    )  # fmt: skip
    window.redo_action = make_action(
        window, "redoAction", "&Redo", lambda: _step(window, "Redid", stack.redoText, stack.redo),
        shortcuts=("Ctrl+Y", "Ctrl+Shift+Z"),
    )  # fmt: skip
    for action, verb, can, changed, text in (
        (window.undo_action, "Undo", stack.canUndoChanged, stack.undoTextChanged, stack.undoText),
        (window.redo_action, "Redo", stack.canRedoChanged, stack.redoTextChanged, stack.redoText),
    ):
        can.connect(action.setEnabled)
        _name_steps_when_read(action, verb, changed, text)
    window.undo_action.setEnabled(stack.canUndo())
    window.redo_action.setEnabled(stack.canRedo())
    window.reset_move_action = make_action(
        window,
        "resetMoveAction",
        "Reset &move to start of turn",
        window.reset_move,
        shortcut="Ctrl+R",
        tip="Put the selected token back where it stood before this round's moves",
    )
    window.fit_action = make_action(
        window, "fitAction", "&Fit map to window", window.fit, shortcut="Ctrl+0",
        tip="Show the whole map",
    )  # fmt: skip
    window.zoom_in_action = make_action(
        window, "zoomInAction", "Zoom &in", lambda: window.zoom(1.25), shortcut=key.ZoomIn
    )
    window.zoom_out_action = make_action(
        window, "zoomOutAction", "Zoom &out", lambda: window.zoom(0.8), shortcut=key.ZoomOut
    )
    # The home map tool. The fog tools and Edit map join it in one exclusive group: the
    # checked one has the map, and Esc comes back here.
    window.move_tool_action = ToolActions.of(window).add_tool(
        MoveTool.info, lambda tool: isinstance(tool, MoveTool), window.return_to_move
    )
    window.advance_action = make_action(
        window,
        "advanceAction",
        "&Advance phase",
        window.phase_dock.advance,
        shortcut="Ctrl+Return",
        tip="Go to the next phase of the round",
    )


def _name_steps_when_read(
    action: QAction, verb: str, changed: SignalInstance, text: Callable[[], str]
) -> None:
    """The tips name the step when the GM can read them: on hovering the action (its toolbar
    button, its menu entry) or at a change while it is shown. A tip renamed at every change
    made the toolbar, and with it every dock of the window, be laid out anew at every change
    (a phase advance, an HP typed)."""

    def on_hover() -> None:
        before = action.statusTip()
        _name_step(action, verb, text())
        if action.statusTip() != before:  # entering, the button showed the old one
            for shown in _hovered_widgets(action):
                action.showStatusText(shown)

    def on_change(step: str) -> None:
        # The status bar is left to what the change says there ("Undid: ...").
        if _hovered_widgets(action):
            _name_step(action, verb, step)

    action.hovered.connect(on_hover)
    changed.connect(on_change)
    _name_step(action, verb, text())


def _hovered_widgets(action: QAction) -> list[QWidget]:
    """The action's buttons and menus under the mouse (not the window, which holds it for its
    shortcut)."""
    return [
        each
        for each in action.associatedObjects()
        if isinstance(each, QAbstractButton | QMenu) and each.isVisible() and each.underMouse()
    ]


def _name_step(action: QAction, verb: str, step: str) -> None:
    what = f"{verb} {step}" if step else f"Nothing to {verb.lower()}"
    action.setStatusTip(what)
    action.setToolTip(with_shortcut(what, action))


def _menu_names_steps(
    steps: tuple[tuple[QAction, str, Callable[[], str]], ...], shown: bool
) -> None:
    """While the Edit menu is open its Undo and Redo name their steps; closed, the labels are
    "Undo" and "Redo" again (the toolbar shares the actions)."""
    for action, verb, text in steps:
        step = text() if shown else ""
        action.setText(f"&{verb} {step.replace('&', '&&')}" if step else f"&{verb}")


def step_words(done: str, step: str, names: Collection[str] = ()) -> str:
    """What the status bar says after an undo or a redo: "Undid: move Kara 4 tiles". A step
    that starts with a name (a creature's among `names`, "GM") keeps its capital."""
    if not step:
        return f"Nothing to {done.lower()}"
    first_word = step.split(" ", 1)[0]
    keeps = first_word in names or not step[1:2].islower()
    return f"{done}: {step if keeps else step[:1].lower() + step[1:]}"


def _step(window: MainWindow, done: str, text: Callable[[], str], run: Callable[[], None]) -> None:
    """Undo or redo one step, then say which."""
    step = text()
    run()
    if step:
        names = {c.name.split(" ", 1)[0] for c in window.model.encounter.combatants.values()}
        window._show_status(step_words(done, step, names))


def build_menus_and_toolbar(window: MainWindow) -> WindowMenus:
    menus = WindowMenus(window.menuBar())
    bar = menus.bar
    file_menu = bar.addMenu("&File")
    file_menu.addActions([window.new_action, window.open_action])
    window.recent_menu = file_menu.addMenu("Open &Recent")
    window.recent_menu.setObjectName("recentMenu")
    window.recent_menu.aboutToShow.connect(window.fill_recent_menu)
    window.fill_recent_menu()
    file_menu.addActions([window.save_action, window.save_as_action])
    file_menu.addSeparator()
    file_menu.addAction(window.import_action)
    file_menu.addAction(window.editor_mode.import_image_action)
    file_menu.addSeparator()
    file_menu.addAction(window.quit_action)

    edit_menu = bar.addMenu("&Edit")
    edit_menu.setObjectName("editMenu")
    stack = window.model.undo_stack
    steps = (
        (window.undo_action, "Undo", stack.undoText),
        (window.redo_action, "Redo", stack.redoText),
    )
    edit_menu.aboutToShow.connect(lambda: _menu_names_steps(steps, True))
    edit_menu.aboutToHide.connect(lambda: _menu_names_steps(steps, False))
    edit_menu.addActions([window.undo_action, window.redo_action])
    edit_menu.addSeparator()
    edit_menu.addAction(window.reset_move_action)
    edit_menu.addSeparator()
    edit_menu.addAction(window.move_tool_action)
    edit_menu.addActions([window.editor_mode.edit_action, window.editor_mode.resize_action])

    _build_view_menu(window, bar)
    _build_round_menu(window, bar)

    help_menu = bar.addMenu("&Help")
    help_menu.setObjectName("helpMenu")
    menus.help_menu = help_menu
    window.shortcuts_action = make_action(
        window, "shortcutSheetAction", "&Keyboard shortcuts", window.show_shortcuts, shortcut="F1"
    )
    help_menu.addAction(window.shortcuts_action)
    help_menu.addAction("&About Drase Desktop", lambda: _about(window))
    window.log_folder_action = help_menu.addAction(
        "Open &log folder", lambda: open_folder(log_dir())
    )
    window.log_folder_action.setObjectName("openLogFolderAction")

    window.toolbar = QToolBar("Map")
    window.toolbar.setObjectName("mapToolBar")
    # Icons only: the toolbar keeps its width whatever happens (its tooltips name each
    # button and its shortcut), so nothing ever falls into the overflow menu.
    window.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, window.toolbar)
    return menus


def _about(window: MainWindow) -> None:
    QMessageBox.about(
        window,
        "About Drase Desktop",
        f"Drase Desktop {__version__}\nA battlemap for running Drase fights at the table.",
    )


def _build_view_menu(window: MainWindow, bar: QMenuBar) -> None:
    window.view_menu = bar.addMenu("&View")
    window.view_menu.setObjectName("viewMenu")
    window.overlay_separator = window.view_menu.addSeparator()
    window.view_menu.addActions([window.fit_action, window.zoom_in_action, window.zoom_out_action])
    window.table_layout_action = make_action(
        window,
        "tableLayoutAction",
        "Map &only (table layout)",
        window.set_table_layout,
        shortcut="F10",
        tip="Put the docks away so the map fills the window; F10 again brings them back",
        checkable=True,
    )
    window.view_menu.addAction(window.table_layout_action)
    window.view_menu.addSeparator()
    theme_menu = window.view_menu.addMenu("&Theme")
    window.theme_group = QActionGroup(window)
    for theme in THEMES:
        action = theme_menu.addAction(theme.title())
        action.setObjectName(f"theme{theme.title()}Action")
        action.setCheckable(True)
        action.setChecked(theme == window.settings.theme)
        action.triggered.connect(lambda _checked=False, t=theme: window.set_theme(t))
        window.theme_group.addAction(action)
    window.docks_menu = window.view_menu.addMenu("&Docks")
    window.docks_menu.setObjectName("docksMenu")
    # Filled when opened, so docks other parts of the window add later are listed too.
    window.docks_menu.aboutToShow.connect(lambda: fill_docks_menu(window))
    fill_docks_menu(window)


def fill_docks_menu(window: MainWindow) -> None:
    window.docks_menu.clear()
    for dock in sorted(window.findChildren(QDockWidget), key=lambda d: d.windowTitle()):
        window.docks_menu.addAction(dock.toggleViewAction())


def _build_round_menu(window: MainWindow, bar: QMenuBar) -> None:
    round_menu = bar.addMenu("&Round")
    round_menu.addAction(window.advance_action)
    round_menu.addSeparator()
    diagonal_menu = round_menu.addMenu("&Diagonal rule")
    window.diagonal_group = QActionGroup(window)
    for rule, label in ((DOUBLE, "Double cost (standard)"), (CIRCLE, "Circular overlay")):
        action = diagonal_menu.addAction(label)
        action.setObjectName(f"diagonal{rule.title()}Action")
        action.setCheckable(True)
        action.setData(rule)
        action.triggered.connect(lambda _checked=False, r=rule: window.set_diagonal_rule(r))
        window.diagonal_group.addAction(action)
    ruleset_menu = round_menu.addMenu("Rule&set")
    window.ruleset_group = QActionGroup(window)
    for key, ruleset in RULESETS.items():
        action = ruleset_menu.addAction(ruleset.name)
        action.setObjectName(f"ruleset{ruleset.name.title()}Action")
        action.setCheckable(True)
        action.setData(key)
        action.triggered.connect(lambda _checked=False, k=key: window.set_ruleset(k))
        window.ruleset_group.addAction(action)
    window.third_party_action = round_menu.addAction("&Third-party turn")
    window.third_party_action.setObjectName("thirdPartyAction")
    window.third_party_action.setCheckable(True)
    window.third_party_action.triggered.connect(window.set_third_party_turn)
    round_menu.aboutToShow.connect(window.sync_round_menu)
    window.sync_round_menu()


def fill_toolbar(window: MainWindow, overlays: list[QAction]) -> None:
    """The map toolbar for a map view: undo, zoom, the view's overlays, the round and tools."""
    toolbar = window.toolbar
    toolbar.clear()
    toolbar.addActions([window.undo_action, window.redo_action])
    toolbar.addSeparator()
    toolbar.addActions([window.fit_action, window.zoom_in_action, window.zoom_out_action])
    toolbar.addSeparator()
    toolbar.addActions(overlays)
    toolbar.addSeparator()
    toolbar.addAction(window.advance_action)
    toolbar.addAction(window.move_tool_action)
    toolbar.addAction(window.editor_mode.edit_action)
    dress_toolbar_actions(toolbar.actions())
