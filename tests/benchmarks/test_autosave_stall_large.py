"""Autosave of a 500 x 500 fight of 300 tokens on a 16384 px battlemap picture: the goal's own
case (`test_autosave_stall.py` measures the 200 x 200 battle).

Measured, in the window: the longest gap in the event loop (a 2 ms timer's ticks) while an
autosave is taken and the worker encodes and writes it. Reference in the same run: the idle
loop's longest gap over the same span with no autosave.
"""

from __future__ import annotations

import pytest
from helpers.bench_window import close_window, show_window
from helpers.large_battle import large_battle
from helpers.loop_gaps import longest_gap
from test_autosave_stall import PICTURE_SIDE, _picture

from drase_desktop.board import BackgroundImage
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.main_window import MainWindow

SIDE = 500
TOKENS = 300


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


def _large_battle() -> Encounter:
    encounter = large_battle(SIDE, TOKENS, max_hp=20)
    encounter.battle_map.background = BackgroundImage(_picture(), "image/jpeg", PICTURE_SIDE / SIDE)
    return encounter


@pytest.fixture(scope="module")
def window(qapp):
    window = show_window(qapp, MainWindow(EncounterModel(_large_battle())))
    window.autosave_now()  # the first autosave writes the picture's base64 once
    window.autosave_writer.wait()
    longest_gap(qapp, 1.5)  # let the deferred work after the first frame land
    yield window
    close_window(qapp, window)


def test_autosave_500_longest_loop_gap_while_the_worker_writes(benchmark, window, qapp):
    gaps = []

    def gap() -> None:
        window.model.encounter.combatants["c7"].hp += 1
        gaps.append(longest_gap(qapp, 0.8, during=window.autosave_now))
        window.autosave_writer.wait()

    benchmark.pedantic(gap, rounds=5, iterations=1)
    benchmark.extra_info["longest_gaps_s"] = gaps
    print("\nlongest loop gap while the worker writes:", [f"{g * 1000:.1f} ms" for g in gaps])


def test_autosave_500_reference_idle_loop_longest_gap(benchmark, window, qapp):
    gaps = []
    benchmark.pedantic(lambda: gaps.append(longest_gap(qapp, 0.8)), rounds=5, iterations=1)
    benchmark.extra_info["longest_gaps_s"] = gaps
    print("\nlongest loop gap idle:", [f"{g * 1000:.1f} ms" for g in gaps])
