"""Undo commands for map making: one stroke, one wall, one resize = one undo step.

The gesture has already changed the map when its command is built (the GM watched it happen),
so `push()`'s first `redo()` re-applies nothing new (MapEdit.redo is idempotent) and only tells
the views the map changed; undo and redo after that swap the whole gesture.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from drase_desktop.encounter.map_edits import MapEdit, MapReplacement


class MapEditCommand(QUndoCommand):
    def __init__(self, model: Any, edit: MapEdit, text: str | None = None) -> None:
        super().__init__(text or edit.description)
        self._model = model
        self.edit = edit

    def redo(self) -> None:
        self.edit.redo()
        self._model.notify(map=True)

    def undo(self) -> None:
        self.edit.undo()
        self._model.notify(map=True)


class MapReplaceCommand(QUndoCommand):
    """A resize or an imported image: the map object itself is replaced, tokens shifted."""

    def __init__(self, model: Any, change: MapReplacement) -> None:
        super().__init__(change.description)
        self._model = model
        self.change = change

    def redo(self) -> None:
        self.change.redo()
        self._model.notify(self.change.changed_ids, map=True)

    def undo(self) -> None:
        self.change.undo()
        self._model.notify(self.change.changed_ids, map=True)
