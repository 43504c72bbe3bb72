"""Editing a fight of 300 combatants in the window: one HP edit, one phase advance.

Measured: the change pushed as the window pushes it (a `ChangeCommand` on the model's undo
stack: the operation with its undo snapshot, the model's signals, every dock and the map
following), then the events it posted processed. References in the same run: the core operation
alone on an equal encounter (no window), and a bare repaint of the whole window (nothing changed).
"""

from __future__ import annotations

import itertools

import pytest
from helpers.bench_window import close_window, saved_encounter, show_window, wait_until
from helpers.big_battle import big_battle

from drase_desktop.app import create_main_window
from drase_desktop.board.grid_graph import has_movement_graph
from drase_desktop.ui.commands import ChangeCommand


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def battle_file(tmp_path_factory):
    return saved_encounter(tmp_path_factory, "battle", big_battle())


@pytest.fixture
def window(qapp, battle_file):
    window = show_window(qapp, create_main_window(battle_file))
    # The movement graph the window builds after its first frame (for the selected token's
    # reach): built before measuring, or one measured round of an edit carries it.
    wait_until(qapp, lambda: has_movement_graph(window.model.encounter.battle_map), limit_s=10.0)
    yield window
    close_window(qapp, window)


def test_edit_one_hp_in_the_window(benchmark, window, qapp):
    model = window.model
    values = itertools.cycle([5, 6])

    def edit() -> None:
        hp = next(values)
        model.push(ChangeCommand.run(model, lambda e: e.set_hp("c7", hp)))
        qapp.processEvents()

    benchmark.pedantic(edit, rounds=30, iterations=1, warmup_rounds=1)
    assert model.encounter.combatants["c7"].hp in (5, 6)


def test_edit_one_hp_reference_core_operation(benchmark):
    encounter = big_battle()
    values = itertools.cycle([5, 6])
    benchmark(lambda: encounter.set_hp("c7", next(values)))


def test_advance_a_phase_in_the_window(benchmark, window, qapp):
    model = window.model

    def advance() -> None:
        model.push(ChangeCommand.run(model, lambda e: e.advance()))
        qapp.processEvents()

    # The first phase builds what every later one reuses (the docks' rows, the reachable tiles).
    benchmark.pedantic(advance, rounds=24, iterations=1, warmup_rounds=1)


def test_advance_a_phase_reference_core_operation(benchmark):
    encounter = big_battle()
    benchmark.pedantic(encounter.advance, rounds=24, iterations=1)


def test_advance_a_phase_reference_bare_repaint(benchmark, window, qapp):
    """The whole window repainted with nothing changed: what a phase costs at the least, since
    a phase changes what the docks and the map show."""

    def repaint() -> None:
        window.repaint()
        qapp.processEvents()

    benchmark.pedantic(repaint, rounds=24, iterations=1, warmup_rounds=1)
