"""A window's menu bar as the parts of the window add to it: each part's menu before Help, and
the one Window menu they share. The parts are handed this object; nothing finds a menu by its
text or its object name."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QMenuBar


class WindowMenus:
    """The menu bar of one window: its menus in order, with Help last."""

    def __init__(self, bar: QMenuBar) -> None:
        self.bar = bar
        self.help_menu: QMenu | None = None
        self._window_menu: QMenu | None = None

    def add_menu(self, menu: QMenu) -> QMenu:
        """A menu of a part of the window, before Help (where menus of this kind sit)."""
        if self.help_menu is not None:
            self.bar.insertMenu(self.help_menu.menuAction(), menu)
        else:
            self.bar.addMenu(menu)
        return menu

    def window_menu(self) -> QMenu:
        """The Window menu (the player display, the table's screens, the layout), made the
        first time a part asks for it."""
        if self._window_menu is None:
            self._window_menu = QMenu("&Window", self.bar)
            self._window_menu.setObjectName("windowMenu")
            self.add_menu(self._window_menu)
        return self._window_menu
