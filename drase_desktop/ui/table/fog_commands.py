"""Fog of war changes as undo steps, and the one signal that says the fog changed.

The encounter model is the window engineer's; rather than grow it, the fog keeps a small
`FogController` beside it (one per model, a child QObject found with `fog_controller(model)`).
Fog operations run at once and return `FogChange`s (see `encounter/fog.py`); `FogCommand` wraps
one gesture's changes, so a brush stroke of fifty dabs is one Ctrl+Z.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from drase_desktop.encounter.fog import Fog, FogChange, fog_of, player_viewers


class FogController(QObject):
    """`fogChanged()` after any reveal, hide, undo or redo of the fog, or a new encounter."""

    fogChanged = Signal()

    def __init__(self, model: Any) -> None:
        super().__init__(model)
        self.setObjectName("fogController")
        self.model = model
        model.encounterReplaced.connect(self.fogChanged)
        # A resized map resizes its fog (fog_of fits it) before anyone paints it.
        model.mapChanged.connect(self._on_map_changed)

    @property
    def fog(self) -> Fog:
        return fog_of(self.model.encounter)

    def _on_map_changed(self) -> None:
        fog_of(self.model.encounter)
        self.fogChanged.emit()

    def apply(self, operation: Callable[[Fog], FogChange], text: str = "") -> FogChange | None:
        """Run one fog operation as one undo step (none when it changed no tile). A refusal
        raises its ValueError (FogError) and pushes nothing."""
        change = operation(self.fog)
        return self.push([change], text) and change

    def push(self, changes: Sequence[FogChange], text: str = "") -> bool:
        """Keep already-applied changes as one undo step; False (nothing pushed) if empty."""
        changes = [change for change in changes if change.count]
        if not changes:
            return False
        self.model.undo_stack.push(FogCommand(self, changes, text or changes[0].description))
        return True

    def reveal_seen(self) -> FogChange | None:
        """Reveal what the players' tokens can see now."""
        encounter = self.model.encounter
        return self.apply(
            lambda fog: fog.reveal_seen(encounter.battle_map, player_viewers(encounter))
        )


class FogCommand(QUndoCommand):
    def __init__(self, controller: FogController, changes: Sequence[FogChange], text: str) -> None:
        super().__init__(text)
        self._controller = controller
        self.changes = list(changes)

    def redo(self) -> None:
        for change in self.changes:
            change.redo()
        self._controller.fogChanged.emit()

    def undo(self) -> None:
        for change in reversed(self.changes):
            change.undo()
        self._controller.fogChanged.emit()


def fog_controller(model: Any) -> FogController:
    """The model's fog controller, made on first use."""
    found = model.findChild(FogController, "fogController")
    return found if found is not None else FogController(model)
