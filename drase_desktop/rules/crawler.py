"""The Crawler combat rules (crawler-combat-phase.txt, ruling 26): side initiative, the step
order of a side's turn, to hit `1d20 + modifiers >= AC`, defensive movement, spells."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from drase_desktop.refusal import Refusal
from drase_desktop.rules.attack import Outcome
from drase_desktop.rules.dice import join, normalise, roll
from drase_desktop.rules.working import Working

INITIATIVE_DIE = "1d6"
# The steps of a side's turn, in order; a phase names its step by one of these keys.
MORALE, MOVEMENT, MISSILE, SPELLS, MELEE = "morale", "movement", "missile", "spells", "melee"
STEPS = (MORALE, MOVEMENT, MISSILE, SPELLS, MELEE)
# The steps that hurt: a creature at or below 0 HP drops when one of them ends.
HURTING_STEPS = frozenset({MISSILE, SPELLS, MELEE})
STEP_TITLES: Mapping[str, str] = MappingProxyType(
    {
        MORALE: "Morale (if required)",
        MOVEMENT: "Movement (only defensive movement for those in melee)",
        MISSILE: "Missile fire",
        SPELLS: "Magic spells",
        MELEE: "Melee",
    }
)
# Morale (a ruling: the text names no numbers): 2d6 over the morale score breaks.
MORALE_DICE = "2d6"
FIGHTING_WITHDRAWAL = "fighting withdrawal"
RETREAT = "retreat"
DEFENSIVE_MOVEMENTS = (FIGHTING_WITHDRAWAL, RETREAT)
RETREAT_TO_HIT_BONUS = 2
# Ruling 48: the text adds cover to missile fire with no number; the GM enters one per attack.
COVER_FIGURES = range(-4, 1)
COVER_LABEL = "cover (GM's figure)"
MELEE_COVER_REFUSAL = (
    "the Crawler text adds cover to missile fire only: a melee attack takes no cover figure"
)
# The text gives no rule for saves beyond "1d20"; the program uses the same >= as to hit.
SAVE_RULING = "Saving throw: 1d20 (+ modifiers) >= the save number succeeds (program ruling)."


class CrawlerError(Refusal):
    """A Crawler move or roll the rules forbid."""


def judge(
    total: int, target: int, natural: int | None = None, *, save_targeting: bool = False
) -> Outcome:
    """Ruling 26: hit when 1d20 + modifiers >= AC (greater or equal, unlike Drase). The text has
    no natural-20 and no critical rule, so neither applies."""
    if total >= target:
        return Outcome(True, False, f"{total} reaches AC {target}")
    return Outcome(False, False, f"{total} is below AC {target}")


def morale_holds(total: int, morale: int) -> bool:
    """Morale holds when the 2d6 total is at most the morale score; over it, the creature
    breaks (the GM handles the surrender or retreat)."""
    return total <= morale


def saving_throw(total: int, target: int) -> Outcome:
    """A spell's saving throw (see SAVE_RULING)."""
    if total >= target:
        return Outcome(True, False, f"save {total} reaches {target}")
    return Outcome(False, False, f"save {total} is below {target}")


def cover_range_text() -> str:
    return f"{max(COVER_FIGURES)} to {min(COVER_FIGURES)}"


def cover_figure_error(cover: int) -> str | None:
    """Ruling 48: a GM's cover figure is 0 to -4; anything else is refused."""
    if cover in COVER_FIGURES:
        return None
    return f"the GM's cover figure is {cover_range_text()}, not {cover}"


