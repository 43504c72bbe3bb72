"""A fall before it is rolled (ruling 24), as the window shows it: the surface under the
creature, prone, the damage dice, the grab's roll; the height the map last dropped it; and the
words the GM reads for a fall and its result. Reads only; `apply_fall` rolls it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.geometry import standing_tiles
from drase_desktop.rules import falls

if TYPE_CHECKING:
    from drase_desktop.encounter.state import EncounterState


@dataclass(frozen=True)
class FallPreview:
    """What a fall does before any die: `fall` (prone, dice, reason), on `surface`, and the grab
    roll `grab_roll` when the creature grabs (`grab` "hold" or "cap"), else ""."""

    combatant_id: str
    surface: str
    fall: falls.Fall
    grab: str | None = None
    grab_roll: str = ""

    def text(self) -> str:
        parts = ["prone" if self.fall.prone else "not prone", self.fall.reason]
        if self.fall.dice:
            parts.append(f"damage {self.fall.expression} blunt (a ruling: falls are blunt)")
        if self.grab:
            parts.append(f"grab: DC {falls.GRAB_DC} Power or Finesse, the better of the two")
        return "; ".join(parts)


def fall_surface_under(encounter: EncounterState, combatant: Combatant) -> str:
    """The falls rule's surface a creature lands on ("ground" when it is off the map): that of
    the tiles it stands on, its highest (ruling 42); where those differ, the one that cushions
    least counts (ground beside water is a landing on ground)."""
    if combatant.position is None:
        return "ground"
    battle_map = encounter.battle_map
    surfaces = [str(battle_map.fall_surface(t)) for t in standing_tiles(battle_map, combatant)]
    return min(surfaces, key=falls.NEGATED_UP_TO.__getitem__, default="ground")


def grab_roll_of(combatant: Combatant) -> str:
    return falls.grab_roll(combatant.modifier("power"), combatant.modifier("finesse"))


def last_drop(encounter: EncounterState, combatant_id: str) -> int:
    """Tiles the creature last dropped in a move, as the log records it (0 if it never did)."""
    for entry in reversed(encounter.log.entries):
        if entry.kind == "move" and entry.data.get("combatant") == combatant_id:
            drop = entry.data.get("drop", 0) or 0
            if drop:
                return int(drop)
    return 0


def fall_preview(
    encounter: EncounterState,
    combatant_id: str,
    tiles: int,
    *,
    surface: str | None = None,
    size_factor: int = 1,
    grab: str | None = None,
) -> FallPreview:
    """`apply_fall` before its dice: the same surface, fall and grab roll, refused the same."""
    combatant = encounter.combatant(combatant_id)
    where = surface if surface is not None else fall_surface_under(encounter, combatant)
    try:
        result = falls.fall(tiles, surface=where, size_factor=size_factor)
    except falls.FallError as error:
        raise EncounterError(f"{combatant.name}: {error}") from error
    refused = falls.grab_error(grab)
    if refused:
        raise EncounterError(refused)
    roll = grab_roll_of(combatant) if grab else ""
    return FallPreview(combatant.id, where, result, grab, roll)


def fall_result_text(combatant: Combatant, result: falls.Fall) -> str:
    """What the fall did, for the GM: why, the HP left, the wounds on the legs."""
    legs = ", ".join(f"{k} {v}" for k, v in combatant.wounds.items() if "leg" in k and v)
    text = f"{combatant.name}: {result.reason}. HP {combatant.hp}/{combatant.max_hp}"
    return text + (f"; wounds: {legs}" if legs else "")
