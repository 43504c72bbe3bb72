"""The board: map model, map file, movement, range, cover, obscuration and light (no Qt)."""

from drase_desktop.board.battle_map import (
    AMBIENT_LIGHTS,
    COVER_LEVELS,
    DIFFICULT_KINDS,
    MAX_SIDE,
    OBSCURATION_LEVELS,
    TERRAIN_COST,
    TERRAIN_KINDS,
    BackgroundImage,
    BattleMap,
    BoardError,
    Door,
    Light,
    OutOfBoundsError,
    UnknownKindError,
    Wall,
)

__all__ = [
    "AMBIENT_LIGHTS",
    "COVER_LEVELS",
    "DIFFICULT_KINDS",
    "MAX_SIDE",
    "OBSCURATION_LEVELS",
    "TERRAIN_COST",
    "TERRAIN_KINDS",
    "BackgroundImage",
    "BattleMap",
    "BoardError",
    "Door",
    "Light",
    "OutOfBoundsError",
    "UnknownKindError",
    "Wall",
]