def roll_initiative(
    sides: Iterable[str],
    rng: random.Random | None = None,
    *,
    entered: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """Each side's 1d6, rolled or `entered` from the table (each 1..6)."""
    entered = dict(entered or {})
    result: dict[str, int] = {}
    for side in sides:
        if side in entered:
            value = entered.pop(side)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise CrawlerError(f"initiative for {side!r} is a d6: it cannot be {value!r}")
            result[side] = value
        else:
            result[side] = roll(INITIATIVE_DIE, rng).total
    if entered:
        raise CrawlerError(f"initiative entered for sides not in the fight: {sorted(entered)}")
    if not result:
        raise CrawlerError("initiative needs at least one side")
    return result


def initiative_order(initiative: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Sides grouped by initiative, highest first; tied sides form one group and act
    simultaneously."""
    groups: dict[int, list[str]] = {}
    for side, value in initiative.items():
        groups.setdefault(value, []).append(side)
    return [tuple(sorted(groups[value])) for value in sorted(groups, reverse=True)]


def turn_steps() -> tuple[str, ...]:
    """The steps each side's turn runs, in order."""
    return STEPS


def missile_working(
    dex_modifier: int,
    *,
    range_modifier: int = 0,
    cover_modifier: int = 0,
    magic: int = 0,
    target_retreating: bool = False,
    gm_modifier: int = 0,
) -> Working:
    """Missile fire: 1d20 + Dex modifier + range + cover + magic, against AC."""
    working = (
        Working()
        .with_part("dex", dex_modifier)
        .with_part("range", range_modifier)
        .with_part(COVER_LABEL, cover_modifier)
        .with_part("magic", magic)
    )
    if target_retreating:
        working = working.with_part("target retreating", RETREAT_TO_HIT_BONUS)
    return working.with_part("GM", gm_modifier)


def melee_working(
    str_modifier: int,
    *,
    magic_weapon: int = 0,
    target_retreating: bool = False,
    gm_modifier: int = 0,
) -> Working:
    """Melee: 1d20 + Str modifier + magic weapon, against AC."""
    working = Working().with_part("str", str_modifier).with_part("magic weapon", magic_weapon)
    if target_retreating:
        working = working.with_part("target retreating", RETREAT_TO_HIT_BONUS)
    return working.with_part("GM", gm_modifier)


def melee_damage(weapon_damage: str, str_modifier: int, magic_weapon: int = 0) -> str:
    """Melee damage: the weapon's roll + Str modifier + magic weapon."""
    extra = str_modifier + magic_weapon
    return join(weapon_damage, f"{extra:+d}") if extra else normalise(weapon_damage)


def missile_damage(weapon_damage: str) -> str:
    """Missile damage: the weapon's roll alone."""
    return normalise(weapon_damage)


@dataclass(frozen=True)
class DefensiveMove:
    """A meleed creature's declared defensive movement and what it allows."""

    kind: str
    max_tiles: float
    may_attack: bool
    to_hit_against: int


def defensive_move(kind: str, speed: float, *, blocked_behind: bool = False) -> DefensiveMove:
    """Fighting withdrawal: up to half move, may still attack (not possible with creatures or
    terrain behind). Retreat: more than half move, no attack, +2 to hit against it."""
    key = kind.strip().lower()
    if speed < 0:
        raise CrawlerError(f"speed cannot be negative ({speed})")
    if key == FIGHTING_WITHDRAWAL:
        if blocked_behind:
            raise CrawlerError(
                "fighting withdrawal is not possible with creatures or terrain behind"
            )
        return DefensiveMove(FIGHTING_WITHDRAWAL, speed / 2, True, 0)
    if key == RETREAT:
        return DefensiveMove(RETREAT, speed, False, RETREAT_TO_HIT_BONUS)
    raise CrawlerError(f"{kind!r} is not a defensive movement; use fighting withdrawal or retreat")


def classify_backward_move(tiles: float, speed: float) -> str:
    """Which defensive movement a backward move of `tiles` is: over half the move rate is a
    retreat."""
    if tiles < 0 or tiles > speed:
        raise CrawlerError(f"a move of {tiles} tiles is outside 0..{speed}")
    return RETREAT if tiles > speed / 2 else FIGHTING_WITHDRAWAL


def check_defensive_move(kind: str, tiles: float, speed: float) -> None:
    """Refuse a defensive move longer than it allows (a withdrawal beyond half move)."""
    move = defensive_move(kind, speed)
    if tiles > move.max_tiles:
        raise CrawlerError(
            f"{move.kind} allows at most {move.max_tiles:g} tiles, not {tiles:g}"
            + ("; more than half a move is a retreat" if move.kind == FIGHTING_WITHDRAWAL else "")
        )


def spell_hits(*, in_range: bool) -> Outcome:
    """Spells hit automatically when the target is in range or area of effect; the targets of
    some spells then roll a saving throw."""
    if in_range:
        return Outcome(True, False, "spells hit automatically in range or area")
    return Outcome(False, False, "target out of the spell's range or area")
