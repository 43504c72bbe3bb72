"""Open a 500 x 500 encounter with 300 tokens, to the first painted frame of the window.

Measured: `create_main_window(path)`, shown, events processed and grabbed; and the same on to
the selected token's reachable tiles shown (the deferred movement graph and the first search,
which the first frame does not wait for). Reference in the same run: `json.loads` of the same
file (reading it costs that much at least).
"""

from __future__ import annotations

import json
import time

import pytest
from helpers.bench_window import close_window, saved_encounter
from helpers.large_battle import large_battle

from drase_desktop.app import create_main_window
from drase_desktop.board.grid_graph import has_movement_graph

SIDE = 500
TOKENS = 300


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def large_file(tmp_path_factory):
    return saved_encounter(tmp_path_factory, "large", large_battle(SIDE, TOKENS))


def _first_frame(qapp, path) -> None:
    window = create_main_window(path)
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    assert not window.grab().isNull()
    window.close()
    window.deleteLater()
    qapp.processEvents()


def test_open_large_encounter_to_first_frame(benchmark, qapp, large_file):
    benchmark.pedantic(_first_frame, args=(qapp, large_file), rounds=3, iterations=1)


def _reach_shown(qapp, path) -> None:
    window = create_main_window(path)
    window.model.select("c0")
    window.resize(1280, 800)
    window.show()
    reach = window.map_view.map_scene.reach_layer
    deadline = time.perf_counter() + 60
    while not reach.tiles:
        assert time.perf_counter() < deadline, "the selected token's reach never showed"
        qapp.processEvents()
    assert has_movement_graph(window.model.encounter.battle_map)
    close_window(qapp, window)


def test_open_large_encounter_to_the_selected_reach_shown(benchmark, qapp, large_file):
    benchmark.pedantic(_reach_shown, args=(qapp, large_file), rounds=3, iterations=1)


def test_open_large_encounter_reference_json_loads(benchmark, large_file):
    text = large_file.read_text()
    benchmark.pedantic(json.loads, args=(text,), rounds=3, iterations=1)
