"""A map picture the window cannot decode is told to the GM, not dropped without a word (the
map keeps its terrain colours), and is not decoded again at every map edit."""

from __future__ import annotations

from helpers.window_helpers import open_window

from drase_desktop.board import BackgroundImage, BattleMap
from drase_desktop.ui.files.documents import encounter_for_map
from drase_desktop.ui.map import terrain_layer


def test_a_picture_that_cannot_be_decoded_is_told(qtbot, monkeypatch):
    window, _ = open_window(qtbot)
    battle_map = BattleMap(6, 5, name="Ford")
    broken = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64  # a picture's first bytes, then nothing
    battle_map.background = BackgroundImage(broken, "image/png", 10.0)
    window.set_document(encounter_for_map(battle_map), None, unsaved=True)
    qtbot.waitUntil(lambda: "map picture cannot be shown" in window.statusBar().currentMessage())
    assert "terrain colours" in window.statusBar().currentMessage()
    assert not window.map_view.map_scene.terrain_layer.has_background

    decodes = []
    monkeypatch.setattr(terrain_layer, "decode_image", lambda *a: decodes.append(a))
    window.map_view.map_scene.terrain_layer.load_map(window.model.encounter.battle_map)
    assert decodes == []  # told once; an edit does not decode it again
