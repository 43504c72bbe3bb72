"""Falling (ruling 24): prone, damage dice, surfaces that break a fall, the DC 10 grab and the
wounds a bad fall leaves on the legs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import normalise

SURFACES = ("ground", "water", "soft")
# The longest fall (tiles) each surface negates entirely; a longer one deals full damage.
NEGATED_UP_TO = {"ground": 0, "water": 4, "soft": 8}
MAX_DICE = 40
GRAB_DC = 10
GRAB_CAP_DICE = 10
# A creature falling by a surface may grab: "hold" (a ledge to hold on to) or "cap" (slow it).
GRABS = ("hold", "cap")


class FallError(Refusal):
    """A fall the rules cannot compute (negative height, unknown surface, ...)."""


@dataclass(frozen=True)
class Fall:
    """What a fall does: `.prone`, `.dice` d6 of damage, and why (`.reason`)."""

    tiles: int
    prone: bool
    dice: int
    reason: str
    held_on: bool = False

    @property
    def expression(self) -> str:
        """The damage roll, e.g. "3d6", or "" when the fall deals none."""
        return f"{self.dice}d6" if self.dice else ""


def fall(tiles: int, *, surface: str = "ground", size_factor: int = 1) -> Fall:
    """Ruling 24: 1+ tiles: prone. 2+ tiles: floor(tiles / 2) x size factor d6, at most 40d6;
    none at all for at most 4 tiles into water or 8 onto a soft surface."""
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 0:
        raise FallError(f"a fall is a whole number of tiles, 0 or more, not {tiles!r}")
    if surface not in SURFACES:
        raise FallError(f"unknown surface {surface!r}; use one of {', '.join(SURFACES)}")
    if isinstance(size_factor, bool) or not isinstance(size_factor, int) or size_factor < 1:
        raise FallError(f"the size factor must be a whole number of 1 or more, not {size_factor!r}")
    prone = tiles >= 1
    if tiles < 2:
        return Fall(tiles, prone, 0, "falls under 2 tiles deal no damage")
    if tiles <= NEGATED_UP_TO[surface]:
        return Fall(
            tiles, prone, 0, f"{surface} negates a fall of up to {NEGATED_UP_TO[surface]} tiles"
        )
    dice = (tiles // 2) * size_factor
    reason = f"{tiles} tiles: {tiles // 2} x size {size_factor} = {dice}d6"
    if dice > MAX_DICE:
        dice = MAX_DICE
        reason += f", capped at {MAX_DICE}d6"
    return Fall(tiles, prone, dice, reason)


def grab_modifier(power_modifier: int, finesse_modifier: int) -> int:
    """The grab rolls with the better of Power and Finesse."""
    return max(power_modifier, finesse_modifier)


def grab_roll(power_modifier: int, finesse_modifier: int) -> str:
    """The grab's roll: 1d20 + the better of the Power and Finesse modifiers."""
    best = grab_modifier(power_modifier, finesse_modifier)
    return normalise(f"1d20 {best:+d}") if best else "1d20"


def grab_error(grab: str | None) -> str | None:
    """Why `grab` is not a grab, or None (None itself is no grab)."""
    if grab is None or grab in GRABS:
        return None
    return "grab is 'hold' (a ledge to hold) or 'cap' (slow the fall)"


def grab_succeeds(total: int) -> bool:
    """The DC 10 Power or Finesse check of a creature falling by a surface (beat 10, ruling 1)."""
    return total > GRAB_DC


def after_grab(result: Fall, check_total: int, *, hold_on: bool) -> Fall:
    """The fall after the grab: on a success the creature holds on (no fall) or, when
    `hold_on` is False (nothing to hold), the damage is capped at 10d6. A failure changes
    nothing."""
    if not grab_succeeds(check_total):
        return replace(result, reason=result.reason + f"; grab failed ({check_total} vs DC 10)")
    if hold_on:
        return Fall(0, False, 0, f"grab succeeded ({check_total}): holds on", held_on=True)
    if result.dice <= GRAB_CAP_DICE:
        return replace(result, reason=result.reason + "; grab succeeded (already within 10d6)")
    return replace(
        result, dice=GRAB_CAP_DICE, reason=result.reason + "; grab succeeded: capped at 10d6"
    )


def leg_wounds(hp_lost: int, max_hp: int, *, incapacitated: bool) -> int:
    """Wounds on every leg (or equivalent) from a fall: 2 if it incapacitated the creature,
    1 if it lost 50% or more of its max HP, else 0."""
    if max_hp < 1 or hp_lost < 0:
        raise FallError(f"HP lost {hp_lost} of max {max_hp} is not a possible fall")
    if incapacitated:
        return 2
    return 1 if 2 * hp_lost >= max_hp else 0
