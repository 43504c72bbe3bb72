"""The round's marks on the tokens ("▶ D L"): a plate of their own over each token, shown only
where a tile is big enough to read them, so a phase that changes hundreds of marks on a map
zoomed out to show them all repaints nothing; zoomed in, the plates show the marks as they are."""

from __future__ import annotations

from helpers.map_helpers import shown_view
from helpers.on_screen import on_screen
from PySide6.QtCore import QPointF

from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.token_item import TEXT_MIN_TILE_PIXELS


def zoom_to(view: MapView, tile_pixels: float) -> None:
    view.zoom_by(tile_pixels / view.tile_pixels())
    assert abs(view.tile_pixels() - tile_pixels) < 1e-6


def advance(view: MapView) -> None:
    model = view.model
    model.push(ChangeCommand.run(model, lambda e: e.advance()))


def test_the_plates_hide_while_tiles_are_too_small_to_read_the_marks(qtbot) -> None:
    view = shown_view(qtbot)
    tokens = view.map_scene.token_items
    zoom_to(view, TEXT_MIN_TILE_PIXELS / 2)
    assert not any(token.marks.isVisible() for token in tokens.values())
    advance(view)  # the marks change meanwhile: the tokens still know them
    acting = {cid for cid, token in tokens.items() if token.mark_signs}
    assert acting
    zoom_to(view, TEXT_MIN_TILE_PIXELS)
    assert all(token.marks.isVisible() for token in tokens.values())


def test_marks_changed_while_hidden_show_as_a_fresh_view_draws_them(qtbot) -> None:
    """Exact: zoomed out, several phases change the marks unseen; zoomed in again, the map is
    pixel for pixel what a view built afresh over the same fight shows."""
    view = shown_view(qtbot)
    tokens = view.map_scene.token_items
    zoom_to(view, 60.0)
    view.centerOn(QPointF(4 * 64, 3 * 64))
    qtbot.wait(10)
    zoom_to(view, 4.0)
    seen = set()
    for _ in range(4):
        advance(view)
        qtbot.wait(5)
        seen.add(tuple(token.mark_signs for token in tokens.values()))
    assert len(seen) > 1, "the phases changed no mark"
    zoom_to(view, 60.0)
    view.centerOn(QPointF(4 * 64, 3 * 64))
    fresh = MapView(view.model)
    qtbot.addWidget(fresh)
    fresh.resize(view.size())
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.setTransform(view.transform())
    fresh.centerOn(QPointF(4 * 64, 3 * 64))
    fresh.visibleAreaChanged.emit()
    qtbot.wait(10)
    assert any(token.mark_signs and token.marks.isVisible() for token in tokens.values())
    assert on_screen(view.viewport()) == on_screen(fresh.viewport())
