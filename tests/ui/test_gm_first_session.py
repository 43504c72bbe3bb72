"""Bugs a GM met on a first session with the sample encounter, each pinned by a test."""

from __future__ import annotations

from helpers.event_loop import layout_settled
from helpers.fight_helpers import click, click_token
from helpers.window_helpers import open_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QGraphicsView, QPushButton


def test_declaring_less_movement_shrinks_the_reachable_tiles_at_once(qtbot) -> None:
    window, _ = open_window(qtbot)
    click(qtbot, window, "phaseAdvanceButton")
    click_token(qtbot, window, "mira")
    scene = window.findChild(QGraphicsView, "mapView").map_scene
    assert (12, 9) in scene.reach_layer.tiles  # 7 tiles east along the bridge: full speed
    window.declaration_dock.movement.setValue(5)
    click(qtbot, window, "declarationDeclareButton")
    # The overlay is the same search the drop is checked with: 5 tiles now, not 7.
    assert (12, 9) not in scene.reach_layer.tiles
    assert (10, 9) in scene.reach_layer.tiles


def test_a_long_drag_label_stays_inside_the_view(qtbot) -> None:
    window, _ = open_window(qtbot)
    window.resize(900, 700)  # a laptop: the map view is narrower than two drag labels
    layout_settled(window)
    click(qtbot, window, "phaseAdvanceButton")
    click_token(qtbot, window, "mira")
    window.declaration_dock.movement.setValue(5)
    click(qtbot, window, "declarationDeclareButton")  # the label then says "5 of speed 7 left"
    view = window.findChild(QGraphicsView, "mapView")
    view.fit_to_window()
    scene = view.map_scene

    def at(tile: tuple[int, int]) -> QPoint:
        return view.mapFromScene(scene.geometry.tile_centre(tile))

    viewport = view.viewport()
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at((5, 10))
    )
    for tile in [(6, 9), (7, 9), (8, 9), (9, 9), (10, 9), (11, 9), (12, 9), (13, 9)]:
        QTest.mouseMove(viewport, at(tile))
    label = scene.drag_label
    assert label.isVisible() and "over" in label.text
    # The label ignores the zoom: its box maps to the viewport through its device transform.
    shown = label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
    assert shown.left() >= -2 and shown.right() <= viewport.width() + 2, (shown, viewport.size())
    QTest.keyClick(viewport, Qt.Key.Key_Escape)


def test_a_long_advance_button_text_wraps_instead_of_being_clipped(qtbot) -> None:
    window, _ = open_window(qtbot)
    phase_dock = window.findChild(QDockWidget, "phaseDock")
    window.resizeDocks([phase_dock], [300], Qt.Orientation.Horizontal)
    for _ in range(2):  # start, then GM Resolution: next is "Player Status Effect Tickdown"
        click(qtbot, window, "phaseAdvanceButton")
    layout_settled(window)
    advance = window.findChild(QPushButton, "phaseAdvanceButton")
    assert advance.text().replace("\n", " ") == "Advance to Player Status Effect Tickdown"
    metrics = advance.fontMetrics()
    for line in advance.text().split("\n"):
        assert metrics.horizontalAdvance(line) <= advance.width() - 8, (line, advance.width())
    assert advance.height() >= metrics.height() * advance.text().count("\n") + metrics.height()
