"""Undo commands: one QUndoCommand per GM gesture, each over one core operation.

An encounter operation (`Encounter.move`, `.set_hp`, `.advance`, ...) runs at once, changes the
encounter and returns a `Change` that can take itself back. `ChangeCommand` wraps one `Change`:
the operation has already run when the command is built, so a refused operation raises its
ValueError before anything reaches the undo stack, and `push()`'s first `redo()` is a no-op
re-apply (Change.redo is idempotent). Commands change only the model; views follow its signals.

Map edits (terrain, height, cover of a tile) are not encounter operations: the battle map is not
part of an encounter snapshot, so `TileEditCommand` keeps the old values itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.ui.encounter_model import EncounterModel

Position = tuple[int, int]


class ChangeCommand(QUndoCommand):
    """One encounter operation as one undo step."""

    def __init__(self, model: EncounterModel, change: Change, text: str | None = None) -> None:
        description = text or change.description
        # text() stays as written; the Undo/Redo menu text doubles "&" so Qt shows it, not a
        # keyboard accelerator ("gm & players: Movement").
        super().__init__(f"{description}\n{description.replace('&', '&&')}")
        self._model = model
        self.change = change

    @classmethod
    def run(
        cls, model: EncounterModel, operation: Callable[[Encounter], Change], text: str = ""
    ) -> ChangeCommand:
        """Run `operation` on the model's encounter (raises, changing nothing, if refused)."""
        return cls(model, operation(model.encounter), text or None)

    @property
    def result(self) -> Any:
        return self.change.result

    def redo(self) -> None:
        self.change.redo()
        self._notify()

    def undo(self) -> None:
        self.change.undo()
        self._notify()

    def _notify(self) -> None:
        self._model.notify(
            self.change.changed_ids,
            round=self.change.round_changed,
            # A redo re-appends and an undo cuts back the entries, even when no combatant changed.
            log=True,
        )


class MoveTokenCommand(ChangeCommand):
    """Move a combatant along `path` (start tile first, destination last).

    Building it runs the move: an illegal move (beyond the remaining speed, blocked, occupied,
    through a wall) raises `EncounterError` with the reason and changes nothing. `forced` is the
    GM's override (a push, a fall): no speed check and no movement spent. Push it right away.
    """

    def __init__(
        self,
        model: EncounterModel,
        combatant_id: str,
        path: Sequence[Position],
        forced: bool = False,
    ) -> None:
        change = model.encounter.move(combatant_id, list(path), forced=forced)
        super().__init__(model, change)
        self.combatant_id = combatant_id
        self.path = [tuple(p) for p in path]
        self.forced = forced


class TileEditCommand(QUndoCommand):
    """Set a tile's terrain, height and/or cover on the battle map (None leaves one as it is)."""

    def __init__(
        self,
        model: EncounterModel,
        pos: Position,
        *,
        terrain: str | None = None,
        elevation: int | None = None,
        cover: str | None = None,
    ) -> None:
        battle_map = model.encounter.battle_map
        if not battle_map.in_bounds(pos):
            raise ValueError(f"Tile {pos} is off the map")
        super().__init__(f"Edit tile {pos}")
        self._model = model
        self._pos = pos
        self._new = {"terrain": terrain, "elevation": elevation, "cover": cover}
        self._old = {
            "terrain": battle_map.terrain(pos),
            "elevation": battle_map.elevation(pos),
            "cover": battle_map.cover_feature(pos),
        }
        # Apply once now so a bad value raises here, before the stack holds the command.
        try:
            self._apply(self._new)
        except ValueError:
            self._apply(self._old)
            raise

    def _apply(self, values: dict[str, Any]) -> None:
        battle_map = self._model.encounter.battle_map
        if values["terrain"] is not None:
            battle_map.set_terrain(self._pos, values["terrain"])
        if values["elevation"] is not None:
            battle_map.set_elevation(self._pos, values["elevation"])
        if values["cover"] is not None:
            battle_map.set_cover(self._pos, values["cover"])

    def redo(self) -> None:
        self._apply(self._new)
        self._model.notify(map=True)

    def undo(self) -> None:
        self._apply(self._old)
        self._model.notify(map=True)
