"""Launch to the first painted frame of the main window with the sample encounter.

Two measurements, each beside its baseline in the same run:
- in process: `create_main_window()` + show + processEvents + grab (the first frame), against an
  empty QMainWindow shown and grabbed the same way (what Qt costs before any of our work);
- cold launch: a fresh Python process that imports the app, builds the window and grabs its first
  frame, against a fresh process that does the same with an empty QMainWindow (interpreter,
  PySide6 import and platform start-up are in both).
Settings and autosaves go to a temporary home.

The package is byte-compiled before the cold launches, as installing it does (pip compiles a
wheel's modules; the bundle ships them compiled): a checkout run with PYTHONDONTWRITEBYTECODE
would otherwise compile every module edited since its bytecode was written, at every launch.
"""

from __future__ import annotations

import compileall
from pathlib import Path

import pytest
from helpers.fresh_python import SHOW_FIRST_FRAME, fresh_python
from PySide6.QtWidgets import QMainWindow

import drase_desktop
from drase_desktop.app import create_main_window

# As `drase-desktop` starts: collection held before the app's imports (its main does so), then
# the window built and shown as `run` does, without entering the event loop.
FIRST_FRAME_GRABBED = SHOW_FIRST_FRAME + "assert not window.grab().isNull()\n"
COLD_APP = (
    """
import sys
from drase_desktop.ui.gc_policy import hold_collection
hold_collection()
from PySide6.QtWidgets import QApplication
app = QApplication(["bench"])
from drase_desktop.app import create_main_window
window = create_main_window()
"""
    + FIRST_FRAME_GRABBED
)

COLD_BASELINE = (
    """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(["bench"])
window = QMainWindow()
"""
    + FIRST_FRAME_GRABBED
)


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


def _first_frame(qapp, build) -> None:
    window = build()
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    frame = window.grab()
    assert not frame.isNull()
    window.close()
    window.deleteLater()
    qapp.processEvents()


def test_window_first_frame(benchmark, qapp):
    benchmark.pedantic(_first_frame, args=(qapp, create_main_window), rounds=5, iterations=1)


def test_window_first_frame_baseline_empty_main_window(benchmark, qapp):
    benchmark.pedantic(_first_frame, args=(qapp, QMainWindow), rounds=5, iterations=1)


@pytest.fixture(scope="module")
def compiled_package() -> None:
    assert compileall.compile_dir(Path(drase_desktop.__file__).parent, quiet=1)


def _launch(script: str, home) -> None:
    fresh_python(script, home=home, check=True)


def test_cold_launch_to_first_frame(benchmark, tmp_path, compiled_package):
    benchmark.pedantic(_launch, args=(COLD_APP, tmp_path), rounds=3, iterations=1)


def test_cold_launch_baseline_empty_main_window(benchmark, tmp_path, compiled_package):
    benchmark.pedantic(_launch, args=(COLD_BASELINE, tmp_path), rounds=3, iterations=1)
