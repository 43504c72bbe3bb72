"""A map label stays inside its view: a box wider than the view wraps between words, then
draws smaller letters while one word is still too wide; a label that fits is left as it is."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from drase_desktop.ui.map.map_label import FONT_PIXELS, LEAST_FONT_PIXELS, MapLabel

DRAG_TEXT = "14 tiles, 28 m (speed 6: 8 over)\nNo way there for Bandit Captain: the ford is deep"


def label_in_view(qtbot, width: int) -> tuple[QGraphicsView, MapLabel]:
    view = QGraphicsView()
    qtbot.addWidget(view)
    scene = QGraphicsScene(QRectF(0, 0, 2000, 2000), view)  # the view keeps it alive
    view.setScene(scene)
    view.resize(width, 400)
    view.show()
    qtbot.waitExposed(view)
    label = MapLabel("dragLabel")
    scene.addItem(label)
    return view, label


def shown_box(view: QGraphicsView, label: MapLabel) -> QRectF:
    return label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())


def test_a_label_that_fits_is_shown_whole_in_its_own_letters(qtbot) -> None:
    view, label = label_in_view(qtbot, 1200)
    label.show_text(DRAG_TEXT, view.mapToScene(view.viewport().rect().center()))
    assert label.shown_text == label.text == DRAG_TEXT
    assert label.font_pixels == FONT_PIXELS


def test_a_label_wider_than_the_view_wraps_between_words(qtbot) -> None:
    view, label = label_in_view(qtbot, 300)
    label.show_text(DRAG_TEXT, view.mapToScene(view.viewport().rect().center()))
    assert label.text == DRAG_TEXT  # what it says is unchanged
    assert len(label.shown_text.split("\n")) > 2
    assert label.shown_text.replace("\n", " ") == DRAG_TEXT.replace("\n", " ")
    box, viewport = shown_box(view, label), view.viewport().rect()
    # The bounding box has 2 px for the outline's pen on each side.
    assert box.left() >= -2 and box.right() <= viewport.width() + 2, (box, viewport)


def test_a_word_wider_than_the_view_shrinks_the_letters_not_below_the_least(qtbot) -> None:
    view, label = label_in_view(qtbot, 190)
    label.show_text("Unpronounceablenamedcreature", view.mapToScene(QPoint(10, 10)))
    assert LEAST_FONT_PIXELS <= label.font_pixels < FONT_PIXELS
    view.resize(1000, 400)
    qtbot.waitUntil(lambda: view.viewport().width() > 900)
    label.show_text("Unpronounceablenamedcreature", view.mapToScene(QPoint(10, 10)))
    assert label.font_pixels == FONT_PIXELS  # a wider view gives the letters back
