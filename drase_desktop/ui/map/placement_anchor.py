"""Where a new creature goes: in the middle of what the GM is looking at.

A creature added from the library, the creature sheet or a duplicate of a library row lands on
the first free tile nearest the anchor: the tile the GM clicked (with no creature selected)
while it is in sight, else the middle of the part of the map the view shows. The free tile
itself is the core's to find (`placement.free_tiles_near`, nearest first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.placement import free_tiles_near, unique_id

if TYPE_CHECKING:
    from drase_desktop.ui.map.map_view import MapView

Tile = tuple[int, int]
TileBox = tuple[int, int, int, int]

__all__ = ["free_tile_in_sight", "looked_at_tile", "placement_anchor", "tiles_in_sight"]


def tiles_in_sight(view: MapView) -> TileBox:
    """The tiles the view shows, as (left, top, right, bottom), inclusive and on the map."""
    geometry = view.map_scene.geometry
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    first = geometry.scene_to_tile(shown.topLeft())
    # The last tile any of whose pixels shows (a bottom-right edge on a grid line is not in).
    last = geometry.scene_to_tile(shown.bottomRight() - QPointF(0.5, 0.5))
    left, top = max(0, first[0]), max(0, first[1])
    right = min(geometry.width - 1, last[0])
    bottom = min(geometry.height - 1, last[1])
    if right < left or bottom < top:  # the view shows none of the map: all of it counts
        return 0, 0, geometry.width - 1, geometry.height - 1
    return left, top, right, bottom


def looked_at_tile(view: MapView) -> Tile:
    """The tile in the middle of the part of the map in sight."""
    left, top, right, bottom = tiles_in_sight(view)
    return (left + right) // 2, (top + bottom) // 2


def placement_anchor(view: MapView) -> Tile:
    """The tile the GM chose, when one is selected with no creature and it is in sight; else
    the middle of what the view shows."""
    model = view.model
    chosen = model.selected_tile
    if chosen is not None and not model.selected_id:
        left, top, right, bottom = tiles_in_sight(view)
        if left <= chosen[0] <= right and top <= chosen[1] <= bottom:
            return (int(chosen[0]), int(chosen[1]))
    return looked_at_tile(view)


def free_tile_in_sight(view: MapView, name: str = "New creature") -> Tile | None:
    """The first free tile for a new one-tile creature nearest the anchor (None: the map is
    full)."""
    encounter = view.model.encounter
    probe = Combatant(id=unique_id(encounter, name), name=name)
    found = free_tiles_near(encounter, probe, placement_anchor(view), 1)
    return found[0] if found else None
