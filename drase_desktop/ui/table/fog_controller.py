"""The fog of war's controller: runs fog operations as undo steps and says when the fog changed.

One per model, a child QObject found with `fog_controller(model)`. Fog operations run at once and
return `FogChange`s (see `encounter/fog.py`); one gesture's changes become one `FogCommand` on the
model's undo stack (the same command type as every other change), so a brush stroke of fifty dabs
is one Ctrl+Z. `fogChanged` follows the model's own `fogChanged` (undo, redo, a new encounter) and
also fires for the live dabs of a gesture still in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from drase_desktop.encounter.fog import Fog, FogChange, Progress, fog_of, player_viewers
from drase_desktop.ui.commands import FogCommand, RevealAfterMoveCommand


class FogController(QObject):
    """`fogChanged()` after any reveal, hide, undo or redo of the fog, or a new encounter."""

    fogChanged = Signal()

    def __init__(self, model: Any) -> None:
        super().__init__(model)
        self.setObjectName("fogController")
        self.model = model
        model.fogChanged.connect(self.fogChanged)
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
        return change if self.push([change], text) else None

    def push(
        self, changes: Sequence[FogChange], text: str = "", *, after_move: bool = False
    ) -> bool:
        """Keep already-applied changes as one undo step; False (nothing pushed) if empty.
        `after_move`: they follow the move just made and join its undo step."""
        changes = [change for change in changes if change.count]
        if not changes:
            return False
        kind = RevealAfterMoveCommand if after_move else FogCommand
        self.model.undo_stack.push(kind(self.model, changes, text or changes[0].description))
        return True

    def reveal_seen(
        self, progress: Progress | None = None, *, after_move: bool = False
    ) -> FogChange | None:
        """Reveal what the players' tokens can see now, as far as the encounter's sight range
        (and the light) lets them; `progress` may stop it (RevealCancelled, fog unchanged).
        `after_move`: a reveal as the players move, part of the move's one undo step."""
        encounter = self.model.encounter
        change = self.fog.reveal_seen(
            encounter.battle_map,
            player_viewers(encounter),
            radius=encounter.settings.sight_range,
            progress=progress,
        )
        return change if self.push([change], after_move=after_move) else None


def fog_controller(model: Any) -> FogController:
    """The model's fog controller, made on first use."""
    found = model.findChild(FogController, "fogController")
    return found if found is not None else FogController(model)
