"""A check before it is rolled, as the window shows it: the working with its sources, the number
to beat (a fixed DC, or the hider's stealth roll, ruling 47) and the exact chance; and the words
the GM reads for a check's result. Reads only; the operations are in `checks.py`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.checks import (
    CheckResult,
    chance_to_beat,
    check_working,
    perception_check_working,
    stealth_working,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.rules.attack import AttackError, fixed_dc
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


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
    *,
    career: int = 0,
    career_applies: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
) -> CheckPreview:
    """`ability_check` before the roll (the same working and DC; refused the same way)."""
    working = check_working(
        encounter,
        combatant_id,
        attribute,
        career=career,
        career_applies=career_applies,
        bonuses=bonuses,
        maluses=maluses,
    )
    number = _fixed(dc)
    return CheckPreview(working, number, chance_to_beat(working, number))


def perception_preview(
    encounter: Encounter,
    perceiver_id: str,
    *,
    hider_id: str | None = None,
    dc: int | None = None,
    career: int = 0,
    perception_bonus: int = 0,
    bonuses: int = 0,
    maluses: int = 0,
    stealth_bonuses: int = 0,
    stealth_bonus: int = 0,
    stealth_career: int = 0,
) -> CheckPreview:
    """`perception_check` before the rolls: against the hider's stealth roll when there is a
    hider, else against `dc`."""
    working = perception_check_working(
        encounter,
        perceiver_id,
        hider_id=hider_id,
        career=career,
        perception_bonus=perception_bonus,
        bonuses=bonuses,
        maluses=maluses,
    )
    if hider_id is not None:
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
