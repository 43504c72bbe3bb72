"""The Qt adapter: commands change the encounter, undo restores it, signals tell the views."""

from __future__ import annotations

import pytest

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.round_marks import round_marks
from drase_desktop.ui.commands import ChangeCommand, MoveTokenCommand, TileEditCommand
from drase_desktop.ui.encounter_model import EncounterModel


def _model() -> EncounterModel:
    goblin = Combatant(id="g1", name="Goblin", side="gm", position=(1, 1), speed=6)
    return EncounterModel(Encounter(BattleMap(8, 6), [goblin]))


def test_move_command_moves_and_undo_restores(qtbot):
    model = _model()
    seen: list[list[str]] = []
    model.combatantsChanged.connect(seen.append)
    model.push(MoveTokenCommand(model, "g1", [(1, 1), (2, 1), (3, 2)], False))
    goblin = model.encounter.combatants["g1"]
    assert goblin.position == (3, 2)
    model.undo_stack.undo()
    assert goblin.position == (1, 1)
    model.undo_stack.redo()
    assert goblin.position == (3, 2)
    assert seen == [["g1"], ["g1"], ["g1"]]


def test_refused_move_raises_and_leaves_stack_and_encounter_alone(qtbot):
    model = _model()
    model.encounter.battle_map.set_terrain((4, 4), "blocked")
    with pytest.raises(ValueError, match="blocked"):
        MoveTokenCommand(model, "g1", [(1, 1), (4, 4)], False)
    assert model.encounter.combatants["g1"].position == (1, 1)
    assert model.undo_stack.count() == 0


def test_apply_wraps_one_operation_as_one_undo_step(qtbot):
    model = _model()
    with qtbot.waitSignal(model.logChanged):
        model.apply(lambda e: e.set_hp("g1", 3))
    assert model.encounter.combatants["g1"].hp == 3
    assert model.undo_stack.count() == 1
    model.undo_stack.undo()
    assert model.encounter.combatants["g1"].hp == 10
    assert len(model.encounter.log) == 0


def test_tile_edit_undoes_and_refuses_unknown_terrain(qtbot):
    model = _model()
    with qtbot.waitSignal(model.mapChanged):
        model.push(TileEditCommand(model, (2, 2), terrain="mud", elevation=2))
    battle_map = model.encounter.battle_map
    assert (battle_map.terrain((2, 2)), battle_map.elevation((2, 2))) == ("mud", 2)
    model.undo_stack.undo()
    assert (battle_map.terrain((2, 2)), battle_map.elevation((2, 2))) == ("normal", 0)
    with pytest.raises(ValueError):
        TileEditCommand(model, (2, 2), terrain="lava", elevation=3)
    assert battle_map.elevation((2, 2)) == 0


def test_selection_signals_and_ignores_unknown_ids(qtbot):
    model = _model()
    with qtbot.waitSignal(model.selectionChanged) as blocker:
        model.select("g1")
    assert blocker.args == ["g1"]
    assert model.selected_id == "g1"
    model.select("nobody")
    assert model.selected_id == ""


def test_undo_menu_text_keeps_an_ampersand_visible(qtbot):
    model = _model()
    model.apply(lambda e: e.set_hp("g1", 4), "Hit by gm & players")
    command = model.undo_stack.command(0)
    assert command.text() == "Hit by gm & players"
    assert command.actionText() == "Hit by gm && players"


def test_the_round_marks_the_views_share_are_read_afresh_after_every_change(qtbot):
    """The model keeps each combatant's marks for the views until the next change: after a
    phase, a declaration, an undo and a redo they equal a fresh computation."""
    from helpers.encounter_builders import fight

    model = EncounterModel(fight())
    ids = list(model.encounter.combatants)

    def shared() -> dict[str, object]:
        return {cid: model.round_marks(cid) for cid in ids}

    def fresh() -> dict[str, object]:
        return {cid: round_marks(model.encounter, cid) for cid in ids}

    changes = [
        lambda: model.push(ChangeCommand.run(model, lambda e: e.advance())),
        lambda: model.apply(lambda e: e.declare("aldric", actions=["attack"])),
        model.undo_stack.undo,
        model.undo_stack.redo,
        lambda: model.push(ChangeCommand.run(model, lambda e: e.advance())),
        lambda: model.apply(lambda e: e.apply_status("aldric", "incapacitated")),
        lambda: model.set_encounter(fight(seed=3)),
    ]
    seen = [shared()]
    for change in changes:
        assert shared() == fresh()  # read before the change: kept until it
        change()
        assert shared() == fresh()
        seen.append(shared())
    assert len({tuple(map(str, marks.values())) for marks in seen}) > 2


def test_try_apply_reports_a_refusal_but_lets_a_bug_through(qtbot):
    """A rule's refusal goes to the status bar (`refused`); a plain ValueError is a bug in the
    code, so it reaches the error report instead of passing for a refusal."""
    model = _model()
    with qtbot.waitSignal(model.refused) as said:
        assert model.try_apply(lambda e: e.set_hp("nobody", 3)) is None
    assert "nobody" in said.args[0]

    def broken(_encounter: Encounter) -> None:
        raise ValueError("a bug, not a rule")

    with pytest.raises(ValueError, match="a bug"):
        model.try_apply(broken)
    assert model.undo_stack.count() == 0
