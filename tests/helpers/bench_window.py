"""The main window as the window benchmarks open and close it: 1280 x 800, shown, and closed
without the save-changes question (so no dialog waits for an answer); the encounter file it
opens; and the event loop spun until the window's deferred work is done."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.main_window import DISCARD, MainWindow


def show_window(qapp: Any, window: MainWindow) -> MainWindow:
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    return window


def saved_encounter(tmp_path_factory: Any, name: str, encounter: Encounter) -> Path:
    """`encounter` saved as NAME.drase in a new temporary folder (for a module's fixture)."""
    path = tmp_path_factory.mktemp(name) / f"{name}.drase"
    save_encounter(encounter, path)
    return path


def close_window(qapp: Any, window: MainWindow) -> None:
    window.ask_save_changes = lambda: DISCARD  # type: ignore[method-assign]
    window.close()
    window.deleteLater()
    qapp.processEvents()


def wait_until(qapp: Any, condition: Callable[[], object], limit_s: float = 60.0) -> None:
    """Spin the event loop until `condition` holds; work that never ends fails the run instead
    of spinning forever."""
    deadline = time.perf_counter() + limit_s
    while not condition():
        if time.perf_counter() > deadline:
            raise AssertionError(f"still waiting after {limit_s:g} s")
        qapp.processEvents()
        time.sleep(0.002)
