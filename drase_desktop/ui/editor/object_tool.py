"""Objects and windows in the map editor.

Objects (pillars, tables, statues: they block movement and sight, never bound a room): drag a
rectangle to place one, or click an empty tile for a one-tile pillar. Windows (they block
movement, not sight): drag a line along the tile edges, as a wall. In both modes a click on an
object or window selects it, Delete (or Backspace) removes the selection and a right-click
removes the one under the mouse. Each placement or removal is one undo step.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt

from drase_desktop.board.map_features import MapObject, Window, rectangle_object
from drase_desktop.encounter.map_edits import MapEdit, MapEditError, nearest_segment
from drase_desktop.ui.editor.edge_drag_tool import PICK_TILES, EdgeDragTool
from drase_desktop.ui.editor.tools import Point, ToolOptions


def _inside(point: Point, outline: tuple[Point, ...]) -> bool:
    """Is `point` inside the closed outline (even-odd rule)?"""
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1], strict=False):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _gap_to_outline(point: Point, item: MapObject) -> float:
    best = math.inf
    for (ax, ay), (bx, by) in item.segments():
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / length2))
        best = min(best, math.hypot(point[0] - ax - t * dx, point[1] - ay - t * dy))
    return best


def object_at(battle_map: Any, point: Point) -> int | None:
    """The index of the object under `point` (inside it, or within a pick of its outline)."""
    best: tuple[float, int] | None = None
    for index, item in enumerate(battle_map.objects):
        gap = 0.0 if _inside(point, item.points) else _gap_to_outline(point, item)
        if gap <= PICK_TILES and (best is None or gap < best[0]):
            best = (gap, index)
    return None if best is None else best[1]


class ObjectTool(EdgeDragTool):
    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene, options)
        self._corner: Point | None = None  # the dragged corner of an object's rectangle

    @property
    def window_mode(self) -> bool:
        return self.options.mode == "window"

    @property
    def _features(self) -> Any:
        return self._scene.feature_layer

    # -- the gesture -------------------------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        point = self._tile_point(pos)
        if button == Qt.MouseButton.RightButton:
            found = self._picked(point)
            if found is None:
                self.statusMessage.emit("No object or window there to remove")
            else:
                self._remove(found)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        start = self._corner = self._begin_drag(point)
        if self.window_mode:
            self.line = (start, start)
        self.previewChanged.emit()
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        point = self._snapped(self._tile_point(pos))
        self.hover = point if self.window_mode else None
        if self._start is not None:
            if self.window_mode:
                self.line = (self._start, self._along_grid(self._start, point))
            else:
                self._corner = point
        self.previewChanged.emit()

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton or self._start is None:
            return button == Qt.MouseButton.RightButton
        point, start, clicked = self._finish_drag(pos)
        end = self._snapped(point)
        if clicked:
            self._click(point)
            return True
        try:
            if self.window_mode:
                end = self._along_grid(start, end)
                if start == end:
                    return True
                self._place(Window(start, end), "Draw window")
            else:
                self._place(rectangle_object(start[0], start[1], end[0], end[1]), "Place object")
        except (MapEditError, ValueError) as error:
            self.statusMessage.emit(str(error))
        return True

    def key(self, key: int, modifiers: Any) -> bool:
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            selected = self._features.selected
            if selected is None:
                self.statusMessage.emit("Click an object or window first, then Delete removes it")
            else:
                self._remove(selected)
            return True
        return super().key(key, modifiers)

    def cancel(self) -> None:
        self._corner = None
        super().cancel()

    def preview_tiles(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The tiles the object being dragged covers (the overlay draws their box)."""
        if self.window_mode or self._start is None or self._corner is None:
            return None
        (x0, y0), (x1, y1) = self._start, self._corner
        left, right = sorted((x0, x1))
        top, bottom = sorted((y0, y1))
        return (
            (math.floor(left), math.floor(top)),
            (
                max(math.floor(left), math.ceil(right) - 1),
                max(math.floor(top), math.ceil(bottom) - 1),
            ),
        )

    # -- what a gesture does -----------------------------------------------------------------
    def _picked(self, point: Point) -> tuple[str, int] | None:
        battle_map = self._scene.battle_map
        window = nearest_segment(battle_map, point, PICK_TILES, kinds=("windows",))
        if window is not None:
            return window
        index = object_at(battle_map, point)
        return None if index is None else ("objects", index)

    def _click(self, point: Point) -> None:
        found = self._picked(point)
        if found is not None:
            self._features.select(found)
            what = "window" if found[0] == "windows" else "object"
            self.statusMessage.emit(f"Selected the {what}: Delete removes it")
            return
        self._features.select(None)
        if self.window_mode:
            self.statusMessage.emit("Drag along a tile edge to draw a window")
            return
        x, y = math.floor(point[0]), math.floor(point[1])
        self._place(rectangle_object(x, y, x + 1, y + 1), "Place pillar")

    def _place(self, item: MapObject | Window, description: str) -> None:
        edit = MapEdit(self._scene.battle_map, description)
        edit.add(item)
        self._push(edit)
        kind = "windows" if isinstance(item, Window) else "objects"
        self._features.select((kind, len(getattr(self._scene.battle_map, kind)) - 1))

    def _remove(self, found: tuple[str, int]) -> None:
        kind, index = found
        battle_map = self._scene.battle_map
        items = getattr(battle_map, kind)
        if not 0 <= index < len(items):
            self._features.select(None)
            return
        edit = MapEdit(battle_map, "Remove window" if kind == "windows" else "Remove object")
        edit.remove(items[index])
        self._features.select(None)
        self._push(edit)
