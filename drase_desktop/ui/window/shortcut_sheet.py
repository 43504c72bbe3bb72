"""Help > Keyboard shortcuts (F1): every shortcut of the window's menus, read from the actions
themselves (so the sheet never disagrees with the keys), and the map's mouse gestures."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.ui.widgets.icons import plain_text

# What the mouse and the keys do on the map itself (no menu holds these).
MAP_GESTURES = (
    ("Map", "Drag a token", "Move it; the path and its cost follow the mouse"),
    ("Map", "Shift + drag", "Force the move (a push or a fall)"),
    ("Map", "Esc", "Cancel a drag or a stroke; again: back to Move tokens"),
    ("Map", "Arrow keys", "Move the selected token one tile"),
    ("Map", "Right click a token", "Damage, heal, statuses, hide, attacker or target"),
    ("Map", "Click a door, or O over it", "Open or close it (one undo step, a log line)"),
    ("Map", "Right click a door", "Open or close it, lock or unlock it"),
    ("Map", "Space + drag, middle drag", "Pan the map"),
    ("Map", "Mouse wheel", "Zoom"),
)


def menu_shortcuts(menu: QMenu, path: str = "") -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every action of `menu` and its submenus that has a shortcut."""
    where = f"{path} > {plain_text(menu.menuAction())}" if path else plain_text(menu.menuAction())
    rows = []
    for action in menu.actions():
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            rows += menu_shortcuts(submenu, where)
            continue
        keys = shortcut_text(action)
        if keys:
            rows.append((where, plain_text(action), keys))
    return rows


def shortcut_text(action: QAction) -> str:
    return ", ".join(
        key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
    )


def window_shortcuts(window: Any) -> list[tuple[str, str, str]]:
    """Every menu shortcut of `window`, then the map's gestures."""
    rows: list[tuple[str, str, str]] = []
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            rows += menu_shortcuts(menu)
    seen = {(row[1], row[2]) for row in rows}
    # Overlay and tool keys live on the map view and the toolbars, not only in menus.
    for action in window.findChildren(QAction):
        keys = shortcut_text(action)
        if keys and action.text() and (plain_text(action), keys) not in seen:
            seen.add((plain_text(action), keys))
            rows.append(("Map and toolbars", plain_text(action), keys))
    return rows + list(MAP_GESTURES)


class ShortcutSheet(QDialog):
    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setObjectName("shortcutSheet")
        self.setWindowTitle("Keyboard shortcuts")
        rows = window_shortcuts(window)
        self.table = QTableWidget(len(rows), 3)
        self.table.setObjectName("shortcutTable")
        self.table.setHorizontalHeaderLabels(["Where", "What", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        for row, texts in enumerate(rows):
            for column, text in enumerate(texts):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table.resizeRowsToContents()
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(close)
        self.resize(720, 640)
        self.setWindowModality(Qt.WindowModality.NonModal)
