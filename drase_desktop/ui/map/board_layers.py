"""What the GM's map and the players' map build and load alike from a battle map: the grid of
the map and its terrain layer at the start, each layer put at its height in the scene, and on
each load a new grid when the map's size changed (every layer and token told), then the
terrain, grid, height, cover and wall layers. Each scene adds the layers only it has."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.terrain_layer import TerrainLayer


class BoardScene(QGraphicsScene):
    """A scene of `model`'s map: its grid geometry and its terrain layer, made first."""

    grid_layer: Any  # made after the terrain layer, whose callback already names it

    def __init__(self, model: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.model = model
        battle_map = model.encounter.battle_map
        self.geometry = GridGeometry(battle_map.width, battle_map.height)
        self.terrain_layer = TerrainLayer(self.geometry)
        # A large picture decodes on a worker; the grid is drawn for a picture once it shows.
        self.terrain_layer.picture_ready = lambda: self.grid_layer.set_over_image(True)

    def place_layers(self, placed: Iterable[tuple[Any, float]]) -> None:
        """Add each (layer, z) of `placed` at its height; they are the scene's `_layers`:
        everything drawn in tile units, which a resized map hands the new geometry."""
        layers: list[QGraphicsItem] = []
        for item, z in placed:
            item.setZValue(z)
            self.addItem(item)
            layers.append(item)
        self._layers = tuple(layers)


def load_board_layers(scene: Any, battle_map: Any) -> None:
    """Load `scene`'s shared layers from `battle_map`. The scene holds `geometry`, `_layers`,
    `token_items` and the five layers by name (`terrain_layer`, `grid_layer`, ...)."""
    if (battle_map.width, battle_map.height) != (scene.geometry.width, scene.geometry.height):
        scene.geometry = GridGeometry(battle_map.width, battle_map.height)
        for layer in scene._layers:
            layer.set_geometry(scene.geometry)
        for item in scene.token_items.values():
            item.set_geometry(scene.geometry)
    scene.terrain_layer.load_map(battle_map)
    scene.grid_layer.set_over_image(scene.terrain_layer.has_background)
    scene.height_layer.load_map(battle_map)
    scene.cover_layer.load_map(battle_map)
    scene.wall_layer.load_map(battle_map)
