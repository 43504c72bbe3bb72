"""Rendering a frame of a 200 x 200 map with 300 tokens and every overlay on.

The real thing: the MapView's layers (a few items painting only the exposed rect, tile colours
kept as one-pixel-per-tile images) beside the baseline in the same run: an item-per-tile scene
(40,000 rect items plus an ellipse per token) rendered through a view with the same transform.
Each is measured fitted to the window (the whole map) and zoomed in (about 40 pixels a tile).
A second reference: one pixmap of twice the view's size drawn scaled into it, smoothly (what
showing a finished picture of the map would cost).
"""

from __future__ import annotations

import itertools

import pytest
from helpers.big_battle import big_battle
from helpers.view_frames import blank_frame, paint_frame
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.map_view import MapView

VIEW_SIZE = (1600, 1000)
ZOOMED_TILE_PIXELS = 40.0


@pytest.fixture(scope="module")
def battle():
    return big_battle()


@pytest.fixture(scope="module")
def map_view(qapp, battle):
    model = EncounterModel(battle)
    view = MapView(model)
    view.resize(*VIEW_SIZE)
    view.show()
    qapp.processEvents()
    # Every overlay on: a selected token's reachable tiles, a path preview with its label,
    # a target line with its label.
    scene = view.map_scene
    model.select("c0")
    selected = battle.combatants["c0"]
    x, y = selected.position
    search = scene.tool  # the drag preview is drawn by the tool's items
    scene.path_preview.set_path([(x, y), (x + 1, y), (x + 2, y + 1), (x + 3, y + 1)], 3)
    scene.drag_label.show_text("3 tiles, 6 m (speed 6: 3 left)", scene.geometry.tile_centre((x, y)))
    scene.ruler.show_line(
        scene.geometry.tile_centre((x, y)), scene.geometry.tile_centre((x + 5, y))
    )
    scene.info_label.show_text(
        "Fighter 1: 5 tiles, 10 m\nCover: half (-2)", scene.geometry.tile_centre((x + 5, y))
    )
    del search
    assert all(action.isChecked() for action in view.overlay_actions())
    yield view
    view.close()


@pytest.fixture(scope="module")
def item_per_tile_view(qapp, battle):
    """The naive scene: one QGraphicsRectItem per tile, one ellipse per token."""
    battle_map = battle.battle_map
    size = 64.0
    scene = QGraphicsScene()
    pen = QPen(map_palette.GRID_LINE, 0)
    brushes = {
        kind: QBrush(map_palette.terrain_colour(kind)) for kind in map_palette.TERRAIN_COLOURS
    }
    for y in range(battle_map.height):
        for x in range(battle_map.width):
            item = scene.addRect(
                QRectF(x * size, y * size, size, size), pen, brushes[battle_map.terrain((x, y))]
            )
            item.setZValue(0)
    for combatant in battle.combatants.values():
        x, y = combatant.position
        item = scene.addEllipse(
            QRectF(x * size + 4, y * size + 4, size - 8, size - 8),
            QPen(QColor("white"), 3),
            QBrush(map_palette.side_colour(combatant.side)),
        )
        item.setZValue(1)
    view = QGraphicsView(scene)
    view.resize(*VIEW_SIZE)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    view.show()
    qapp.processEvents()
    yield view
    view.close()


def _fit(view: QGraphicsView) -> None:
    view.resetTransform()
    view.fitInView(QRectF(0, 0, 200 * 64.0, 200 * 64.0), Qt.AspectRatioMode.KeepAspectRatio)


def _zoom(view: QGraphicsView, centre) -> None:
    view.resetTransform()
    scale = ZOOMED_TILE_PIXELS / 64.0
    view.scale(scale, scale)
    view.centerOn(centre)


def test_render_layers_fitted(benchmark, map_view):
    _fit(map_view)
    image = blank_frame(map_view)
    benchmark(paint_frame, map_view, image)


def test_render_layers_zoomed(benchmark, map_view, battle):
    geometry = map_view.map_scene.geometry
    _zoom(map_view, geometry.tile_centre(battle.combatants["c0"].position))
    image = blank_frame(map_view)
    benchmark(paint_frame, map_view, image)
    # The frame shows the selected token's disc in its side's colour at the centre.
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert centre.alpha() == 255


def test_render_baseline_item_per_tile_fitted(benchmark, item_per_tile_view):
    _fit(item_per_tile_view)
    image = blank_frame(item_per_tile_view)
    benchmark(paint_frame, item_per_tile_view, image)


def test_render_baseline_item_per_tile_zoomed(benchmark, item_per_tile_view, battle):
    x, y = battle.combatants["c0"].position
    from PySide6.QtCore import QPointF

    _zoom(item_per_tile_view, QPointF(x * 64 + 32, y * 64 + 32))
    image = blank_frame(item_per_tile_view)
    benchmark(paint_frame, item_per_tile_view, image)


def test_render_reference_one_scaled_pixmap(benchmark, map_view):
    image = blank_frame(map_view)
    size = image.size()
    pixmap = QPixmap(size * 2)
    pixmap.fill(QColor("#5d6b3a"))

    def frame() -> None:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(QRectF(image.rect()), pixmap, QRectF(pixmap.rect()))
        painter.end()

    benchmark(frame)


# The still frame above is what a kept picture makes cheapest. A GM also zooms (the wheel) and
# pans (a drag of the map) through a fight: each of those frames paints the layers afresh, or
# the strip that came into view.


def test_render_layers_after_a_zoom_step(benchmark, map_view, battle):
    """Each frame at another zoom than the last (a wheel step in and out again)."""
    geometry = map_view.map_scene.geometry
    centre = geometry.tile_centre(battle.combatants["c0"].position)
    image = blank_frame(map_view)
    steps = itertools.cycle([ZOOMED_TILE_PIXELS, ZOOMED_TILE_PIXELS * 1.25])

    def frame() -> None:
        map_view.resetTransform()
        scale = next(steps) / 64.0
        map_view.scale(scale, scale)
        map_view.centerOn(centre)
        paint_frame(map_view, image)

    benchmark(frame)


def test_render_layers_after_a_pan(benchmark, map_view, battle):
    """Each frame panned by 24 pixels from the last, to and fro (a drag of the map)."""
    geometry = map_view.map_scene.geometry
    _zoom(map_view, geometry.tile_centre(battle.combatants["c0"].position))
    image = blank_frame(map_view)
    bar = map_view.horizontalScrollBar()
    start = bar.value()
    offsets = itertools.cycle([24, 0])

    def frame() -> None:
        bar.setValue(start + next(offsets))
        paint_frame(map_view, image)

    benchmark(frame)
