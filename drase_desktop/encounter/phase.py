"""One phase (or step) of a round, as data: who acts in it and what happens on entering and leaving.

A ruleset lays a round out as a list of phases; the encounter walks that list and performs the
named automatic steps (`on_enter`, `on_exit`), so both rulesets share one machine.
"""

from __future__ import annotations

from dataclasses import dataclass

# Who acts in a phase. "sides" means exactly the sides listed in `Phase.sides` (Crawler groups).
ACTORS = frozenset({"nobody", "players", "gm", "third-party", "all", "sides"})

# The automatic steps a phase can run when it is entered or left.
DAMAGE_OVER_TIME = "damage-over-time"
TICKDOWN = "tickdown"
INCAPACITATION_CHECK = "incapacitation-check"
INITIATIVE = "initiative"
STEPS = frozenset({DAMAGE_OVER_TIME, TICKDOWN, INCAPACITATION_CHECK, INITIATIVE})


@dataclass(frozen=True)
class Phase:
    key: str
    title: str
    description: str
    actors: str = "nobody"
    sides: tuple[str, ...] = ()
    declares: bool = False
    # The GM resolves declared reactions and actions in it (the resolution queue lists them).
    resolves: bool = False
    on_enter: tuple[str, ...] = ()
    on_exit: tuple[str, ...] = ()
    # Crawler: the step inside a side's turn ("morale", "movement", "missile", "spells", "melee").
    step: str = ""

    def __post_init__(self) -> None:
        if self.actors not in ACTORS:
            raise ValueError(f"Phase {self.key}: unknown actors {self.actors!r}")
        for step in (*self.on_enter, *self.on_exit):
            if step not in STEPS:
                raise ValueError(f"Phase {self.key}: unknown automatic step {step!r}")


# The round number before the fight starts: its only phase is SETUP.
SETUP_ROUND = 0

SETUP = Phase(
    key="setup",
    title="Setup",
    description=(
        "Before the fight: place tokens, mark surprised creatures (they lose their actions in "
        "round 1), then start round 1."
    ),
    actors="all",
)
