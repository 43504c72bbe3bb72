"""The main window as the window benchmarks open and close it: 1280 x 800, shown, and closed
without the save-changes question (so no dialog waits for an answer); the encounter file it
opens; the event loop spun until the window's deferred work is done; and the editor's
whole-map fill as the window does it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drase_desktop.app import create_main_window
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.map_edits import MapEdit, flood_tiles
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.commands import MapEditCommand
from drase_desktop.ui.main_window import DISCARD, MainWindow
from drase_desktop.ui.map.map_view import MapView


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


def opened_at_first_frame(qapp: Any, path: Path) -> MainWindow:
    """The window opened on `path`, its token "c0" selected, shown at 1280 x 800, returned as
    soon as the map's first frame is painted: spun without a pause, so a span measured next
    starts right at that frame."""
    window = create_main_window(path)
    window.model.select("c0")
    window.resize(1280, 800)
    window.show()
    scene = window.map_view.map_scene
    deadline = time.perf_counter() + 60
    while not scene._frame_shown:
        assert time.perf_counter() < deadline, "no first frame"
        qapp.processEvents()
    return window


def fill_from_the_corner(view: MapView, qapp: Any, kind: str) -> int:
    """The fill tool's click on the top left tile with terrain `kind`, as the window does it:
    the flood, the live map painted, the scene's tiles refreshed, the gesture pushed as one undo
    command, the events processed. The number of tiles changed."""
    scene = view.map_scene
    battle_map = scene.battle_map
    edit = MapEdit(battle_map, "Fill")
    changed = edit.paint("terrain", flood_tiles(battle_map, (0, 0), "terrain"), kind)
    scene.refresh_tiles(changed, edit.layers)
    scene.model.push(MapEditCommand(scene.model, edit))
    qapp.processEvents()
    return len(changed)
