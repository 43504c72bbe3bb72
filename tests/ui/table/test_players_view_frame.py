"""The outline of the player display's view on the GM's map: it shows what the TV shows, and
dragging it moves the players' view (held there; whole tiles in true scale)."""

from __future__ import annotations

from helpers.window_helpers import open_player_display, open_window
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtTest import QTest

from drase_desktop.ui.table.players_view_frame import (
    PlayersViewOutline,
    find_player_display,
    players_shown_rect,
)
from drase_desktop.ui.table.true_scale import TrueScale


def _window_with_display(qtbot):
    window, _ = open_window(qtbot)
    display = open_player_display(qtbot, window)
    display.resize(800, 500)
    qtbot.waitExposed(display)
    # Hold the players on the map's top-left quarter, away from what the GM sees.
    display.set_following(False)
    geometry = display.view.player_scene.geometry
    size = geometry.tile_size
    display.view.show_rect(QRectF(0, 0, 10 * size, 6 * size))
    # The GM sees the whole map, the players' corner of it too ("Fit" shows only the rooms).
    gm_view = window.map_view
    gm_view.fitInView(gm_view.map_scene.geometry.map_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    frame = window.table_tools.players_view_frame
    frame.refresh()
    return window, display, frame


def _items(window) -> list[PlayersViewOutline]:
    scene = window.map_view.map_scene
    return [item for item in scene.items() if isinstance(item, PlayersViewOutline)]


def test_the_gm_map_shows_the_outline_of_the_players_view(qtbot):
    window, display, frame = _window_with_display(qtbot)
    (outline,) = _items(window)
    assert outline is frame.outline
    assert outline.isVisible()
    assert outline.rect == players_shown_rect(display.view)
    # The players' view of the held rect: it holds at least the tiles asked for.
    size = display.view.player_scene.geometry.tile_size
    assert outline.rect.contains(QRectF(0, 0, 10 * size, 6 * size).adjusted(1, 1, -1, -1))
    assert find_player_display(window.model) is display


def test_no_outline_while_the_display_is_closed(qtbot):
    window, display, frame = _window_with_display(qtbot)
    display.close()
    frame.refresh()
    assert not frame.outline.isVisible()


def test_dragging_the_frame_edge_moves_the_players_view_and_holds_it(qtbot):
    window, display, frame = _window_with_display(qtbot)
    display.set_following(True)
    display.set_following(False)  # held where it is
    frame.refresh()
    view = window.map_view
    rect = frame.outline.rect
    # Grab the frame's left edge half-way down, drag it three tiles right and two down.
    edge = view.mapFromScene(QPointF(rect.left(), rect.center().y()))
    size = view.map_scene.geometry.tile_size
    target = view.mapFromScene(QPointF(rect.left() + 3 * size, rect.center().y() + 2 * size))
    assert frame.grabs(QPointF(edge))
    inside = view.mapFromScene(rect.center())
    assert not frame.grabs(QPointF(inside))  # the map inside the frame stays the GM's
    before = display.view.wanted_rect()
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, edge)
    assert frame.dragging
    QTest.mouseMove(viewport, QPoint((edge.x() + target.x()) // 2, (edge.y() + target.y()) // 2))
    QTest.mouseMove(viewport, target)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    assert not frame.dragging
    assert not display.following
    moved = display.view.wanted_rect()
    shift = moved.center() - before.center()
    # Within a screen pixel of the pointer's travel, in scene units.
    pixel = 1 / view.transform().m11()
    assert abs(shift.x() - 3 * size) <= 2 * pixel
    assert abs(shift.y() - 2 * size) <= 2 * pixel
    assert frame.outline.rect == players_shown_rect(display.view)
    # The GM's own tools never saw the press: nothing selected, no ruler.
    assert window.model.selected_id == ""


def test_in_true_scale_the_dragged_view_lands_on_whole_tiles(qtbot):
    window, display, frame = _window_with_display(qtbot)
    display.set_true_scale(TrueScale(40.0))
    frame.refresh()
    size = display.view.player_scene.geometry.tile_size
    frame.begin_drag(frame.outline.rect.center())
    frame.end_drag(frame.outline.rect.center() + QPointF(2.4 * size, 1.3 * size))
    rect = frame.outline.rect
    for edge in (rect.left(), rect.top()):
        assert abs(edge / size - round(edge / size)) < 1e-6


def test_the_outline_follows_a_new_map_view(qtbot, tmp_path):
    window, display, frame = _window_with_display(qtbot)
    from drase_desktop.ui.files.documents import sample_names

    assert window.file_tools.open_sample(sample_names()[-1])
    frame.refresh()
    (outline,) = _items(window)
    assert outline is frame.outline


def test_the_outline_follows_the_display_through_signals_not_a_timer(qtbot):
    """Nothing polls: panning, closing and reopening the display move or hide the outline at
    once, without anyone calling refresh and without waiting on the event loop."""
    window, display, frame = _window_with_display(qtbot)
    assert not frame.findChildren(QTimer)
    before = frame.outline.rect
    display.view.pan_tiles(2, 1)
    assert frame.outline.rect != before
    assert frame.outline.rect == players_shown_rect(display.view)
    display.close()
    assert not frame.outline.isVisible()
    window.table_tools.show_player_display()
    assert frame.outline.isVisible()
