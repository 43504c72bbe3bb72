"""Shared pieces for the player display tests: a model over the skirmish, frames and colours."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QMainWindow

from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.table_tools import TableTools
from helpers.map_helpers import skirmish


def skirmish_model(started: bool = True) -> EncounterModel:
    return EncounterModel(skirmish(started))


class MapWindow(QMainWindow):
    """The least of a main window the table tools work in: a model and its map view."""

    def __init__(self, model: EncounterModel) -> None:
        super().__init__()
        self.model = model
        self.map_view = MapView(model)
        self.setCentralWidget(self.map_view)


def table_tools_window(qtbot) -> MapWindow:
    """A shown window over the skirmish with the table tools (fog, player display) on it."""
    window = MapWindow(skirmish_model())
    qtbot.addWidget(window)
    window.resize(900, 600)
    window.tools = TableTools(window)
    window.show()
    return window


def frame(widget) -> QImage:
    """The widget as the screen would show it, in a format whose pixels can be compared."""
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def count_exact(image: QImage, colour: QColor) -> int:
    """Pixels of exactly `colour` in an RGB32 frame (a disc's flat fill is exact; its
    antialiased edge is not, which is fine: one exact pixel is already a leak)."""
    assert image.format() == QImage.Format.Format_RGB32
    data = bytes(image.constBits())
    needle = bytes([colour.blue(), colour.green(), colour.red(), 0xFF])
    count, start = 0, data.find(needle)
    while start != -1:
        if start % 4 == 0:
            count += 1
        start = data.find(needle, start + 1)
    return count


def tile_pixel(image: QImage, view, tile: tuple[int, int]) -> QColor:
    """The colour at the centre of `tile` in a frame of `view`."""
    size = view.player_scene.geometry.tile_size
    point = view.mapFromScene((tile[0] + 0.5) * size, (tile[1] + 0.5) * size)
    return image.pixelColor(point.x(), point.y())


def hide_all_but_west_room(model: EncounterModel) -> None:
    """Fog everything, then reveal the skirmish's west room (x < 8) by flood fill."""
    controller = fog_controller(model)
    controller.apply(lambda fog: fog.hide_all())
    battle_map = model.encounter.battle_map
    controller.apply(lambda fog: fog.room(battle_map, (0, 0), reveal=True))
