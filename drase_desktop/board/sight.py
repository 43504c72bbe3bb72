"""Line of sight, light and obscuration (ruling 23).

A creature in an obscured tile is harder to target or perceive (the maluses of each level are
the rules' table, `drase_desktop.rules.attack.OBSCURATION_MALUSES`; total: it cannot be
targeted). A tile's obscuration is the strongest of its zone (fog, rain, smoke) and its light:
bright light none, dim light light obscuration, darkness total. The map's ambient light sets the
base; each light source gives bright light to its radius and dim light to twice that, unless a
wall, closed door or object stands between it and the tile (a window lets light through).
Obscurations do not add: fog in dim light is still light obscuration (the strongest counts, like
cover).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import OBSCURATION_LEVELS, BattleMap, BoardError, tile_on_map
from drase_desktop.board.geometry import Position

_LIGHT_RANK = {"dark": 0, "dim": 1, "bright": 2}
_OBSCURATION_OF_LIGHT = {"bright": "none", "dim": "light", "dark": "total"}
_RANK = {level: rank for rank, level in enumerate(OBSCURATION_LEVELS)}


class SightError(BoardError):
    pass


def _check(battle_map: BattleMap, pos: object, what: str) -> Position:
    return tile_on_map(battle_map, pos, what, SightError)


def line_of_sight(battle_map: BattleMap, a: Position, b: Position) -> bool:
    """True when no wall, closed door or object touches the line between the two tiles'
    centres (windows let the eye through)."""
    a = _check(battle_map, a, "from")
    b = _check(battle_map, b, "to")
    return not barrier_index(battle_map, "sight").line_blocked(
        (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
    )


def lighting(battle_map: BattleMap, pos: Position) -> tuple[str, str]:
    """The light in a tile ("bright", "dim" or "dark") and where it comes from."""
    pos = _check(battle_map, pos, "tile")
    best = battle_map.ambient_light
    why = f"ambient light is {best}"
    if best == "bright":
        return best, why
    centre = (pos[0] + 0.5, pos[1] + 0.5)
    barriers = barrier_index(battle_map, "sight")
    for light in battle_map.lights:
        reach = math.dist(light.position, centre)
        if reach <= light.radius:
            level = "bright"
        elif reach <= 2 * light.radius:
            level = "dim"
        else:
            continue
        if _LIGHT_RANK[level] <= _LIGHT_RANK[best]:
            continue
        if barriers.line_blocked(light.position, centre):
            continue
        x, y = light.position
        best, why = level, f"{level} light from the light at ({x:g}, {y:g})"
        if best == "bright":
            break
    return best, why


@dataclass(frozen=True)
class Visibility:
    """How well a creature in a tile can be targeted or perceived, with the working."""

    obscuration: str  # "none", "light", "heavy", "total"
    line_of_sight: bool
    reasons: tuple[str, ...]

    @property
    def can_target(self) -> bool:
        return self.line_of_sight and self.obscuration != "total"


def tile_obscuration(battle_map: BattleMap, pos: Position) -> tuple[str, tuple[str, ...]]:
    """The effective obscuration of a tile (zone and light together) and why."""
    pos = _check(battle_map, pos, "tile")
    zone = battle_map.obscuration(pos)
    light, light_why = lighting(battle_map, pos)
    from_light = _OBSCURATION_OF_LIGHT[light]
    reasons = []
    if zone != "none":
        reasons.append(f"{zone} obscuration zone at {pos}")
    if from_light != "none":
        reasons.append(f"{light} light: {from_light} obscuration ({light_why})")
    level = zone if _RANK[zone] >= _RANK[from_light] else from_light
    if zone != "none" and from_light != "none":
        reasons.append(f"the strongest counts: {level}")
    return level, tuple(reasons)


def visibility(
    battle_map: BattleMap, observer: Position, target: Position, *, target_footprint: int = 1
) -> Visibility:
    """Ruling 23 for `observer` targeting or perceiving the creature at `target`.

    A creature bigger than one tile is as visible as its clearest tile.
    """
    observer = _check(battle_map, observer, "observer")
    target = _check(battle_map, target, "target")
    best: Visibility | None = None
    for j in range(target_footprint):
        for i in range(target_footprint):
            tile = (target[0] + i, target[1] + j)
            if not battle_map.in_bounds(tile):
                continue
            seen = line_of_sight(battle_map, observer, tile)
            level, reasons = tile_obscuration(battle_map, tile)
            if not seen:
                reasons = ("a wall, closed door or object blocks the line of sight", *reasons)
            if level == "total":
                reasons = (*reasons, "total obscuration: cannot be targeted")
            elif level != "none" and seen:
                reasons = (*reasons, f"{level} obscuration: harder to target or perceive")
            found = Visibility(level, seen, reasons or ("clearly visible",))
            # The clearest tile counts: one that can be targeted, then the least obscured.
            if best is None or (found.can_target, -_RANK[found.obscuration]) > (
                best.can_target,
                -_RANK[best.obscuration],
            ):
                best = found
    assert best is not None
    return best


def obscuration_layer(battle_map: BattleMap) -> bytearray:
    """Every tile's effective obscuration as codes into OBSCURATION_LEVELS, row by row; for
    overlays. The same answer as `tile_obscuration`, computed per light, not per tile."""
    width, height = battle_map.width, battle_map.height
    ambient = _RANK[_OBSCURATION_OF_LIGHT[battle_map.ambient_light]]
    light_code = bytearray([ambient]) * (width * height)
    if ambient:
        barriers = barrier_index(battle_map, "sight")
        for light in battle_map.lights:
            lx, ly = light.position
            outer = 2 * light.radius
            for y in range(max(0, math.floor(ly - outer)), min(height, math.ceil(ly + outer) + 1)):
                for x in range(
                    max(0, math.floor(lx - outer)), min(width, math.ceil(lx + outer) + 1)
                ):
                    centre = (x + 0.5, y + 0.5)
                    reach = math.dist(light.position, centre)
                    if reach > outer:
                        continue
                    code = _RANK["none"] if reach <= light.radius else _RANK["light"]
                    index = y * width + x
                    if code < light_code[index] and not barriers.line_blocked(
                        light.position, centre
                    ):
                        light_code[index] = code
    zones = battle_map.layer_codes("obscuration")
    return _bytewise_max(light_code, zones)


def _bytewise_max(
    first: bytes | bytearray | memoryview, second: bytes | bytearray | memoryview
) -> bytearray:
    """The larger of each pair of bytes (both below 0x80, as level codes are), a whole map at
    once as two big integers instead of a Python step per tile."""
    size = len(first)
    a, b = int.from_bytes(first, "little"), int.from_bytes(second, "little")
    high = int.from_bytes(b"\x80" * size, "little")
    # Per byte, (b + 0x80) - a stays within the byte, and its top bit says b >= a.
    b_wins = ((((b | high) - a) & high) >> 7) * 0xFF
    return bytearray(((b & b_wins) | (a & ~b_wins)).to_bytes(size, "little"))
