"""The window's menus are put together from the parts that bring them (the fight, the table,
the creatures), each handed the window's menu bar: one Window menu, Help last, and no part that
looks a menu up by its text or its object name."""

from __future__ import annotations

import re
from pathlib import Path

from helpers.window_helpers import open_window
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.table.fog_tool import MODE_TOOLS
from drase_desktop.ui.widgets.icons import ICON_PROPERTY

UI = Path(__file__).resolve().parents[2] / "drase_desktop" / "ui"


def test_the_menu_bar_holds_each_menu_once_with_help_last(qtbot) -> None:
    window, _ = open_window(qtbot)
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles == [
        "File", "Edit", "View", "Round", "Tools", "Window", "Fog", "Table", "Creatures", "Help"
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


def test_a_map_tool_carries_its_action(qtbot) -> None:
    """The move and fog tools' actions are built from what each tool carries."""
    window, _ = open_window(qtbot)
    for info in (MoveTool.info, *MODE_TOOLS.values()):
        assert info is not None
        action = window.findChild(QAction, info.action_name)
        assert action is not None and action.isCheckable()
        assert action.text() == info.text
        assert action.shortcut().toString() == info.shortcut
        assert action.property(ICON_PROPERTY) == info.icon
