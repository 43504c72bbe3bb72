"""The drag label sits beside the path's end and the hover label beside its target, never over
a token; a token's tooltip opens under the hover label, never over it."""

from __future__ import annotations

from helpers.map_helpers import shown_view
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
