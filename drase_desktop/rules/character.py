"""Attributes, modifiers, level bonus, point buy, career bonus, and the perception and stealth
rolls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drase_desktop.refusal import Refusal
from drase_desktop.rules.working import Working

ATTRIBUTES = ("power", "finesse", "endurance", "intelligence", "will")
MIN_LEVEL = 1
MAX_LEVEL = 20
POINT_BUY_START = 8
POINT_BUY_POINTS = 19
CREATION_MAXIMUM = 16


class CharacterError(Refusal):
    """A level, score or attribute name the rules cannot use."""


def _require_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CharacterError(f"{what} must be a whole number, not {value!r}")
    return value


def attribute_scores(
    power: int = 10, finesse: int = 10, endurance: int = 10, intelligence: int = 10, will: int = 10
) -> dict[str, int]:
    """A creature's five scores by name, in the rules' order (10 is an ordinary score)."""
    return dict(zip(ATTRIBUTES, (power, finesse, endurance, intelligence, will), strict=True))


def attribute_modifier(score: int) -> int:
    """Ruling 3: floor((score - 10) / 2), so 9 -> -1, 8 -> -1, 7 -> -2, 15 -> 2."""
    return (_require_int(score, "an attribute score") - 10) // 2


def level_bonus(level: int) -> int:
    """Ruling 4: the table beats the sentence, so floor(level / 2) + 1 (1 -> 1, 10 -> 6)."""
    level = _require_int(level, "a level")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise CharacterError(f"level {level} is outside {MIN_LEVEL}..{MAX_LEVEL}")
    return level // 2 + 1


def attribute_name(name: str) -> str:
    """`name` as one of ATTRIBUTES (case free; "Power", "POW" and "pow" all work)."""
    key = name.strip().lower()
    for attribute in ATTRIBUTES:
        if key == attribute or (len(key) >= 3 and attribute.startswith(key)):
            return attribute
    raise CharacterError(f"{name!r} is not an attribute; use one of {', '.join(ATTRIBUTES)}")


def points_spent(scores: Mapping[str, int]) -> int:
    """Points bought above the starting 8 (1 point per +1, ruling 5)."""
    return sum(max(0, scores.get(a, POINT_BUY_START) - POINT_BUY_START) for a in ATTRIBUTES)


def points_left(scores: Mapping[str, int]) -> int:
    """Unspent creation points (legal, ruling 5); negative when overspent."""
    return POINT_BUY_POINTS - points_spent(scores)


def point_buy_errors(scores: Mapping[str, int]) -> list[str]:
    """Ruling 5: every reason the creation scores are illegal; empty when they are legal."""
    errors: list[str] = []
    for name in scores:
        if name not in ATTRIBUTES:
            errors.append(f"{name!r} is not an attribute; use one of {', '.join(ATTRIBUTES)}")
    for attribute in ATTRIBUTES:
        if attribute not in scores:
            errors.append(f"{attribute} has no score")
            continue
        score = scores[attribute]
        if isinstance(score, bool) or not isinstance(score, int):
            errors.append(f"{attribute} must be a whole number, not {score!r}")
        elif score < POINT_BUY_START:
            errors.append(f"{attribute} {score} is below the starting {POINT_BUY_START}")
        elif score > CREATION_MAXIMUM:
            errors.append(f"{attribute} {score} is above {CREATION_MAXIMUM}, the creation maximum")
    if not errors:
        left = points_left(scores)
        if left < 0:
            errors.append(
                f"{points_spent(scores)} points spent; only {POINT_BUY_POINTS} are available"
            )
    return errors


def career_bonus(value: int) -> int:
    """The career bonus, a whole number that applies to relevant non-combat checks."""
    value = _require_int(value, "a career bonus")
    if value < 0:
        raise CharacterError(f"a career bonus cannot be negative ({value})")
    return value


def ability_check_working(
    attribute: str,
    score: int,
    *,
    career: int = 0,
    career_applies: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
) -> Working:
    """An ability check: the attribute modifier, plus the career bonus when the GM rules that it
    applies (non-combat checks), plus bonus/malus dice."""
    name = attribute_name(attribute)
    working = Working().with_part(f"{name.capitalize()} {score}", attribute_modifier(score))
    if career_applies:
        working = working.with_part("career bonus", career_bonus(career))
    return working.with_part("bonus", bonuses, "bonus").with_part("malus", maluses, "malus")


def _awareness_working(
    roll: str,
    attribute: str,
    score: int,
    bonus: int,
    *,
    in_combat: bool,
    level: int | None = None,
    career: int = 0,
) -> Working:
    """The shape perception's formula gives (ruling 33) and stealth borrows (ruling 47): 1d20 +
    the attribute's modifier + the roll's own bonuses + the level bonus in combat OR the
    career bonus out of combat."""
    working = Working().with_part(f"{attribute} {score}", attribute_modifier(score))
    working = working.with_part(f"{roll} bonus", _require_int(bonus, "a bonus"))
    if in_combat:
        if level is None:
            raise CharacterError(f"{roll} in combat adds the level bonus: give the level")
        return working.with_part(f"level {level} bonus (in combat)", level_bonus(level))
    return working.with_part("career bonus (out of combat)", career_bonus(career))


def perception_working(
    intelligence: int,
    *,
    perception_bonus: int = 0,
    bonuses: int = 0,
    obscuration_maluses: int = 0,
    maluses: int = 0,
    **standing: Any,
) -> Working:
    """The perception roll of the combat text: 1d20 + Intelligence modifier + perception bonuses
    + level bonus (in combat) OR career bonus (out of combat). Obscuration adds maluses. The
    roller's `standing` is `in_combat`, `level` and `career`, as `_awareness_working` takes it."""
    working = _awareness_working(
        "perception", "Intelligence", intelligence, perception_bonus, **standing
    )
    return (
        working.with_part("bonus", bonuses, "bonus")
        .with_part("obscuration", obscuration_maluses, "malus")
        .with_part("malus", maluses, "malus")
    )


def stealth_working(
    finesse: int, *, stealth_bonus: int = 0, bonuses: int = 0, **standing: Any
) -> Working:
    """Ruling 47: the hider's roll, built like perception's formula: 1d20 + Finesse modifier +
    stealth bonuses + level bonus (in combat) OR career bonus (out of combat); bonus dice on
    top. The `standing` as `perception_working` takes it."""
    working = _awareness_working("stealth", "Finesse", finesse, stealth_bonus, **standing)
    return working.with_part("bonus", bonuses, "bonus")
