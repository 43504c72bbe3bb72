"""`drase-desktop --smoke [FILE]`: prove a build works end to end, without a screen.

Opens the file (or the bundled sample) in the real main window offscreen, renders a frame,
saves the encounter to a temporary file, reopens it, and checks the two are equal. Settings and
autosaves go to a temporary home so the GM's own are never touched. Exit 0 on success; on any
failure print what failed and exit 1. DRASE_SMOKE_SAVE_AS names the file to save to instead, so a
caller (the packaging test of the frozen app) can read it afterwards.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

from drase_desktop.storage.paths import HOME_VARIABLE

SAVE_AS_VARIABLE = "DRASE_SMOKE_SAVE_AS"


def run_smoke(path: str | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists
    previous_home = os.environ.get(HOME_VARIABLE)
    with tempfile.TemporaryDirectory(prefix="drase-smoke-") as home:
        os.environ[HOME_VARIABLE] = str(Path(home) / "home")
        try:
            message = _smoke(path, Path(home))
        except Exception as error:  # noqa: BLE001 - every failure becomes a message and exit 1
            traceback.print_exc()
            print(f"smoke: FAILED: {type(error).__name__}: {error}", file=sys.stderr)
            return 1
        finally:
            if previous_home is None:
                os.environ.pop(HOME_VARIABLE, None)
            else:
                os.environ[HOME_VARIABLE] = previous_home
        print(f"smoke: ok: {message}")
        return 0


def _smoke(path: str | None, home: Path) -> str:
    from PySide6.QtWidgets import QApplication

    from drase_desktop.app import create_main_window
    from drase_desktop.storage.encounter_file import encounter_to_dict, load_encounter

    app = QApplication.instance() or QApplication(["drase-desktop-smoke"])
    window = create_main_window(path)
    window.ask_save_changes = lambda: "discard"  # type: ignore[attr-defined]
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    frame = window.grab()
    if frame.isNull() or frame.width() < 100 or frame.height() < 100:
        raise RuntimeError(f"the window rendered an empty frame ({frame.width()}x{frame.height()})")
    image = frame.toImage()
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 37)
    }
    if len(colours) < 3:
        raise RuntimeError("the rendered frame is blank")

    encounter = window.model.encounter  # type: ignore[attr-defined]
    saved = Path(os.environ.get(SAVE_AS_VARIABLE) or home / "smoke.drase")
    if not window.save_to(saved):  # type: ignore[attr-defined]
        raise RuntimeError(f"saving to {saved} failed")
    reopened = load_encounter(saved)
    if encounter_to_dict(reopened) != encounter_to_dict(encounter):
        raise RuntimeError("the reopened encounter differs from the one saved")
    again = create_main_window(saved)
    again.show()
    app.processEvents()
    if encounter_to_dict(again.model.encounter) != encounter_to_dict(encounter):  # type: ignore[attr-defined]
        raise RuntimeError("the window reopened a different encounter")
    for each in (window, again):
        each.close()
        each.deleteLater()
    app.processEvents()
    name = encounter.name or saved.name
    return (
        f"opened {path or 'the sample'} ({name}: {len(encounter.combatants)} combatants,"
        f" {encounter.battle_map.width}x{encounter.battle_map.height} tiles), rendered"
        f" {frame.width()}x{frame.height()}, saved, reopened equal"
    )
