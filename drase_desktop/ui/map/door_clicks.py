"""Doors from the map in play: which door a click hits, open or close it, lock or unlock it, and
the door's right-click menu.

The core decides everything about the door (`door_operations`): who opens it, whether it is
locked, the log line. The window only finds the door under the mouse, generously enough to be
hit at laptop zoom (at least `PICK_PIXELS` on screen from its line), and pushes one undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu, QWidget

from drase_desktop.encounter.door_operations import (
    DOOR_PICK_TILES,
    door_at,
    door_words,
    toggle_door,
)
from drase_desktop.encounter.map_edits import MapEdit
from drase_desktop.refusal import Refusal
from drase_desktop.ui.commands import DoorCommand, MapEditCommand

# A door is hit within this many screen pixels of its line, however far the map is zoomed out.
PICK_PIXELS = 9.0


def pick_tiles(scene: Any) -> float:
    """How near (in tiles) to a door's line a click picks it in the scene's first view."""
    views = scene.views()
    tile_pixels = scene.geometry.length(1) * (views[0].transform().m11() if views else 1.0)
    return max(DOOR_PICK_TILES, PICK_PIXELS / max(tile_pixels, 1e-6))


def door_under(scene: Any, pos: QPointF) -> int | None:
    """The index of the door under scene point `pos`, if any."""
    corner = scene.geometry.scene_to_corner(pos)
    return door_at(scene.battle_map, corner, pick_tiles(scene))


def open_or_close_door(model: Any, index: int) -> str | None:
    """The GM's click on door `index`: open it when closed, close it when open, as one undo
    step; the selected creature is named when it stands beside the door. Returns the log line,
    or None when refused (the model says why)."""
    try:
        toggle = toggle_door(model.encounter, index, model.selected_id or None)
    except Refusal as error:
        model.refused.emit(str(error))
        return None
    model.push(DoorCommand(model, toggle))
    return toggle.description


def set_door_locked(model: Any, index: int, locked: bool) -> str | None:
    """Lock door `index` (only the GM opens it then) or unlock it, as one undo step."""
    battle_map = model.encounter.battle_map
    if not 0 <= index < len(battle_map.doors):
        return None
    words = door_words(battle_map.doors[index])
    edit = MapEdit(battle_map, f"{'Lock' if locked else 'Unlock'} {words}")
    try:
        edit.set_door_locked(index, locked)
    except Refusal as error:
        model.refused.emit(str(error))
        return None
    if edit.empty:
        return None
    model.push(MapEditCommand(model, edit))
    return edit.description


class DoorMenu(QMenu):
    """The right-click menu of one door: open or close it, lock or unlock it."""

    def __init__(self, model: Any, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("doorMenu")
        self.model = model
        self.index = index
        door = model.encounter.battle_map.doors[index]
        title = self.addAction(door_words(door).capitalize())
        title.setEnabled(False)
        self.addSeparator()
        toggle = self.addAction("Close door" if not door.closed else "Open door")
        toggle.setObjectName("doorToggleAction")
        toggle.setShortcut("O")  # shown only: O over a door works through the map's tool
        toggle.triggered.connect(lambda: open_or_close_door(model, index))
        lock = self.addAction("Unlock door" if door.locked else "Lock door (only the GM opens it)")
        lock.setObjectName("doorLockAction")
        lock.triggered.connect(lambda: set_door_locked(model, index, not door.locked))
