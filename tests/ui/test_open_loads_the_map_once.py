"""Opening another encounter draws its map once: the outgoing map view, about to be replaced,
no longer follows the model, so it does not load the new map (and its picture) before the new
view loads it again."""

from __future__ import annotations

from helpers.window_helpers import open_window

from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.files.documents import load_sample
from drase_desktop.ui.map.terrain_layer import TerrainLayer


def test_opening_an_encounter_loads_its_map_in_one_view_only(qtbot, tmp_path, monkeypatch):
    window, _ = open_window(qtbot)
    path = tmp_path / "next.drase"
    sample = load_sample()
    save_encounter(Encounter(sample.battle_map, list(sample.combatants.values())), path)
    outgoing = window.map_view
    loaded = []
    load_map = TerrainLayer.load_map

    def counted(layer, battle_map):
        loaded.append(layer)
        load_map(layer, battle_map)

    monkeypatch.setattr(TerrainLayer, "load_map", counted)
    assert window.open_path(path, confirmed=True, wait=True)
    assert window.map_view is not outgoing
    assert loaded == [window.map_view.map_scene.terrain_layer]
    # The new view follows the model: an edit of the map reaches it.
    window.model.mapChanged.emit()
    assert loaded[-1] is window.map_view.map_scene.terrain_layer and len(loaded) == 2
