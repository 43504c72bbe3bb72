"""The map's layers: geometry conversions and what each layer shows for a small map."""

from __future__ import annotations

import pytest
from helpers.picture_helpers import encoded
from helpers.shown_widget import shown_widget
from helpers.view_frames import frame_of
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from drase_desktop.board import BackgroundImage, BattleMap, Door, Light, Wall
from drase_desktop.encounter.combatant import Combatant, StatusInstance
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.cover_layer import CoverLayer
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.height_layer import HeightLayer
from drase_desktop.ui.map.light_layer import LightLayer
from drase_desktop.ui.map.map_label import MapLabel
from drase_desktop.ui.map.terrain_layer import TerrainLayer, display_image
from drase_desktop.ui.map.token_item import TokenItem, token_label
from drase_desktop.ui.map.wall_layer import WallLayer


def render(scene: QGraphicsScene, rect: QRectF, width: int, height: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()
    return image


def test_geometry_round_trips_tiles_and_scene_points():
    geometry = GridGeometry(10, 8, tile_size=50)
    assert geometry.tile_to_scene((3, 2)) == QPointF(150, 100)
    assert geometry.scene_to_tile(QPointF(174.9, 149.9)) == (3, 2)
    assert geometry.scene_to_tile(QPointF(-0.1, 0)) == (-1, 0)
    assert geometry.tile_centre((1, 1), footprint=2) == QPointF(100, 100)
    assert geometry.footprint_origin(QPointF(100, 100), 2) == (1, 1)
    assert geometry.tile_range(QRectF(-20, 60, 130, 1000)) == (0, 1, 3, 8)


def test_geometry_refuses_an_empty_map():
    with pytest.raises(ValueError, match="at least one tile"):
        GridGeometry(0, 5)


def test_terrain_layer_colours_each_tile_by_kind(qapp):
    battle_map = BattleMap(6, 4)
    battle_map.set_terrain((2, 1), "water")
    battle_map.set_terrain((3, 1), "blocked")
    battle_map.set_terrain((4, 1), "mud")
    layer = TerrainLayer(GridGeometry(6, 4))
    layer.load_map(battle_map)
    assert layer.tile_colour((2, 1)) == map_palette.terrain_colour("water")
    assert layer.tile_colour((3, 1)) == map_palette.terrain_colour("blocked")
    assert layer.tile_colour((0, 0)) == map_palette.terrain_colour("normal")
    # Ground that costs double (mud, deep water) is hatched too, so it reads over any colour;
    # blocked ground is not hatched.
    assert [rect.left() / 64 for rect in layer.hatch_rects(0, 4)] == [2, 4]


def test_terrain_hatch_merges_neighbours_in_a_row_and_follows_an_edit(qapp):
    battle_map = BattleMap(8, 3)
    for x in (1, 2, 3, 7):
        battle_map.set_terrain((x, 1), "difficult")
    battle_map.set_terrain((0, 2), "mud")
    layer = TerrainLayer(GridGeometry(8, 3, tile_size=10))
    layer.load_map(battle_map)
    assert layer.hatch_rects(0, 3) == [
        QRectF(10, 10, 30, 10),
        QRectF(70, 10, 10, 10),
        QRectF(0, 20, 10, 10),
    ]
    assert layer.hatch_rects(2, 3) == [QRectF(0, 20, 10, 10)]
    battle_map.set_terrain((2, 1), "normal")
    layer.update_tiles(battle_map, [(2, 1)])
    assert layer.hatch_rects(1, 2) == [
        QRectF(10, 10, 10, 10),
        QRectF(30, 10, 10, 10),
        QRectF(70, 10, 10, 10),
    ]


def test_terrain_layer_paints_only_into_the_exposed_part(qapp):
    battle_map = BattleMap(4, 1)
    battle_map.set_terrain((3, 0), "blocked")
    geometry = GridGeometry(4, 1, tile_size=10)
    scene = QGraphicsScene()
    layer = TerrainLayer(geometry)
    layer.load_map(battle_map)
    scene.addItem(layer)
    image = render(scene, QRectF(0, 0, 40, 10), 40, 10)
    assert image.pixelColor(35, 5) == map_palette.terrain_colour("blocked")
    assert image.pixelColor(5, 5) == map_palette.terrain_colour("normal")


def test_big_background_images_are_downscaled_for_display(qapp):
    image = QImage(2000, 1000, QImage.Format.Format_RGB32)
    small, pixels_per_tile = display_image(image, 200.0)
    assert pixels_per_tile < 200.0
    assert small.width() == round(2000 * pixels_per_tile / 200.0)


def test_background_image_sits_at_its_calibration_offset(qapp):
    picture = QImage(40, 40, QImage.Format.Format_RGB32)
    picture.fill(QColor("#123456"))
    battle_map = BattleMap(4, 4)
    battle_map.background = BackgroundImage(encoded(picture), "image/png", 10.0, (10.0, 0.0))
    layer = TerrainLayer(GridGeometry(4, 4, tile_size=10))
    layer.load_map(battle_map)
    assert layer.has_background
    assert layer._background_rect == QRectF(-10, 0, 40, 40)


def test_height_layer_numbers_and_cliffs(qapp):
    battle_map = BattleMap(5, 5)
    battle_map.set_elevation((1, 1), 1)
    battle_map.set_elevation((2, 1), 3)
    layer = HeightLayer(GridGeometry(5, 5))
    layer.load_map(battle_map)
    assert layer.height_at((2, 1)) == 3
    assert layer.height_at((0, 0)) == 0
    # Ruling 20: a step of 2+ tiles is a cliff; 3 next to 0 and 3 next to 1 are cliffs,
    # 1 next to 0 is not. Tile (2, 1) has four cliff edges, (1, 1) none of its own.
    assert layer.cliff_count == 4


def test_height_layer_reads_every_height_whatever_its_bytes(qapp):
    # Heights whose low or high byte is zero (256, -256, 1, -1) next to level ground, at the
    # map's first and last tiles and in the middle of rows: each read where it stands.
    battle_map = BattleMap(7, 4)
    placed = {(0, 0): 256, (1, 0): -256, (6, 0): 1, (0, 1): -1, (3, 2): 9999, (6, 3): -9999}
    for tile, level in placed.items():
        battle_map.set_elevation(tile, level)
    layer = HeightLayer(GridGeometry(7, 4))
    layer.load_map(battle_map)
    read = {(x, y): layer.height_at((x, y)) for y in range(4) for x in range(7)}
    assert {tile: level for tile, level in read.items() if level} == placed
    assert list(layer._heights) == sorted(placed, key=lambda tile: (tile[1], tile[0]))


def test_cover_layer_reads_every_tile_in_row_order(qapp):
    battle_map = BattleMap(4, 3)
    placed = {(0, 0): "full", (3, 0): "half", (1, 1): "three-quarter", (3, 2): "embrasure"}
    for tile, level in placed.items():
        battle_map.set_cover(tile, level)
    layer = CoverLayer(GridGeometry(4, 3))
    layer.load_map(battle_map)
    assert list(layer._cover.items()) == sorted(
        placed.items(), key=lambda item: (item[0][1], item[0][0])
    )


def test_cover_layer_keeps_each_feature(qapp):
    battle_map = BattleMap(5, 5)
    battle_map.set_cover((1, 2), "half")
    battle_map.set_cover((3, 3), "embrasure")
    layer = CoverLayer(GridGeometry(5, 5))
    layer.load_map(battle_map)
    assert layer.cover_at((1, 2)) == "half"
    assert layer.cover_at((3, 3)) == "embrasure"
    assert layer.cover_at((0, 0)) == "none"


def test_wall_layer_tells_open_doors_from_closed(qapp):
    battle_map = BattleMap(5, 5)
    battle_map.walls.append(Wall((1, 0), (1, 3)))
    battle_map.doors.append(Door((1, 3), (1, 4), closed=True))
    battle_map.doors.append(Door((2, 3), (3, 3), closed=False))
    layer = WallLayer(GridGeometry(5, 5))
    layer.load_map(battle_map)
    assert layer.counts == (1, 1, 1)


def test_light_layer_darkens_dim_and_dark_tiles_and_fogs_zones(qapp):
    layer = LightLayer(GridGeometry(4, 1))
    layer.set_levels({(1, 0): "dim", (2, 0): "dark"}, {(0, 0): "heavy"})
    assert layer.tile_colour((3, 0)).alpha() == 0
    assert layer.tile_colour((1, 0)).alpha() < layer.tile_colour((2, 0)).alpha()
    fog = layer.tile_colour((0, 0))
    assert fog.alpha() > 0 and fog.lightness() > layer.tile_colour((2, 0)).lightness()
    assert layer.zone_at((0, 0)) == "heavy"
    assert layer.light_at((0, 0)) == "bright"


def test_the_light_overlay_follows_the_board_rules(qapp):
    """Ruling 23: ambient dark, a light gives bright to its radius and dim to twice it; a zone
    shows where it is the stronger obscuration."""
    from drase_desktop.board.light_tints import light_and_obscuration

    battle_map = BattleMap(12, 1)
    battle_map.ambient_light = "dark"
    battle_map.lights.append(Light((0.5, 0.5), 3))
    battle_map.set_obscuration((1, 0), "heavy")
    light, zones = light_and_obscuration(battle_map)
    assert (0, 0) not in light  # bright
    assert zones[(1, 0)] == "heavy"  # in bright light the zone is what counts
    assert light[(4, 0)] == "dim"  # 4 tiles from the light: between r and 2r
    assert light[(8, 0)] == "dark"
    # The byte path the scene loads with says the same, tile by tile.
    from drase_desktop.board.light_tints import light_tint_codes

    layer = LightLayer(GridGeometry(12, 1))
    layer.set_tint_codes(light_tint_codes(battle_map))
    assert [layer.light_at((x, 0)) for x in (0, 4, 8)] == ["bright", "dim", "dark"]
    assert layer.zone_at((1, 0)) == "heavy"
    assert layer.tint().pixelColor(8, 0).alpha() == map_palette.DARK_TINT.alpha()


def test_height_and_light_are_blended_into_the_terrain_image(qapp):
    battle_map = BattleMap(3, 1)
    battle_map.set_elevation((1, 0), 3)
    geometry = GridGeometry(3, 1)
    terrain, height, light = TerrainLayer(geometry), HeightLayer(geometry), LightLayer(geometry)
    terrain.load_map(battle_map)
    height.load_map(battle_map)
    light.set_levels({(2, 0): "dark"}, {})
    plain = terrain.tile_colour((0, 0))
    terrain.set_tint("height", height.tint())
    terrain.set_tint("light", light.tint())
    assert terrain.tile_colour((0, 0)) == plain
    assert terrain.tile_colour((1, 0)).lightness() > plain.lightness()
    assert terrain.tile_colour((2, 0)).lightness() < plain.lightness()
    terrain.set_tint("light", None)
    assert terrain.tile_colour((2, 0)) == plain
    with pytest.raises(ValueError, match="unknown tint"):
        terrain.set_tint("fog", None)


def test_token_labels_fit_on_the_disc():
    assert token_label("Aria", 1) == "Aria"
    assert token_label("Goblin 12", 1) == "G12"
    assert token_label("Captain Vex", 1) == "CV"
    assert token_label("Bartholomew", 1) == "Bar"
    assert token_label("Ogre Chief", 2) == "Ogre Chief"
    # A small disc on screen keeps three letters, big enough to read across the table.
    assert token_label("Aldric", 1, disc_pixels=30) == "Ald"
    assert token_label("Bandit 1", 1, disc_pixels=30) == "B1"


def test_token_item_follows_its_combatant(qapp):
    geometry = GridGeometry(10, 10)
    goblin = Combatant(id="g", name="Goblin", side="gm", position=(2, 3), size=4)
    item = TokenItem(goblin, geometry)
    assert item.pos() == geometry.tile_to_scene((2, 3))
    assert item.boundingRect().width() > 2 * geometry.tile_size
    goblin.hp = 0
    goblin.statuses.append(StatusInstance("incapacitated", None, 0))
    goblin.statuses.append(StatusInstance("bleeding", 2, 0))
    goblin.position = None
    item.set_combatant(goblin)
    assert item.incapacitated
    assert item.statuses == ["bleeding"]
    assert not item.isVisible()
    assert "bleeding (2)" in item.toolTip()


def test_side_colours_tell_players_gm_and_factions_apart():
    players = map_palette.side_colour("players")
    gm = map_palette.side_colour("gm")
    wolves = map_palette.side_colour("wolves")
    assert players.blue() > players.red()
    assert gm.red() > gm.blue()
    assert wolves not in (players, gm)
    assert map_palette.side_colour("wolves") == wolves


def test_height_numbers_mark_where_each_level_begins_when_zoomed_out_a_little(qapp):
    battle_map = BattleMap(12, 3)
    for y in range(2):
        for x in range(1, 11):
            battle_map.set_elevation((x, y), 2)
    battle_map.set_elevation((5, 1), -1)
    battle_map.set_elevation((6, 1), 0)
    battle_map.set_elevation((6, 2), 2)
    layer = HeightLayer(GridGeometry(12, 3))
    layer.load_map(battle_map)
    # The +2 block is labelled at its top-left corner; past the dip in row 1 the +2 run has +2
    # above it, so no second label; the lone -1 and the +2 under a 0 are labelled.
    assert layer._label_rows[0] == [(1, 2)]
    assert layer._label_rows[1] == [(5, -1)]
    assert layer._label_rows[2] == [(6, 2)]
    assert len(layer._height_rows[0]) == 10


def test_layers_paint_only_what_the_device_shows(qapp):
    """Some render paths hand items their whole rect as exposed; the layers still only touch
    the tiles the target image can show."""
    geometry = GridGeometry(200, 200)
    seen = []

    class Probe(TerrainLayer):
        def paint_details(self, painter, exposed, tiles):
            seen.append(tiles)

    probe = Probe(geometry)
    probe.load_map(BattleMap(200, 200))
    scene = QGraphicsScene()
    scene.addItem(probe)
    render(scene, QRectF(0, 0, 640, 640), 100, 100)
    assert seen[-1] == (0, 0, 10, 10)


def test_light_sources_are_marked_on_the_map(qapp):
    layer = LightLayer(GridGeometry(10, 10))
    layer.set_sources([Light((2.5, 2.5), 3), Light((7.5, 7.5), 1)])
    assert layer.source_count == 2
    scene = QGraphicsScene()
    scene.addItem(layer)
    image = render(scene, QRectF(0, 0, 640, 640), 200, 200)
    # The sun at (2.5, 2.5) tiles is 50 pixels in on a 20-pixels-per-tile render.
    assert image.pixelColor(50, 50) == map_palette.LIGHT_SOURCE


class _UncachedLightLayer(LightLayer):
    """Draws every source's marks directly, frame after frame."""

    def _blit_marks(self, painter, device, device_scale, centre, radius) -> bool:
        return False


def _largest_channel_difference(a: QImage, b: QImage) -> int:
    worst = 0
    for y in range(a.height()):
        for x in range(a.width()):
            ca, cb = a.pixelColor(x, y), b.pixelColor(x, y)
            worst = max(
                worst,
                abs(ca.red() - cb.red()),
                abs(ca.green() - cb.green()),
                abs(ca.blue() - cb.blue()),
            )
    return worst


def test_cached_light_marks_look_as_if_drawn_directly(qapp):
    """A source's ring and sun are blitted from an image drawn once at this zoom and sub-pixel
    offset: the frame matches drawing them directly to within rounding, frame after frame,
    and a ring running off the frame is still drawn directly."""
    lights = [Light((2.5, 2.5), 1.5), Light((6.3, 4.7), 1), Light((9.5, 9.5), 3)]
    frames = []
    layers = []
    scenes = []
    for layer_class in (LightLayer, _UncachedLightLayer):
        layer = layer_class(GridGeometry(10, 10))
        layers.append(layer)
        layer.set_sources(lights)
        scene = QGraphicsScene()
        scenes.append(scene)
        scene.addItem(layer)
        # 23.3 pixels a tile, tile edges between device pixels.
        frames.append([render(scene, QRectF(3.1, 2.7, 640, 640), 233, 233) for _ in range(2)])
    (cached, cached_again), (direct, _) = frames
    assert cached == cached_again
    assert cached != QImage(cached.size(), cached.format())
    assert _largest_channel_difference(cached, direct) <= 6
    # Two sources wholly inside the frame were kept as images; the third runs off it.
    assert len(layers[0]._mark_images) == 2


class _DirectLabel(MapLabel):
    """Draws its box directly, frame after frame."""

    def paint(self, painter, option, widget=None) -> None:
        self._draw(painter)


def test_a_cached_label_looks_as_if_drawn_directly_and_follows_the_view(qtbot):
    """The label is blitted from an image drawn once per text and sub-pixel offset: it matches
    drawing it directly to within rounding, also after the view pans and zooms."""
    views = []
    scenes = []  # a view does not own its scene: keep both alive
    for label_class in (MapLabel, _DirectLabel):
        scene = QGraphicsScene(0, 0, 2000, 2000)
        scenes.append(scene)
        scene.addRect(QRectF(0, 0, 2000, 2000), QColor("#7a9"), QColor("#7a9"))
        view = shown_widget(qtbot, QGraphicsView(scene), 400, 300)
        label = label_class("probe")
        scene.addItem(label)
        label.show_text("3 tiles, 6 m\nCover: half (-2)", QPointF(700.3, 650.7))
        views.append(view)
    frames: list[list[QImage]] = [[], []]
    # Panned by whole pixels (the same image serves), then zoomed (a new one).
    for zoom, centre in (
        (1.0, QPointF(800, 700)),
        (1.0, QPointF(837, 713)),
        (0.63, QPointF(811.37, 742.91)),
    ):
        for index, view in enumerate(views):
            view.resetTransform()
            view.scale(zoom, zoom)
            view.centerOn(centre)
            frames[index].append(frame_of(view))
    for cached, direct in zip(*frames, strict=True):
        assert _largest_channel_difference(cached, direct) <= 3
    # The box moved on screen between the two frames.
    assert frames[0][0] != frames[0][1]


def test_raised_ground_shows_a_contour_where_numbers_are_too_small(qapp):
    """At a laptop's zoom (20 px a tile) the "+1" numbers are not drawn: a dashed contour
    marks where the ground steps up, so heights stay readable at every zoom."""
    battle_map = BattleMap(10, 10)
    for x in range(3, 7):
        for y in range(3, 7):
            battle_map.set_elevation((x, y), 1)
    geometry = GridGeometry(10, 10)
    layer = HeightLayer(geometry)
    layer.load_map(battle_map)
    assert layer.contour_count == 16 and layer.cliff_count == 0
    scene = QGraphicsScene()
    scene.addItem(layer)
    image = render(scene, geometry.map_rect(), 200, 200)
    edge = [image.pixelColor(x, y) for x in (59, 60, 61) for y in range(62, 138)]
    inside = [image.pixelColor(x, y) for x in (89, 90, 91) for y in range(62, 138)]
    assert sum(1 for c in edge if c.lightness() < 140) > 20
    assert all(c.lightness() > 200 for c in inside)
