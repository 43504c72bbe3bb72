"""Every encounter operation can be undone exactly, and redone exactly, any number of times."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers.encounter_builders import (
    assert_one_undo_step,
    fight,
    go_to,
    random_operation,
    state,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.encounter.change import Change
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.group_attack import resolve_group_attack
from drase_desktop.encounter.spells import resolve_spell


def _in_gm_resolution(e: Encounter) -> None:
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack", "attack"])
    e.declare("mira", actions=["attack"])
    e.advance()


OPERATIONS: dict[str, tuple[Callable[[Encounter], None], Callable[[Encounter], Change]]] = {
    "add": (lambda e: None, lambda e: e.add_combatant(Combatant("rat", "Rat", position=(9, 7)))),
    "remove": (lambda e: None, lambda e: e.remove_combatant("orc")),
    "update": (lambda e: None, lambda e: e.update_combatant("orc", ac_bonus=5, hidden=True)),
    "place": (lambda e: None, lambda e: e.move("orc", [(8, 6)])),
    "move": (
        lambda e: go_to(e, "gm-end-resolution"),
        lambda e: e.move("orc", [(6, 4), (5, 4), (4, 4)]),
    ),
    "forced move": (
        lambda e: go_to(e, "gm-resolution"),
        lambda e: e.move("goblin", [(7, 7)], forced=True),
    ),
    "set hp": (lambda e: None, lambda e: e.set_hp("mira", 3)),
    "damage": (lambda e: None, lambda e: e.apply_damage("orc", "2d6", "fire")),
    "heal": (lambda e: e.set_hp("mira", 2), lambda e: e.heal("mira", "1d8")),
    "apply status": (lambda e: None, lambda e: e.apply_status("orc", "burning")),
    "remove status": (
        lambda e: e.apply_status("orc", "prone"),
        lambda e: e.remove_status("orc", "prone"),
    ),
    "define status": (
        lambda e: None,
        lambda e: e.define_status("netted", duration=2, description="caught in a net"),
    ),
    "define action": (
        lambda e: None,
        lambda e: e.define_action("shield bash", "half", attack=True, damage_kind="blunt"),
    ),
    "surprise": (lambda e: None, lambda e: e.set_surprised("goblin")),
    "declare": (
        lambda e: go_to(e, "player-phase"),
        lambda e: e.declare("aldric", actions=["attack", "dash"], movement=8),
    ),
    "lock": (
        lambda e: (go_to(e, "player-phase"), e.declare("aldric", actions=["attack"])),
        lambda e: e.lock("aldric"),
    ),
    "defense": (lambda e: go_to(e, "player-phase"), lambda e: e.roll_defense("mira", bonuses=2)),
    "roll": (lambda e: go_to(e, "player-phase"), lambda e: e.roll_for("mira", "1d20 + 3")),
    "attack": (
        _in_gm_resolution,
        lambda e: e.resolve_attack("aldric", "goblin", attack_faces=[20]),
    ),
    "fall": (lambda e: None, lambda e: e.apply_fall("orc", 6)),
    "wound": (lambda e: None, lambda e: e.add_wound("orc", "left leg", 2)),
    "reset move": (
        lambda e: (go_to(e, "gm-end-resolution"), e.move("orc", [(6, 5)])),
        lambda e: e.reset_move("orc"),
    ),
    "group attack": (
        lambda e: (go_to(e, "gm-action"), e.declare("goblin", actions=["attack"]), e.advance()),
        lambda e: resolve_group_attack(e, ["goblin"], "aldric"),
    ),
    "spell": (
        lambda e: (
            e.set_ruleset("crawler"),
            go_to(e, "initiative"),
            e.set_initiative("players", 6),
            e.set_initiative("gm", 1),
            go_to(e, "spells:players"),
        ),
        lambda e: resolve_spell(
            e, "mira", ["orc"], name="Magic missile", damage="2d4", damage_kind="force"
        ),
    ),
    "start": (lambda e: None, lambda e: e.start()),
    "advance": (lambda e: go_to(e, "gm-resolution"), lambda e: e.advance()),
    "advance round": (lambda e: go_to(e, "gm-tickdown"), lambda e: e.advance()),
    "note": (lambda e: None, lambda e: e.note("The bridge creaks.")),
    "diagonal": (lambda e: None, lambda e: e.set_diagonal_rule("circle")),
    "third party": (lambda e: None, lambda e: e.set_third_party_turn(True)),
    "ruleset": (lambda e: None, lambda e: e.set_ruleset("crawler")),
}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_undo_restores_state_exactly_and_redo_repeats_it(name: str) -> None:
    prepare, operate = OPERATIONS[name]
    e = fight(seed=3)
    e.apply_status("goblin", "bleeding")
    prepare(e)
    before = state(e)
    change = operate(e)
    assert state(e) != before, f"{name} changed nothing"
    assert change.log_entries, f"{name} logged nothing"
    after = assert_one_undo_step(e, change, before)
    change.redo()  # idempotent: QUndoStack.push calls redo() once more
    assert state(e) == after
    change.undo()
    change.undo()
    assert state(e) == before


def test_change_reports_what_changed() -> None:
    e = fight()
    change = e.apply_damage("orc", 3, "cut")
    assert change.changed_ids == ("orc",) and not change.round_changed
    assert change.description == "Damage Orc" and change.result == 3
    change = e.advance()
    assert change.round_changed and change.changed_ids == ()
    change = e.remove_combatant("goblin")
    assert change.changed_ids == ("goblin",)


def test_undo_keeps_combatant_objects_alive() -> None:
    """A view holding a Combatant keeps a live object after undo (restored in place)."""
    e = fight()
    orc = e.combatants["orc"]
    change = e.apply_damage("orc", 5, "cut")
    change.undo()
    assert e.combatants["orc"] is orc and orc.hp == 20
    change.redo()
    assert orc.hp == 15


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), length=st.integers(1, 25))
def test_any_sequence_undoes_to_the_start_and_redoes_to_the_end(seed: int, length: int) -> None:
    rng = random.Random(seed)
    e = fight(seed=seed)
    states = [state(e)]
    changes: list[Change] = []
    for _ in range(length):
        change = random_operation(e, rng)
        assert state(e) == states[-1] or change is not None  # a refusal changes nothing
        if change is not None:
            changes.append(change)
            states.append(state(e))
    for index in range(len(changes) - 1, -1, -1):
        changes[index].undo()
        assert state(e) == states[index]
    for index, change in enumerate(changes):
        change.redo()
        assert state(e) == states[index + 1]
