"""Undo commands: one QUndoCommand per GM gesture, each over one core operation.

Commands change only the encounter; views follow the model's signals (never written to here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from drase_desktop.ui.encounter_model import EncounterModel

Position = tuple[int, int]


class MoveTokenCommand(QUndoCommand):
    """Move a combatant along `path` (start tile first, destination last).

    `forced` marks a move the GM made past the rules (a push, a fall, an override): it is not
    checked against speed and does not spend the combatant's movement.
    """

    def __init__(
        self,
        model: EncounterModel,
        combatant_id: str,
        path: Sequence[Position],
        forced: bool = False,
    ) -> None:
        combatant = model.encounter.combatants[combatant_id]
        if not path:
            raise ValueError(f"{combatant.name}: a move needs at least one tile")
        super().__init__(f"{'Force-move' if forced else 'Move'} {combatant.name}")
        self._model = model
        self._id = combatant_id
        self._path = [tuple(p) for p in path]
        self._forced = forced
        self._before: Position | None = combatant.position

    @property
    def destination(self) -> Position:
        return self._path[-1]

    def redo(self) -> None:
        self._model.encounter.combatants[self._id].position = self.destination
        self._model.notify([self._id])

    def undo(self) -> None:
        self._model.encounter.combatants[self._id].position = self._before
        self._model.notify([self._id])
