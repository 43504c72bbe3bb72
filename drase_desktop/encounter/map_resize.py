"""The whole map at once: a resize at chosen edges (walls cut at a cut edge, the picture kept
under the grid), a new background picture, and `MapReplacement`, which swaps the encounter's map
and shifts its tokens and fog with it, refusing when a token would end off the map."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from drase_desktop.board.battle_map import MAX_SIDE, BackgroundImage, BattleMap, Light
from drase_desktop.board.geometry import clip_to_box
from drase_desktop.encounter.map_change import MapChange
from drase_desktop.encounter.map_edit_terms import TILE_LAYERS, MapEditError

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

Position = tuple[int, int]
Point = tuple[float, float]

EDGES_X = ("left", "right")
EDGES_Y = ("top", "bottom")


def _clip_segment(
    start: Point, end: Point, width: float, height: float
) -> tuple[Point, Point] | None:
    """The part of a segment inside [0, width] x [0, height], or None."""
    found = clip_to_box(start, end, 0.0, 0.0, width, height)
    if found is None:
        return None
    t0, t1 = found
    (ax, ay), (bx, by) = start, end
    dx, dy = bx - ax, by - ay
    clipped = ((ax + t0 * dx, ay + t0 * dy), (ax + t1 * dx, ay + t1 * dy))
    if clipped[0] == clipped[1]:
        return None
    return clipped


@dataclass(frozen=True)
class Margins:
    """Tiles added (negative: removed) at each edge of the map."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0


def margins_for(
    battle_map: BattleMap, width: int, height: int, edge_x: str = "right", edge_y: str = "bottom"
) -> Margins:
    """The margins that make the map `width` x `height`, growing or shrinking at the edges
    named ("left"/"right", "top"/"bottom")."""
    if edge_x not in EDGES_X or edge_y not in EDGES_Y:
        raise MapEditError(
            f"Grow or shrink at the left or right and top or bottom edge, not "
            f"{edge_x!r} and {edge_y!r}"
        )
    dx, dy = width - battle_map.width, height - battle_map.height
    return Margins(
        left=dx if edge_x == "left" else 0,
        right=dx if edge_x == "right" else 0,
        top=dy if edge_y == "top" else 0,
        bottom=dy if edge_y == "bottom" else 0,
    )


def resized_map(battle_map: BattleMap, margins: Margins) -> BattleMap:
    """A copy of the map with tiles added or cut at its edges: tiles, walls, doors and lights
    keep their place on the ground; walls crossing a cut edge are cut there; the background
    image stays where it was under the grid."""
    width = battle_map.width + margins.left + margins.right
    height = battle_map.height + margins.top + margins.bottom
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise MapEditError(f"A map is 1 to {MAX_SIDE} tiles a side, not {width} x {height}")
    new = BattleMap(width, height, battle_map.name)
    new.ambient_light = battle_map.ambient_light
    dx, dy = margins.left, margins.top
    old_width = battle_map.width
    layers = {layer: battle_map.layer_codes(layer) for layer in TILE_LAYERS}
    # Row by row into fresh layers, loaded into the new map at once: a 500 x 500 resize stays
    # quick where a million set_* calls would not.
    size = width * height
    targets: dict[str, Any] = {
        "terrain": bytearray(size),
        "elevation": array("h", bytes(2 * size)),
        "cover": bytearray(size),
        "obscuration": bytearray(size),
    }
    x0, x1 = max(0, -dx), min(old_width, width - dx)
    if x1 > x0:
        for y in range(max(0, -dy), min(battle_map.height, height - dy)):
            source = y * old_width
            target = (y + dy) * width + dx
            for layer, codes in layers.items():
                chunk = codes[source + x0 : source + x1]
                row = array("h", chunk) if layer == "elevation" else chunk
                targets[layer][target + x0 : target + x1] = row

    new.load_layers(
        terrain=targets["terrain"],
        cover=targets["cover"],
        obscuration=targets["obscuration"],
        elevation=targets["elevation"],
    )

    def moved(point: Point) -> Point:
        return (point[0] + dx, point[1] + dy)

    # Walls, doors and windows stay what they were (a door keeps its state), cut at a cut edge.
    for kind in ("walls", "doors", "windows"):
        kept = []
        for item in getattr(battle_map, kind):
            clipped = _clip_segment(moved(item.start), moved(item.end), width, height)
            if clipped:
                kept.append(replace(item, start=clipped[0], end=clipped[1]))
        setattr(new, kind, kept)
    lights = []
    for light in battle_map.lights:
        lx, ly = moved(light.position)
        if 0 <= lx <= width and 0 <= ly <= height:
            lights.append(Light((lx, ly), light.radius))
    objects = []
    for item in battle_map.objects:
        # An object stays whole while any of it is on the map (a pillar at the edge).
        shifted = item.moved(dx, dy)
        left, top, right, bottom = shifted.bounds()
        if right >= 0 and bottom >= 0 and left <= width and top <= height:
            objects.append(shifted)
    new.lights = lights
    new.objects = objects
    background = battle_map.background
    if background is not None:
        ppt = background.pixels_per_tile
        ox, oy = background.offset
        new.background = BackgroundImage(
            background.data, background.media_type, ppt, (ox - dx * ppt, oy - dy * ppt)
        )
    return new


