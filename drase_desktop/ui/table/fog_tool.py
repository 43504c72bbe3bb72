"""The GM's fog tool on the map: reveal or hide with a brush, a rectangle, or a room at a time.

A map `Tool` (the scene's `tools.activate(fog_tool)`): the scene hands it presses, moves,
releases and keys. The left button does the chosen action (reveal or hide), the right button the
opposite. One gesture is one undo step: a brush stroke's dabs show at once while dragging and
are pushed together on release; Esc during a gesture takes it back.

Keys while the tool is on: [ and ] shrink and grow the brush; Esc returns to Move.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsRectItem

from drase_desktop.board.geometry import line_walk
from drase_desktop.encounter.fog import MAX_BRUSH_RADIUS, FogChange, FogError
from drase_desktop.ui.map import z_order
from drase_desktop.ui.map.tool import Tool, ToolInfo

MODES = ("brush", "rectangle", "room")
Tile = tuple[int, int]
# Not the yellow of the ruler and the lights: a brush outline must not pass for either.
REVEAL_OUTLINE = QColor("#00e5ff")
HIDE_OUTLINE = QColor("#7c4dff")


# What each mode is called in the toolbar and the status bar.
MODE_NAMES = {"brush": "Fog brush", "rectangle": "Fog rectangle", "room": "Fog room"}
# The action of each mode: the fog tool is three tools to the GM, one class here.
MODE_TOOLS = {
    "brush": ToolInfo("fogBrushAction", "Fog &brush", shortcut="Shift+B", icon="fog-brush"),
    "rectangle": ToolInfo(
        "fogRectangleAction", "Fog &rectangle", shortcut="Shift+E", icon="fog-rectangle"
    ),
    "room": ToolInfo("fogRoomAction", "Fog r&oom", shortcut="Shift+O", icon="fog-room"),
}


class FogTool(Tool):
    cursor_shape = Qt.CursorShape.CrossCursor

    def __init__(self, scene: Any, controller: Any, mode: str = "brush") -> None:
        super().__init__(scene)
        self._controller = controller
        self.mode = mode
        self.reveal = True
        self.radius = 1
        self._stroke: list[FogChange] | None = None
        self._stroke_reveal = True
        self._last: Tile | None = None
        self._corner: Tile | None = None
        self._outline = QGraphicsRectItem()
        self._outline.setZValue(z_order.RULER)
        self._outline.hide()
        self._cursor = QGraphicsEllipseItem()
        self._cursor.setZValue(z_order.RULER)
        self._cursor.hide()
        scene.addItem(self._outline)
        scene.addItem(self._cursor)

    # -- settings --------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown fog tool {mode!r}; choose one of {', '.join(MODES)}")
        self.cancel()
        self.mode = mode

    def set_radius(self, radius: int) -> None:
        self.radius = max(0, min(MAX_BRUSH_RADIUS, radius))
        self.statusMessage.emit(f"Fog brush radius {self.radius} tile(s)")

    @property
    def _geometry(self) -> Any:
        return self._scene.geometry

    @property
    def busy(self) -> bool:
        return self._stroke is not None or self._corner is not None

    @property
    def name(self) -> str:
        return MODE_NAMES[self.mode]

    def status_text(self) -> str:
        verb, opposite = ("reveals", "hides") if self.reveal else ("hides", "reveals")
        keys = "; [ and ] size the brush" if self.mode == "brush" else ""
        return (
            f"{self.name}: left button {verb}, right button {opposite}{keys}; Esc returns to Move"
        )

    # -- the scene's tool interface ---------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        if self.busy:
            return True
        reveal = self.reveal if button == Qt.MouseButton.LeftButton else not self.reveal
        tile = self._geometry.scene_to_tile(pos)
        if not self._geometry.in_bounds(tile):
            return True
        if self.mode == "room":
            self._apply_room(tile, reveal)
        elif self.mode == "rectangle":
            self._corner = tile
            self._stroke_reveal = reveal
            self._show_rect(tile, tile)
        else:
            self._stroke = []
            self._stroke_reveal = reveal
            self._last = None
            self._dab(tile)
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        tile = self._geometry.scene_to_tile(pos)
        if self._stroke is not None:
            self._dab(tile)
        elif self._corner is not None:
            self._show_rect(self._corner, tile)
        self.hover_at(pos, modifiers)

    def hover_at(self, pos: QPointF, modifiers: Any) -> None:
        self._show_cursor(self._geometry.scene_to_tile(pos))

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        tile = self._geometry.scene_to_tile(pos)
        if self._stroke is not None:
            self._dab(tile)
            changes, self._stroke = self._stroke, None
            verb = "Reveal" if self._stroke_reveal else "Hide"
            self._controller.push(changes, f"{verb} with the fog brush")
        elif self._corner is not None:
            corner, self._corner = self._corner, None
            self._outline.hide()
            self._run(
                lambda fog: fog.rectangle(corner, tile, reveal=self._stroke_reveal),
            )
        return True

    def key(self, key: int, modifiers: Any) -> bool:
        if super().key(key, modifiers):
            return True
        if key == Qt.Key.Key_BracketLeft:
            self.set_radius(self.radius - 1)
            return True
        if key == Qt.Key.Key_BracketRight:
            self.set_radius(self.radius + 1)
            return True
        return False

    def cancel(self) -> None:
        """Take back a gesture in progress (its dabs were shown but not yet pushed)."""
        if self._stroke:
            for change in reversed(self._stroke):
                change.undo()
            self._controller.fogChanged.emit()
        self._stroke = None
        self._corner = None
        self._last = None
        self._outline.hide()
        self._cursor.hide()

    # -- doing ------------------------------------------------------------------------------
    def _dab(self, tile: Tile) -> None:
        assert self._stroke is not None
        # Fill the gap between two mouse events so a quick stroke leaves no holes.
        tiles = [tile]
        if self._last is not None and self._last != tile:
            tiles = [step[0] for step in line_walk(self._last, tile)]
        self._last = tile
        fog = self._controller.fog
        changed = False
        for centre in tiles:
            if not fog.in_bounds(centre):
                continue
            change = fog.brush(centre, self.radius, reveal=self._stroke_reveal)
            if change.count:
                self._stroke.append(change)
                changed = True
        if changed:
            self._controller.fogChanged.emit()

    def _apply_room(self, tile: Tile, reveal: bool) -> None:
        battle_map = self._scene.model.encounter.battle_map
        self._run(lambda fog: fog.room(battle_map, tile, reveal=reveal))

    def _run(self, operation: Any) -> None:
        try:
            change = self._controller.apply(operation)
        except FogError as error:
            self.statusMessage.emit(str(error))
            return
        if change is None:
            self.statusMessage.emit("Nothing changed: those tiles were already so")

    # -- drawing the gesture ---------------------------------------------------------------
    def _pen(self, reveal: bool) -> QPen:
        pen = QPen(REVEAL_OUTLINE if reveal else HIDE_OUTLINE, 3)
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        return pen

    def _show_rect(self, a: Tile, b: Tile) -> None:
        geometry = self._geometry
        rect = geometry.tile_rect(a).united(geometry.tile_rect(b))
        self._outline.setRect(rect.intersected(geometry.map_rect()))
        self._outline.setPen(self._pen(self._stroke_reveal))
        self._outline.show()

    def _show_cursor(self, tile: Tile) -> None:
        if self.mode != "brush" or not self._geometry.in_bounds(tile):
            self._cursor.hide()
            return
        centre = self._geometry.tile_centre(tile)
        half = self._geometry.length(self.radius + 0.5)
        self._cursor.setRect(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half))
        self._cursor.setPen(self._pen(self.reveal))
        self._cursor.show()
