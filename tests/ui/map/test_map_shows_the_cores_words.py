"""The map computes no rule of its own: what its labels, path and status bar say about a move, a
target, a distance or a creature's health is the core's answer in the core's words."""

from __future__ import annotations

import pytest
from helpers.map_helpers import shown_view, skirmish
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from test_move_disagreements import shift_move
from test_token_drag import drag, move, press, release, reported

from drase_desktop.board.distance import map_distance, tiles_and_metres
from drase_desktop.encounter.move_check import move_check
from drase_desktop.encounter.move_words import move_words
from drase_desktop.encounter.player_projection import condition
from drase_desktop.encounter.target_preview import target_preview, target_words
from drase_desktop.rules.health import health_band
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.move_tool import FORCE_HINT
from drase_desktop.ui.map.token_item import TokenItem

# Aria (1, 0), speed 6: through the mud, past her speed, behind the closed door, onto the
# goblin, onto the pillar, off the map's right edge is (12, 0).
ARIA_TILES = [(1, 3), (1, 6), (9, 0), (6, 6), (3, 4), (4, 1)]


@pytest.fixture
def view(qtbot):
    view = shown_view(qtbot)
    view.setFocus()
    return view


def core_label(view: MapView, combatant_id: str, tile, *, forced: bool = False) -> str:
    check = move_check(view.model.encounter, combatant_id, tile, forced=forced)
    return move_words(check, force_hint=FORCE_HINT)


@pytest.mark.parametrize("tile", ARIA_TILES)
def test_the_drag_label_and_path_are_the_move_checks(view, tile):
    scene = view.map_scene
    press(view, (1, 0))
    move(view, (1, 1))
    move(view, tile)
    check = move_check(view.model.encounter, "aria", tile)
    assert scene.drag_label.text == core_label(view, "aria", tile)
    assert scene.drag_label.warning == (not check.allowed)
    assert scene.path_preview.path == list(check.path)
    assert scene.path_preview.tiles_over_speed == list(check.path[max(1, check.over_from) :])
    QTest.keyClick(view, Qt.Key.Key_Escape)


def test_a_forced_drag_label_is_the_forced_move_check(view):
    view.model.encounter.battle_map.set_elevation((1, 0), 2)
    press(view, (1, 0), Qt.KeyboardModifier.ShiftModifier)
    shift_move(view, (4, 1))
    label = view.map_scene.drag_label.text
    assert label == core_label(view, "aria", (4, 1), forced=True)
    assert label == "Forced move: 4 tiles, 8 m\nfalls 2 tiles"  # 3 across, 2 down (ruling 20)


def test_a_placing_label_in_setup_is_the_move_checks(qtbot):
    view = MapView(EncounterModel(skirmish(started=False)))
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    view.fit_to_window()
    press(view, (1, 0))
    for tile in [(10, 6), (3, 4)]:  # free ground, then the pillar
        move(view, tile)
        assert view.map_scene.drag_label.text == core_label(view, "aria", tile)
    release(view, (3, 4))


@pytest.mark.parametrize("tile", [(1, 6), (9, 0), (6, 6), (3, 4)])
def test_the_status_bar_says_the_core_refusals_words(view, tile):
    messages = reported(view)
    refusal = move_check(view.model.encounter, "aria", tile).refusal
    assert refusal is not None
    drag(view, [(1, 0), tile])
    assert view.model.encounter.combatants["aria"].position == (1, 0)
    assert messages[-1] == refusal.words(FORCE_HINT)


def test_an_arrow_key_refusal_and_price_are_the_cores(view):
    messages = reported(view)
    view.model.select("bram")
    encounter = view.model.encounter
    blocked = move_check(encounter, "bram", (3, 4)).refusal
    QTest.keyClick(view, Qt.Key.Key_Right)  # into the pillar
    assert blocked is not None and messages[-1] == blocked.words(FORCE_HINT)
    down = move_check(encounter, "bram", (2, 5))
    QTest.keyClick(view, Qt.Key.Key_Down)
    assert messages[-1] == f"Bram moved to (2, 5): {tiles_and_metres(down.cost)}."


