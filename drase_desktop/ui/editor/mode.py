"""Edit mode: the same window, with the map maker's dock and tools instead of the token tool.

`EditorMode(window, model)` owns the "Edit map" toggle, the "Import battlemap image" and
"Resize map" actions and the editor dock; the window puts the actions in its menus and toolbar
and calls `attach(view)` whenever it builds a new map view. The editor is on while one of its
tools has the map: leaving edit mode returns the scene to Move, and any other tool taking the
map (Esc, Move, a fog tool) leaves edit mode, so play goes on exactly as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QMainWindow, QMessageBox

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.map_edits import MapEdit, MapEditError, resize, set_background
from drase_desktop.encounter.map_swap import MapSwap
from drase_desktop.file_reading import name_from_path
from drase_desktop.ui.commands import MapEditCommand, MapReplaceCommand, MapSwapCommand
from drase_desktop.ui.editor.light_tool import LightTool
from drase_desktop.ui.editor.object_tool import ObjectTool
from drase_desktop.ui.editor.overlay import EditorOverlay
from drase_desktop.ui.editor.palette import EditorPalette
from drase_desktop.ui.editor.tools import TILE_MODES, EditorTool, TileTool
from drase_desktop.ui.editor.wall_tool import WallTool
from drase_desktop.ui.map.terrain_layer import (
    MAX_DISPLAY_PIXELS_PER_TILE,
    MAX_DISPLAY_SIDE,
    display_image,
)
from drase_desktop.ui.map.tool import Tool, ToolActions, ToolManager

if TYPE_CHECKING:
    from drase_desktop.ui.editor.image_calibration_dialog import ImageCalibrationDialog

IMAGE_FILTER = "Battlemap images (*.png *.jpg *.jpeg *.webp);;All files (*)"


class EditorMode(QObject):
    modeChanged = Signal(bool)
    statusMessage = Signal(str)

    def __init__(self, window: QMainWindow, model: Any) -> None:
        super().__init__(window)
        self.window = window
        self.model = model
        self.view: Any = None
        self.scene: Any = None
        self.overlay: EditorOverlay | None = None
        self.tool: EditorTool | None = None
        self._active = False
        self._placed = False
        self.palette = EditorPalette(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.palette)
        self.palette.hide()
        self.palette.toolChanged.connect(self._tool_chosen)
        self.palette.ambientChosen.connect(self.set_ambient_light)
        self.palette.resizeRequested.connect(self.resize_dialog)
        self.palette.importImageRequested.connect(self.import_image_dialog)

        self.edit_action = QAction("&Edit map", window)
        self.edit_action.setObjectName("editMapAction")
        self.edit_action.setCheckable(True)
        self.edit_action.setShortcut(QKeySequence("Ctrl+E"))
        self.edit_action.setToolTip("Paint terrain, height, walls, cover, fog and light")
        # Checked while an editor tool has the map; triggered, it enters or leaves edit mode.
        ToolActions.of(window).add(
            self.edit_action,
            lambda tool: isinstance(tool, EditorTool),
            lambda: self.set_active(True),
        )
        self.import_image_action = QAction("Import battlemap &image...", window)
        self.import_image_action.setObjectName("importImageAction")
        self.import_image_action.setToolTip("Put a PNG, JPEG or WebP picture under the map")
        self.import_image_action.triggered.connect(self.import_image_dialog)
        self.resize_action = QAction("Resi&ze map...", window)
        self.resize_action.setObjectName("resizeMapAction")
        self.resize_action.triggered.connect(self.resize_dialog)
        self.smaller_brush_action = QAction("Smaller brush", window)
        self.smaller_brush_action.setShortcut(QKeySequence("["))
        self.smaller_brush_action.triggered.connect(lambda: self.palette.grow_brush(-1))
        self.bigger_brush_action = QAction("Bigger brush", window)
        self.bigger_brush_action.setShortcut(QKeySequence("]"))
        self.bigger_brush_action.triggered.connect(lambda: self.palette.grow_brush(1))
        for action in (self.smaller_brush_action, self.bigger_brush_action):
            action.setEnabled(False)
            window.addAction(action)
        for action in (self.edit_action, self.import_image_action, self.resize_action):
            window.addAction(action)
        model.mapChanged.connect(self._map_changed)

    def actions(self) -> list[QAction]:
        return [self.edit_action, self.import_image_action, self.resize_action]

    @property
    def active(self) -> bool:
        return self._active

    # -- the map view ----------------------------------------------------------------------
    def attach(self, view: Any) -> None:
        """Follow a new map view (the window builds one per open file)."""
        self.view = view
        self.scene = view.map_scene
        self.overlay = EditorOverlay(self.scene)  # added to the scene, which owns it
        self.overlay.setVisible(self.active)
        self.tool = None
        tools = self.scene.tools
        ToolActions.of(self.window).follow(tools)
        tools.toolChanged.connect(lambda tool, source=tools: self._tool_changed(source, tool))
        if self.active:
            self._install_tool()

    def set_active(self, active: bool) -> None:
        """Enter edit mode (the palette's tool takes the map) or leave it (back to Move)."""
        if active and self.scene is not None:
            self._show(True)
            self._install_tool()
        elif not active and self.scene is not None and isinstance(self.scene.tool, EditorTool):
            self.scene.tools.return_to_move()  # leaves edit mode through _tool_changed
        else:
            self._show(active)

    def _tool_changed(self, source: ToolManager, tool: Tool) -> None:
        """Another tool took the map (Esc, Move, a fog tool): edit mode ends."""
        if self.scene is not None and source is self.scene.tools:
            if self._active and not isinstance(tool, EditorTool):
                self._show(False)

    def _show(self, active: bool) -> None:
        """The editor's dock, brush keys and overlay, shown or hidden."""
        self._active = active
        if active and not self._placed:
            self._place_palette()
        self.palette.setVisible(active)
        if active:
            self.palette.raise_()
        for action in (self.smaller_brush_action, self.bigger_brush_action):
            action.setEnabled(active)
        if not active and self.tool is not None:
            self.tool.deleteLater()  # no longer the scene's tool
            self.tool = None
        if self.overlay is not None:
            self.overlay.setVisible(active)
            self.overlay.set_tool(self.tool)
        self.palette.show_ambient(self.model.encounter.battle_map.ambient_light)
        self.modeChanged.emit(active)

    def _place_palette(self) -> None:
        """The first time: share the top dock of the right side as a tab, so the editor gets a
        full column of room without growing the window past the screen."""
        self._placed = True
        window = self.window
        right = [
            dock
            for dock in window.findChildren(QDockWidget)
            if dock is not self.palette
            and not dock.isFloating()
            and dock.isVisible()
            and window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
        ]
        if right:
            window.tabifyDockWidget(min(right, key=lambda dock: dock.y()), self.palette)

    def _tool_chosen(self, _mode: str) -> None:
        if self.active and self.scene is not None:
            self._install_tool()

    def _install_tool(self) -> None:
        options = self.palette.options
        mode = options.mode
        tool: EditorTool
        if mode in TILE_MODES:
            tool = TileTool(self.scene, options)
        elif mode in ("wall", "door"):
            tool = WallTool(self.scene, options)
        elif mode in ("object", "window"):
            tool = ObjectTool(self.scene, options)
        else:
            tool = LightTool(self.scene, options)
        tool.statusMessage.connect(self.statusMessage)
        old, self.tool = self.tool, tool
        self.scene.tools.activate(tool)
        if old is not None:
            old.deleteLater()
        if self.overlay is not None:
            self.overlay.set_tool(tool)

    def _map_changed(self) -> None:
        self.palette.show_ambient(self.model.encounter.battle_map.ambient_light)

    # -- whole-map changes -----------------------------------------------------------------
    def set_ambient_light(self, ambient: str) -> None:
        battle_map = self.model.encounter.battle_map
        if battle_map.ambient_light == ambient:
            return
        edit = MapEdit(battle_map, f"Ambient light {ambient}")
        edit.set_ambient_light(ambient)
        self.model.push(MapEditCommand(self.model, edit))

    def resize_dialog(self) -> bool:
        from drase_desktop.ui.editor.resize_map_dialog import ResizeMapDialog

        battle_map = self.model.encounter.battle_map
        dialog = ResizeMapDialog(battle_map.width, battle_map.height, self.window)
        try:
            if not self.run_dialog(dialog):
                return False
            width, height, edge_x, edge_y = dialog.choice()
        finally:
            dialog.deleteLater()
        return self.resize_map(width, height, edge_x, edge_y)

    def resize_map(self, width: int, height: int, edge_x: str, edge_y: str) -> bool:
        try:
            change = resize(self.model.encounter, width, height, edge_x, edge_y)
        except MapEditError as error:
            self.show_error("Cannot resize the map", str(error))
            return False
        self.model.push(MapReplaceCommand(self.model, change))
        return True

    def import_image_dialog(self) -> bool:
        path = self.ask_image_path()
        return self.import_image(path) if path else False

    def import_image(self, path: str | Path, *, new_map: bool = False) -> bool:
        """Calibrate the picture's grid, then put it under the map (one undo step); the map's
        size in tiles follows the picture. With `new_map` (a picture dropped on the window) the
        picture starts a map of its own instead, under the running fight: tokens stay where it
        has room for them and the others are named for the GM to place (`MapSwap`). A refused
        file says why in a message box."""
        # Imported when a picture first comes in: none of it is on the window a launch shows.
        from drase_desktop.storage.image_import import ImageImportError, load_image
        from drase_desktop.ui.editor.image_calibration_dialog import ImageCalibrationDialog

        try:
            loaded = load_image(path)
        except ImageImportError as error:
            self.show_error("Cannot import the image", str(error))
            return False
        dialog = ImageCalibrationDialog(loaded.data, Path(path).name, self.window)
        try:
            return self._import_calibrated(path, loaded, dialog, new_map)
        finally:
            dialog.deleteLater()  # its preview of a large picture is big

    def _import_calibrated(
        self, path: str | Path, loaded: Any, dialog: Any, new_map: bool = False
    ) -> bool:
        from drase_desktop.storage.image_import import (
            ImageImportError,
            background_from_image,
            tiles_covered,
        )

        if not self.run_dialog(dialog):
            if dialog.error:
                self.show_error("Cannot import the image", f"{Path(path).name}: {dialog.error}")
            return False
        pixels_per_tile, offset = dialog.calibration()
        try:
            size = tiles_covered(loaded.info.width, loaded.info.height, pixels_per_tile, offset)
            background = background_from_image(loaded, pixels_per_tile, offset)
        except ImageImportError as error:
            self.show_error("Cannot import the image", str(error))
            return False
        if not self._prepare_display(background, dialog):
            return False
        if new_map:
            fresh = BattleMap(size[0], size[1], name=name_from_path(path))
            fresh.background = background
            swap = MapSwap(self.model.encounter, fresh, f"New map from {Path(path).name}")
            self.model.push(MapSwapCommand(self.model, swap))
            self.statusMessage.emit(
                f"{Path(path).name}: {size[0]} x {size[1]} tiles at {pixels_per_tile:g} px per"
                f" tile. {swap.summary()}"
            )
            return True
        try:
            change = set_background(self.model.encounter, background, size)
        except MapEditError as error:
            self.show_error("Cannot import the image", str(error))
            return False
        self.model.push(MapReplaceCommand(self.model, change))
        self.statusMessage.emit(
            f"{Path(path).name}: {size[0]} x {size[1]} tiles at {pixels_per_tile:g} px per tile"
        )
        return True

    def _prepare_display(self, background: Any, dialog: ImageCalibrationDialog) -> bool:
        """Have the screen copy of the picture ready before the map shows it, decoded off the
        window's thread (the window keeps answering while a 16384 px picture decodes)."""
        from drase_desktop.ui.map.image_loader import ImageLoader, remember_display

        ppt = background.pixels_per_tile
        preview, scale = dialog.decoded()
        if preview is not None and scale * ppt >= min(MAX_DISPLAY_PIXELS_PER_TILE, ppt):
            # The calibration preview is sharp enough for the map: no second decode.
            remember_display(background.data, ppt, *display_image(preview, ppt * scale))
            return True
        loader = ImageLoader(self)
        loop = QEventLoop()
        outcome: list[Any] = []

        def finish(result: Any) -> None:
            outcome.append(result)
            loop.quit()

        loader.loaded.connect(lambda image, s: finish((image, s)))
        loader.failed.connect(finish)
        self.statusMessage.emit("Preparing the picture for the map...")
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        try:
            loader.start(background.data, MAX_DISPLAY_SIDE, MAX_DISPLAY_PIXELS_PER_TILE / ppt)
            if not outcome:
                loop.exec()
        finally:
            QApplication.restoreOverrideCursor()
            loader.wait()
            loader.deleteLater()
        if isinstance(outcome[0], str):
            self.show_error("Cannot import the image", outcome[0])
            return False
        image, shown_scale = outcome[0]
        remember_display(background.data, ppt, *display_image(image, ppt * shown_scale))
        return True

    # -- dialogs (tests replace these) -----------------------------------------------------
    def ask_image_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Import battlemap image", str(Path.home()), IMAGE_FILTER
        )
        return path

    def run_dialog(self, dialog: Any) -> bool:
        return dialog.exec() == dialog.DialogCode.Accepted

    def show_error(self, title: str, message: str) -> None:
        window_error = getattr(self.window, "show_error", None)
        if callable(window_error):
            window_error(title, message)
            return
        QMessageBox.warning(self.window, title, message)
        QApplication.processEvents()
