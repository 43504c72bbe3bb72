"""Which cause of obscuration shows on each tile, for the map's light overlay (ruling 23): none,
an obscuration zone (by its level) or poor light (dim, dark). Bytes all the way, so a 200 x 200
map costs the board's light pass and little more."""

from __future__ import annotations

from typing import Any

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.geometry import Position
from drase_desktop.board.sight import obscuration_layer

# The overlay's code per tile: nothing, fog of a zone (by level), or poor light.
TINT_NONE, TINT_FOG_LIGHT, TINT_FOG_HEAVY, TINT_FOG_TOTAL, TINT_DIM, TINT_DARK = range(6)
TINT_NAMES = {
    TINT_FOG_LIGHT: ("zone", "light"),
    TINT_FOG_HEAVY: ("zone", "heavy"),
    TINT_FOG_TOTAL: ("zone", "total"),
    TINT_DIM: ("light", "dim"),
    TINT_DARK: ("light", "dark"),
}


def light_tint_codes(battle_map: BattleMap) -> bytes:
    """One TINT_* code per tile, row by row: each tile shows the cause of obscuration that counts
    under ruling 23 (the strongest; a zone wins a tie)."""
    zones = bytes(battle_map.layer_codes("obscuration"))
    # The tints depend on the zones, the light and what blocks it; a reload after a terrain
    # or height edit (and the players' display, right after the GM's map) finds them the same.
    key = (
        battle_map.width,
        zones,
        battle_map.ambient_light,
        tuple(battle_map.lights),
        tuple(battle_map.barriers("sight")),
        battle_map.lighting_baked,
    )
    if _last_tints and _last_tints[0] == key:
        cached: bytes = _last_tints[1]
        return cached
    if battle_map.lighting_baked:
        # The picture shows its own light and darkness: only the zones are drawn over it.
        codes = zones
        _last_tints[:] = [key, codes]
        return codes
    effective = obscuration_layer(battle_map)
    # Light alone gives "light" (dim) or "total" (dark) obscuration; a zone's code is its level.
    codes = bytes(
        zone if zone >= level else (TINT_DIM if level == 1 else TINT_DARK)
        for level, zone in zip(effective, zones, strict=True)
    )
    _last_tints[:] = [key, codes]
    return codes


# The last tint codes made, with what they were made from.
_last_tints: list[Any] = []


def light_and_obscuration(battle_map: BattleMap) -> tuple[dict[Position, str], dict[Position, str]]:
    """The same as `light_tint_codes` as two dicts: tiles darkened by poor light ("dim" or
    "dark") and tiles fogged by an obscuration zone (its level)."""
    return tint_levels(light_tint_codes(battle_map), battle_map.width)


def tint_levels(codes: bytes, width: int) -> tuple[dict[Position, str], dict[Position, str]]:
    light: dict[Position, str] = {}
    fog: dict[Position, str] = {}
    for index, code in enumerate(codes):
        if code:
            kind, level = TINT_NAMES[code]
            (fog if kind == "zone" else light)[(index % width, index // width)] = level
    return light, fog
