"""The drag label sits beside the path's end and the hover label beside its target, never over
a token; a token's tooltip opens under the hover label, never over it."""

from __future__ import annotations

import pytest
from helpers.map_helpers import shown_view
from helpers.real_screens import SCREENS, first_run_window
from PySide6.QtCore import QEvent, QPoint, QRectF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip


def at(view, tile) -> QPoint:
    return view.mapFromScene(view.map_scene.geometry.tile_centre(tile))


def token_rects(view) -> dict[str, QRectF]:
    return {
        cid: QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect())
        for cid, item in view.map_scene.token_items.items()
    }


def test_the_drag_label_sits_beside_the_path_end_and_off_every_token(qtbot) -> None:
    view = shown_view(qtbot)
    scene = view.map_scene
    # Aria (1, 0) dragged along row 1 to (6, 1): below-right of the cursor, where the label
    # used to sit, it would cover the ogre (10, 1); beside the path's end it covers nothing.
    QTest.mousePress(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0), at(view, (1, 0))
    )
    for tile in [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]:
        QTest.mouseMove(view.viewport(), at(view, tile))
    label = scene.drag_label
    assert label.isVisible()
    box = label.screen_rect()
    assert box is not None
    for cid, rect in token_rects(view).items():
        assert not box.intersects(rect), f"the drag label covers {cid}"
    # Beside the path's end: its nearest edge within a tile and a half of the end's centre.
    end = QRectF(view.mapFromScene(scene.geometry.tile_rect((6, 1))).boundingRect())
    reach = end.width() * 1.5
    assert box.adjusted(-reach, -reach, reach, reach).contains(end.center())
    QTest.mouseRelease(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0), at(view, (6, 1))
    )


def test_the_hover_label_keeps_off_tokens_and_the_tooltip_opens_under_it(qtbot) -> None:
    view = shown_view(qtbot)
    scene = view.map_scene
    view.model.select("aria")
    QTest.mouseMove(view.viewport(), at(view, (6, 6)))  # over Goblin 1
    label = scene.info_label
    qtbot.waitUntil(label.isVisible)
    box = label.screen_rect()
    for cid, rect in token_rects(view).items():
        assert not box.intersects(rect), f"the hover label covers {cid}"
    where = at(view, (6, 6))
    event = QHelpEvent(QEvent.Type.ToolTip, where, view.viewport().mapToGlobal(where))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible)
    tip = QToolTip.text()
    assert "Goblin 1" in tip or tip
    shown = QApplication.topLevelAt(view.viewport().mapToGlobal(box.center().toPoint()))
    assert shown is not None and shown is not QToolTip  # the label's place is not the tip's
    top_left = view.viewport().mapFromGlobal(
        next(w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel")).pos()
    )
    assert top_left.y() >= box.bottom()
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible())
    # Leave the mouse elsewhere: a later test's move to the same point would send no event.
    QTest.mouseMove(view.viewport(), at(view, (0, 7)))


def tip_shown_for(view, where: QPoint):
    event = QHelpEvent(QEvent.Type.ToolTip, where, view.viewport().mapToGlobal(where))
    QApplication.sendEvent(view.viewport(), event)
    return next(w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel"))


@pytest.mark.parametrize("place", ["top", "foot"])
def test_the_tooltip_never_covers_the_hover_label_even_at_the_screens_foot(qtbot, place) -> None:
    """At the screen's foot Qt opens a tooltip above the point asked for: asked under the
    label, it opened over it."""
    view = shown_view(qtbot)
    screen = view.screen().availableGeometry()
    where = at(view, (6, 6))  # Goblin 1, in the skirmish's lower rows
    # At the foot: the goblin a few pixels above the screen's bottom edge.
    top = screen.top() if place == "top" else screen.bottom() - where.y() - 30
    view.move(screen.left(), top)
    qtbot.waitUntil(lambda: view.mapToGlobal(QPoint(0, 0)).y() >= top)
    view.model.select("aria")
    QTest.mouseMove(view.viewport(), where)
    label = view.map_scene.info_label
    qtbot.waitUntil(label.isVisible)
    box = label.screen_rect().toAlignedRect()
    box.moveTopLeft(view.viewport().mapToGlobal(box.topLeft()))
    tip = tip_shown_for(view, where)
    qtbot.waitUntil(tip.isVisible)
    assert not tip.geometry().intersects(box), (tip.geometry(), box)
    assert screen.contains(tip.geometry())
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible())
    QTest.mouseMove(view.viewport(), at(view, (0, 7)))


@pytest.mark.parametrize("screen", SCREENS)
def test_the_path_label_keeps_off_tokens_at_fit_on_the_sample(qtbot, screen) -> None:
    """Aldric dragged to stand among his friends at fit zoom on a laptop and a desktop
    screen: the label sits beside the path's end, off every token and off the end itself."""
    window = first_run_window(qtbot, SCREENS[screen])
    view = window.map_view
    view.fit_to_window()
    scene = view.map_scene
    encounter = window.model.encounter
    aldric = next(c for c in encounter.combatants.values() if c.name == "Aldric")
    bram = next(c for c in encounter.combatants.values() if c.name == "Brother Bram")
    taken = {c.position for c in encounter.combatants.values()}
    bx, by = bram.position
    end = next(t for t in ((bx, by + 1), (bx - 1, by), (bx + 1, by)) if t not in taken)
    ax, ay = aldric.position
    viewport = view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0)
    QTest.mousePress(viewport, left, none, at(view, (ax, ay)))
    steps = max(abs(end[0] - ax), abs(end[1] - ay))
    for n in range(1, steps + 1):
        tile = (ax + (end[0] - ax) * n // steps, ay + (end[1] - ay) * n // steps)
        QTest.mouseMove(viewport, at(view, tile))
    label = scene.drag_label
    assert label.isVisible()
    box = label.screen_rect()
    for cid, rect in token_rects(view).items():
        if cid != aldric.id:
            assert not box.intersects(rect), f"the path label covers {cid}"
    end_rect = QRectF(view.mapFromScene(scene.geometry.tile_rect(end)).boundingRect())
    assert not box.intersects(end_rect)
    reach = end_rect.width() * 1.5
    assert box.adjusted(-reach, -reach, reach, reach).contains(end_rect.center())
    QTest.mouseRelease(viewport, left, none, at(view, end))
