"""What a map edit may paint: the tile layers, the values each takes, and the refusal a map
edit raises (MapEditError), shared by the gestures, the tile shapes and the resize."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drase_desktop.board.battle_map import (
    COVER_LEVELS,
    MAX_ELEVATION,
    OBSCURATION_LEVELS,
    TERRAIN_KINDS,
    BattleMap,
)
from drase_desktop.refusal import Refusal

Position = tuple[int, int]

TILE_LAYERS: tuple[str, ...] = ("terrain", "elevation", "cover", "obscuration")
# The names a layer's codes stand for (elevation holds numbers).
LAYER_NAMES = {"terrain": TERRAIN_KINDS, "cover": COVER_LEVELS, "obscuration": OBSCURATION_LEVELS}


class MapEditError(Refusal):
    """A map edit the board cannot take; the message is for the GM."""


def check_tile_value(layer: str, value: Any) -> None:
    """Raise MapEditError unless `value` may be painted on `layer`."""
    if layer == "elevation":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MapEditError(f"A height is a whole number of tiles, not {value!r}")
        if not -MAX_ELEVATION <= value <= MAX_ELEVATION:
            raise MapEditError(f"A height must be between -{MAX_ELEVATION} and {MAX_ELEVATION}")
        return
    if layer not in LAYER_NAMES:
        raise MapEditError(f"Unknown map layer {layer!r}; choose one of {', '.join(TILE_LAYERS)}")
    if value not in LAYER_NAMES[layer]:
        raise MapEditError(
            f"Unknown {layer} {value!r}; choose one of {', '.join(LAYER_NAMES[layer])}"
        )


def layer_values(
    battle_map: BattleMap, layer: str, tiles: Iterable[Position]
) -> dict[Position, Any]:
    """The value of each tile on `layer`, read from the layer's codes in one pass."""
    codes = battle_map.layer_codes(layer)
    width = battle_map.width
    if layer == "elevation":
        return {tile: codes[tile[1] * width + tile[0]] for tile in tiles}
    names = LAYER_NAMES[layer]
    return {tile: names[codes[tile[1] * width + tile[0]]] for tile in tiles}
