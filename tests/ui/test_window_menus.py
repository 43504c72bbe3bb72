"""The window's menus are put together from the parts that bring them (the fight, the table,
the creatures), each handed the window's menu bar: one Window menu, Help last, and no part that
looks a menu up by its text or its object name."""

from __future__ import annotations

import re
from pathlib import Path

from helpers.window_helpers import open_window
from PySide6.QtWidgets import QMenu

UI = Path(__file__).resolve().parents[2] / "drase_desktop" / "ui"


def test_the_menu_bar_holds_each_menu_once_with_help_last(qtbot) -> None:
    window, _ = open_window(qtbot)
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles == [
        "File", "Edit", "View", "Round", "Tools", "Window", "Fog", "Creatures", "Help"
    ]  # fmt: skip


def test_the_window_menu_holds_the_table_and_the_layout(qtbot) -> None:
    window, _ = open_window(qtbot)
    menus = window.findChildren(QMenu, "windowMenu")
    assert len(menus) == 1
    names = [action.objectName() for action in menus[0].actions()]
    assert "showPlayerDisplayAction" in names
    assert names[-1] == "resetLayoutAction"


def test_no_part_finds_a_menu_a_dock_or_the_map_by_its_name_or_text() -> None:
    looked_up = re.compile(
        r"findChildr?e?n?\(\s*(QMenu|QDockWidget|MapView|QGraphicsView)\s*,\s*\"|"
        r"\.text\(\)[^\n]*==\s*\"&?Help\""
    )
    found = [
        f"{path.relative_to(UI)}: {match.group(0)}"
        for path in sorted(UI.rglob("*.py"))
        for match in looked_up.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []
