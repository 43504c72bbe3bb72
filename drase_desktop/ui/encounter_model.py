"""The Qt adapter over an `Encounter`: core changes become signals, GM changes become undo steps.

The core emits nothing. Every change goes through the model: an undo command hands it a step and
what the step touches (`replay`), and the model runs the step and emits its own signals for it;
a gesture taken back before it reached the stack goes through `take_back`. Views only listen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.round_marks import RoundMarks, RoundMarksReader
from drase_desktop.refusal import Refusal
from drase_desktop.ui.commands import ChangeCommand, Effects, ModelCommand, Step


class EncounterModel(QObject):
    """Wraps one `Encounter` at a time; the window swaps encounters with `set_encounter`.

    Signals:
    - `combatantsChanged(list)`: ids of combatants that changed, were added or were removed (look
      each up in `encounter.combatants`; a missing id was removed).
    - `mapChanged()`: the battle map (terrain, walls, lights...) changed or was replaced.
    - `roundChanged()`: round, phase or declarations changed.
    - `logChanged()`: entries were added to or removed from the encounter's log.
    - `selectionChanged(str)`: the selected combatant id, or "" for none.
    - `tileSelectionChanged()`: the selected tile (for the inspector) changed.
    - `fogChanged()`: the fog of war changed (a reveal, a hide, or their undo).
    - `encounterReplaced()`: a different encounter is open (also emits every signal above).
    - `refused(str)`: a GM change the rules refused, with the reason (for the status bar).
    - `changeDone(ChangeDone)`: a change was made and pushed onto the undo stack, with what it
      did (a move names its mover); not emitted by undo or redo.

    Selection: the map view calls `select(id)` when a token is clicked and `select_tile(pos)` when
    an empty tile is clicked (the inspector then shows that tile); docks do the same.
    """

    combatantsChanged = Signal(list)
    mapChanged = Signal()
    roundChanged = Signal()
    logChanged = Signal()
    fogChanged = Signal()
    selectionChanged = Signal(str)
    tileSelectionChanged = Signal()
    encounterReplaced = Signal()
    refused = Signal(str)
    changeDone = Signal(object)

    def __init__(self, encounter: Encounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._encounter = encounter
        self._selected_id = ""
        self._selected_tile: tuple[int, int] | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(0)  # unlimited: nothing a GM did is lost
        self._marks: RoundMarksReader | None = None

    def round_marks(self, combatant_id: str) -> RoundMarks:
        """A combatant's marks for the round (round_marks), worked out once per change however
        many views show them: the combatants list and the map's tokens read the same."""
        if self._marks is None:
            self._marks = RoundMarksReader(self._encounter)
        return self._marks(combatant_id)

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def selected_id(self) -> str:
        return self._selected_id

    @property
    def selected_tile(self) -> tuple[int, int] | None:
        return self._selected_tile

    def select(self, combatant_id: str | None) -> None:
        """Select a combatant by id ("" or None clears); unknown ids clear the selection."""
        combatant_id = combatant_id or ""
        if combatant_id and combatant_id not in self._encounter.combatants:
            combatant_id = ""
        if combatant_id == self._selected_id:
            return
        self._selected_id = combatant_id
        self.selectionChanged.emit(combatant_id)

    def select_tile(self, pos: tuple[int, int] | None) -> None:
        if pos == self._selected_tile:
            return
        self._selected_tile = pos
        self.tileSelectionChanged.emit()

    def selected_combatant(self) -> Combatant | None:
        return self._encounter.combatants.get(self._selected_id) if self._selected_id else None

    def push(self, command: QUndoCommand) -> None:
        """Run a command and keep it for undo (QUndoStack.push calls redo()); then say what it
        did (`changeDone`)."""
        self.undo_stack.push(command)
        if isinstance(command, ModelCommand):
            self.changeDone.emit(command.done)

    def apply(self, operation: Callable[[Encounter], Any], text: str = "") -> Any:
        """Run one encounter operation as one undo step; returns its result.

        `operation` gets the encounter and returns the `Change` of one of its methods, e.g.
        `model.apply(lambda e: e.set_hp("g1", 4))`. A refused operation raises its Refusal
        and leaves the encounter and the stack unchanged.
        """
        command = ChangeCommand.run(self, operation, text)
        self.push(command)
        return command.result

    def try_apply(self, operation: Callable[[Encounter], Any], text: str = "") -> Any | None:
        """`apply`, but a refusal is reported through `refused` and None returned."""
        try:
            command = ChangeCommand.run(self, operation, text)
        except Refusal as error:
            self.refused.emit(str(error))
            return None
        self.push(command)
        return command.change

    def set_encounter(self, encounter: Encounter) -> None:
        """Open another encounter: clears undo history and selection, then refreshes every view."""
        old_ids = list(self._encounter.combatants)
        self._encounter = encounter
        self._marks = None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._selected_tile = None
        self._selected_id = ""
        self.encounterReplaced.emit()
        self.mapChanged.emit()
        self.combatantsChanged.emit(sorted(set(old_ids) | set(encounter.combatants)))
        self.roundChanged.emit()
        self.logChanged.emit()
        self.fogChanged.emit()
        self.selectionChanged.emit("")
        self.tileSelectionChanged.emit()

    def replay(self, step: Step, effects: Effects, *, forward: bool) -> None:
        """Run an undo step forwards (redo) or backwards (undo), then say what changed.

        The one place a change to the encounter, its map or its fog reaches the views."""
        if forward:
            step.redo()
        else:
            step.undo()
        self._announce(effects)

    def take_back(self, gesture: Any) -> None:
        """Revert a map gesture that never reached the undo stack (Esc in mid-stroke)."""
        gesture.revert()
        self._announce(Effects(map=True))

    def notify(
        self,
        combatants: Iterable[str] = (),
        *,
        map: bool = False,
        round: bool = False,
        log: bool = False,
    ) -> None:
        """For scripts that changed the encounter directly, outside the undo stack: emit the
        signals for what they changed. Commands never call this; they go through `replay`."""
        self._announce(Effects(tuple(combatants), map=map, round=round, log=log))

    def _announce(self, effects: Effects) -> None:
        self._marks = None  # whatever changed, the views read the marks afresh
        ids = list(dict.fromkeys(effects.combatants))
        if effects.map:
            self.mapChanged.emit()
        if ids:
            if self._selected_id and self._selected_id not in self._encounter.combatants:
                self._selected_id = ""
                self.selectionChanged.emit("")
            self.combatantsChanged.emit(ids)
        if effects.round:
            self.roundChanged.emit()
        if effects.log:
            self.logChanged.emit()
        if effects.fog:
            self.fogChanged.emit()