def with_background(
    battle_map: BattleMap, background: BackgroundImage, size: Position
) -> BattleMap:
    """The map resized to `size` (tiles kept from the top-left) with a new background image."""
    margins = margins_for(battle_map, size[0], size[1])
    new = resized_map(battle_map, margins)
    new.background = background
    return new


class MapReplacement(MapChange):
    """Swap the encounter's map for another and move every token by `shift` with it.

    Built, it has already run; a token that would stand off the new map or on a blocked tile
    refuses the whole change (MapEditError naming it) before anything is touched.
    """

    def __init__(
        self,
        encounter: Encounter,
        new_map: BattleMap,
        shift: Position = (0, 0),
        description: str = "Replace map",
    ) -> None:
        def shifted_place(combatant: Any) -> Position:
            new = (combatant.position[0] + shift[0], combatant.position[1] + shift[1])
            for dy in range(combatant.footprint):
                for dx in range(combatant.footprint):
                    tile = (new[0] + dx, new[1] + dy)
                    if not new_map.in_bounds(tile):
                        raise MapEditError(
                            f"{combatant.name} would stand off the {new_map.width} x "
                            f"{new_map.height} map; move it or take it off the map first"
                        )
                    if new_map.terrain(tile) == "blocked":
                        raise MapEditError(f"{combatant.name} would stand on a blocked tile")
            return new

        # The fog of war moves with the ground, like the tokens (encounter/fog.py).
        old_fog = getattr(encounter, "fog", None)
        new_fog = (
            old_fog.shifted(new_map.width, new_map.height, shift) if old_fog is not None else None
        )
        super().__init__(encounter, new_map, description, shifted_place, new_fog)


def resize(
    encounter: Encounter, width: int, height: int, edge_x: str = "right", edge_y: str = "bottom"
) -> MapReplacement:
    """Make the encounter's map `width` x `height`, growing or shrinking at the named edges;
    tokens keep their place on the ground."""
    margins = margins_for(encounter.battle_map, width, height, edge_x, edge_y)
    new_map = resized_map(encounter.battle_map, margins)
    return MapReplacement(
        encounter,
        new_map,
        (margins.left, margins.top),
        f"Resize map to {width} x {height}",
    )


def set_background(
    encounter: Encounter, background: BackgroundImage, size: Position
) -> MapReplacement:
    """Put a battlemap image under the encounter's map; the map's size follows the image."""
    new_map = with_background(encounter.battle_map, background, size)
    return MapReplacement(encounter, new_map, (0, 0), "Import battlemap image")
