"""A check before it is rolled, as the window shows it and the operation rolls it: the working
with its sources (ability, perception, the hider's stealth, ruling 47), the number to beat (a
fixed DC, or the hider's stealth roll) and the exact chance; and the words the GM reads for a
check's result. Reads only; the operations are in `checks.py`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drase_desktop.encounter import geometry
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.rules import character
from drase_desktop.rules.attack import AttackError, check_chance, fixed_dc
from drase_desktop.rules.character import (
    CharacterError,
    ability_check_working,
    perception_working,
)
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.checks import CheckResult
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter


def chance_to_beat(working: Working, dc: int) -> float:
    """The exact chance the roll of `working` beats `dc` (ruling 1)."""
    return check_chance(working.modifier, dc, bonuses=working.bonuses, maluses=working.maluses)


def perception_check_working(
    encounter: Encounter,
    perceiver_id: str,
    *,
    hider_id: str | None = None,
    **terms: int,
) -> Working:
    """1d20 + Intelligence + perception bonuses + level bonus (in combat) or career bonus (out
    of combat); maluses for the obscuration at either end, the stronger (rulings 23, 28). The
    perceiver's `terms` go by the names of `rules.character.perception_working` (career,
    perception_bonus, bonuses, maluses)."""
    perceiver = encounter.combatant(perceiver_id)
    obscured = 0
    if hider_id is not None:
        hider = encounter.combatant(hider_id)
        if hider.position is not None and perceiver.position is not None:
            # Ruling 28: the stronger of the perceiver's and the hider's obscuration counts.
            seen = geometry.obscuration_between(encounter.battle_map, perceiver, hider)
            if seen.level == "total":
                raise EncounterError(
                    f"{hider.name} cannot be perceived by sight: total obscuration"
                    f" ({'; '.join(seen.reasons)})"
                )
            obscured = seen.maluses
    return _awareness(
        encounter,
        perceiver,
        perception_working,
        "intelligence",
        obscuration_maluses=obscured,
        **terms,
    )


def stealth_working(
    encounter: Encounter,
    hider_id: str,
    *,
    bonuses: int = 0,
    stealth_bonus: int = 0,
    career: int = 0,
) -> Working:
    """Ruling 47: the hider's roll that sets the perception DC, 1d20 + Finesse + stealth
    bonuses (`stealth_bonus` flat, `bonuses` dice) + level bonus in combat, or career bonus
    out of combat."""
    hider = encounter.combatant(hider_id)
    return _awareness(
        encounter,
        hider,
        character.stealth_working,
        "finesse",
        career=career,
        stealth_bonus=stealth_bonus,
        bonuses=bonuses,
    )


def _awareness(
    encounter: Encounter,
    combatant: Combatant,
    rule: Callable[..., Working],
    attribute: str,
    **terms: int,
) -> Working:
    """A perception or stealth working by `rule` (the shape ruling 33 gives both) for a
    combatant: its `attribute` score, and the level bonus of its level in a fight or the
    `career` bonus (among the `terms`) out of one; a refusal names the combatant."""
    try:
        return rule(
            combatant.attributes[attribute],
            in_combat=encounter.started,
            level=combatant.level,
            **terms,
        )
    except CharacterError as error:
        raise EncounterError(f"{combatant.name}: {error}") from error


@dataclass(frozen=True)
class CheckPreview:
    """A check's roll (`working`) against a fixed `dc` with its exact `chance`, or against the
    hider's `stealth` roll (then `dc` and `chance` are None)."""

    working: Working
    dc: int | None
    chance: float | None
    stealth: Working | None = None
    hider: str = ""

    @property
    def versus_stealth(self) -> bool:
        return self.stealth is not None

    def lines(self) -> list[str]:
        """The working line by line, then what it must beat."""
        lines = self.working.lines()
        if self.stealth is not None:
            lines.append(
                f"against {self.hider}'s stealth roll: {self.stealth.expression} (ruling 47)"
            )
        elif self.chance is not None:
            lines.append(f"beat DC {self.dc}: {self.chance:.1%} chance")
        return lines


def _fixed(dc: int) -> int:
    try:
        return fixed_dc(dc)
    except AttackError as error:
        raise EncounterError(str(error)) from error


def ability_check_preview(
    encounter: Encounter,
    combatant_id: str,
    attribute: str,
    dc: int,
    **terms: Any,
) -> CheckPreview:
    """`ability_check` before the roll: the attribute's modifier, the career bonus when the GM
    rules it applies, bonus/malus dice (`terms`: the keywords of `ability_check_working`,
    career, career_applies, bonuses, maluses); the same working and DC, refused the same way."""
    combatant = encounter.combatant(combatant_id)
    try:
        working = ability_check_working(attribute, combatant.attributes[attribute], **terms)
    except (CharacterError, KeyError) as error:
        raise EncounterError(f"{combatant.name}: {error}") from error
    number = _fixed(dc)
    return CheckPreview(working, number, chance_to_beat(working, number))


def perception_preview(
    encounter: Encounter,
    perceiver_id: str,
    *,
    hider_id: str | None = None,
    dc: int | None = None,
    stealth_bonuses: int = 0,
    stealth_bonus: int = 0,
    stealth_career: int = 0,
    **terms: int,
) -> CheckPreview:
    """`perception_check` before the rolls: against `dc` when one is given, else against the
    hider's stealth roll (`stealth_bonuses` dice, a flat `stealth_bonus`, the hider's
    `stealth_career`); the perceiver's `terms` as `perception_check_working` takes them."""
    working = perception_check_working(encounter, perceiver_id, hider_id=hider_id, **terms)
    if dc is None and hider_id is not None:
        stealth = stealth_working(
            encounter,
            hider_id,
            bonuses=stealth_bonuses,
            stealth_bonus=stealth_bonus,
            career=stealth_career,
        )
        hider = encounter.combatant(hider_id).name
        return CheckPreview(working, None, None, stealth=stealth, hider=hider)
    if dc is None:
        raise EncounterError("Perception needs a hider or a DC to beat")
    number = _fixed(dc)
    return CheckPreview(working, number, chance_to_beat(working, number))


def check_result_text(result: CheckResult) -> str:
    """The verdict big, then the roll against its number ("SUCCESS\\n1d20 (14) + 3 = 17 vs 15")."""
    word = "SUCCESS" if result.success else "FAILURE"
    return f"{word}\n{result.roll_text} vs {result.dc}"
