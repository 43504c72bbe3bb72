"""Walls and doors: drag a line on the tile edges (snapped to corners, straight along the grid)
or a free line; a click on a door opens or closes it, Ctrl+click locks or unlocks it (a locked
door opens only by the GM); a right-click removes the nearest wall or door. Each line, toggle or
removal is one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt

from drase_desktop.board import Door, Wall
from drase_desktop.encounter.map_edits import MapEdit, MapEditError, nearest_segment
from drase_desktop.ui.editor.edge_drag_tool import PICK_TILES, EdgeDragTool
from drase_desktop.ui.editor.tools import Point

# Ctrl+click on a door locks or unlocks it.
LOCK_MODIFIER = Qt.KeyboardModifier.ControlModifier


class WallTool(EdgeDragTool):
    @property
    def door_mode(self) -> bool:
        return self.options.mode == "door"

    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        point = self._tile_point(pos)
        if button == Qt.MouseButton.RightButton:
            self._remove_near(point)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        start = self._begin_drag(point)
        self.line = (start, start)
        self.previewChanged.emit()
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        self.hover = self._snapped(self._tile_point(pos))
        if self._start is not None:
            self.line = (self._start, self._along_grid(self._start, self.hover))
        self.previewChanged.emit()

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton or self._start is None:
            return button == Qt.MouseButton.RightButton
        point, start, clicked = self._finish_drag(pos)
        end = self._along_grid(start, self._snapped(point))
        if clicked:
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
