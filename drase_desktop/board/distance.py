"""Range between two creatures: rulings 18-20 (diagonal rule, height, ranged attacks downwards),
and a number of tiles in the GM's words with its metres (ruling 17)."""

from __future__ import annotations

import math

from drase_desktop.board.battle_map import TILE_METRES, BoardError
from drase_desktop.board.geometry import Position

# The two diagonal rules (rulings 18, 19), named once for the whole program.
DOUBLE = "double"
CIRCLE = "circle"
DIAGONAL_RULES = (DOUBLE, CIRCLE)
DIAGONAL_RULES_TEXT = " or ".join(repr(rule) for rule in DIAGONAL_RULES)


def _combine(a: float, b: float, diagonal: str) -> float:
    if diagonal == DOUBLE:
        high, low = (a, b) if a >= b else (b, a)
        return float(high + math.floor(low / 2))
    if diagonal == CIRCLE:
        return math.hypot(a, b)
    raise BoardError(f"diagonal rule must be {DIAGONAL_RULES_TEXT}, not {diagonal!r}")


def _checked_height(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f"{what} must be a whole number of tiles, not {value!r}")
    return value


def distance(
    a: Position,
    b: Position,
    *,
    diagonal: str = DOUBLE,
    height_a: int = 0,
    height_b: int = 0,
    ranged: bool = False,
) -> float:
    """Range in tiles from `a` (the one who measures, the attacker) to `b` (the target).

    Horizontal h: "double" max(dx, dy) + floor(min / 2) (ruling 18), "circle" Euclidean (ruling 19).
    Height v = |height_a - height_b| combines with h by the same rule (ruling 20); a ranged attack
    at a lower target ignores v.
    """
    height_a = _checked_height(height_a, "height_a")
    height_b = _checked_height(height_b, "height_b")
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    horizontal = _combine(dx, dy, diagonal)
    vertical = abs(height_a - height_b)
    if ranged and height_b < height_a:
        vertical = 0
    if vertical == 0:
        return horizontal
    return _combine(horizontal, vertical, diagonal)


def map_distance(battle_map: object, a: Position, b: Position, *, diagonal: str = DOUBLE) -> float:
    """Range from tile `a` to tile `b` with the map's heights under them: the ruler's measure."""
    elevation = battle_map.elevation  # type: ignore[attr-defined]
    return distance(a, b, diagonal=diagonal, height_a=elevation(a), height_b=elevation(b))


def metres(tiles: float) -> float:
    """Ruling 17: a tile is 2 m."""
    return tiles * TILE_METRES


def tiles_and_metres(tiles: float) -> str:
    """A number of tiles as the GM reads it everywhere: "7 tiles, 14 m", "1 tile, 2 m",
    "2.8 tiles, 5.6 m" (tenths at most; the metres are those of the tiles shown)."""
    number = round(float(tiles), 1)
    unit = "tile" if number == 1 else "tiles"
    return f"{short_number(number)} {unit}, {short_number(metres(number))} m"


def movement_and_metres(cost: float, distance: float) -> str:
    """What a move spends and how far it goes: "4 tiles, 8 m" when they agree, and when
    difficult ground makes them differ, the movement spent and the ground walked: "6 tiles of
    movement (10 m)" (never "6 tiles, 12 m", metres the creature did not walk)."""
    if round(float(cost), 1) == round(float(distance), 1):
        return tiles_and_metres(cost)
    number = round(float(cost), 1)
    unit = "tile" if number == 1 else "tiles"
    return f"{short_number(number)} {unit} of movement ({short_number(metres(distance))} m)"


def short_number(value: float) -> str:
    """A number of tiles as words show it: 7.0 -> "7", 2.83 -> "2.8" (tenths at most, never
    an exponent, never "-0")."""
    return f"{round(float(value), 1) + 0.0:.1f}".removesuffix(".0")


def footprint_gap(a: Position, b: Position, footprint_a: int = 1, footprint_b: int = 1) -> Position:
    """The tile offset (dx, dy) between the nearest tiles of two n x n footprints."""

    def gap(start_a: int, start_b: int) -> int:
        end_a = start_a + footprint_a - 1
        end_b = start_b + footprint_b - 1
        if end_a < start_b:
            return start_b - end_a
        if end_b < start_a:
            return start_a - end_b
        return 0

    return (gap(a[0], b[0]), gap(a[1], b[1]))


def within_reach(
    a: Position,
    b: Position,
    reach: float,
    *,
    diagonal: str = DOUBLE,
    height_a: int = 0,
    height_b: int = 0,
    ranged: bool = False,
    footprint_a: int = 1,
    footprint_b: int = 1,
    reaction: bool = False,
) -> bool:
    """Can `a` reach `b` with an attack of `reach` tiles (1 = the neighbouring tiles)?

    Measured between the nearest tiles of the two footprints. A reaction ignores reach and range
    penalties (ruling 22), so it is always in reach.
    """
    if reaction:
        return True
    if isinstance(reach, bool) or not isinstance(reach, int | float) or reach < 0:
        raise BoardError(f"reach must be 0 or more tiles, not {reach!r}")
    dx, dy = footprint_gap(a, b, footprint_a, footprint_b)
    return (
        distance(
            (0, 0),
            (dx, dy),
            diagonal=diagonal,
            height_a=height_a,
            height_b=height_b,
            ranged=ranged,
        )
        <= reach
    )
