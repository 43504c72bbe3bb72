"""Opening an encounter whose map has a 16384 px battlemap picture, in the running window.

Measured: File > Open as the window does it (`open_path`), then the events it posted and one
painted frame: what blocks the window (the picture decodes on a worker after). Reference in the
same run: the window as it was (its outgoing view loading the new map too), the same map opened
in a bare map view (`test_open_picture.py`'s easier case, no window, no outgoing encounter) and
one decode of the picture at display size.
"""

from __future__ import annotations

import pytest
from test_autosave_stall import _picture
from test_open_picture import _map, _open, _wait_until

from drase_desktop.app import create_main_window
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.main_window import DISCARD, MainWindow
from drase_desktop.ui.map.image_loader import _DISPLAY_CACHE


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def picture() -> bytes:
    return _picture()


@pytest.fixture(scope="module")
def picture_file(tmp_path_factory, picture):
    path = tmp_path_factory.mktemp("picture") / "picture.drase"
    save_encounter(Encounter(_map(picture), name="Picture"), path)
    return path


@pytest.fixture
def window(qapp):
    yield from _window(qapp)


@pytest.fixture
def window_loading_twice(qapp, monkeypatch):
    """The window as it was: the outgoing map view follows the model to the end, loading the
    new map and its picture before the new view loads them again."""
    monkeypatch.setattr(MainWindow, "_let_go_of_map_view", lambda self: None)
    yield from _window(qapp)


def _window(qapp):
    window = create_main_window()
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    yield window
    _wait_until(qapp, lambda: not window.map_view.map_scene.terrain_layer.decoding)
    window.ask_save_changes = lambda: DISCARD
    window.close()
    window.deleteLater()
    qapp.processEvents()


def _measure_open(benchmark, window, qapp, picture_file) -> None:
    def setup():
        _DISPLAY_CACHE.clear()
        _wait_until(qapp, lambda: not window.map_view.map_scene.terrain_layer.decoding)
        return (), {}

    def open_it():
        assert window.open_path(picture_file, confirmed=True)
        qapp.processEvents()
        window.grab()

    benchmark.pedantic(open_it, setup=setup, rounds=3, iterations=1)
    assert window.map_view.map_scene.battle_map.background is not None


def test_open_picture_encounter_in_the_window_blocked(benchmark, window, qapp, picture_file):
    _measure_open(benchmark, window, qapp, picture_file)


def test_open_picture_encounter_reference_loaded_twice(
    benchmark, window_loading_twice, qapp, picture_file
):
    _measure_open(benchmark, window_loading_twice, qapp, picture_file)


def test_open_picture_encounter_reference_bare_view(benchmark, qapp, picture):
    views = []
    benchmark.pedantic(lambda: views.append(_open(qapp, picture)[0]), rounds=3, iterations=1)
    for view in views:
        layer = view.map_scene.terrain_layer
        _wait_until(qapp, lambda layer=layer: not layer.decoding)
        view.close()
