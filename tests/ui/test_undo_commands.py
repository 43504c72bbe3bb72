"""One undo command type on one stack: encounter operations, map edits and fog gestures alike
reach the stack as a `ModelCommand`, and the model (never a command) emits the signals."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers.player_helpers import skirmish_model

from drase_desktop.encounter.map_edits import MapEdit
from drase_desktop.ui.commands import (
    ChangeDone,
    MapEditCommand,
    ModelCommand,
    MoveTokenCommand,
    TileEditCommand,
)
from drase_desktop.ui.table.fog_controller import fog_controller

UI = Path(__file__).parents[2] / "drase_desktop" / "ui"


def test_every_kind_of_change_is_one_model_command_and_undoes_with_its_signal(qtbot) -> None:
    model = skirmish_model()
    seen: list[str] = []
    for name in ("combatantsChanged", "mapChanged", "roundChanged", "logChanged", "fogChanged"):
        getattr(model, name).connect(lambda *args, name=name: seen.append(name))
    aria = model.encounter.combatants["aria"]
    start = aria.position
    model.apply(lambda encounter: encounter.set_hp("aria", aria.hp - 1))
    model.push(TileEditCommand(model, (0, 0), terrain="difficult"))
    stroke = MapEdit(model.encounter.battle_map, "Paint mud")
    stroke.paint("terrain", [(1, 5), (2, 5)], "difficult")
    model.push(MapEditCommand(model, stroke))
    fog = fog_controller(model)
    fog.apply(lambda f: f.hide_all())
    assert model.undo_stack.count() == 4
    commands = [model.undo_stack.command(i) for i in range(model.undo_stack.count())]
    assert all(isinstance(command, ModelCommand) for command in commands)

    expected = ["fogChanged", "mapChanged", "mapChanged", "combatantsChanged"]
    for signal in expected:
        seen.clear()
        model.undo_stack.undo()
        assert signal in seen
    assert model.encounter.battle_map.terrain((0, 0)) == "normal"
    assert fog.fog.all_revealed
    assert aria.position == start
    for _ in expected:
        model.undo_stack.redo()
    assert model.encounter.battle_map.terrain((2, 5)) == "difficult"
    assert fog.fog.revealed_count == 0


def test_the_move_command_is_the_same_command_type(qtbot) -> None:
    model = skirmish_model()
    aria = model.encounter.combatants["aria"]
    x, y = aria.position
    model.push(MoveTokenCommand(model, "aria", [(x, y), (x + 1, y)], forced=True))
    assert isinstance(model.undo_stack.command(0), ModelCommand)


def test_no_undo_command_emits_or_notifies_by_hand() -> None:
    """Commands hand their step to the model; only the model emits. A `redo`/`undo` in any
    QUndoCommand subclass of the window code that calls `.notify(` or `.emit(` fails here."""
    offenders = []
    for path in UI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(base) for base in node.bases}
            if not bases & {"QUndoCommand", "ModelCommand", "ChangeCommand"}:
                continue
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name in ("redo", "undo"):
                    source = ast.unparse(item)
                    if ".notify(" in source or ".emit(" in source:
                        offenders.append(f"{path.name}: {node.name}.{item.name}")
    assert offenders == []


def test_a_change_says_what_it_did_when_pushed_and_not_when_redone(qtbot) -> None:
    model = skirmish_model()
    said: list[ChangeDone] = []
    model.changeDone.connect(said.append)
    x, y = model.encounter.combatants["aria"].position
    model.push(MoveTokenCommand(model, "aria", [(x, y), (x + 1, y)], forced=True))
    model.apply(lambda e: e.set_hp("aria", 3))
    assert [(done.moved, done.forced) for done in said] == [("aria", True), ("", False)]
    assert said[0].description == model.undo_stack.command(0).text().split("\n")[0]
    model.undo_stack.undo()
    model.undo_stack.undo()
    model.undo_stack.redo()
    assert len(said) == 2


def test_nothing_reads_the_undo_stack_to_learn_what_a_change_did() -> None:
    """Who moved is said by the change (`changeDone`), not read off the stack's top command."""
    ui = Path(__file__).resolve().parents[2] / "drase_desktop" / "ui"
    readers = [
        str(path.relative_to(ui))
        for path in sorted(ui.rglob("*.py"))
        if "undo_stack.command(" in path.read_text(encoding="utf-8")
        or "stack.command(" in path.read_text(encoding="utf-8")
    ]
    assert readers == []
