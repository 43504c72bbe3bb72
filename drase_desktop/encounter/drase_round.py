"""The Drase round (combat basics, "Round Structure") as a list of phases.

Rulings the program makes here, shown to the GM in each phase's description:
- Player-side means side "players"; every other side is the GM's, unless the GM turns on the
  third-party turn, which then takes every side that is neither "players" nor "gm".
- Damage over time applies to player-side creatures in the Player Phase and to the GM's in GM End
  Round Resolution, and only from effects put on before this round (the same rule as tickdown,
  ruling 13), so each side takes it once per round of the effect.
- Incapacitation is checked when GM Resolution and GM End Round Resolution end (ruling 11).
"""

from __future__ import annotations

from drase_desktop.encounter.phase import (
    DAMAGE_OVER_TIME,
    INCAPACITATION_CHECK,
    TICKDOWN,
    Phase,
)

ROUND_SECONDS = 10


def _resolution(
    key: str, title: str, actors: str, description: str, on_enter: tuple[str, ...] = ()
) -> Phase:
    """A phase the GM resolves in; incapacitation is checked when it ends (ruling 11)."""
    return Phase(
        key=key,
        title=title,
        description=f"{description} When this phase ends, any creature at or below 0 HP"
        " becomes Incapacitated.",
        actors=actors,
        resolves=True,
        on_enter=on_enter,
        on_exit=(INCAPACITATION_CHECK,),
    )


def _tickdown(prefix: str, who: str, actors: str, whose: str) -> Phase:
    """A side's tickdown (ruling 13), done on entering the phase."""
    description = (
        f"Every duration on {whose} that was not applied this round goes down by one round"
        " (done on entering this phase)."
    )
    title = f"{who} Status Effect Tickdown"
    return Phase(f"{prefix}-tickdown", title, description, actors, on_enter=(TICKDOWN,))


PLAYER_PHASE = Phase(
    key="player-phase",
    title="Player Phase",
    description=(
        "Players declare movement, 1 reaction, 2 half actions or 1 full action, and free actions;"
        " then roll their defense bonus/malus (it shifts AC and saves for the round). Damage over"
        " time from earlier rounds hits player-side creatures now."
    ),
    actors="players",
    declares=True,
    on_enter=(DAMAGE_OVER_TIME,),
)
GM_RESOLUTION = _resolution(
    "gm-resolution",
    "GM Resolution",
    "players",
    "The GM resolves the players' uncertain reactions and actions.",
)
PLAYER_TICKDOWN = _tickdown("player", "Player", "players", "player-side creatures")
GM_ACTION = Phase(
    key="gm-action",
    title="GM Reaction & Action",
    description=(
        "The GM declares the NPCs' reactions and actions with the same limits as the players, and"
        " rolls their defense."
    ),
    actors="gm",
    declares=True,
)
GM_END_RESOLUTION = _resolution(
    "gm-end-resolution",
    "GM End Round Resolution",
    "gm",
    "The GM resolves the NPCs' reactions and actions; damage over time from earlier rounds"
    " hits the GM's creatures on entering.",
    on_enter=(DAMAGE_OVER_TIME,),
)
GM_TICKDOWN = _tickdown("gm", "GM", "gm", "the GM's creatures")
THIRD_PARTY_TURN = Phase(
    key="third-party-turn",
    title="Third-Party Turn",
    description=(
        "The extra turn the GM added for third parties (sides other than players and gm):"
        " declare, resolve, damage over time on entering; incapacitation check when it ends."
    ),
    actors="third-party",
    declares=True,
    resolves=True,
    on_enter=(DAMAGE_OVER_TIME,),
    on_exit=(INCAPACITATION_CHECK,),
)
THIRD_PARTY_TICKDOWN = Phase(
    key="third-party-tickdown",
    title="Third-Party Status Effect Tickdown",
    description="Third parties' durations not applied this round go down by one round.",
    actors="third-party",
    on_enter=(TICKDOWN,),
)


def drase_phases(third_party_turn: bool) -> tuple[Phase, ...]:
    """The phases of one Drase round, the third-party turn last when the GM added it."""
    phases: tuple[Phase, ...] = (
        PLAYER_PHASE,
        GM_RESOLUTION,
        PLAYER_TICKDOWN,
        GM_ACTION,
        GM_END_RESOLUTION,
        GM_TICKDOWN,
    )
    if third_party_turn:
        phases += (THIRD_PARTY_TURN, THIRD_PARTY_TICKDOWN)
    return phases
