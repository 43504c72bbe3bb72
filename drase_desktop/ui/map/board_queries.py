"""What the map view asks of the board and the encounter, in one place.

The scene and the tools never compute rules themselves: movement, range, cover, light and
obscuration come from `drase_desktop.board`; this module only gathers the arguments (the
encounter's diagonal rule, who is an enemy and who an ally) and shapes the answers for display.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from drase_desktop.board.distance import distance as board_distance
from drase_desktop.board.pathfinding import MovementSearch, find_path
from drase_desktop.board.sight import obscuration_layer
from drase_desktop.encounter.geometry import target_report

Tile = tuple[int, int]

# A drag searches past the speed so the preview can show, in red, how far over a path goes.
# Bounded so a token on a 200 x 200 map never scans the whole map when it is picked up.
DRAG_SEARCH_EXTRA = 12
DRAG_SEARCH_FACTOR = 2


def diagonal_rule(encounter: Any) -> str:
    return encounter.settings.diagonal


def enemies_and_allies(encounter: Any, mover: Any) -> tuple[set[Tile], set[Tile]]:
    """Tiles of the other sides' tokens (enemies) and of the mover's side (allies), ruling 21."""
    enemies: set[Tile] = set()
    allies: set[Tile] = set()
    for other in encounter.combatants.values():
        if other.id == mover.id or other.position is None:
            continue
        (allies if other.side == mover.side else enemies).update(other.tiles())
    return enemies, allies


def placing(encounter: Any) -> bool:
    """True in Setup (before round 1): the encounter takes any move as placing the token, so the
    view drops tokens where the GM puts them without pricing the path."""
    return getattr(encounter, "round", 1) == 0


def movement_left(encounter: Any, combatant: Any) -> float:
    """Tiles the combatant may still move this round (its speed when the encounter cannot say)."""
    allowance = getattr(encounter, "movement_allowance", None)
    if allowance is None:
        return float(combatant.speed)
    return float(allowance(combatant.id))


def start_drag_search(encounter: Any, combatant: Any) -> MovementSearch:
    """The one search a drag holds: every tile within speed, and some way past it. It is the
    encounter's own search (the one its moves are checked with, ruling 27 included), only
    searching further so the preview can show how far over a path goes."""
    speed = movement_left(encounter, combatant)
    if hasattr(encounter, "movement_search"):
        return encounter.movement_search(
            combatant.id, limit=speed * DRAG_SEARCH_FACTOR + DRAG_SEARCH_EXTRA
        )
    enemies, allies = enemies_and_allies(encounter, combatant)
    return MovementSearch(
        encounter.battle_map,
        tuple(combatant.position),
        speed,
        diagonal=diagonal_rule(encounter),
        enemies=enemies,
        allies=allies,
        footprint=combatant.footprint,
        limit=speed * DRAG_SEARCH_FACTOR + DRAG_SEARCH_EXTRA,
    )


def reachable_tiles(encounter: Any, combatant: Any) -> Iterable[Tile]:
    """Every tile the combatant's token can end on this turn (top-left tiles of its footprint,
    spread to every tile it would cover so the overlay shows the ground it can occupy)."""
    # The encounter's own search is the one its moves are checked with: the overlay agrees.
    search = encounter.movement_search(combatant.id)
    size = combatant.footprint
    if size == 1:
        return search.reachable.keys()
    covered: set[Tile] = set()
    for x, y in search.reachable:
        covered.update((x + dx, y + dy) for dy in range(size) for dx in range(size))
    return covered


def step_path(encounter: Any, combatant: Any, target: Tile) -> tuple[list[Tile], float] | None:
    """The cheapest legal path for a one-tile nudge (arrow keys), or None."""
    battle_map = encounter.battle_map
    size = combatant.footprint
    if not all(
        battle_map.in_bounds((target[0] + dx, target[1] + dy))
        for dy in range(size)
        for dx in range(size)
    ):
        return None
    enemies, allies = enemies_and_allies(encounter, combatant)
    return find_path(
        battle_map,
        tuple(combatant.position),
        target,
        diagonal=diagonal_rule(encounter),
        enemies=enemies,
        allies=allies,
        footprint=size,
    )


def occupant(encounter: Any, tiles: Iterable[Tile], exclude: str) -> Any | None:
    """The combatant (other than `exclude`) standing on any of `tiles`, or None."""
    wanted = set(tiles)
    for other in encounter.combatants.values():
        if other.id != exclude and other.position is not None:
            if wanted.intersection(other.tiles()):
                return other
    return None


def measure(encounter: Any, a: Tile, b: Tile) -> float:
    """Range from tile `a` to tile `b` with their heights, under the encounter's diagonal rule."""
    battle_map = encounter.battle_map
    return board_distance(
        a,
        b,
        diagonal=diagonal_rule(encounter),
        height_a=battle_map.elevation(a),
        height_b=battle_map.elevation(b),
    )


COVER_PENALTY = {"none": "", "half": " (-2)", "three-quarter": " (-5)"}


