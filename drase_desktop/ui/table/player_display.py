"""The player display: a second window for the TV, projector or flat screen the players watch.

`PlayerDisplay` (objectName "playerDisplay") is a top-level window the GM drags to the other
screen and makes full screen (F11; Esc leaves full screen). It shows a `PlayerView` of a
`PlayerScene` (the player-safe projection, see player_scene.py) with the round, the phase and
the last roll painted over it in large type.

What part of the map it shows:
- following the GM (the default): the same part of the map as the GM's view, a moment later;
- held: it stays where it is until the GM pushes a view ("Push view to players") or pans it
  with the arrow keys in the display;
- in true scale (a screen laid flat): every tile exactly one inch, zoom locked, panned by
  whole tiles, the map kept inside the TV's overscan margins.

The GM's view has no "camera moved" signal, so a light timer compares its visible rect (and
its drag path and ruler, mirrored only over revealed ground) and follows when they change.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.fog import fog_of
from drase_desktop.encounter.player_projection import player_visible
from drase_desktop.ui.map.fog_layer import PLAYER_FOG
from drase_desktop.ui.map.grid_geometry import ARROW_STEPS
from drase_desktop.ui.table.player_hud import acting_line, paint_hud, status_band_height
from drase_desktop.ui.table.player_scene import PlayerScene
from drase_desktop.ui.table.touch_moves import TouchMoves
from drase_desktop.ui.table.true_scale import CalibrationPage, TrueScale, snap_origin

# Without a known screen size text is sized for a typical 96 dpi monitor.
FALLBACK_PIXELS_PER_MM = 96 / 25.4


class PlayerView(QGraphicsView):
    """Shows a scene rect of the player scene; never takes input (the players do not click)."""

    # The part of the map shown moved, grew, shrank or changed scale.
    shownAreaChanged = Signal()

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerView")
        self.model = model
        self.player_scene = PlayerScene(model, self)
        self.setScene(self.player_scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(PLAYER_FOG)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.true_scale: TrueScale | None = None
        self.hud_shown = True
        self._acting = ""  # who acts now, as the HUD words it
        # The scene rect asked for (follow/push), and its centre in tiles (true scale).
        self._wanted = self.player_scene.geometry.map_rect()
        self.origin: tuple[int, int] = (0, 0)
        for signal in (model.roundChanged, model.logChanged, model.combatantsChanged):
            signal.connect(self._refresh_hud)
        self._acting = self.acting()
        model.mapChanged.connect(self._reapply)
        # Players drag their own tokens with a finger on a table TV.
        self.touch = TouchMoves(self)

    # -- what part of the map ----------------------------------------------------------
    def show_rect(self, rect: QRectF) -> None:
        """Show at least `rect` (scene units), as large as fits; in true scale, centre on it."""
        self._wanted = QRectF(rect)
        self._reapply()

    def wanted_rect(self) -> QRectF:
        return QRectF(self._wanted)

    def set_true_scale(self, scale: TrueScale | None) -> None:
        self.true_scale = scale
        self._reapply()

    def pan_tiles(self, dx: int, dy: int) -> None:
        """Move the shown part by whole tiles."""
        length = self.player_scene.geometry.length
        self._wanted = self._wanted.translated(length(dx), length(dy))
        self._reapply()

    def tile_pixels(self) -> float:
        return self.transform().m11() * self.player_scene.geometry.length(1)

    def _reapply(self) -> None:
        width, height = max(1, self.viewport().width()), max(1, self.viewport().height())
        geometry = self.player_scene.geometry
        band = self.band_height()
        if self.true_scale is not None:
            scale = self.true_scale
            zoom = scale.tile_pixels / geometry.length(1)
            tiles = scale.whole_tiles(width, height, band)
            centre = self._wanted.center()
            self.origin = snap_origin(
                geometry.scene_to_corner(centre), tiles, (geometry.width, geometry.height)
            )
            placed = scale.tiles_rect(width, height, band)
            left = geometry.length(self.origin[0]) - placed.left() / zoom
            top = geometry.length(self.origin[1]) - placed.top() / zoom
        else:
            # The map fits under the status band, so the band never covers the top row.
            rect = self._wanted if not self._wanted.isEmpty() else geometry.map_rect()
            below = max(1.0, height - band)
            zoom = min(width / rect.width(), below / rect.height())
            left = rect.center().x() - width / zoom / 2
            top = rect.center().y() - (band + below / 2) / zoom
        # The view's scene rect is exactly the viewport at this zoom: no scrolling, no rounding
        # by scroll bars, so a true-scale tile edge lands where the maths says.
        self.setSceneRect(QRectF(left, top, width / zoom, height / zoom))
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self.viewport().update()
        self.shownAreaChanged.emit()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._reapply()

    # -- the heads-up text ------------------------------------------------------------------
    def hud_area(self) -> QRectF:
        width, height = self.viewport().width(), self.viewport().height()
        if self.true_scale is not None:
            return self.true_scale.safe_rect(width, height)
        return QRectF(0, 0, width, height)

    def acting(self) -> str:
        """The HUD's line of who acts now (names only of creatures the players see)."""
        fog = fog_of(self.model.encounter)
        return acting_line(self.model.encounter, lambda c: player_visible(c, fog))

    def band_height(self) -> float:
        if not self.hud_shown:
            return 0.0
        lines = 2 if self._acting else 1
        return status_band_height(self.hud_area(), self.pixels_per_mm(), lines)

    def pixels_per_mm(self) -> float:
        if self.true_scale is not None:
            return self.true_scale.pixels_per_inch / 25.4
        screen = self.screen()
        dpi = screen.physicalDotsPerInch() if screen is not None else 0.0
        if not math.isfinite(dpi) or not 40 <= dpi <= 600:
            return FALLBACK_PIXELS_PER_MM
        return dpi / 25.4

    def _refresh_hud(self, *_args: Any) -> None:
        acting = self.acting()
        grew = bool(acting) != bool(self._acting)
        self._acting = acting
        if grew:
            self._reapply()  # the band has a line more or less: the map moves under it
        self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        if not self.hud_shown and self.true_scale is None:
            return
        painter.save()
        painter.resetTransform()
        if self.true_scale is not None:
            # Only whole tiles on a table: a part-tile at the edge holds no miniature.
            width, height = self.viewport().width(), self.viewport().height()
            outside = QPainterPath()
            outside.addRect(QRectF(0, 0, width, height))
            inside = QPainterPath()
            inside.addRect(self.true_scale.tiles_rect(width, height, self.band_height()))
            painter.fillPath(outside.subtracted(inside), PLAYER_FOG)
        if self.hud_shown:
            paint_hud(
                painter,
                self.hud_area(),
                self.model.encounter,
                self.pixels_per_mm(),
                self._acting,
            )
        painter.restore()


