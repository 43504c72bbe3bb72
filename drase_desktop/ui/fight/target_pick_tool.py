"""Picking an attack's target on the map, as a map tool like every other: the scene's tool
manager hands it the map's clicks, its cross cursor shows while it is on, and Esc (or choosing
another tool) returns to Move.

A left click on a token hands its id to `picked`, which says whether to go on picking (an area
attack's extra targets) or stop; a click beside every token is used and does nothing, so it
never selects or drags anything while the GM is aiming."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal

from drase_desktop.ui.map.tool import Tool


class TargetPickTool(Tool):
    """`picked(id) -> bool` gets each token clicked and returns whether to keep picking;
    `finished` is emitted when the tool hands the map back (picked, Esc, another tool)."""

    cursor_shape = Qt.CursorShape.CrossCursor
    finished = Signal()

    def __init__(self, scene: Any, picked: Callable[[str], bool]) -> None:
        super().__init__(scene)
        self._picked = picked

    @property
    def name(self) -> str:
        return "Pick target"

    def status_text(self) -> str:
        return "Pick the target: click its token (Esc returns to Move)"

    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        item = self._scene.token_at(pos)
        if item is not None and not self._picked(item.combatant_id):
            self.hand_back_the_map()
        return True

    def take_the_map(self) -> None:
        """Become the map's tool (the one before it, Move or another, steps down)."""
        self._scene.tools.activate(self)

    def hand_back_the_map(self) -> None:
        """Return the map to Move, if this tool still has it."""
        if self._scene.tools.active is self:
            self._scene.tools.return_to_move()

    def deactivate(self) -> None:
        super().deactivate()
        self.finished.emit()