def test_the_hover_report_is_the_cores_target_preview_in_its_words(view):
    encounter = view.model.encounter
    encounter.battle_map.set_obscuration((6, 6), "heavy")
    encounter.battle_map.set_elevation((2, 4), 1)
    view.model.select("bram")
    # First beside the goblin: Qt drops a move to where the pointer already is, and an earlier
    # test may have left it on the goblin's tile.
    move(view, (5, 6))
    move(view, (6, 6))
    preview = target_preview(encounter, "bram", "gob1")
    label = view.map_scene.info_label
    assert label.text == target_words(preview, "Goblin 1")
    assert label.warning == (not preview.targetable)
    assert "Obscured: heavy, 2 maluses" in label.text and "+1 bonus to hit" in label.text


def test_the_ruler_reads_the_boards_distance_in_the_cores_words(view):
    encounter = view.model.encounter
    encounter.battle_map.set_elevation((4, 7), 3)
    press(view, (0, 4))
    move(view, (4, 7))
    distance = map_distance(encounter.battle_map, (0, 4), (4, 7), diagonal="double")
    assert view.map_scene.info_label.text == f"Ruler: {tiles_and_metres(distance)}"
    release(view, (4, 7))


@pytest.mark.parametrize("hp", [-2, 0, 1, 3, 4, 6, 7, 12])
def test_every_view_of_a_creatures_health_reads_the_cores_band(qapp, hp):
    """The combatants list, the token's HP bar and the players' condition colour and name the
    same bands the core defines (bloodied at half HP or less)."""
    from drase_desktop.ui.docks.combatant_table import HP, HP_ACCENTS, CombatantTable
    from drase_desktop.ui.widgets.theme import accent

    model = EncounterModel(skirmish())
    encounter = model.encounter
    encounter.set_hp("aria", hp)
    aria = encounter.combatants["aria"]
    band = health_band(aria.hp, aria.max_hp)
    table = CombatantTable(model)
    row = list(encounter.combatants).index("aria")
    brush = table.data(table.index(row, HP), Qt.ItemDataRole.ForegroundRole)
    wanted = HP_ACCENTS.get(band)
    if wanted is None:
        assert brush is None
    else:
        from PySide6.QtWidgets import QApplication

        assert brush.color() == accent(QApplication.palette(), wanted)
    assert condition(aria) == {"badly hurt": "bloodied"}.get(band, band)
    # The token's HP bar in the band's colour (at 0 HP or below the bar is empty).
    shown = band_colours_painted(TokenItem(aria, view_geometry(model)))
    expected = set() if band == "down" else {map_palette.HP_BAND_COLOURS[band].rgb()}
    assert shown == expected


def view_geometry(model: EncounterModel):
    from drase_desktop.ui.map.grid_geometry import GridGeometry

    battle_map = model.encounter.battle_map
    return GridGeometry(battle_map.width, battle_map.height)


def band_colours_painted(token: TokenItem) -> set[int]:
    """The health band colours a rendering of the token shows (its HP bar's)."""
    from PySide6.QtGui import QImage, QPainter

    box = token.boundingRect()
    image = QImage(int(box.width()) + 2, int(box.height()) + 2, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(-box.left() + 1, -box.top() + 1)
    token.paint(painter, None, None)
    painter.end()
    painted = {image.pixel(x, y) for y in range(image.height()) for x in range(image.width())}
    return {colour.rgb() for colour in map_palette.HP_BAND_COLOURS.values()} & painted


def test_touch_label_is_the_move_checks(qtbot):
    from helpers.player_helpers import skirmish_model

    from drase_desktop.ui.table.player_display import PlayerView

    view = PlayerView(skirmish_model())
    qtbot.addWidget(view)
    view.resize(960, 640)
    view.show()
    view.show_rect(view.player_scene.geometry.map_rect())
    touch = view.touch
    size = view.player_scene.geometry.tile_size

    def centre(tile) -> QPointF:
        return QPointF((tile[0] + 0.5) * size, (tile[1] + 0.5) * size)

    assert touch.press(centre((1, 0)))
    for tile in [(1, 3), (1, 6), (3, 4)]:
        touch.move(centre(tile))
        encounter = view.model.encounter
        check = move_check(encounter, "aria", tile)
        assert touch.label.text == move_words(check, force_hint=FORCE_HINT)
        assert touch.preview.path == list(check.path)
    touch.cancel()
