"""Undo: one command type, `ModelCommand`, on the model's one stack, whatever a GM changed.

Every change reaches the undo stack as a *step*: a core object that has already changed the
model and can take itself back (`redo()`/`undo()`, both idempotent), paired with `Effects`, the
parts of the model it touches. The encounter's operations return a `Change` (snapshot undo), a map
gesture a `MapEdit`, a resize or picture import a `MapReplacement`, a fog gesture `FogChange`s.
A player's move and the reveal of what the players then see merge into the move's one command.
`ModelCommand` hands the step to the model (`EncounterModel.replay`), which runs it and emits
its own signals for the effects: no command emits or notifies anything by hand, and views follow
the model's signals only.

A step's operation has already run when its command is built, so a refused operation raises its
ValueError before anything reaches the stack, and `push()`'s first `redo()` is a no-op re-apply.
The classes below `ModelCommand` only name how a step is built for each kind of change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QUndoCommand

from drase_desktop.encounter.map_edits import MapEdit
from drase_desktop.refusal import Refusal

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.door_operations import DoorToggle
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.encounter.fog import FogChange
    from drase_desktop.encounter.map_edits import MapReplacement
    from drase_desktop.encounter.map_swap import MapSwap
    from drase_desktop.ui.encounter_model import EncounterModel

Position = tuple[int, int]


class Step(Protocol):
    """A change already applied to the model that can take itself back (idempotently)."""

    def redo(self) -> None: ...

    def undo(self) -> None: ...


@dataclass(frozen=True)
class Effects:
    """What a step touches, so the model knows which of its signals to emit."""

    combatants: tuple[str, ...] = ()
    map: bool = False
    round: bool = False
    log: bool = False
    fog: bool = False


class StepsInTurn:
    """Several steps as one: redone in order, undone in reverse (a move and its reveal)."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = list(steps)

    def redo(self) -> None:
        for step in self.steps:
            step.redo()

    def undo(self) -> None:
        for step in reversed(self.steps):
            step.undo()


class FogSteps(StepsInTurn):
    """One fog gesture's changes (a brush stroke of fifty dabs) as one step."""

    def __init__(self, changes: Sequence[FogChange]) -> None:
        super().__init__(changes)


# Qt merges a pushed command into the one on top when both have this id and the top accepts.
MOVE_AND_REVEAL = 1


@dataclass(frozen=True)
class ChangeDone:
    """What a change the GM (or a player's phone) just made did, as `EncounterModel.changeDone`
    says it: listeners react to the change itself, never by reading the undo stack."""

    description: str
    moved: str = ""  # the combatant a move moved (a drag, an arrow key, a touch move)
    forced: bool = False  # the move was the GM's override (no speed spent)
    door: bool = False  # a door was opened or closed: the players may see more, or less


class ModelCommand(QUndoCommand):
    """One GM gesture as one undo step: a step and what it touches."""

    def __init__(
        self, model: EncounterModel, step: Step, effects: Effects, description: str
    ) -> None:
        # text() stays as written; the Undo/Redo menu text doubles "&" so Qt shows it, not a
        # keyboard accelerator ("gm & players: Movement").
        super().__init__(f"{description}\n{description.replace('&', '&&')}")
        self._model = model
        self.step = step
        self.effects = effects
        self.description = description

    @property
    def done(self) -> ChangeDone:
        """What the change did, said once it is pushed (not on a redo)."""
        return ChangeDone(self.description)

    def redo(self) -> None:
        self._model.replay(self.step, self.effects, forward=True)

    def undo(self) -> None:
        self._model.replay(self.step, self.effects, forward=False)


class ChangeCommand(ModelCommand):
    """An encounter operation's `Change`."""

    def __init__(self, model: EncounterModel, change: Change, text: str | None = None) -> None:
        effects = Effects(
            combatants=tuple(change.changed_ids),
            round=change.round_changed,
            # A redo re-appends and an undo cuts back the entries, even when no combatant changed.
            log=True,
        )
        super().__init__(model, change, effects, text or change.description)
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


class RevealMergesIn(ModelCommand):
    """A change after which what the players now see is revealed right away (a move, a door):
    that reveal merges into this command, so one undo step takes back both. Only one reveal,
    and nothing else, merges."""

    revealed = False

    def id(self) -> int:
        return MOVE_AND_REVEAL

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, RevealAfterMoveCommand) or self.revealed:
            return False
        self.step = StepsInTurn([self.step, other.step])
        self.effects = replace(self.effects, fog=True)
        self.revealed = True
        return True


class MoveTokenCommand(RevealMergesIn, ChangeCommand):
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

    @property
    def done(self) -> ChangeDone:
        return ChangeDone(self.description, moved=self.combatant_id, forced=self.forced)


class DoorCommand(RevealMergesIn):
    """A door opened or closed in play (`toggle_door`): the map's door and its log line. What
    the players then see through it, revealed right after, merges into this one undo step."""

    def __init__(self, model: EncounterModel, toggle: DoorToggle) -> None:
        super().__init__(model, toggle, Effects(map=True, log=True), toggle.description)
        self.toggle = toggle

    @property
    def done(self) -> ChangeDone:
        return ChangeDone(self.description, door=True)


class TileEditCommand(ModelCommand):
    """Set a tile's terrain, height and/or cover on the battle map (None leaves one as it is).

    Building it applies the values; a bad value raises (MapEditError) and changes nothing."""

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
        edit = MapEdit(battle_map, f"Edit tile {pos}")
        values = {"terrain": terrain, "elevation": elevation, "cover": cover}
        try:
            for layer, value in values.items():
                if value is not None:
                    edit.paint(layer, [pos], value)
        except Refusal:
            edit.revert()
            raise
        super().__init__(model, edit, Effects(map=True), edit.description)
        self.edit = edit


class MapEditCommand(ModelCommand):
    """One map-making gesture: a stroke, a wall, a light."""

    def __init__(self, model: EncounterModel, edit: MapEdit, text: str | None = None) -> None:
        super().__init__(model, edit, Effects(map=True), text or edit.description)
        self.edit = edit


class MapReplaceCommand(ModelCommand):
    """A resize or an imported image: the map object itself is replaced, tokens shifted."""

    def __init__(self, model: EncounterModel, change: MapReplacement) -> None:
        effects = Effects(combatants=tuple(change.changed_ids), map=True)
        super().__init__(model, change, effects, change.description)
        self.change = change


class MapSwapCommand(ModelCommand):
    """Another map under the running fight (`MapSwap`): the map, the tokens it moved off, and
    the fog, which starts anew on the new ground."""

    def __init__(self, model: EncounterModel, swap: MapSwap) -> None:
        effects = Effects(combatants=tuple(swap.changed_ids), map=True, fog=True)
        super().__init__(model, swap, effects, swap.description)
        self.swap = swap


class FogCommand(ModelCommand):
    """One fog gesture: its already-applied changes."""

    def __init__(self, model: EncounterModel, changes: Sequence[FogChange], text: str) -> None:
        super().__init__(model, FogSteps(changes), Effects(fog=True), text)
        self.changes = list(changes)


class RevealAfterMoveCommand(FogCommand):
    """The reveal of what the players see, made after a player's move: pushed right after the
    move, it merges into the move's command, one undo step for both."""

    def id(self) -> int:
        return MOVE_AND_REVEAL
