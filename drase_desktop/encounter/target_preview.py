"""What a creature sees of another before attacking it: the hover's report, from the same
functions and the same table an attack uses, so the hover and the attack never disagree; and
its words, made here and nowhere else.

    preview = target_preview(encounter, "bram", "gob1")
    preview.distance, preview.cover_melee, preview.maluses, preview.targetable
    target_words(preview, "Goblin 1")  # "Goblin 1: 5 tiles, 10 m\\nCover: half (-2)\\n..."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.board.distance import tiles_and_metres
from drase_desktop.board.sight import visibility
from drase_desktop.encounter import geometry
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.rules.attack import (
    BLOCKING_COVER,
    LOWER_TARGET_BONUSES,
    UNTARGETABLE_OBSCURATION,
)

if TYPE_CHECKING:
    from drase_desktop.encounter.state import EncounterState


@dataclass(frozen=True)
class TargetPreview:
    """Range (melee and ranged, rulings 18-20), height, cover both ways (ruling 22),
    obscuration at both ends (ruling 28) and whether a wall or closed door blocks the sight
    line, for `attacker_id` looking at `target_id`."""

    attacker_id: str
    target_id: str
    distance: float
    ranged_distance: float
    height_difference: int  # the target's height minus the attacker's: negative when lower
    cover_melee: str
    cover_ranged: str
    obscuration: str
    line_of_sight: bool
    # What the ruleset makes of it: obscuration maluses to target it (0 when it cannot be
    # targeted at all), the lower target's bonus (ruling 20), each cover's penalty (None: no
    # number, as cover that stops the attack, or any cover in the Crawler: the GM's figure). The
    # Crawler has no bonus or malus dice.
    maluses: int
    lower_target_bonuses: int
    cover_penalty_melee: int | None
    cover_penalty_ranged: int | None

    @property
    def targetable(self) -> bool:
        """Some attack can reach it: a line of sight, not in total obscuration, and not behind
        cover that stops both melee and ranged attacks."""
        return (
            self.line_of_sight
            and self.obscuration != UNTARGETABLE_OBSCURATION
            and not (self.cover_melee in BLOCKING_COVER and self.cover_ranged in BLOCKING_COVER)
        )


def target_preview(encounter: EncounterState, attacker_id: str, target_id: str) -> TargetPreview:
    """The hover's report for one creature looking at another, both on the map."""
    attacker = encounter.combatant(attacker_id)
    target = encounter.combatant(target_id)
    if attacker.position is None or target.position is None:
        missing = attacker if attacker.position is None else target
        raise EncounterError(f"{missing.name} is not on the map")
    measured = geometry.measure(encounter, attacker, target)
    seen = geometry.obscuration_between(encounter.battle_map, attacker, target)
    sight = visibility(
        encounter.battle_map, attacker.position, target.position, target_footprint=target.footprint
    )
    can_target = sight.line_of_sight and seen.level != UNTARGETABLE_OBSCURATION
    ruleset = encounter.ruleset
    dice = ruleset.has_bonus_dice
    melee = geometry.cover_between(encounter, attacker, target, ranged=False).level
    ranged = geometry.cover_between(encounter, attacker, target, ranged=True).level
    return TargetPreview(
        attacker_id=attacker.id,
        target_id=target.id,
        distance=measured.distance,
        ranged_distance=measured.ranged_distance,
        height_difference=measured.height_difference,
        cover_melee=melee,
        cover_ranged=ranged,
        obscuration=seen.level,
        line_of_sight=sight.line_of_sight,
        maluses=seen.maluses if can_target and dice else 0,
        lower_target_bonuses=LOWER_TARGET_BONUSES if measured.lower_target and dice else 0,
        cover_penalty_melee=ruleset.cover_penalties.get(melee),
        cover_penalty_ranged=ruleset.cover_penalties.get(ranged),
    )


def target_words(preview: TargetPreview, target_name: str) -> str:
    """The report as the GM reads it beside the target, one line a subject:
    "Goblin 1: 6 tiles, 12 m (ranged 5 tiles, 10 m)", "Height: 2 tiles below, +1 bonus to hit",
    "Cover: half (-2)", "Obscured: light, 1 malus"."""
    lines = [f"{target_name}: {tiles_and_metres(preview.distance)}"]
    if preview.ranged_distance != preview.distance:
        lines[0] += f" (ranged {tiles_and_metres(preview.ranged_distance)})"
    height = preview.height_difference
    if height:
        where = "above" if height > 0 else "below"
        lines.append(f"Height: {abs(height)} tiles {where}")
        if preview.lower_target_bonuses:
            lines[-1] += f", +{preview.lower_target_bonuses} bonus to hit"
    melee = cover_words(preview.cover_melee, preview.cover_penalty_melee)
    ranged = cover_words(preview.cover_ranged, preview.cover_penalty_ranged)
    if preview.cover_melee == preview.cover_ranged:
        lines.append(f"Cover: {melee}")
    else:
        lines.append(f"Cover: {melee} melee, {ranged} ranged")
    if not preview.line_of_sight:
        lines.append("No line of sight: a wall or closed door")
    elif preview.obscuration == UNTARGETABLE_OBSCURATION:
        lines.append("Obscured: total, cannot be targeted")
    elif preview.obscuration != "none" and preview.maluses:
        noun = "malus" if preview.maluses == 1 else "maluses"
        lines.append(f"Obscured: {preview.obscuration}, {preview.maluses} {noun}")
    elif preview.obscuration != "none":
        lines.append(f"Obscured: {preview.obscuration}")
    return "\n".join(lines)


def cover_words(level: str, penalty: int | None) -> str:
    """ "half (-2)", "three-quarter (-5)", "none", "full, no attack": the level with what the
    ruleset makes of it (a Crawler "half" has no number: the GM enters a figure)."""
    if level in BLOCKING_COVER:
        return f"{level}, no attack"
    return f"{level} ({penalty})" if penalty else level
