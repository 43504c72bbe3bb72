"""Rendering a frame of the 200 x 200 battle with 300 tokens, each with token art (twenty
different pictures, as a fight of bandits, wolves and skeletons has), beside the same frame with
every token drawn with its initials, in the same run. Fitted (the whole map: tokens a few pixels
wide) and zoomed in (about 40 pixels a tile, where the art shows). The art is decoded and
scaled once per picture and size (ui/map/token_art.py) and each token keeps its painted look in
Qt's item cache, so after the first frame a frame costs what the no-art frame costs."""

from __future__ import annotations

import pytest
from helpers.big_battle import big_battle
from helpers.view_frames import blank_frame, paint_frame
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.encounter.portraits import portrait_key
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView

VIEW_SIZE = (1600, 1000)
ZOOMED_TILE_PIXELS = 40.0
PICTURES = 20


def picture(index: int) -> bytes:
    """A 400 x 300 PNG portrait (a gradient, so the scaling has work to do)."""
    image = QImage(400, 300, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    for y in range(0, 300, 10):
        painter.fillRect(0, y, 400, 10, QColor.fromHsv((index * 17 + y) % 360, 200, 220))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    return bytes(data.data())


def view_of(qapp, with_art: bool) -> MapView:
    battle = big_battle()
    if with_art:
        pictures = [picture(i) for i in range(PICTURES)]
        for number, combatant in enumerate(battle.combatants.values()):
            data = pictures[number % PICTURES]
            battle.portraits[portrait_key(data)] = data
            combatant.portrait = portrait_key(data)
    view = MapView(EncounterModel(battle))
    view.resize(*VIEW_SIZE)
    view.show()
    qapp.processEvents()
    return view


@pytest.fixture(scope="module")
def art_view(qapp):
    view = view_of(qapp, with_art=True)
    yield view
    view.close()


@pytest.fixture(scope="module")
def initials_view(qapp):
    view = view_of(qapp, with_art=False)
    yield view
    view.close()


def _zoom(view: MapView) -> None:
    view.resetTransform()
    scale = ZOOMED_TILE_PIXELS / view.map_scene.geometry.tile_size
    view.scale(scale, scale)
    first = next(iter(view.model.encounter.combatants))
    view.centerOn(view.map_scene.token_items[first].sceneBoundingRect().center())


def _fit(view: MapView) -> None:
    view.fitInView(view.map_scene.geometry.map_rect(), Qt.AspectRatioMode.KeepAspectRatio)


def test_render_token_art_zoomed(benchmark, art_view):
    _zoom(art_view)
    image = blank_frame(art_view)
    benchmark(paint_frame, art_view, image)
    # The token at the centre shows its picture (not a side colour with initials).
    first = next(iter(art_view.model.encounter.combatants.values()))
    item = art_view.map_scene.token_items[first.id]
    assert item.portrait == first.portrait


def test_render_initials_zoomed_baseline(benchmark, initials_view):
    _zoom(initials_view)
    image = blank_frame(initials_view)
    benchmark(paint_frame, initials_view, image)


def test_render_token_art_fitted(benchmark, art_view):
    _fit(art_view)
    image = blank_frame(art_view)
    benchmark(paint_frame, art_view, image)


def test_render_initials_fitted_baseline(benchmark, initials_view):
    _fit(initials_view)
    image = blank_frame(initials_view)
    benchmark(paint_frame, initials_view, image)
