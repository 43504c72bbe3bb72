"""The first-run layout gives the map the room: a GM looks at the map, the docks serve it. Each
screen size keeps its own layout, Window > Reset layout brings the first-run one back, the
toolbar keeps its shape, and F1 lists every shortcut."""

from __future__ import annotations

from helpers.event_loop import layout_settled
from helpers.window_helpers import open_window
from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QAction, QEnterEvent
from PySide6.QtWidgets import QApplication, QDialog, QGraphicsView, QHeaderView, QTableView

from drase_desktop.storage.settings import save_settings
from drase_desktop.ui.docks.combatant_table import AC, HP, NAME, ROUND, SIDE, STATUSES


def test_on_a_laptop_screen_the_map_gets_about_half_the_width(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.resize(1366, 768)
    layout_settled(window)
    # Docks as wide as a GM might once have dragged them; the first-run share undoes it.
    window.resizeDocks([window.phase_dock, window.declaration_dock], [520, 420], Qt.Horizontal)
    layout_settled(window)
    window.give_the_map_its_share()
    layout_settled(window)
    view = window.findChild(QGraphicsView, "mapView")
    assert view.width() >= 0.45 * window.width()


def test_the_combatants_table_shows_hp_ac_round_marks_and_statuses_without_a_side_column(
    qtbot,
) -> None:
    window, _ = open_window(qtbot)
    table = window.findChild(QTableView, "combatantsTable") or window.combatants_dock.table
    header: QHeaderView = table.horizontalHeader()
    order = sorted(range(header.count()), key=header.visualIndex)
    assert order[:5] == [NAME, HP, AC, ROUND, STATUSES]
    assert table.isColumnHidden(SIDE)
    # On a laptop, name, HP, AC, the marks and a readable statuses column fit, no scrolling.
    window.resize(1366, 768)
    window.give_the_map_its_share()
    window.combatants_dock.raise_()  # on a laptop a tab among the round's
    layout_settled(window)
    shown = sum(header.sectionSize(c) for c in (NAME, HP, AC, ROUND, STATUSES))
    assert shown <= table.viewport().width()
    assert header.sectionSize(STATUSES) >= 60


def test_each_screen_size_keeps_its_own_layout_and_a_first_run_is_maximised(qtbot) -> None:
    """A layout left on the laptop is not forced on the big screen (it opened at 1280 x 720
    with squeezed docks): each screen size has its own, and a new one starts maximised."""
    window, _ = open_window(qtbot)
    here = window.screen_key()
    assert window.first_run_on_screen
    window.removeDockWidget(window.log_dock)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.log_dock)
    window.save_settings()
    saved = window.settings.layout_for(here)
    assert saved is not None
    # Pretend that layout was made on another screen: this one has none, so first-run again.
    window.settings.forget_layout(here)
    window.settings.remember_layout("1366x768", saved.geometry, saved.state)
    save_settings(window.settings)
    again, _ = open_window(qtbot)
    assert again.first_run_on_screen
    # The first-run column: the log a tab behind the phase, not where the GM had put it.
    assert again.dockWidgetArea(again.log_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert again.log_dock in again.tabifiedDockWidgets(again.phase_dock)
    again.show_on_screen()
    assert again.isMaximized()


def test_window_reset_layout_puts_the_docks_back(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.removeDockWidget(window.log_dock)
    window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, window.log_dock)
    window.combatants_dock.hide()
    window.findChild(QAction, "resetLayoutAction").trigger()
    layout_settled(window)
    # The log is a tab of the round's tabs again, beside the declaration.
    assert window.log_dock in window.tabifiedDockWidgets(window.declaration_dock)
    assert window.combatants_dock.isVisible()
    view = window.findChild(QGraphicsView, "mapView")
    assert view.width() >= 0.4 * window.width()


def test_undo_keeps_its_label_and_names_the_step_in_its_tooltip(qtbot) -> None:
    """The toolbar must not reflow after every action ("Undo Go to Player Status Effect
    Tickdown" pushed Advance phase into the overflow menu)."""
    window, _ = open_window(qtbot)
    window.advance_action.trigger()
    undo = window.findChild(QAction, "undoAction")
    button = window.toolbar.widgetForAction(undo)
    # The tip is named when the GM can read it: the mouse on the button.
    QApplication.sendEvent(button, QEnterEvent(QPointF(2, 2), QPointF(2, 2), QPointF(2, 2)))
    assert undo.text().replace("&", "") == "Undo"
    assert undo.toolTip().startswith("Undo Start the fight") and "Ctrl+Z" in undo.toolTip()
    assert button.toolTip() == undo.toolTip()
    assert not undo.icon().isNull()


class _LayoutRequests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_change_lays_the_toolbar_out_again_only_when_undo_is_enabled_or_disabled(
    qtbot,
) -> None:
    """Naming the step in the tips at every change laid out the toolbar, then every dock of
    the window, at every change."""
    window, _ = open_window(qtbot)
    window.advance_action.trigger()  # Undo is enabled: the toolbar's buttons change
    QApplication.processEvents()
    requests = _LayoutRequests()
    window.toolbar.installEventFilter(requests)
    for _ in range(3):
        window.advance_action.trigger()
        QApplication.processEvents()
    assert requests.count == 0


def test_f1_shows_every_shortcut_read_from_the_actions(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.findChild(QAction, "shortcutSheetAction").trigger()
    sheet = window.findChild(QDialog, "shortcutSheet")
    assert sheet is not None and sheet.isVisible()
    table = sheet.table
    rows = {(table.item(r, 1).text(), table.item(r, 2).text()) for r in range(table.rowCount())}
    for expected in (
        ("Undo", "Ctrl+Z"),
        ("Advance phase", "Ctrl+Return"),
        ("Player display", "F8"),
        ("Keyboard shortcuts", "F1"),
        ("Grid", "G"),
    ):
        assert expected in rows, expected
    sheet.close()
