"""Light sources: a click puts a light in the middle of a tile with the palette's radius (Shift:
exactly where clicked); dragging a light moves it; a right-click removes the nearest one.
Bright light reaches the radius, dim light twice that (ruling 23)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt

from drase_desktop.board import Light
from drase_desktop.encounter.map_edits import MapEdit, MapEditError, nearest_light
from drase_desktop.ui.editor.edge_drag_tool import snap_point
from drase_desktop.ui.editor.tools import EditorTool, Point, ToolOptions

PICK_TILES = 0.45


class LightTool(EditorTool):
    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene, options)
        self._moving: int | None = None
        self.hover: Point | None = None
        self.moved_to: Point | None = None

    @property
    def busy(self) -> bool:
        return self._moving is not None

    @property
    def ghost(self) -> Point | None:
        """Where a light would go (or the dragged one moves to): the overlay draws it there."""
        return self.moved_to if self._moving is not None else self.hover

    def _point(self, pos: QPointF, modifiers: Any) -> Point:
        x, y = self._tile_point(pos)
        if modifiers & Qt.KeyboardModifier.ShiftModifier:
            return snap_point((x, y), "free")
        return (math.floor(x) + 0.5, math.floor(y) + 0.5)

    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        raw = self._tile_point(pos)
        battle_map = self._scene.battle_map
        if button == Qt.MouseButton.RightButton:
            index = nearest_light(battle_map, raw, PICK_TILES)
            if index is None:
                self.statusMessage.emit("No light there to remove")
                return True
            edit = MapEdit(battle_map, "Remove light")
            edit.remove(battle_map.lights[index])
            self._push(edit)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        self._moving = nearest_light(battle_map, raw, PICK_TILES)
        self.moved_to = None
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        self.hover = self._point(pos, modifiers)
        if self._moving is not None:
            self.moved_to = self.hover
        self.previewChanged.emit()

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return button == Qt.MouseButton.RightButton
        battle_map = self._scene.battle_map
        point = self._point(pos, modifiers)
        moving, self._moving = self._moving, None
        self.moved_to = None
        self.previewChanged.emit()
        if moving is not None:
            old = battle_map.lights[moving]
            if old.position == point:
                return True
            edit = MapEdit(battle_map, "Move light")
            edit.remove(old)
            new = Light(point, old.radius)
        else:
            edit = MapEdit(battle_map, "Place light")
            new = Light(point, self.options.light_radius)
        try:
            edit.add(new)
        except MapEditError as error:
            edit.undo()
            self.statusMessage.emit(str(error))
            return True
        self._push(edit)
        if battle_map.ambient_light == "bright":
            self.statusMessage.emit(
                "The map is in bright light: set the ambient light to dim or dark to see lights"
            )
        return True

    def cancel(self) -> None:
        self._moving = None
        self.moved_to = None
        self.previewChanged.emit()
