"""Drops on the map view: creature templates from the library (one, or numbered copies with
Shift), refused on blocked or occupied tiles with the reason, and pictures from the file manager
(art for a token, or a new creature on an empty tile); each one undo step. The token art is
drawn cropped to the token's circle, on the GM's map and on the player display."""

from __future__ import annotations

import pytest
from helpers.drop_helpers import at, drag_over, drop_on, file_mime, picture_file
from helpers.event_loop import settled
from helpers.map_helpers import shown_view
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.encounter.portraits import portrait_key
from drase_desktop.storage.creature_library import starter_bestiary
from drase_desktop.ui.map import token_art
from drase_desktop.ui.map.map_drops import template_from_mime, template_mime
from drase_desktop.ui.table.player_scene import PlayerScene

SHIFT = Qt.KeyboardModifier.ShiftModifier


def bestiary(name: str):
    return next(t for t in starter_bestiary() if t.name == name)


@pytest.fixture
def view(qtbot):
    view = shown_view(qtbot)
    view.messages = []
    view.statusMessage.connect(view.messages.append)
    return view


def test_template_mime_round_trips_and_refuses_a_broken_one() -> None:
    template, count = template_from_mime(template_mime(bestiary("Wolf"), 3))
    assert template.name == "Wolf" and count == 3
    broken = QMimeData()
    broken.setData("application/x-drase-creature-template", b"{not json")
    assert template_from_mime(broken) is None


def test_a_template_dropped_on_a_free_tile_is_placed_there(view) -> None:
    moved = drag_over(view, template_mime(bestiary("Bandit")), [(4, 0), (5, 1)])
    assert moved.isAccepted()
    marks = view.drops.marks
    assert len(marks) == 1 and marks[0].pen().color() == QColor(60, 200, 90)
    assert view.messages[-1].startswith("Drop to place Bandit at (5, 1)")
    drop = drop_on(view, template_mime(bestiary("Bandit")), (5, 1))
    assert drop.isAccepted()
    encounter = view.model.encounter
    placed = [c for c in encounter.combatants.values() if c.name == "Bandit"]
    assert len(placed) == 1 and placed[0].position == (5, 1)
    assert placed[0].max_hp == bestiary("Bandit").creature.max_hp
    assert view.drops.marks == []
    assert placed[0].id in view.map_scene.token_items
    assert view.model.undo_stack.count() == 1
    view.model.undo_stack.undo()
    assert placed[0].id not in encounter.combatants


def test_shift_drop_places_the_count_numbered_as_one_undo_step(view) -> None:
    encounter = view.model.encounter
    drop_on(view, template_mime(bestiary("Bandit")), (4, 0))
    drop_on(view, template_mime(bestiary("Bandit"), 3), (5, 5), SHIFT)
    names = sorted(c.name for c in encounter.combatants.values() if c.name.startswith("Bandit"))
    assert names == ["Bandit", "Bandit 2", "Bandit 3", "Bandit 4"]
    tiles = [c.position for c in encounter.combatants.values() if c.name.startswith("Bandit ")]
    assert len(set(tiles)) == 3 and (5, 5) in tiles
    assert view.model.undo_stack.count() == 2
    view.model.undo_stack.undo()
    assert [c.name for c in encounter.combatants.values() if c.name.startswith("Bandit")] == [
        "Bandit"
    ]


@pytest.mark.parametrize(
    ("tile", "reason"),
    [((3, 4), "(3, 4): the tile is blocked"), ((2, 4), "(2, 4): Bram is there")],
)
def test_a_drop_on_a_blocked_or_occupied_tile_is_refused_with_the_reason(view, tile, reason):
    before = dict(view.model.encounter.combatants)
    drag_over(view, template_mime(bestiary("Wolf")), [tile])
    assert view.drops.marks[0].pen().color() == QColor(220, 50, 50)
    assert reason in view.messages[-1]
    drop_on(view, template_mime(bestiary("Wolf")), tile)
    assert dict(view.model.encounter.combatants) == before
    assert view.model.undo_stack.count() == 0
    assert reason in view.messages[-1]


def test_a_large_creature_needs_room_for_its_whole_footprint(view) -> None:
    drop_on(view, template_mime(bestiary("Brown Bear")), (3, 3))  # (3, 4) is the pillar
    assert "Brown Bear cannot stand on (3, 4): the tile is blocked" in view.messages[-1]


def test_other_drags_are_left_to_the_window(view, tmp_path) -> None:
    other = QMimeData()
    other.setText("just words")
    assert not drag_over(view, other, [(4, 4)]).isAccepted()
    encounter_file = tmp_path / "fight.drase"
    encounter_file.write_text("{}")
    assert not drag_over(view, file_mime(encounter_file), [(4, 4)]).isAccepted()


