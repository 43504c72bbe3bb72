"""The tiles the selected token can reach this turn, tinted green."""

from __future__ import annotations

from collections.abc import Iterable

from drase_desktop.ui.map import map_palette
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.tile_image_layer import TileImageLayer


class ReachLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__(geometry)
        self._tiles: frozenset[Tile] = frozenset()

    def set_reachable(self, tiles: Iterable[Tile], exclude: Iterable[Tile] = ()) -> None:
        """Tint `tiles`, except `exclude` (the token's own tiles: it is standing there)."""
        skip = set(exclude)
        tiles = frozenset(tile for tile in tiles if tile not in skip)
        if tiles == self._tiles:
            return  # the image shows them already: a phase rarely changes the reach
        old, self._tiles = self._tiles, tiles
        # Repaint only where the tint came or went: it follows every dab of an editor stroke.
        self.set_tile_colours(
            dict.fromkeys(self._tiles, map_palette.REACHABLE), changed=old ^ self._tiles
        )

    def set_geometry(self, geometry: GridGeometry) -> None:
        super().set_geometry(geometry)
        self._tiles = frozenset()  # the image starts blank

    def clear(self) -> None:
        self.set_reachable(())

    @property
    def tiles(self) -> frozenset[Tile]:
        return self._tiles
