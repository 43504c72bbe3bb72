"""The round's marks on the tokens ("▶ D L"): a plate of their own over each token, shown only
where a tile is big enough to read them, so a phase that changes hundreds of marks on a map
zoomed out to show them all repaints nothing; zoomed in, the plates show the marks as they are."""

from __future__ import annotations

from helpers.event_loop import settled
from helpers.map_helpers import shown_view
from helpers.on_screen import on_screen
from helpers.shown_widget import shown_widget
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QGraphicsSceneHelpEvent, QToolTip

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.map.map_scene import MapScene
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
    settled(lambda: on_screen(view.viewport()))  # painted zoomed in, marks shown
    zoom_to(view, 4.0)
    seen = set()
    for _ in range(4):
        advance(view)
        seen.add(settled(lambda: tuple(token.mark_signs for token in tokens.values())))
    assert len(seen) > 1, "the phases changed no mark"
    zoom_to(view, 60.0)
    view.centerOn(QPointF(4 * 64, 3 * 64))
    fresh = shown_widget(qtbot, MapView(view.model), view.size())
    fresh.setTransform(view.transform())
    fresh.centerOn(QPointF(4 * 64, 3 * 64))
    fresh.visibleAreaChanged.emit()
    shown = settled(lambda: on_screen(view.viewport()))
    assert any(token.mark_signs and token.marks.isVisible() for token in tokens.values())
    assert shown == settled(lambda: on_screen(fresh.viewport()))


def marks_and_tooltips(scene: MapScene) -> dict[str, tuple[str, str]]:
    return {cid: (token.mark_signs, token.toolTip()) for cid, token in scene.token_items.items()}


def test_phases_on_a_zoomed_out_map_read_no_marks_until_the_plates_show(qtbot) -> None:
    """Zoomed out, a phase works out no token's marks (no one can read them); zoomed in again,
    every token's marks and tooltip are those of a scene built afresh over the same fight."""
    view = shown_view(qtbot)
    scene = view.map_scene
    zoom_to(view, TEXT_MIN_TILE_PIXELS / 2)
    asked: list[str] = []
    model = view.model
    read = model.round_marks
    model.round_marks = lambda cid: (asked.append(cid), read(cid))[1]  # type: ignore[method-assign]
    for _ in range(3):
        advance(view)
    assert asked == []
    zoom_to(view, TEXT_MIN_TILE_PIXELS)
    assert sorted(asked) == sorted(scene.token_items)
    assert marks_and_tooltips(scene) == marks_and_tooltips(MapScene(model))
    assert any(token.mark_signs for token in scene.token_items.values())


def test_a_tooltip_on_a_zoomed_out_map_tells_the_marks_as_they_are(qtbot) -> None:
    view = shown_view(qtbot)
    scene = view.map_scene
    zoom_to(view, TEXT_MIN_TILE_PIXELS / 2)
    for _ in range(3):  # to the GM's side's phase
        advance(view)
    fresh = marks_and_tooltips(MapScene(view.model))
    # Left stale: no one read the marks yet (toolTip() is Qt's; it does not catch up).
    token = next(
        t for cid, t in scene.token_items.items() if t.isVisible() and t.toolTip() != fresh[cid][1]
    )
    event = QGraphicsSceneHelpEvent()
    event.setScenePos(token.sceneBoundingRect().center())
    event.setScreenPos(QPoint(10, 10))
    scene.helpEvent(event)
    assert token.toolTip() == fresh[token.combatant_id][1]
    QToolTip.hideText()


def test_another_encounter_opened_after_a_phase_on_a_zoomed_out_map(qtbot) -> None:
    """The old fight's tokens, their marks left stale, are still in the scene when the new map
    arrives (the map is announced before the combatants): they read no marks from a fight that
    does not hold them, and the new fight's tokens read theirs."""
    view = shown_view(qtbot)
    scene = view.map_scene
    zoom_to(view, TEXT_MIN_TILE_PIXELS / 2)
    advance(view)  # every token's marks stale
    other = Encounter(BattleMap(7, 9), [Combatant(id="zz", name="Zed", side="gm", position=(1, 1))])
    view.model.set_encounter(other)  # an error in a slot fails the test (pytest-qt)
    assert list(scene.token_items) == ["zz"]
    assert marks_and_tooltips(scene) == marks_and_tooltips(MapScene(view.model))
