"""Ability checks against the DC table, and perception against a fixed DC or a hider's stealth
roll (ruling 47): each an undoable operation that rolls, logs, and locks the roller's
declaration, rolling the working its preview shows (`check_preview.py`). Their dice come from the
operation's dice source (`dice`); the `*_faces` keywords give a script's table rolls."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drase_desktop.encounter.check_preview import (
    ability_check_preview,
    chance_to_beat,
    perception_preview,
)
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.operation import operation
from drase_desktop.rules.attack import check
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


@dataclass(frozen=True)
class CheckResult:
    """An ability check or perception roll: the roll, the number it had to beat, the verdict."""

    combatant_id: str
    label: str
    roll_text: str
    total: int
    dc: int
    success: bool
    critical: bool
    reason: str
    chance: float


@operation("combatant_id")
def ability_check(
    encounter: Encounter,
    /,
    combatant_id: str,
    attribute: str,
    dc: int,
    *,
    label: str = "",
    faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
    dice: DiceSource | None = None,
    **terms: Any,
) -> tuple[str, CheckResult]:
    """An ability check against a DC (5-30, the DC table): success when the total beats it
    (ruling 1; a natural 20 does not force it), rolling the working `ability_check_preview`
    builds from the same `terms` (career, career_applies, bonuses, maluses). A roll for a
    combatant locks its declaration. The dice come from `dice`; `faces` answers the check's
    roll first."""
    combatant = encounter.combatant(combatant_id)
    working = ability_check_preview(encounter, combatant_id, attribute, dc, **terms).working
    title = label.strip() or f"{attribute.capitalize()} check"
    source = encounter.dice_source(dice, rng, check=faces)
    result = _judged_roll(encounter, combatant, working, dc, title, source, "check")
    return f"{combatant.name}: {title}", result


def _judged_roll(
    encounter: Encounter,
    combatant: Combatant,
    working: Working,
    dc: int,
    title: str,
    dice: DiceSource,
    purpose: str,
) -> CheckResult:
    rolled = encounter.roll_dice(
        dice,
        working.expression,
        purpose,
        subject=combatant.id,
        title=f"{combatant.name}: {title} against {dc}",
    )
    outcome = check(rolled.total, dc)
    verdict = "success" if outcome.success else "failure"
    encounter.log_roll(
        f"{combatant.name}: {title} vs DC {dc}: {rolled.text}: {verdict} ({outcome.reason})",
        rolled,
        combatant=combatant.id,
        roll=title,
        dc=dc,
        success=outcome.success,
        working=working.lines(),
    )
    encounter.lock_declaration(combatant, f"{title} rolled")
    chance = chance_to_beat(working, dc)
    return CheckResult(
        combatant.id,
        title,
        rolled.text,
        rolled.total,
        dc,
        outcome.success,
        outcome.critical,
        outcome.reason,
        chance,
    )


@operation("perceiver_id", "hider_id")
def perception_check(
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
    perception_faces: Sequence[int] | None = None,
    stealth_faces: Sequence[int] | None = None,
    reveal: bool = True,
    rng: random.Random | None = None,
    dice: DiceSource | None = None,
) -> tuple[str, CheckResult]:
    """Perception against a hider's stealth roll (ruling 47: `stealth_bonuses` dice, a flat
    `stealth_bonus`, the hider's `stealth_career` out of combat) or a fixed DC. The hider rolls
    first, then the perceiver. On success a hidden hider is revealed (shown to players) when
    `reveal` is set. The dice come from `dice`; `stealth_faces` and `perception_faces` answer
    those rolls first."""
    perceiver = encounter.combatant(perceiver_id)
    preview = perception_preview(
        encounter,
        perceiver_id,
        hider_id=hider_id,
        dc=dc,
        career=career,
        perception_bonus=perception_bonus,
        bonuses=bonuses,
        maluses=maluses,
        stealth_bonuses=stealth_bonuses,
        stealth_bonus=stealth_bonus,
        stealth_career=stealth_career,
    )
    working, stealth, target = preview.working, preview.stealth, preview.dc
    hider = encounter.combatant(hider_id) if hider_id else None
    source = encounter.dice_source(dice, rng, perception=perception_faces, stealth=stealth_faces)
    if stealth is not None:
        assert hider is not None
        rolled = encounter.roll_dice(
            source,
            stealth.expression,
            "stealth",
            subject=hider.id,
            title=f"{hider.name}: stealth against {perceiver.name}'s perception",
        )
        target = rolled.total
        encounter.log_roll(
            f"{hider.name} stealth: {rolled.text} (ruling 47: 1d20 + Finesse + stealth"
            " bonuses + level bonus in combat, career bonus out of it)",
            rolled,
            combatant=hider.id,
            roll="stealth",
        )
        # Ruling 32: the stealth roll is the hider's own roll.
        encounter.lock_declaration(hider, "stealth rolled")
    assert target is not None  # a fixed DC, or the hider's roll
    title = f"perception vs {hider.name}" if hider else "perception"
    result = _judged_roll(encounter, perceiver, working, target, title, source, "perception")
    if result.success and hider is not None and hider.hidden and reveal:
        hider.hidden = False
        encounter.log_event(
            "combatant",
            f"{perceiver.name} spots {hider.name}: no longer hidden",
            combatant=hider.id,
        )
    return f"{perceiver.name}: {title}", result
