"""Where the docks stand around the map: the first-run layout, sized for the screen, each
screen size's remembered layout, and Window > Reset layout.

The map is what the GM looks at, so it keeps the middle and the larger share; the side columns
run the round around it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

from drase_desktop.storage.settings import Settings, save_settings, screen_key
from drase_desktop.ui.widgets.theme import dock_font

# A window this tall (a desktop screen) has the phase, the combatants and the round's tabs one
# above the other; a shorter one (a laptop) puts the combatants among the round's tabs, so the
# attack keeps most of the column's height.
TALL_MIN_HEIGHT = 860
# Share of the window's width the dock column gets on first run: the map keeps the rest. On a
# laptop the column is as narrow as the docks' least widths let it be (the combatants list
# cuts long names short), so the sample's rooms fitted to the map get tokens of 24 px.
FIRST_RUN_COLUMN_SHARE = 0.29
FIRST_RUN_SHORT_COLUMN_SHARE = 0.24
# Shares of the column's height before the window is laid out: the phase, the combatants, the
# tabs below. Once it is, the phase gets what its Advance needs and the list its rows.
FIRST_RUN_COLUMN_HEIGHTS = (0.17, 0.21, 0.62)
# On a tall screen the combatants list shows every row, at least this many, in at most this
# share of the column.
TALL_LEAST_ROWS = 6
TALL_LIST_MOST_SHARE = 0.45


class WindowLayout:
    """The layout of one window's docks: the round's docks on the left (phase, combatants and
    what is about creatures), the declaration's tabs and the log on the right."""

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        *,
        phase: QDockWidget,
        combatants: QDockWidget,
        declaration: QDockWidget,
        inspector: QDockWidget,
        log: QDockWidget,
    ) -> None:
        self.window = window
        self.settings = settings
        self.phase, self.combatants, self.declaration = phase, combatants, declaration
        self.inspector, self.log = inspector, log
        self.first_run_on_screen = False
        self._default_state = QByteArray()
        # The docks the table layout (the map alone) put away, shown again when it ends.
        self._put_away: list[QDockWidget] = []
        # Docks beside the window's own that the table layout puts away too (the fight's).
        self._more_docks: list[QDockWidget] = []
        # Docks other parts add later (the library) that join the creature tabs.
        self._creature_tabs: list[QDockWidget] = []
        window.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )

    @property
    def docks(self) -> list[QDockWidget]:
        return [self.phase, self.combatants, self.declaration, self.inspector, self.log]

    def place_docks(self) -> None:
        """The docks' first places, before the parts of the window add theirs."""
        window = self.window
        for dock in self.docks:
            dock.setFont(dock_font())
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        window.addDockWidget(left, self.phase)
        window.addDockWidget(left, self.combatants)
        window.addDockWidget(left, self.declaration)
        window.tabifyDockWidget(self.declaration, self.inspector)
        window.tabifyDockWidget(self.declaration, self.log)
        self.declaration.raise_()

    def add_creature_tab(self, dock: QDockWidget) -> None:
        """A dock about creatures (the library): a tab beside the combatants and inspector."""
        self._creature_tabs.append(dock)
        self._more_docks.append(dock)

    def add_round_docks(self, *docks: QDockWidget) -> None:
        """Docks a part of the window adds that run the round (the attack, the queue)."""
        self._more_docks.extend(docks)

    # -- the table layout: the map alone --------------------------------------------------------
    @property
    def round_docks(self) -> list[QDockWidget]:
        return [*self.docks, *self._more_docks]

    @property
    def table_layout(self) -> bool:
        """Whether every dock that runs the round is put away (the map has the window)."""
        return not any(_is_open(dock) for dock in self.round_docks)

    def set_table_layout(self, on: bool) -> None:
        """Put the docks away so the map fills the window (at the table: the map is what
        everyone looks at), or bring back the ones put away. The docks' visibility is part of
        the layout each screen size remembers, so a relaunch keeps it."""
        if on == self.table_layout:
            return
        if on:
            self._put_away = [dock for dock in self.round_docks if _is_open(dock)]
            for dock in self._put_away:
                dock.hide()
            return
        # After a relaunch in the table layout nothing is remembered: bring the round's docks.
        for dock in self._put_away or self.round_docks:
            dock.show()
        self._put_away = []
        self.declaration.raise_()

    def arrange_default_layout(self) -> None:
        """The first-run layout (kept for Window > Reset layout): the docks run the full
        height beside the map, which keeps the middle whatever the round does."""
        window = self.window
        window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self._arrange_column(tall=True)
        self._default_state = window.saveState()

    def _arrange_column(self, *, tall: bool) -> None:
        """The docks in one column on the left, the map keeping the rest of the width.

        Tall (a desktop screen): the phase on top, the combatants under it and one tab group
        below for the rest of the round (declaration, attack, queue, log) and what is about
        creatures (inspector, library). Short (a laptop, too short for the attack under the
        combatants): the phase with the log and what is about creatures as tabs behind it,
        and below it one tab group for the round's work (the combatants list, declaration,
        attack, queue), which gets the column's height left."""
        window = self.window
        shown = [dock for dock in self.round_docks if not dock.visibleRegion().isEmpty()]
        round_tabs = [d for d in self._more_docks if d not in self._creature_tabs]
        creature_tabs = [self.inspector, *self._creature_tabs]
        if tall:
            groups = [
                [self.phase],
                [self.combatants],
                [self.declaration, *round_tabs, self.log, *creature_tabs],
            ]
        else:
            groups = [
                [self.phase, self.log, *creature_tabs],
                [self.combatants, self.declaration, *round_tabs],
            ]
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        for group in groups:
            # Each group added anew, in order, at the foot of the column: wherever the GM had
            # moved its docks, the column is laid out whole.
            window.addDockWidget(left, group[0], Qt.Orientation.Vertical)
            for dock in group[1:]:
                window.tabifyDockWidget(group[0], dock)
        # The phase in front (its Advance is what the GM presses most); below it the tab the
        # GM had in front, else the declaration.
        self.phase.raise_()
        tabs = groups[-1]
        kept = [d for d in tabs if d in shown and d not in (self.phase, self.combatants)]
        (kept[0] if kept else self.declaration).raise_()

    def screen_key(self) -> str:
        """The size of the screen the window is on ("1366x768"): each size keeps its layout."""
        size = self.window.screen().size()
        return screen_key(size.width(), size.height())

    def restore(self) -> None:
        """This screen's remembered layout, or the first-run one (shown maximised)."""
        saved = self.settings.layout_for(self.screen_key())
        self.first_run_on_screen = saved is None
        if saved is None:
            # Sized as the maximised window will be, so the shares are of the whole screen.
            self.window.resize(self.window.screen().availableGeometry().size())
            self.give_the_map_its_share()
            return
        self.window.restoreGeometry(QByteArray(saved.geometry))
        self.window.restoreState(QByteArray(saved.state))

    def show_on_screen(self) -> None:
        """Show the window: maximised the first time on a screen of this size, else as the GM
        left it there."""
        if self.first_run_on_screen:
            # The phase's height is measured on its laid-out widgets, which only a shown window
            # has: the shares are given again once the window is maximised.
            _ShareOnceMaximised(self)
            self.window.showMaximized()
        else:
            self.window.show()

    def reset(self) -> None:
        """Window > Reset layout: the first-run docks and shares, on this screen."""
        self.settings.forget_layout(self.screen_key())
        self.window.restoreState(self._default_state)
        self.give_the_map_its_share()

    def give_the_map_its_share(self) -> None:
        """The first-run sizes: the map is what the GM looks at, so it gets most of the
        window's width. The phase gets its heading and Advance button, the combatants (on a
        tall screen) a few rows, the tabs the GM works in the rest of the height."""
        window = self.window
        width, height = window.width(), window.height()
        tall = height >= TALL_MIN_HEIGHT
        self._arrange_column(tall=tall)
        share = FIRST_RUN_COLUMN_SHARE if tall else FIRST_RUN_SHORT_COLUMN_SHARE
        window.resizeDocks([self.phase], [int(width * share)], Qt.Orientation.Horizontal)
        vertical = Qt.Orientation.Vertical
        laid_out = window.layout()
        if laid_out is not None:
            laid_out.activate()
        if tall:
            self._share_tall_column(height)
            return
        # The phase as tall as its heading and Advance need at the column's width, the round's
        # tabs the rest.
        below = next((d for d in self._tabs() if not d.visibleRegion().isEmpty()), self.declaration)
        # What the two docks share: the column less their tab bars and the handle between.
        docks_height = self.phase.height() + below.height()
        phase = min(self.phase.height_to_advance(), docks_height // 3)  # type: ignore[attr-defined]
        if 0 < phase < docks_height:  # not before the window is laid out
            heights = [phase, docks_height - phase]
            window.resizeDocks([self.phase, self.declaration], heights, vertical)

    def _share_tall_column(self, height: int) -> None:
        """A tall column: the phase down to its Advance, the combatants list every row (up to
        a share of the column), the round's tabs the rest."""
        window, vertical = self.window, Qt.Orientation.Vertical
        column = [self.phase, self.combatants, self.declaration]
        docks_height = sum(dock.height() for dock in column)
        phase = self.phase.height_to_advance()  # type: ignore[attr-defined]
        encounter = self.combatants.model.encounter  # type: ignore[attr-defined]
        rows = max(TALL_LEAST_ROWS, len(encounter.combatants))
        listed = self.combatants.height_for_rows(rows)  # type: ignore[attr-defined]
        listed = min(listed, int(docks_height * TALL_LIST_MOST_SHARE))
        if phase <= 0 or phase + listed >= docks_height:  # not laid out yet: the first shares
            heights = [int(height * share) for share in FIRST_RUN_COLUMN_HEIGHTS]
        else:
            heights = [phase, listed, docks_height - phase - listed]
        window.resizeDocks(column, heights, vertical)

    def _tabs(self) -> Sequence[QDockWidget]:
        return [self.declaration, *self.window.tabifiedDockWidgets(self.declaration)]

    def remember(self) -> str:
        """This screen's layout into the settings, which are saved; the problem, if any."""
        self.settings.remember_layout(
            self.screen_key(),
            bytes(self.window.saveGeometry().data()),
            bytes(self.window.saveState().data()),
        )
        try:
            save_settings(self.settings)
        except OSError as error:
            return f"Settings could not be saved: {error}"
        return ""


class _ShareOnceMaximised(QObject):
    """Gives the map its share again once the window is shown maximised, then goes."""

    def __init__(self, layout: WindowLayout) -> None:
        super().__init__(layout.window)
        self._layout = layout
        layout.window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        window = self._layout.window
        if watched is window and event.type() == QEvent.Type.Resize and window.isMaximized():
            window.removeEventFilter(self)
            QTimer.singleShot(0, self._share)
        return False

    def _share(self) -> None:
        self._layout.give_the_map_its_share()
        self.deleteLater()


def _is_open(dock: QDockWidget) -> bool:
    """Open in the layout, in front or as a tab behind another (not closed by the GM)."""
    return dock.toggleViewAction().isChecked()
