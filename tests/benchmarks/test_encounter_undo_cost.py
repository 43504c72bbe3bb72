"""What undo-by-snapshot costs an encounter operation, against the bare change it wraps.

Each operation copies the encounter's state (not the map, not the log) before and after. Measured
on a busy fight (40 combatants with weapons and statuses): one `apply_damage` operation with its
Change, against the baseline of the same damage rule applied to the combatant directly (no
snapshot, no log); `Change.undo()`; and the snapshot itself against a plain `copy.deepcopy`.
"""

from __future__ import annotations

import copy
import random

import pytest

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.change import take_snapshot
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.rules.damage import damage_taken

COMBATANTS = 40


def busy_fight() -> Encounter:
    combatants = []
    for n in range(COMBATANTS):
        combatants.append(
            Combatant(
                f"c{n}",
                f"Creature {n}",
                side="players" if n % 4 == 0 else "gm",
                position=(n % 20, n // 20),
                hp=1000,
                max_hp=1000,
                resistances={"fire": 1},
                weapons=[
                    Weapon("Sword", "1d8", "cut"),
                    Weapon("Bow", "1d6", "pierce", ranged=True),
                ],
            )
        )
    e = Encounter(BattleMap(30, 30), combatants, rng=random.Random(1))
    for n in range(0, COMBATANTS, 2):
        e.apply_status(f"c{n}", "bleeding")
        e.apply_status(f"c{n}", "slowed")
    return e


@pytest.mark.benchmark(group="encounter-operation")
def test_damage_operation_with_undo_snapshot(benchmark) -> None:
    e = busy_fight()
    change = benchmark(lambda: e.apply_damage("c7", 3, "fire"))
    assert change.changed_ids == ("c7",)


@pytest.mark.benchmark(group="encounter-operation")
def test_baseline_bare_damage_rule(benchmark) -> None:
    e = busy_fight()
    target = e.combatants["c7"]

    def bare() -> None:
        taken = damage_taken(
            3, "fire", resistances=target.resistances, immunities=target.immunities
        )
        target.hp -= taken.amount

    benchmark(bare)
    assert target.hp < 1000


@pytest.mark.benchmark(group="encounter-operation")
def test_undo_of_one_operation(benchmark) -> None:
    e = busy_fight()
    change = e.apply_damage("c7", 3, "fire")
    benchmark(change.undo)
    assert e.combatants["c7"].hp == 1000


@pytest.mark.benchmark(group="encounter-snapshot")
def test_snapshot_with_combatant_copy(benchmark) -> None:
    e = busy_fight()
    snapshot = benchmark(lambda: take_snapshot(e))
    assert snapshot.combatants == e.combatants


@pytest.mark.benchmark(group="encounter-snapshot")
def test_baseline_snapshot_with_deepcopy(benchmark) -> None:
    e = busy_fight()
    copied = benchmark(lambda: copy.deepcopy(e.combatants))
    assert copied == e.combatants
