"""The selected token's reachable tiles follow the other tokens that stand in its way, and are
not searched again for a change that cannot alter them (an HP edit of another token)."""

from __future__ import annotations

from helpers.map_helpers import skirmish
from PySide6.QtGui import QColor

from drase_desktop.encounter import geometry
from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.map.reach_layer import ReachLayer


def _scene(qtbot):
    model = EncounterModel(skirmish())
    model.select("aria")
    view = MapView(model)
    qtbot.addWidget(view)
    return model, view.map_scene


def _fresh_reach(model) -> set:
    encounter = model.encounter
    aria = encounter.combatants["aria"]
    return set(geometry.reachable_tiles(encounter, aria)) - set(aria.tiles())


def _counting_searches(monkeypatch) -> list:
    searches = []
    search = geometry.reachable_tiles

    def counted(encounter, combatant):
        searches.append(combatant.id)
        return search(encounter, combatant)

    monkeypatch.setattr(geometry, "reachable_tiles", counted)
    return searches


def test_another_token_stepping_into_the_way_changes_the_reach(qtbot):
    model, scene = _scene(qtbot)
    assert (3, 0) in scene.reach_layer.tiles
    model.encounter.combatants["gob1"].position = (3, 0)
    model.notify(combatants=["gob1"])
    assert (3, 0) not in scene.reach_layer.tiles
    assert scene.reach_layer.tiles == _fresh_reach(model)


def test_another_token_changing_side_changes_the_reach(qtbot, monkeypatch):
    model, scene = _scene(qtbot)
    searches = _counting_searches(monkeypatch)
    model.encounter.combatants["gob1"].side = "players"
    model.notify(combatants=["gob1"])
    assert searches == ["aria"]
    assert scene.reach_layer.tiles == _fresh_reach(model)


def test_an_hp_edit_of_another_token_searches_nothing(qtbot, monkeypatch):
    model, scene = _scene(qtbot)
    before = scene.reach_layer.tiles
    searches = _counting_searches(monkeypatch)
    model.push(ChangeCommand.run(model, lambda e: e.set_hp("gob1", 2)))
    assert searches == []
    assert scene.reach_layer.tiles == before == _fresh_reach(model)


def test_a_change_of_the_selected_token_searches_again(qtbot, monkeypatch):
    model, scene = _scene(qtbot)
    searches = _counting_searches(monkeypatch)
    model.push(ChangeCommand.run(model, lambda e: e.set_hp("aria", 3)))
    assert searches == ["aria"]
    assert scene.reach_layer.tiles == _fresh_reach(model)


def test_the_same_reach_again_draws_nothing_and_a_new_grid_draws_it_afresh(qtbot):
    """A phase rarely changes the reach: the same tiles again leave the tint's picture alone;
    a map resized or rescaled starts a blank picture, so the same tiles are drawn on it."""
    layer = ReachLayer(GridGeometry(6, 4))
    tiles = [(1, 1), (2, 1), (3, 2)]
    layer.set_reachable(tiles, exclude=[(3, 2)])
    image = layer.image
    layer.set_reachable([(2, 1), (1, 1), (3, 2)], exclude=[(3, 2)])
    assert layer.image is image
    layer.set_geometry(GridGeometry(8, 5))
    layer.set_reachable(tiles, exclude=[(3, 2)])
    fresh = ReachLayer(GridGeometry(8, 5))
    fresh.set_reachable(tiles, exclude=[(3, 2)])
    assert layer.image == fresh.image
    assert layer.tile_colour((1, 1)) != QColor(0, 0, 0, 0) == layer.tile_colour((3, 2))