def test_a_picture_dropped_on_a_token_becomes_its_art(view, tmp_path) -> None:
    path = picture_file(tmp_path, "aria.png", "#d02020")
    drag_over(view, file_mime(path), [(1, 0)])
    assert view.messages[-1] == "Drop to give Aria this picture"
    drop_on(view, file_mime(path), (1, 0))
    aria = view.model.encounter.combatants["aria"]
    assert aria.portrait == portrait_key(path.read_bytes())
    assert view.map_scene.token_items["aria"].portrait == aria.portrait
    view.model.undo_stack.undo()
    assert aria.portrait is None


def test_a_picture_dropped_on_an_empty_tile_makes_a_creature_with_it(view, tmp_path) -> None:
    path = picture_file(tmp_path, "cave_troll-2.png", "#20a020")
    drop_on(view, file_mime(path), (5, 3))
    made = [c for c in view.model.encounter.combatants.values() if c.position == (5, 3)]
    assert [c.name for c in made] == ["Cave Troll"]
    assert view.model.encounter.portraits[made[0].portrait] == path.read_bytes()
    assert view.model.selected_id == made[0].id


def test_a_picture_that_is_not_one_is_refused_with_a_message(view, tmp_path) -> None:
    fake = tmp_path / "goblin.png"
    fake.write_bytes(b"GIF89a" + bytes(100))
    drop_on(view, file_mime(fake), (1, 0))
    assert "not a PNG, JPEG or WebP" in view.messages[-1]
    assert view.model.encounter.combatants["aria"].portrait is None
    assert view.model.undo_stack.count() == 0


def centre_colour(view, combatant_id: str) -> QColor:
    image = view.grab().toImage()
    point = at(view, view.model.encounter.combatants[combatant_id].position)
    return image.pixelColor(point.x(), point.y() - 4)


def test_token_art_is_drawn_in_the_tokens_circle_on_the_gm_map(view, qtbot, tmp_path) -> None:
    view.zoom_by(3.0)
    view.centre_on_token("aria")
    before = settled(lambda: centre_colour(view, "aria"))
    drop_on(view, file_mime(picture_file(tmp_path, "red.png", "#e01010")), (1, 0))
    qtbot.waitUntil(lambda: centre_colour(view, "aria") != before)  # the picture loaded
    colour = centre_colour(view, "aria")
    assert colour.red() > 200 and colour.green() < 60 and colour.blue() < 60
    # Outside the circle (the tile's corner) the ground shows, not the picture.
    geometry = view.map_scene.geometry
    corner = view.mapFromScene(geometry.tile_to_scene((1, 0)))
    image = view.grab().toImage()
    assert image.pixelColor(corner.x() + 2, corner.y() + 2).green() > 150


def test_token_art_is_scaled_once_per_size(view, qtbot, tmp_path) -> None:
    drop_on(view, file_mime(picture_file(tmp_path, "blue.png", "#1010e0", 500)), (1, 0))
    key = view.model.encounter.combatants["aria"].portrait
    data = view.model.encounter.portraits[key]
    first = token_art.disc_pixmap(key, data, 61)
    assert token_art.disc_pixmap(key, data, 64) is first  # the same 64-pixel disc
    assert token_art.source_image(key, data).width() == token_art.SOURCE_PIXELS


def test_token_art_shows_on_the_player_display(view, qtbot, tmp_path) -> None:
    drop_on(view, file_mime(picture_file(tmp_path, "red.png", "#e01010")), (1, 0))
    scene = PlayerScene(view.model)
    item = scene.token_items["aria"]
    assert item.portrait is not None
    rect = item.sceneBoundingRect()
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, image.rect().toRectF(), rect)
    painter.end()
    centre = image.pixelColor(100, 85)
    assert centre.red() > 200 and centre.green() < 60


def test_a_battlemap_sized_picture_on_an_empty_tile_is_left_to_the_window(view, tmp_path):
    """A picture bigger than a token's art dropped on an empty tile is a battlemap: the view
    ignores it so the window starts a map from it; on a token it is still refused as art."""
    big = picture_file(tmp_path, "cave.png", "#808080", 1500)
    assert not drag_over(view, file_mime(big), [(5, 3)]).isAccepted()
    assert not drop_on(view, file_mime(big), (5, 3)).isAccepted()
    assert view.model.undo_stack.count() == 0
    assert drag_over(view, file_mime(big), [(1, 0)]).isAccepted()  # on Aria: art
    drop_on(view, file_mime(big), (1, 0))
    assert view.model.encounter.combatants["aria"].portrait is not None  # 1500 px is allowed art
