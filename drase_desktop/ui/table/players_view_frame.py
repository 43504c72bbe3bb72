"""Where the TV looks, on the GM's map: the outline of the player display's view, and a handle to
move it.

While the player display is open, the GM's map shows a dashed amber frame around the part of the
map the players see (in true scale: the whole tiles the table shows; otherwise the map under the
status band) with a "Players' view" tab at its corner. Dragging the frame's edge or its tab moves
the players' view there and holds it (the display stops following the GM), exactly as the
arrow keys on the display or "Push view to players" would: through `PlayerView.show_rect`, so
true scale still snaps to whole tiles and the frame shows where the view really landed.

The players' view says nothing when it moves (held, panned, resized, following the GM), so the
frame reads it on a light timer of its own in the GM's window (a rect per tick, nothing else).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.ui.map import z_order

FRAME_COLOUR = QColor("#ffb000")
FRAME_SHADOW = QColor(0, 0, 0, 170)
FRAME_PIXELS = 3.0
# How near the frame's edge a press grabs it (screen pixels): a finger's width off is fine.
GRAB_PIXELS = 8.0
TAB_TEXT = "Players' view"
TAB_FONT_PIXELS = 13


class PlayersViewOutline(QGraphicsItem):
    """The frame drawn in the GM's scene; it takes no mouse events itself (the GM's tools do)."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.setZValue(z_order.LABELS - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)
        # The tab's font and text width never change: found once, not on every paint and press.
        self._tab_font = _tab_font()
        self._tab_width = QFontMetricsF(self._tab_font).horizontalAdvance(TAB_TEXT) + 12

    @property
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
            self.update()

    def boundingRect(self) -> QRectF:
        # Room for the pen and the tab at any zoom the GM's view allows (a tile of 64 units
        # is never shown under 4 pixels, so 30 screen pixels are at most about 500 units).
        margin = 500.0
        return self._rect.adjusted(-margin, -margin, margin, margin)

    def tab_rect(self, zoom: float) -> QRectF:
        """The tab at the frame's top-left corner, in scene units at `zoom` pixels per unit."""
        width = self._tab_width
        height = TAB_FONT_PIXELS + 8
        return QRectF(
            self._rect.left(), self._rect.top() - height / zoom, width / zoom, height / zoom
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._rect.isEmpty():
            return
        zoom = painter.worldTransform().m11() or 1.0
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        shadow = QPen(FRAME_SHADOW, FRAME_PIXELS + 2)
        shadow.setCosmetic(True)
        painter.setPen(shadow)
        painter.drawRect(self._rect)
        pen = QPen(FRAME_COLOUR, FRAME_PIXELS, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawRect(self._rect)
        tab = self.tab_rect(zoom)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FRAME_COLOUR)
        painter.drawRect(tab)
        # The text in screen pixels, whatever the zoom.
        painter.save()
        painter.translate(tab.topLeft())
        painter.scale(1 / zoom, 1 / zoom)
        painter.setFont(self._tab_font)
        painter.setPen(QColor("#1a1a1a"))
        painter.drawText(
            QRectF(0, 0, tab.width() * zoom, tab.height() * zoom),
            int(Qt.AlignmentFlag.AlignCenter),
            TAB_TEXT,
        )
        painter.restore()


def _tab_font() -> QFont:
    font = QFont()
    font.setPixelSize(TAB_FONT_PIXELS)
    font.setBold(True)
    return font


def players_shown_rect(view: Any) -> QRectF:
    """The part of the scene a `PlayerView` shows the players, clipped to the map: in true scale
    the whole tiles on the table, otherwise the viewport under the status band."""
    width, height = view.viewport().width(), view.viewport().height()
    band = view.band_height()
    if view.true_scale is not None:
        on_screen = view.true_scale.tiles_rect(width, height, band)
    else:
        on_screen = QRectF(0, band, width, max(1.0, height - band))
    shown = view.mapToScene(on_screen.toAlignedRect()).boundingRect()
    on_map = shown.intersected(view.player_scene.geometry.map_rect())
    return on_map if not on_map.isEmpty() else shown


def find_player_display(model: Any) -> Any:
    """The open player display of `model`, or None (it is a window of its own, not a child)."""
    for widget in QApplication.topLevelWidgets():
        if widget.objectName() == "playerDisplay" and getattr(widget, "model", None) is model:
            return widget
    return None


class PlayersViewFrame(QObject):
    """Keeps the outline on the table tools' current GM map view and moves the players' view
    when the GM drags it."""

    def __init__(self, tools: Any) -> None:
        super().__init__(tools)
        self.tools = tools
        self.outline: PlayersViewOutline | None = None
        self._view: Any = None
        self._viewport: Any = None
        self._drag_from: QPointF | None = None
        self._drag_rect = QRectF()
        # The display a drag moves, found when it begins (not among the top-level widgets
        # again at every mouse move).
        self._drag_display: Any = None

    @property
    def display(self) -> Any:
        return find_player_display(self.tools.model)

    @property
    def dragging(self) -> bool:
        return self._drag_from is not None

    def refresh(self) -> None:
        """Follow the GM's current map view and the display's view: the table tools call it
        when they attach a new map view and when the display says what it shows changed."""
        view = self.tools.map_view
        if view is not self._view:
            self._attach(view)
        if self.outline is None:
            return
        try:
            self._show_outline(view)
        except RuntimeError:  # the window is closing: its view and scene are gone
            self._attach(None)

    def _show_outline(self, view: Any) -> None:
        assert self.outline is not None
        display = self.display
        shown = (
            display is not None
            and display.isVisible()
            and not display.calibration_shown
            and view is not None
        )
        if shown and not self.dragging:
            self.outline.set_rect(players_shown_rect(display.view))
        self.outline.setVisible(bool(shown))

    def _attach(self, view: Any) -> None:
        # The previous view and its scene belong to a document that was closed: leave them.
        self._view = view
        self._viewport = None
        self._drag_from = None
        self._drag_display = None
        self.outline = None
        if view is None:
            return
        self.outline = PlayersViewOutline()
        view.map_scene.addItem(self.outline)
        self._viewport = view.viewport()
        self._viewport.installEventFilter(self)

    # -- dragging ------------------------------------------------------------------------------
    def grabs(self, view_point: QPointF) -> bool:
        """Does a press at this point of the GM's viewport take hold of the frame?"""
        outline = self.outline
        view = self._view
        if outline is None or view is None or not outline.isVisible():
            return False
        zoom = view.transform().m11() or 1.0
        point = view.mapToScene(view_point.toPoint())
        if outline.tab_rect(zoom).contains(point):
            return True
        rect = outline.rect
        reach = GRAB_PIXELS / zoom
        outer = rect.adjusted(-reach, -reach, reach, reach)
        inner = rect.adjusted(reach, reach, -reach, -reach)
        return outer.contains(point) and not inner.contains(point)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Compared by identity only: the old view's viewport still sends events as it goes.
        if watched is not self._viewport or self._viewport is None:
            return False
        view = self._view
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress:
            assert isinstance(event, QMouseEvent)
            if event.button() == Qt.MouseButton.LeftButton and self.grabs(event.position()):
                self.begin_drag(view.mapToScene(event.position().toPoint()))
                view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                return True
        elif kind == QEvent.Type.MouseMove and self.dragging:
            assert isinstance(event, QMouseEvent)
            self.drag_to(view.mapToScene(event.position().toPoint()))
            return True
        elif kind == QEvent.Type.MouseButtonRelease and self.dragging:
            assert isinstance(event, QMouseEvent)
            self.end_drag(view.mapToScene(event.position().toPoint()))
            view.viewport().unsetCursor()
            return True
        return False

    def begin_drag(self, scene_point: QPointF) -> None:
        assert self.outline is not None
        self._drag_from = QPointF(scene_point)
        self._drag_rect = self.outline.rect
        self._drag_display = self.display

    def drag_to(self, scene_point: QPointF) -> None:
        """Move the frame with the pointer and the players' view with it, held there."""
        if self._drag_from is None or self.outline is None:
            return
        moved = self._drag_rect.translated(scene_point - self._drag_from)
        self.outline.set_rect(moved)
        display = self._drag_display
        if display is not None:
            display.set_following(False)
            display.view.show_rect(moved)

    def end_drag(self, scene_point: QPointF) -> None:
        self.drag_to(scene_point)
        self._drag_from = None
        display, self._drag_display = self._drag_display, None
        if display is not None and self.outline is not None:
            # Where the view really landed (true scale snaps to whole tiles and the map's edge).
            self.outline.set_rect(players_shown_rect(display.view))
            self.tools.window.statusBar().showMessage(
                "The players' view stays here until you push your view or let them follow you",
                10_000,
            )