def on_map(rect: QRectF, view: PlayerView) -> QRectF:
    """The part of a GM view's rect that holds map: the grey around a fitted map would only
    shrink the players' map."""
    inside = rect.intersected(view.player_scene.geometry.map_rect())
    return inside if not inside.isEmpty() else rect


class PlayerDisplay(QWidget):
    """The players' window (objectName "playerDisplay")."""

    followChanged = Signal(bool)
    # What the players see changed: the part of the map, or the display was shown, hidden or
    # switched to its calibration page (the GM's outline of the players' view follows it).
    shownChanged = Signal()
    # The window moved or was resized (its place is remembered).
    placeChanged = Signal()

    def __init__(self, model: Any, gm_view: Any = None, owner: QWidget | None = None) -> None:
        # With an `owner` (the GM's window) it is that window's top-level child: it closes
        # with it. (Where it opens and whether it stays on top: display_place.)
        super().__init__(owner, Qt.WindowType.Window)
        self.setObjectName("playerDisplay")
        self.setWindowTitle("Drase Desktop \u2013 Players")
        # Closing the GM's window ends the program even while this one is still up.
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.model = model
        self.view = PlayerView(model, self)
        self.calibration = CalibrationPage(TrueScale(96.0), self)
        # The map (or the calibration page) and, beside it, room for panels other parts of the
        # app put there (`add_side_panel`); the side is hidden while it holds nothing.
        self._stack = QStackedLayout()
        self._stack.setContentsMargins(0, 0, 0, 0)
        self._stack.addWidget(self.view)
        self._stack.addWidget(self.calibration)
        self.side_panel = QWidget(self)
        self.side_panel.setObjectName("playerSidePanel")
        self._side = QVBoxLayout(self.side_panel)
        self._side.setContentsMargins(0, 0, 0, 0)
        self.side_panel.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addLayout(self._stack, 1)
        row.addWidget(self.side_panel)
        self.view.shownAreaChanged.connect(self.shownChanged)
        self.resize(960, 600)
        self._following = True
        self._gm_view: Any = None
        self._last_gm_rect = QRectF()
        self.set_gm_view(gm_view)

    # -- the GM's view ---------------------------------------------------------------------
    def set_gm_view(self, gm_view: Any) -> None:
        """Follow (and mirror the path and ruler of) this map view; None: none.

        The view says when its visible area moves and its scene when the GM's path or ruler
        changes; nothing polls."""
        old = self._gm_view
        if old is not None:
            try:
                old.visibleAreaChanged.disconnect(self._on_gm_view_changed)
                old.map_scene.gmOverlayChanged.disconnect(self._on_gm_view_changed)
            except (RuntimeError, TypeError):  # that view is gone already
                pass
        self._gm_view = gm_view
        self._last_gm_rect = QRectF()
        if gm_view is not None:
            gm_view.visibleAreaChanged.connect(self._on_gm_view_changed)
            gm_view.map_scene.gmOverlayChanged.connect(self._on_gm_view_changed)
            self.sync_with_gm()

    def _on_gm_view_changed(self) -> None:
        # A hidden display has nothing to follow; showEvent catches up when it opens again.
        if self.isVisible():
            self.sync_with_gm()

    @property
    def following(self) -> bool:
        return self._following

    def set_following(self, following: bool) -> None:
        if following != self._following:
            self._following = following
            self._last_gm_rect = QRectF()
            self.followChanged.emit(following)
        self.sync_with_gm()

    def gm_visible_rect(self) -> QRectF | None:
        view = self._gm_view
        if view is None:
            return None
        try:
            return view.mapToScene(view.viewport().rect()).boundingRect()
        except RuntimeError:  # the window replaced that view (a file was opened)
            self._gm_view = None
            return None

    def _on_map(self, rect: QRectF) -> QRectF:
        return on_map(rect, self.view)

    def push_view(self) -> None:
        """Show the players what the GM sees now, and hold it there."""
        rect = self.gm_visible_rect()
        if rect is not None:
            self.view.show_rect(self._on_map(rect))
        self.set_following(False)

    def sync_with_gm(self) -> None:
        rect = self.gm_visible_rect()
        if rect is None:
            return
        if self._following and rect != self._last_gm_rect:
            self._last_gm_rect = rect
            self.view.show_rect(self._on_map(rect))
        self._mirror()

    def _mirror(self) -> None:
        gm_scene = getattr(self._gm_view, "map_scene", None)
        scene = self.view.player_scene
        if gm_scene is None:
            return
        preview = gm_scene.path_preview
        path = preview.path if preview.isVisible() and preview.opacity() > 0 else []
        selected = self.model.selected_combatant()
        if path and selected is not None:
            scene.mirror_path(selected.id, path, selected.footprint)
        else:
            scene.mirror_path("", [], 1)
        ruler = gm_scene.ruler
        if ruler.isVisible() and ruler.opacity() > 0 and not ruler.line.isNull():
            line = ruler.line
            to_tile = gm_scene.geometry.scene_to_tile
            scene.mirror_ruler(to_tile(line.p1()), to_tile(line.p2()))
        else:
            scene.mirror_ruler(None, None)

    # -- scale and calibration -------------------------------------------------------------
    def set_true_scale(self, scale: TrueScale | None) -> None:
        self.view.set_true_scale(scale)
        if scale is not None:
            self.calibration.set_scale(scale)

    def show_calibration(self, shown: bool) -> None:
        self._stack.setCurrentWidget(self.calibration if shown else self.view)
        self.shownChanged.emit()

    @property
    def calibration_shown(self) -> bool:
        return self._stack.currentWidget() is self.calibration

    def add_side_panel(self, panel: QWidget) -> None:
        """Put `panel` at the right of the map (a link's code for the players' phones, say);
        the map keeps the rest of the width."""
        self._side.addWidget(panel)
        self.side_panel.show()

    # -- keys: full screen and panning -----------------------------------------------------
    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif key == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        elif key == Qt.Key.Key_Escape and self.calibration_shown:
            self.show_calibration(False)
        elif key in ARROW_STEPS:
            self.set_following(False)
            self.view.pan_tiles(*ARROW_STEPS[key])
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closing only hides it: the GM reopens it with the same view (Window menu, F8).
        super().closeEvent(event)

    def moveEvent(self, event: Any) -> None:
        super().moveEvent(event)
        self.placeChanged.emit()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.placeChanged.emit()

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.shownChanged.emit()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self._gm_view is not None:
            self.sync_with_gm()
        self.shownChanged.emit()