@dataclass(frozen=True)
class TargetInfo:
    """What a GM wants to know when pointing from the selected token at another one."""

    distance: float
    ranged_distance: float
    height_difference: int
    cover_melee: str
    cover_ranged: str
    obscuration: str
    maluses: int
    line_of_sight: bool

    @property
    def untargetable(self) -> bool:
        return (
            not self.line_of_sight
            or self.obscuration == "total"
            or (
                self.cover_melee in ("full", "embrasure")
                and self.cover_ranged in ("full", "embrasure")
            )
        )

    def text(self, target_name: str) -> str:
        lines = [f"{target_name}: {_range_text(self.distance)}"]
        if self.ranged_distance != self.distance:
            lines[0] += f" (ranged {_range_text(self.ranged_distance)})"
        if self.height_difference:
            where = "above" if self.height_difference > 0 else "below"
            lines.append(f"Height: {abs(self.height_difference)} tiles {where}")
            if self.height_difference < 0:
                lines[-1] += ", +1 bonus to hit"
        if self.cover_melee == self.cover_ranged:
            lines.append(f"Cover: {_cover_text(self.cover_melee)}")
        else:
            lines.append(
                f"Cover: {_cover_text(self.cover_melee)} melee,"
                f" {_cover_text(self.cover_ranged)} ranged"
            )
        if not self.line_of_sight:
            lines.append("No line of sight: a wall or closed door")
        elif self.obscuration == "total":
            lines.append("Obscured: total, cannot be targeted")
        elif self.obscuration != "none":
            noun = "malus" if self.maluses == 1 else "maluses"
            lines.append(f"Obscured: {self.obscuration}, {self.maluses} {noun}")
        return "\n".join(lines)


def _range_text(tiles: float) -> str:
    number = int(tiles) if float(tiles).is_integer() else round(tiles, 1)
    return f"{number} {'tile' if number == 1 else 'tiles'}, {round(number * 2, 1):g} m"


def _cover_text(level: str) -> str:
    if level in ("full", "embrasure"):
        return f"{level}, no attack"
    return f"{level}{COVER_PENALTY.get(level, '')}"


def target_info(encounter: Any, attacker: Any, target: Any) -> TargetInfo:
    """The hover's numbers, from the encounter's own measure, cover and obscuration: the same
    functions an attack uses, so the hover and the attack never disagree."""
    report = target_report(encounter, attacker, target)
    seen = report.obscuration
    can_target = report.line_of_sight and seen.level != "total"
    return TargetInfo(
        distance=report.measure.distance,
        ranged_distance=report.measure.ranged_distance,
        height_difference=report.measure.height_difference,
        cover_melee=report.cover_melee.level,
        cover_ranged=report.cover_ranged.level,
        obscuration=seen.level,
        maluses=seen.maluses if can_target else 0,
        line_of_sight=report.line_of_sight,
    )


# The light overlay's code per tile: nothing, fog of a zone (by level), or poor light.
TINT_NONE, TINT_FOG_LIGHT, TINT_FOG_HEAVY, TINT_FOG_TOTAL, TINT_DIM, TINT_DARK = range(6)
TINT_NAMES = {
    TINT_FOG_LIGHT: ("zone", "light"),
    TINT_FOG_HEAVY: ("zone", "heavy"),
    TINT_FOG_TOTAL: ("zone", "total"),
    TINT_DIM: ("light", "dim"),
    TINT_DARK: ("light", "dark"),
}


def light_tint_codes(battle_map: Any) -> bytes:
    """One TINT_* code per tile, row by row: each tile shows the cause of obscuration that counts
    under ruling 23 (the strongest; a zone wins a tie). Bytes all the way, so a 200 x 200 map
    costs the board's light pass and little more."""
    zones = bytes(battle_map.layer_codes("obscuration"))
    # The tints depend on the zones, the light and what blocks it; a reload after a terrain
    # or height edit (and the players' display, right after the GM's map) finds them the same.
    key = (
        battle_map.width,
        zones,
        battle_map.ambient_light,
        tuple(battle_map.lights),
        tuple(battle_map.barriers()),
    )
    if _last_tints and _last_tints[0] == key:
        return _last_tints[1]
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


def light_and_obscuration(battle_map: Any) -> tuple[dict[Tile, str], dict[Tile, str]]:
    """The same as `light_tint_codes` as two dicts: tiles darkened by poor light ("dim" or
    "dark") and tiles fogged by an obscuration zone (its level)."""
    return tint_levels(light_tint_codes(battle_map), battle_map.width)


def tint_levels(codes: bytes, width: int) -> tuple[dict[Tile, str], dict[Tile, str]]:
    light: dict[Tile, str] = {}
    fog: dict[Tile, str] = {}
    for index, code in enumerate(codes):
        if code:
            kind, level = TINT_NAMES[code]
            (fog if kind == "zone" else light)[(index % width, index // width)] = level
    return light, fog
