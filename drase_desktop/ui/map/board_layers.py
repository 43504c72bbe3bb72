"""What the GM's map and the players' map load alike from a battle map: a new grid when the
map's size changed (every layer and token told), then the terrain, grid, height, cover and wall
layers. Each scene adds the layers only it has."""

from __future__ import annotations

from typing import Any

from drase_desktop.ui.map.grid_geometry import GridGeometry


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
