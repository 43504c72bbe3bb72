"""The map view: zoom around the cursor, pan, fit, centre on a token, overlay toggles.

`MapView(model)` builds its own `MapScene` from the model. The scene does the drawing and the
token tool; the view only moves the camera and owns the overlay actions the window puts in its
View menu and toolbar.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from drase_desktop.board.content_bounds import content_bounds
from drase_desktop.ui.map.door_clicks import DoorMenu, door_under
from drase_desktop.ui.map.map_drops import MapDrops
from drase_desktop.ui.map.map_label import MapLabel
from drase_desktop.ui.map.map_scene import MapScene
from drase_desktop.ui.map.path_preview import PathPreview
from drase_desktop.ui.map.ruler_item import RulerItem
from drase_desktop.ui.map.token_item import TEXT_MIN_TILE_PIXELS

SELF_SHOWING = (MapLabel, PathPreview, RulerItem)
ZOOM_STEP = 1.2
PIXMAP_CACHE_KB = 64 * 1024
# Screen pixels per tile at the extremes: a whole 500-tile map fits; a tile fills a laptop screen.
MIN_TILE_PIXELS = 1.0
MAX_TILE_PIXELS = 400.0
# Of the tile of ground the content bounds keep round the rooms, how much "Fit" leaves out.
FIT_MARGIN_TRIM = 0.5


class MapView(QGraphicsView):
    statusMessage = Signal(str)
    # The part of the map on screen moved, grew, shrank or zoomed (the player display follows).
    visibleAreaChanged = Signal()
    # A right click on a token while moving tokens: its id and where to open the menu.
    tokenMenuRequested = Signal(str, QPoint)

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapView")
        # Tokens keep their painted look in Qt's pixmap cache (DeviceCoordinateCache); the 10 MB
        # default holds too few zoomed-in tokens, and a miss means repainting them every frame.
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.model = model
        self.map_scene = MapScene(model, self)
        self.setScene(self.map_scene)
        self.map_scene.statusMessage.connect(self.statusMessage)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(Qt.GlobalColor.darkGray)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # The map's cursor says which tool has it (a cross for the fog and the editor).
        self.map_scene.tools.toolChanged.connect(self.show_tool_cursor)
        self.show_tool_cursor()
        # Pan with the middle button or space-drag; scroll bars only take room from the map.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._pan_anchor: QPointF | None = None
        self._space_held = False
        # Until the GM zooms or pans, the whole map stays fitted as the window is laid out and
        # resized; a new map of another size fits again.
        self._auto_fit = True
        self._map_size = (self.map_scene.geometry.width, self.map_scene.geometry.height)
        model.mapChanged.connect(self._on_map_changed)
        self.visibleAreaChanged.connect(self._show_marks_when_readable)
        self._name_scale = self.transform().m11()
        self.visibleAreaChanged.connect(self._place_name_for_zoom)
        self._actions = self._make_overlay_actions()
        # Creature templates and pictures dropped on the map (map_drops.py decides what).
        self.drops = MapDrops(self)
        self.setAcceptDrops(True)

    # -- overlays ------------------------------------------------------------------------
    def _make_overlay_actions(self) -> list[QAction]:
        scene = self.map_scene
        specs = [
            ("toggleGridAction", "&Grid", "G", [scene.grid_layer]),
            ("toggleHeightAction", "&Height", "H", scene.set_height_shown),
            ("toggleWallsAction", "&Walls and doors", "W", [scene.wall_layer, scene.feature_layer]),
            ("toggleCoverAction", "&Cover", "C", [scene.cover_layer]),
            ("toggleLightAction", "&Light and obscuration", "L", scene.set_light_shown),
            ("toggleReachAction", "&Reachable tiles", "R", scene.set_reach_enabled),
            ("togglePathAction", "&Path preview", "P", [scene.path_preview, scene.drag_label]),
            ("toggleRulerAction", "Ruler and &target line", "T", [scene.ruler, scene.info_label]),
        ]
        actions = []
        for name, text, shortcut, items in specs:
            action = QAction(text, self)
            action.setObjectName(name)
            action.setCheckable(True)
            action.setChecked(True)
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            if callable(items):
                action.toggled.connect(items)
            else:
                action.toggled.connect(lambda on, items=items: self._set_layers_shown(items, on))
            self.addAction(action)
            actions.append(action)
        return actions

    def _set_layers_shown(self, items: list[Any], shown: bool) -> None:
        for item in items:
            if isinstance(item, SELF_SHOWING):
                # These show and hide themselves as the mouse moves; a zero opacity keeps them
                # unseen without fighting that (Qt skips fully transparent items when painting).
                item.setOpacity(1.0 if shown else 0.0)
            else:
                item.setVisible(shown)

    def overlay_actions(self) -> list[QAction]:
        """Checkable actions, one per overlay, for the View menu and the toolbar."""
        return list(self._actions)

    def overlay_action(self, object_name: str) -> QAction:
        for action in self._actions:
            if action.objectName() == object_name:
                return action
        raise KeyError(object_name)

    # -- camera ----------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """Screen pixels per scene unit."""
        return self.transform().m11()

    def tile_pixels(self) -> float:
        return self.zoom * self.map_scene.geometry.length(1)

    def fit_to_window(self) -> None:
        """Show the map; it stays fitted through resizes until the GM zooms or pans. The part
        with walls and doors on it (and every token) is fitted, not the empty sheet around it,
        so tokens stay large enough to read on a laptop."""
        self._auto_fit = True
        self.fitInView(self.fitted_rect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.visibleAreaChanged.emit()

    def fitted_rect(self) -> QRectF:
        """The scene rect "Fit" shows: the walls' and doors' part of the map with half a tile
        of margin, grown to hold every token; the whole map when it has no walls."""
        geometry = self.map_scene.geometry
        battle_map = self.model.encounter.battle_map
        bounds = content_bounds(battle_map)
        if bounds is None:
            return geometry.map_rect()
        x0, y0, x1, y1 = bounds
        # Half of the tile of margin the bounds keep (where the map's edge left it whole): the
        # rooms keep a rim of ground and a laptop fits them larger (tokens of 24 px, not 23).
        trim = FIT_MARGIN_TRIM
        rect = geometry.span_rect(
            x0 + (trim if x0 > 0 else 0),
            y0 + (trim if y0 > 0 else 0),
            x1 - (trim if x1 < battle_map.width else 0),
            y1 - (trim if y1 < battle_map.height else 0),
        )
        for item in self.map_scene.token_items.values():
            if item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect.intersected(geometry.map_rect())

    @property
    def auto_fit(self) -> bool:
        return self._auto_fit

    def centre_on_token(self, combatant_id: str) -> bool:
        item = self.map_scene.token_items.get(combatant_id)
        if item is None or not item.isVisible():
            return False
        self._auto_fit = False
        self.centerOn(item.sceneBoundingRect().center())
        return True

    def stop_following(self) -> None:
        """The window is about to show another encounter in a new view: this one (hidden and
        deleted next) no longer redraws from the model."""
        self.map_scene.stop_following()
        self.model.mapChanged.disconnect(self._on_map_changed)

    def _on_map_changed(self) -> None:
        geometry = self.map_scene.geometry
        size = (geometry.width, geometry.height)
        if size != self._map_size:
            self._map_size = size
            self.fit_to_window()
        self._show_marks_when_readable()

    def _place_name_for_zoom(self) -> None:
        """The selected token's name is placed in screen pixels: a new zoom places it again
        (the token grew or shrank under it)."""
        scale = self.transform().m11()
        if scale != self._name_scale:
            self._name_scale = scale
            if self.map_scene.name_label.isVisible():
                self.map_scene.show_selected_name()

    def _show_marks_when_readable(self) -> None:
        self.map_scene.set_marks_readable(self.tile_pixels() >= TEXT_MIN_TILE_PIXELS)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        """The dark surround, only where the ground does not cover it: the terrain is opaque,
        and filling the whole screen under it first costs a quarter of a millisecond a frame.

        The uncovered hole stops a device pixel inside the map's edge on every side, so the
        pixels along the edge get the surround as before and the terrain paints over those it
        covers: the frame is the same pixel for pixel."""
        self.map_scene.frame_painted()
        hole = self.map_scene.terrain_layer.opaque_rect()
        transform = painter.deviceTransform()
        sx, sy = transform.m11(), transform.m22()
        if (
            hole.isEmpty()
            or transform.type().value > QTransform.TransformationType.TxScale.value
            or sx <= 0
            or sy <= 0
        ):
            super().drawBackground(painter, rect)
            return
        dx, dy = transform.dx(), transform.dy()
        left = math.ceil(hole.left() * sx + dx) + 1
        right = math.floor(hole.right() * sx + dx) - 1
        top = math.ceil(hole.top() * sy + dy) + 1
        bottom = math.floor(hole.bottom() * sy + dy) - 1
        if right <= left or bottom <= top:
            super().drawBackground(painter, rect)
            return
        # The hole in scene coordinates, its edges on device pixel boundaries.
        hole = QRectF(
            (left - dx) / sx, (top - dy) / sy, (right - left) / sx, (bottom - top) / sy
        ).intersected(rect)
        if hole.isEmpty():
            super().drawBackground(painter, rect)
            return
        bands = [
            QRectF(rect.left(), rect.top(), rect.width(), hole.top() - rect.top()),
            QRectF(rect.left(), hole.bottom(), rect.width(), rect.bottom() - hole.bottom()),
            QRectF(rect.left(), hole.top(), hole.left() - rect.left(), hole.height()),
            QRectF(hole.right(), hole.top(), rect.right() - hole.right(), hole.height()),
        ]
        brush = self.backgroundBrush()
        for band in bands:
            if band.width() > 0 and band.height() > 0:
                painter.fillRect(band, brush)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit_to_window()
        self.visibleAreaChanged.emit()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.visibleAreaChanged.emit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._auto_fit:
            self.fit_to_window()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by `factor`, keeping the scene point under `anchor` (view coords) still."""
        current = self.tile_pixels()
        wanted = max(MIN_TILE_PIXELS, min(MAX_TILE_PIXELS, current * factor))
        factor = wanted / current
        if abs(factor - 1.0) < 1e-9:
            return
        self._auto_fit = False
        if anchor is None:
            self.scale(factor, factor)
            self.visibleAreaChanged.emit()
            return
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        after = self.mapToScene(anchor.toPoint())
        delta = after - before
        self.translate(delta.x(), delta.y())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.visibleAreaChanged.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(ZOOM_STEP**steps, event.position())
        event.accept()

    # -- drops: templates from the Library dock, pictures from the file manager -------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if not self.drops.drag_enter(event):
            event.ignore()  # not ours: the window may take it

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if not self.drops.drag_move(event):
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.drops.drag_leave()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        if not self.drops.drop(event):
            event.ignore()

    def show_tool_cursor(self, *_tool: Any) -> None:
        self.viewport().setCursor(self.map_scene.tool.cursor())

    # -- panning: middle button, or space + left button ----------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan_anchor = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_anchor is not None:
            self._auto_fit = False
            delta = event.position() - self._pan_anchor
            self._pan_anchor = event.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - delta.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - delta.y()))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_anchor is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_anchor = None
            if self._space_held:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.show_tool_cursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space:
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        scene = self.map_scene
        # Other tools (the fog's) use the right button for themselves.
        point = self.mapToScene(event.pos())
        item = scene.token_at(point)
        if scene.tool is not scene.move_tool:
            super().contextMenuEvent(event)
            return
        if item is None:
            door = door_under(scene, point)
            if door is None:
                super().contextMenuEvent(event)
                return
            self.door_menu(door).popup(event.globalPos())
            event.accept()
            return
        self.tokenMenuRequested.emit(item.combatant_id, event.globalPos())
        event.accept()

    def door_menu(self, index: int) -> DoorMenu:
        """The right-click menu of door `index` (built now, so it shows the door as it is)."""
        menu = DoorMenu(self.map_scene.model, index, self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return menu

    def leaveEvent(self, event: QEvent) -> None:
        # The hover line and its label leave with the mouse (a drag keeps the mouse grabbed).
        hover_left = getattr(self.map_scene.tool, "hover_left", None)
        if hover_left is not None and not self.map_scene.tool.busy:
            hover_left()
        super().leaveEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self._pan_anchor = None
            self.show_tool_cursor()
            event.accept()
            return
        super().keyReleaseEvent(event)
