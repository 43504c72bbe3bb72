"""The Qt adapter: commands change the encounter, undo restores it, signals tell the views."""

from __future__ import annotations

from types import SimpleNamespace

from drase_desktop.ui.commands import MoveTokenCommand
from drase_desktop.ui.encounter_model import EncounterModel


def _encounter() -> SimpleNamespace:
    goblin = SimpleNamespace(id="g1", name="Goblin", position=(1, 1))
    return SimpleNamespace(combatants={"g1": goblin})


def test_move_command_moves_and_undo_restores(qtbot):
    model = EncounterModel(_encounter())
    seen: list[list[str]] = []
    model.combatantsChanged.connect(seen.append)
    model.push(MoveTokenCommand(model, "g1", [(1, 1), (2, 1), (3, 2)], False))
    assert model.encounter.combatants["g1"].position == (3, 2)
    model.undo_stack.undo()
    assert model.encounter.combatants["g1"].position == (1, 1)
    model.undo_stack.redo()
    assert model.encounter.combatants["g1"].position == (3, 2)
    assert seen == [["g1"], ["g1"], ["g1"]]


def test_selection_signals_and_ignores_unknown_ids(qtbot):
    model = EncounterModel(_encounter())
    with qtbot.waitSignal(model.selectionChanged) as blocker:
        model.select("g1")
    assert blocker.args == ["g1"]
    assert model.selected_id == "g1"
    model.select("nobody")
    assert model.selected_id == ""
