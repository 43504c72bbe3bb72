"""Where the player display goes, and remembering it across launches.

- With a second screen: full screen on it (the one used last time, when it is there).
- Alone on the GM's screen: a window that fits the screen whole, frame and title bar included
  (the remembered place when it still fits, else the screen's lower right, over the map's
  corner and off the docks), kept above the GM's
  window: a tool window of the GM's window (X11 window managers keep only dialogs and tool
  windows above their parent).
- Its state (open or not, the screen, the window's place) is kept in the settings as it changes,
  so a relaunch opens it again where it was.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRect, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QScreen

# On one screen the player display takes this share of its width, at the side.
BESIDE_SHARE = 0.3
# Room kept for a window manager's frame before the window is shown and its frame is known:
# a title bar above, a thin border elsewhere.
FRAME_TOP, FRAME_SIDE = 32, 4


def choose_screen(screens: list[Any], gm_screen: Any, remembered: str | None) -> Any:
    """The players' screen: another than the GM's, the remembered one first; None alone."""
    others = [screen for screen in screens if screen is not gm_screen]
    for screen in others:
        if screen.name() == remembered:
            return screen
    return others[0] if others else None


def beside(gm: QRect, area: QRect) -> QRect:
    """Where the player display's inside goes on the GM's only screen: right of the GM window
    when there is room, else over the screen's lower right (a 16:10 window, BESIDE_SHARE wide:
    the map's corner, never the middle of the map nor the dock column on the left, where the
    GM declares and rolls); its frame fits `area` whole."""
    inside = area.adjusted(FRAME_SIDE, FRAME_TOP, -FRAME_SIDE, -FRAME_SIDE)
    width = round(inside.width() * BESIDE_SHARE)
    height = min(inside.height(), round(width * 10 / 16))
    room = inside.right() - gm.right()
    if room >= width // 2:
        width = min(width, room)
        height = min(height, round(width * 10 / 16))
        return QRect(gm.right() + 1 + FRAME_SIDE, inside.top(), width, height)
    return QRect(inside.right() + 1 - width, inside.bottom() + 1 - height, width, height)


def fits_whole(rect: QRect, area: QRect) -> bool:
    """A window's inside `rect` with its frame lies inside `area`."""
    return area.contains(rect.adjusted(-FRAME_SIDE, -FRAME_TOP, FRAME_SIDE, FRAME_SIDE))


def moved_inside(frame: QRect, area: QRect) -> tuple[int, int]:
    """How far to move a window whose frame is `frame` so it lies inside `area` (as much of
    it as fits: the top left first)."""
    dx = min(0, area.right() - frame.right())
    dy = min(0, area.bottom() - frame.bottom())
    dx = max(dx, area.left() - frame.left())
    dy = max(dy, area.top() - frame.top())
    return dx, dy


class DisplayPlace(QObject):
    """Opens the player display in its place and keeps its state in the window's settings."""

    def __init__(self, tools: Any) -> None:
        super().__init__(tools)
        self.tools = tools
        self.window = tools.window
        self._watched: Any = None

    @property
    def settings(self) -> Any:
        return getattr(self.window, "settings", None)

    def open(self, display: Any) -> None:
        """Show `display` where the players look (see the module's words)."""
        self._watch(display)
        if display.isVisible():
            display.raise_()
            return
        screen = self.players_screen()
        # On the GM's screen it stays above the GM's window: a tool window of it (X11 window
        # managers keep only dialogs and tool windows above their parent; "always on top"
        # would hide the GM's own dialogs). On its own screen, a plain window.
        kind = Qt.WindowType.Tool if screen is None else Qt.WindowType.Window
        flags = display.windowFlags() & ~Qt.WindowType.WindowType_Mask
        display.setWindowFlags(flags | kind)
        if screen is not None:
            display.setScreen(screen)
            display.setGeometry(screen.geometry())
            display.showFullScreen()
        else:
            area = self._gm_screen_area()
            saved = self._saved_rect()
            place = saved if saved is not None and fits_whole(saved, area) else None
            display.setGeometry(place or beside(self.window.frameGeometry(), area))
            display.show()
            # The frame is known once shown: a window manager's title bar must not push the
            # window's foot off the screen.
            QTimer.singleShot(0, display, lambda: self._keep_inside(display, area))
        display.raise_()
        self.remember(display)

    def players_screen(self) -> QScreen | None:
        """A screen other than the GM window's: the one remembered, else the first other."""
        remembered = getattr(self.settings, "player_screen", None)
        return choose_screen(QGuiApplication.screens(), self.window.screen(), remembered)

    def reopen_if_it_was_open(self) -> None:
        """At launch: the display the GM left open is opened again."""
        if getattr(self.settings, "player_display_open", False):
            self.tools.show_player_display()

    # -- remembering ----------------------------------------------------------------------
    def _watch(self, display: Any) -> None:
        if self._watched is not display:
            self._watched = display
            display.shownChanged.connect(lambda: self.remember(display))
            display.placeChanged.connect(lambda: self.remember(display))

    def remember(self, display: Any) -> None:
        """Keep the display's state in the settings (written with them)."""
        settings = self.settings
        if settings is None:
            return
        settings.player_display_open = display.isVisible()
        if not display.isVisible():
            return
        screen = display.screen()
        if display.isFullScreen() and screen is not None and screen is not self.window.screen():
            settings.player_screen = screen.name()
        elif not display.isFullScreen():
            rect = display.geometry()
            settings.player_display_geometry = [rect.x(), rect.y(), rect.width(), rect.height()]

    def _saved_rect(self) -> QRect | None:
        saved = getattr(self.settings, "player_display_geometry", None)
        if not saved or len(saved) != 4:
            return None
        return QRect(*saved)

    def _gm_screen_area(self) -> QRect:
        screen = self.window.screen()
        return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 768)

    @staticmethod
    def _keep_inside(display: Any, area: QRect) -> None:
        if not display.isVisible() or display.isFullScreen():
            return
        dx, dy = moved_inside(display.frameGeometry(), area)
        if dx or dy:
            display.move(display.x() + dx, display.y() + dy)
