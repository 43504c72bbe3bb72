"""What a tile can be: the terrain kinds and their movement cost, the cover and obscuration
levels, the ambient lights, a tile's size and height limits, and the codes the map's layers
store them as (a name's index in its tuple)."""

from __future__ import annotations

from drase_desktop.board.board_error import BoardError

# Ruling 17: a tile is 2 m (5 ft); speeds, reaches and ranges are counted in tiles.
TILE_METRES = 2
TILE_FEET = 5
MAX_SIDE = 500
MAX_ELEVATION = 9999

TERRAIN_KINDS: tuple[str, ...] = (
    "normal",
    "difficult",
    "shallow-water",
    "rocky",
    "mud",
    "swamp",
    "blocked",
    "water",
    "soft",
)
# Ruling 18: shallow water, rocky ground, mud and swamp are difficult terrain; deep water costs
# like difficult terrain. "soft" (a surface built to arrest falls) is not named there: it costs 1.
TERRAIN_COST: dict[str, int] = {
    "normal": 1,
    "difficult": 2,
    "shallow-water": 2,
    "rocky": 2,
    "mud": 2,
    "swamp": 2,
    "blocked": 0,  # never entered
    "water": 2,
    "soft": 1,
}
DIFFICULT_KINDS = frozenset(kind for kind, cost in TERRAIN_COST.items() if cost == 2)
COVER_LEVELS: tuple[str, ...] = ("none", "half", "three-quarter", "full", "embrasure")
OBSCURATION_LEVELS: tuple[str, ...] = ("none", "light", "heavy", "total")
AMBIENT_LIGHTS: tuple[str, ...] = ("bright", "dim", "dark")

_TERRAIN_CODE = {kind: code for code, kind in enumerate(TERRAIN_KINDS)}
_COVER_CODE = {level: code for code, level in enumerate(COVER_LEVELS)}
_OBSCURATION_CODE = {level: code for code, level in enumerate(OBSCURATION_LEVELS)}
BLOCKED_CODE = _TERRAIN_CODE["blocked"]
# Per layer of named values: name -> code, and the names by code (elevation holds numbers).
LAYER_CODES: dict[str, dict[str, int]] = {
    "terrain": _TERRAIN_CODE,
    "cover": _COVER_CODE,
    "obscuration": _OBSCURATION_CODE,
}
LAYER_NAMES: dict[str, tuple[str, ...]] = {
    "terrain": TERRAIN_KINDS,
    "cover": COVER_LEVELS,
    "obscuration": OBSCURATION_LEVELS,
}


class OutOfBoundsError(BoardError):
    pass


class UnknownKindError(BoardError):
    pass


def named_code(layer: str, value: object) -> int:
    """The code of a terrain kind, cover level or obscuration level in its layer."""
    codes = LAYER_CODES[layer]
    code = codes.get(value) if isinstance(value, str) else None
    if code is None:
        raise UnknownKindError(f"unknown {layer} {value!r}; choose one of {', '.join(codes)}")
    return code


def checked_elevation(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f"elevation is a whole number of tiles, not {value!r}")
    if not -MAX_ELEVATION <= value <= MAX_ELEVATION:
        raise BoardError(
            f"elevation must be between -{MAX_ELEVATION} and {MAX_ELEVATION} tiles, not {value}"
        )
    return value
