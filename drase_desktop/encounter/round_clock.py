"""Where the fight stands: the round, the phases of this round, the phase now, and the clock.
Every operation group reads it through `EncounterState`; it needs only the attributes below."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drase_desktop.encounter.phase import SETUP, SETUP_ROUND, Phase

if TYPE_CHECKING:
    from drase_desktop.encounter.declaration import RoundState
    from drase_desktop.encounter.encounter import EncounterSettings
    from drase_desktop.encounter.ruleset import Ruleset


class RoundClock:
    """The round and phase of `Encounter` (through `EncounterState`, so every group has them)."""

    ruleset: Ruleset
    settings: EncounterSettings
    round: int
    phase_index: int
    round_state: RoundState

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases of the current round (just Setup before the fight starts)."""
        if self.in_setup:
            return (SETUP,)
        return self.ruleset.phases(
            third_party_turn=self.settings.third_party_turn,
            initiative=self.round_state.initiative,
        )

    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def started(self) -> bool:
        """The fight has begun (round 1 or later)."""
        return not self.in_setup

    @property
    def in_setup(self) -> bool:
        """Before round 1: tokens are placed where the GM puts them, nothing is priced."""
        return self.round == SETUP_ROUND

    @property
    def elapsed_seconds(self) -> int:
        """Seconds of fight before the current round (a round is 10 s)."""
        return max(0, self.round - 1) * self.ruleset.round_seconds

    @property
    def clock_text(self) -> str:
        if self.in_setup:
            return "Setup"
        start = self.elapsed_seconds
        end = start + self.ruleset.round_seconds
        return f"Round {self.round} ({start}-{end} s)"
