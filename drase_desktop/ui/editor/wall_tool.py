"""Walls and doors: drag a line on the tile edges (snapped to corners, straight along the grid)
or a free line; a click on a door opens or closes it, Ctrl+click locks or unlocks it (a locked
door opens only by the GM); a right-click removes the nearest wall or door. Each line, toggle or
removal is one undo step."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt

from drase_desktop.board import Door, Wall
from drase_desktop.encounter.map_edits import MapEdit, MapEditError, nearest_segment
from drase_desktop.ui.editor.tools import EditorTool, Point, ToolOptions

# How near (in tiles) a click must be to a wall or door to pick it.
PICK_TILES = 0.3
# Ctrl+click on a door locks or unlocks it.
LOCK_MODIFIER = Qt.KeyboardModifier.ControlModifier
# Free lines snap to this fraction of a tile, so files hold tidy numbers.
FREE_STEP = 1 / 16


def snap_point(point: Point, snap: str) -> Point:
    """A tile-corner point for "edges", or the point rounded to 1/16 tile for "free"."""
    if snap == "edges":
        return (float(round(point[0])), float(round(point[1])))
    return (round(point[0] / FREE_STEP) * FREE_STEP, round(point[1] / FREE_STEP) * FREE_STEP)


def constrained_end(start: Point, end: Point, snap: str) -> Point:
    """On tile edges a line runs along the grid: the longer direction of the drag wins."""
    if snap != "edges":
        return end
    if abs(end[0] - start[0]) >= abs(end[1] - start[1]):
        return (end[0], start[1])
    return (start[0], end[1])


class WallTool(EditorTool):
    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene, options)
        self._start: Point | None = None
        self._press_point: Point | None = None
        self.line: tuple[Point, Point] | None = None
        self.hover: Point | None = None

    @property
    def door_mode(self) -> bool:
        return self.options.mode == "door"

    @property
    def busy(self) -> bool:
        return self._start is not None

    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        point = self._tile_point(pos)
        if button == Qt.MouseButton.RightButton:
            self._remove_near(point)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        self._press_point = point
        self._start = snap_point(point, self.options.wall_snap)
        self.line = (self._start, self._start)
        self.previewChanged.emit()
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        point = self._tile_point(pos)
        snap = self.options.wall_snap
        self.hover = snap_point(point, snap)
        if self._start is not None:
            self.line = (self._start, constrained_end(self._start, self.hover, snap))
        self.previewChanged.emit()

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton or self._start is None:
            return button == Qt.MouseButton.RightButton
        point = self._tile_point(pos)
        start = self._start
        end = constrained_end(
            start, snap_point(point, self.options.wall_snap), self.options.wall_snap
        )
        pressed = self._press_point
        self._start = self._press_point = None
        self.line = None
        self.previewChanged.emit()
        if pressed is not None and math.dist(pressed, point) < PICK_TILES:
            # A click, not a drag: on a door it opens or closes it (Ctrl: locks or unlocks it).
            self._toggle_door_near(point, lock=bool(modifiers & LOCK_MODIFIER))
            return True
        if start == end:
            return True
        edit = MapEdit(self._scene.battle_map, "Draw door" if self.door_mode else "Draw wall")
        try:
            if self.door_mode:
                edit.add(Door(start, end, closed=True, locked=self.options.door_locked))
            else:
                edit.add(Wall(start, end))
        except (MapEditError, ValueError) as error:
            self.statusMessage.emit(str(error))
            return True
        self._push(edit)
        return True

    def cancel(self) -> None:
        self._start = self._press_point = None
        self.line = None
        self.previewChanged.emit()

    def _toggle_door_near(self, point: Point, *, lock: bool = False) -> None:
        found = nearest_segment(self._scene.battle_map, point, PICK_TILES, kinds=("doors",))
        if found is None:
            if self.door_mode:
                self.statusMessage.emit(
                    "Drag along a tile edge to draw a door; click one to open it"
                )
            return
        door = self._scene.battle_map.doors[found[1]]
        if lock:
            edit = MapEdit(self._scene.battle_map, "Unlock door" if door.locked else "Lock door")
            edit.set_door_locked(found[1], not door.locked)
        else:
            edit = MapEdit(self._scene.battle_map, "Open door" if door.closed else "Close door")
            edit.toggle_door(found[1])
        self._push(edit)

    def _remove_near(self, point: Point) -> None:
        battle_map = self._scene.battle_map
        found = nearest_segment(battle_map, point, PICK_TILES)
        if found is None:
            self.statusMessage.emit("No wall or door there to remove")
            return
        kind, index = found
        edit = MapEdit(battle_map, "Remove door" if kind == "doors" else "Remove wall")
        edit.remove(getattr(battle_map, kind)[index])
        self._push(edit)
