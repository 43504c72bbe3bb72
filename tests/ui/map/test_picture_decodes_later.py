"""A picture longer than 8192 px decodes on a worker: the map shows its terrain at once and the
picture when it is ready, decoded once for the GM's map and the players' display together."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from drase_desktop.board import BackgroundImage, BattleMap
from drase_desktop.ui.map import terrain_layer as terrain
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.terrain_layer import TerrainLayer


def _wide_picture(width: int) -> bytes:
    image = QImage(width, 64, QImage.Format.Format_RGB32)
    image.fill(QColor("#7a6a4a"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "JPEG")
    return bytes(data)


def test_a_long_picture_shows_after_its_worker_decode_and_once_for_two_layers(qtbot, monkeypatch):
    board = BattleMap(20, 4)
    board.background = BackgroundImage(_wide_picture(8400), "image/jpeg", 420.0)
    decodes = []
    real = terrain._Decoding.__init__
    monkeypatch.setattr(
        terrain._Decoding,
        "__init__",
        lambda self, *args: (decodes.append(args), real(self, *args))[1],
    )
    ready = []
    gm = TerrainLayer(GridGeometry(20, 4))
    gm.picture_ready = lambda: ready.append("gm")
    gm.load_map(board)
    assert not gm.has_background and gm.decoding  # terrain colours now, the picture later
    players = TerrainLayer(GridGeometry(20, 4))
    players.load_map(board)
    qtbot.waitUntil(lambda: gm.has_background and players.has_background, timeout=10_000)
    assert len(decodes) == 1 and ready == ["gm"] and not gm.decoding
    third = TerrainLayer(GridGeometry(20, 4))
    third.load_map(board)
    assert third.has_background and len(decodes) == 1  # the decoded copy is reused


def test_a_picture_of_ordinary_size_still_shows_at_once():
    board = BattleMap(20, 4)
    board.background = BackgroundImage(_wide_picture(2000), "image/jpeg", 100.0)
    layer = TerrainLayer(GridGeometry(20, 4))
    layer.load_map(board)
    assert layer.has_background and not layer.decoding


def test_another_map_shown_meanwhile_keeps_its_own_ground(qtbot):
    first = BattleMap(20, 4)
    first.background = BackgroundImage(_wide_picture(8300), "image/jpeg", 415.0)
    layer = TerrainLayer(GridGeometry(20, 4))
    layer.load_map(first)
    layer.load_map(BattleMap(20, 4))  # the GM opened a plain map before the picture decoded
    qtbot.waitUntil(lambda: id(first.background.data) not in terrain._DECODING, timeout=10_000)
    assert not layer.has_background
