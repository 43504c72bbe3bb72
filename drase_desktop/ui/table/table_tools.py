"""At the table: the Window menu (player display, push view, flip to the player view, true
scale, calibration) and the Fog menu and toolbar, wired into a main window.

The window builds one `TableTools(window)` and calls `attach_map_view(view)` each time it
installs a new map view (after each Open). Everything else lives here, so the window's own
file needs only those two lines.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QScreen
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QToolBar

from drase_desktop.encounter.fog import FogError
from drase_desktop.encounter.sides import on_players_side
from drase_desktop.ui.commands import ChangeDone
from drase_desktop.ui.map.fog_layer import install_gm_fog
from drase_desktop.ui.map.tool import Tool, ToolActions
from drase_desktop.ui.table.display_place import DisplayPlace
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.fog_tool import MODE_TOOLS, FogTool
from drase_desktop.ui.table.phase_framing import PhaseFraming
from drase_desktop.ui.table.players_view_frame import PlayersViewFrame
from drase_desktop.ui.table.reveal_progress import ask_sight_range, reveal_seen_with_progress
from drase_desktop.ui.table.touch_moves import TouchMoveActions
from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.icons import dress_toolbar_actions
from drase_desktop.ui.widgets.menu_bar import WindowMenus
from drase_desktop.ui.widgets.window_part import WindowPart

if TYPE_CHECKING:
    # Imported when first used: the player display and true scale are not on the window a
    # launch shows.
    from drase_desktop.ui.table.player_display import PlayerDisplay, PlayerView
    from drase_desktop.ui.table.true_scale import TrueScale

DEFAULT_DIAGONAL = 32.0


class TableTools(WindowPart):
    def __init__(self, window: QMainWindow, menus: WindowMenus | None = None) -> None:
        super().__init__(window, "tableTools")
        self.menus = menus if menus is not None else WindowMenus(window.menuBar())
        self.controller = fog_controller(self.model)
        self.map_view: Any = None
        self.fog_tool: FogTool | None = None
        self.fog_layer: Any = None
        self._display: PlayerDisplay | None = None
        self._flip_view: PlayerView | None = None
        self.true_scale: TrueScale | None = None
        # The flat screen's size is remembered between sessions: the table rarely changes.
        settings = getattr(window, "settings", None)
        saved_diagonal = getattr(settings, "table_screen_diagonal_inches", None)
        self.diagonal = saved_diagonal or DEFAULT_DIAGONAL
        self.overscan = getattr(settings, "table_overscan", 0.0)
        self._build_actions()
        self._build_menus()
        window.installEventFilter(self)
        self.model.changeDone.connect(self._after_change)
        # The outline of the players' view on the GM's map, dragged to move it.
        self.players_view_frame = PlayersViewFrame(self)
        view = getattr(window, "map_view", None)
        if view is not None:
            self.attach_map_view(view)
        # The players' touch moves: applied at once, or waiting for the GM's OK.
        self.touch_move_actions = TouchMoveActions(self)
        # Optionally, each phase frames its actors on the player display.
        self.phase_framing = PhaseFraming(self)
        # Where the display opens, and its state across launches: left open, it opens again.
        self.display_place = DisplayPlace(self)
        QTimer.singleShot(0, self, self.display_place.reopen_if_it_was_open)

    # -- actions -----------------------------------------------------------------------------
    def _build_actions(self) -> None:
        # The table's keys work in the player display's window too.
        a = partial(make_action, self.window, everywhere=True)
        self.show_display_action = a(
            "showPlayerDisplayAction", "&Player display", self.show_player_display, shortcut="F8"
        )
        self.follow_action = a(
            "followGmAction", "Players &follow my view", self._set_following, checkable=True
        )
        self.follow_action.setChecked(True)
        self.push_action = a(
            "pushViewAction", "P&ush view to players", self.push_view, shortcut="Ctrl+F8"
        )
        self.flip_action = a(
            "flipToPlayerViewAction",
            "Show the player view &here",
            self.set_flipped,
            shortcut="F9",
            checkable=True,
        )
        self.true_scale_action = a(
            "trueScaleAction",
            "&True scale (screen laid flat)...",
            self._toggle_true_scale,
            checkable=True,
        )
        self.calibration_action = a(
            "calibrationAction", "&Calibration ruler", self._show_calibration, checkable=True
        )
        # Pan the players' view a whole tile at a time from the GM's keyboard (the display
        # is on another screen; its own arrow keys do the same when it has the focus).
        self.pan_actions = [
            a(name, text, lambda _=False, d=delta: self.pan_players(*d), shortcut=key)
            for name, text, key, delta in (
                ("panPlayersLeftAction", "Pan players' view left", "Alt+Shift+Left", (-1, 0)),
                ("panPlayersRightAction", "Pan players' view right", "Alt+Shift+Right", (1, 0)),
                ("panPlayersUpAction", "Pan players' view up", "Alt+Shift+Up", (0, -1)),
                ("panPlayersDownAction", "Pan players' view down", "Alt+Shift+Down", (0, 1)),
            )
        ]
        # Map tools: checked while the fog tool has the map in that mode; Esc returns to Move.
        tool_actions = ToolActions.of(self.window)
        self.fog_mode_actions: dict[str, QAction] = {}
        for mode, info in MODE_TOOLS.items():
            self.fog_mode_actions[mode] = tool_actions.add_tool(
                info,
                partial(self._fog_shows, mode=mode),
                partial(self.use_fog, mode),
                everywhere=True,
            )
        self.fog_hide_action = a(
            "fogHideModeAction",
            "Fog tools &hide (right button: the opposite)",
            self._set_hide_mode,
            shortcut="Shift+H",
            checkable=True,
        )
        self.reveal_seen_action = a(
            "revealSeenAction", "Reveal what the players &see", self.reveal_seen, shortcut="Shift+V"
        )
        self.auto_reveal_action = a(
            "autoRevealAction", "Reveal as the players &move", checkable=True
        )
        self.sight_range_action = a(
            "sightRangeAction", "Players' sight &range...", self.ask_sight_range
        )
        self.reveal_all_action = a("revealAllAction", "Reveal the &whole map", self.reveal_all)
        self.hide_all_action = a("hideAllAction", "Hide the whole &map", self.hide_all)
        self.gm_fog_action = a(
            "showGmFogAction", "Show the fog on &my map", self._set_gm_fog_shown, checkable=True
        )
        self.gm_fog_action.setChecked(True)

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        window_menu = self.menus.window_menu()
        window_menu.addActions(
            [self.show_display_action, self.follow_action, self.push_action, self.flip_action]
        )
        pan_menu = window_menu.addMenu("Pan the players' view")
        pan_menu.addActions(self.pan_actions)
        window_menu.addSeparator()
        window_menu.addActions([self.true_scale_action, self.calibration_action])
        fog_menu = QMenu("F&og", bar)
        fog_menu.setObjectName("fogMenu")
        self.menus.add_menu(fog_menu)
        fog_menu.addActions(list(self.fog_mode_actions.values()))
        fog_menu.addAction(self.fog_hide_action)
        fog_menu.addSeparator()
        fog_menu.addActions(
            [self.reveal_seen_action, self.auto_reveal_action, self.sight_range_action]
        )
        fog_menu.addActions([self.reveal_all_action, self.hide_all_action])
        fog_menu.addSeparator()
        fog_menu.addAction(self.gm_fog_action)
        self.window_menu, self.fog_menu = window_menu, fog_menu
        toolbar = QToolBar("Fog and players", self.window)
        toolbar.setObjectName("fogToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        toolbar.addActions(list(self.fog_mode_actions.values()))
        toolbar.addAction(self.fog_hide_action)
        toolbar.addAction(self.reveal_seen_action)
        toolbar.addSeparator()
        toolbar.addActions([self.show_display_action, self.push_action, self.flip_action])
        dress_toolbar_actions(toolbar.actions())
        # Icons fit both toolbars on one row even on a laptop: the map keeps that height.
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        self.toolbar = toolbar

    # -- the map view ----------------------------------------------------------------------
    def attach_map_view(self, view: Any) -> None:
        """Put the fog on a (new) GM map view and point the player views at it."""
        self.map_view = view
        scene = view.map_scene
        self.fog_layer = install_gm_fog(scene, self.controller)
        self.fog_layer.setVisible(self.gm_fog_action.isChecked())
        # A new map starts with Move: a fog tool left on would paint where the GM meant to drag.
        ToolActions.of(self.window).follow(scene.tools)
        self.fog_tool = FogTool(scene, self.controller)
        self.fog_tool.statusMessage.connect(self._status)
        self.fog_tool.reveal = not self.fog_hide_action.isChecked()
        if self._display is not None:
            self._display.set_gm_view(view)
        if self._flip_view is not None:
            from drase_desktop.ui.table.player_display import on_map

            self._flip_view.show_rect(on_map(self._gm_rect(), self._flip_view))
        self.players_view_frame.refresh()

    def _gm_rect(self) -> Any:
        view = self.map_view
        return view.mapToScene(view.viewport().rect()).boundingRect()

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, 10_000)

    # -- fog ---------------------------------------------------------------------------------
    def use_fog(self, mode: str) -> None:
        """Give the map to the fog tool in `mode` ("brush", "rectangle", "room")."""
        if self.map_view is None or self.fog_tool is None:
            return
        self.fog_tool.set_mode(mode)
        self.map_view.map_scene.tools.activate(self.fog_tool)
        self._status(self.fog_tool.status_text())

    def _fog_shows(self, tool: Tool, mode: str) -> bool:
        fog = self.fog_tool
        return fog is not None and tool is fog and fog.mode == mode

    def _set_hide_mode(self, hide: bool) -> None:
        if self.fog_tool is not None:
            self.fog_tool.reveal = not hide

    def _run(self, operation: Any, text: str = "") -> None:
        try:
            if self.controller.apply(operation, text) is None:
                self._status("Nothing changed in the fog")
        except FogError as error:
            self._status(str(error))

    def reveal_seen(self, *, after_move: bool = False) -> None:
        """Reveal what the players see; `after_move` as part of the move just made (one undo
        step for both)."""
        try:
            found = reveal_seen_with_progress(self.controller, self.window, after_move=after_move)
            if found is None:
                self._status("The players see nothing new")
        except FogError as error:  # RevealCancelled too: the fog is unchanged
            self._status(str(error))

    def ask_sight_range(self) -> None:
        if ask_sight_range(self.model, self.window):
            tiles = self.model.encounter.settings.sight_range
            self._status(f"Players see up to {tiles} tiles" if tiles else "Players see unbounded")

    def _after_change(self, done: ChangeDone) -> None:
        """After a player's move, reveal what the players now see, in the move's own undo step
        (the reveal merges into the move's command). A redo says nothing: it reveals again
        what the move revealed. A door opened or closed reveals what the players see through
        it, in the door's own undo step."""
        if done.door and self.auto_reveal_action.isChecked():
            QTimer.singleShot(0, self, lambda: self.reveal_seen(after_move=True))
            return
        if not (done.moved and self.auto_reveal_action.isChecked()):
            return
        mover = self.model.encounter.combatants.get(done.moved)
        if mover is not None and on_players_side(mover) and not mover.hidden:
            # After the push has finished: a push from inside another would nest.
            QTimer.singleShot(0, self, lambda: self.reveal_seen(after_move=True))

    def reveal_all(self) -> None:
        self._run(lambda fog: fog.reveal_all())

    def hide_all(self) -> None:
        self._run(lambda fog: fog.hide_all())

    def _set_gm_fog_shown(self, shown: bool) -> None:
        if self.fog_layer is not None:
            self.fog_layer.setVisible(shown)

    # -- the player display ----------------------------------------------------------------
    @property
    def player_display(self) -> PlayerDisplay:
        if self._display is None:
            from drase_desktop.ui.table.player_display import PlayerDisplay

            # The GM window's child: kept above it, closed with it.
            self._display = PlayerDisplay(self.model, self.map_view, self.window)
            self._display.set_following(self.follow_action.isChecked())
            self._display.followChanged.connect(self.follow_action.setChecked)
            self._display.shownChanged.connect(self.players_view_frame.refresh)
            self._display.set_true_scale(self.true_scale)
            self.window.destroyed.connect(self._display.deleteLater)
        return self._display

    def show_player_display(self) -> None:
        """Open the player display where the players look: full screen on the other screen
        (the one used last time, when it is there), else a window beside the GM's that fits
        the screen whole and stays above the GM's window (`display_place`)."""
        self.display_place.open(self.player_display)

    def players_screen(self) -> QScreen | None:
        """A screen other than the GM window's: the one remembered, else the first other."""
        return self.display_place.players_screen()

    def _set_following(self, following: bool) -> None:
        if self._display is not None:
            self._display.set_following(following)

    def pan_players(self, dx: int, dy: int) -> None:
        """Move the players' view by whole tiles (and hold it there)."""
        display = self.player_display
        display.set_following(False)
        display.view.pan_tiles(dx, dy)

    def push_view(self) -> None:
        self.player_display.push_view()
        self._status("The players now see your view (held until you push again)")

    def set_flipped(self, flipped: bool) -> None:
        """Cover the GM's map with the player view (one screen at the table) or uncover it."""
        if self.flip_action.isChecked() != flipped:
            self.flip_action.setChecked(flipped)  # comes back here through toggled
            return
        if flipped:
            from drase_desktop.ui.table.player_display import PlayerView, on_map

            display = self._display
            if display is not None and display.isVisible() and not display.isFullScreen():
                display.hide()  # one screen: the in-window view takes the TV window's place

            if self._flip_view is None:
                self._flip_view = PlayerView(self.model, self.window)
            if self.map_view is not None:
                self._flip_view.show_rect(on_map(self._gm_rect(), self._flip_view))
            self._place_flip_view()
            self._flip_view.show()
            self._flip_view.raise_()
            self._status("Player view: what the players see. F9 to go back to your map.")
        elif self._flip_view is not None:
            self._flip_view.hide()

    @property
    def flip_view(self) -> PlayerView | None:
        return self._flip_view

    def _place_flip_view(self) -> None:
        central = self.window.centralWidget()
        if self._flip_view is not None and central is not None:
            self._flip_view.setGeometry(central.geometry())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in (
            QEvent.Type.Resize,
            QEvent.Type.LayoutRequest,
        ):
            self._place_flip_view()
        return False

    # -- true scale --------------------------------------------------------------------------
    def _toggle_true_scale(self, on: bool) -> None:
        if on:
            from drase_desktop.ui.table.true_scale import TrueScaleError
            from drase_desktop.ui.table.true_scale_dialog import TrueScaleDialog

            display = self.player_display
            screen = display.screen() or self.window.screen()
            dialog = TrueScaleDialog(screen, self.diagonal, self.overscan, self.window)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                self.true_scale_action.setChecked(False)
                return
            try:
                scale = dialog.scale()
            except TrueScaleError as error:
                self._status(str(error))
                self.true_scale_action.setChecked(False)
                return
            self.diagonal = dialog.diagonal.value()
            self.overscan = scale.overscan
            settings = getattr(self.window, "settings", None)
            if settings is not None:
                settings.table_screen_diagonal_inches = self.diagonal
                settings.table_overscan = self.overscan
            self.set_true_scale(scale)
        else:
            self.set_true_scale(None)

    def set_true_scale(self, scale: TrueScale | None) -> None:
        self.true_scale = scale
        self.player_display.set_true_scale(scale)
        if scale is not None:
            self._status(f"True scale: one tile is one inch ({scale.pixels_per_inch:.1f} px)")

    def _show_calibration(self, shown: bool) -> None:
        display = self.player_display
        if shown:
            display.show()
        display.show_calibration(shown)
