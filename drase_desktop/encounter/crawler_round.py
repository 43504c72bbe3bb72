"""The Crawler round (crawler-combat-phase.txt, ruling 26) as a list of phases.

Defensive movement is declared before initiative; each side rolls 1d6 (on entering the
Initiative phase; the GM may overwrite a result); sides act from the highest roll down, tied
sides act together. Each turn runs morale, movement, missile fire, spells, melee.

Rulings the program makes here, shown in the phase descriptions:
- A creature at or below 0 HP drops (Incapacitated) when the missile, spells or melee step that
  hurt it ends.
- Status durations tick down for every side at the end of the round (the text has no tickdown).
"""

from __future__ import annotations

from collections.abc import Mapping

from drase_desktop.encounter.phase import INCAPACITATION_CHECK, INITIATIVE, TICKDOWN, Phase
from drase_desktop.encounter.sides import turn_words
from drase_desktop.rules.crawler import (
    HURTING_STEPS,
    MELEE,
    MISSILE,
    MORALE,
    MOVEMENT,
    SPELLS,
    STEPS,
    initiative_order,
)

ROUND_SECONDS = 10

DECLARE_DEFENSIVE = Phase(
    key="defensive-declarations",
    title="Defensive Movement",
    description=(
        "Before initiative, creatures engaged in melee announce defensive movement: fighting"
        " withdrawal (half move, may still attack) or retreat (more than half move, cannot"
        " attack, attackers get +2 to hit)."
    ),
    actors="all",
    declares=True,
)
ROLL_INITIATIVE = Phase(
    key="initiative",
    title="Initiative",
    description=(
        "Each side rolls 1d6 (rolled on entering; the GM may enter the table's roll instead)."
        " Highest acts first; tied sides act simultaneously."
    ),
    actors="all",
    on_enter=(INITIATIVE,),
)
END_OF_ROUND = Phase(
    key="end-of-round",
    title="Surrenders & Retreats",
    description=(
        "The DM handles surrenders and retreats. Status durations tick down for every side"
        " (a ruling: the Crawler text names no tickdown)."
    ),
    actors="all",
    on_enter=(TICKDOWN,),
)

# Each step as it reads after who acts ("The players: missile fire").
STEP_WORDS = {
    MORALE: "morale",
    MOVEMENT: "movement",
    MISSILE: "missile fire",
    SPELLS: "spells",
    MELEE: "melee",
}

_STEP_TEXT = {
    MORALE: "Morale check if required (2d6 against the creature's morale score).",
    MOVEMENT: "Movement (only defensive movement for those in melee).",
    MISSILE: "Missile fire: 1d20 + Finesse (dex) + range + cover (the GM's figure) + magic >= AC.",
    SPELLS: "Spells hit automatically in range or area; targets roll 1d20 saves as needed.",
    MELEE: "Melee: 1d20 + Power (str) + magic weapon >= AC.",
}


def crawler_phases(initiative: Mapping[str, int]) -> tuple[Phase, ...]:
    """The phases of one Crawler round; the turns appear once initiative is rolled."""
    phases: list[Phase] = [DECLARE_DEFENSIVE, ROLL_INITIATIVE]
    if not initiative:
        return tuple(phases)
    for group in initiative_order(initiative):
        who = turn_words(group)
        for step in STEPS:
            on_exit = (INCAPACITATION_CHECK,) if step in HURTING_STEPS else ()
            description = _STEP_TEXT[step]
            if on_exit:
                description += " Creatures at or below 0 HP drop when this step ends."
            phases.append(
                Phase(
                    key=f"{step}:{'+'.join(group)}",
                    title=f"{who}: {STEP_WORDS[step]}",
                    description=description,
                    actors="sides",
                    sides=group,
                    on_exit=on_exit,
                    step=step,
                )
            )
    phases.append(END_OF_ROUND)
    return tuple(phases)
