"""Opening a map on a 16384 px battlemap picture (16384 x 2048 JPEG) in the map view.

Measured: the map view built, shown and painted (what blocks the window), and the time until
the picture itself is on screen (it decodes on a worker). Reference in the same run: one decode
of the picture at display size (`decode_image`).
"""

from __future__ import annotations

import time

import pytest
from helpers.bench_window import wait_until
from test_autosave_stall import _picture

from drase_desktop.board import BackgroundImage, BattleMap
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.image_loader import _DISPLAY_CACHE, decode_image
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.terrain_layer import MAX_DISPLAY_SIDE


@pytest.fixture(scope="module")
def picture() -> bytes:
    return _picture()


def _map(picture: bytes) -> BattleMap:
    board = BattleMap(200, 25)
    board.background = BackgroundImage(bytes(picture), "image/jpeg", 81.92)  # a fresh object
    return board


def _open(qapp, picture: bytes) -> tuple[MapView, float]:
    _DISPLAY_CACHE.clear()
    start = time.perf_counter()
    view = MapView(EncounterModel(Encounter(_map(picture))))
    view.resize(1280, 800)
    view.show()
    qapp.processEvents()
    view.grab()
    return view, time.perf_counter() - start


def test_open_picture_map_window_blocked(benchmark, qapp, picture):
    views = []
    benchmark.pedantic(lambda: views.append(_open(qapp, picture)[0]), rounds=3, iterations=1)
    for view in views:
        layer = view.map_scene.terrain_layer
        wait_until(qapp, lambda layer=layer: not getattr(layer, "decoding", False))
        view.close()


def test_open_picture_map_until_the_picture_shows(benchmark, qapp, picture):
    def until_shown() -> None:
        view, _ = _open(qapp, picture)
        layer = view.map_scene.terrain_layer
        wait_until(qapp, lambda: layer.has_background)
        view.close()

    benchmark.pedantic(until_shown, rounds=3, iterations=1)


def test_open_picture_reference_one_decode(benchmark, picture):
    benchmark.pedantic(decode_image, args=(picture, MAX_DISPLAY_SIDE, 48.0 / 81.92), rounds=3)
