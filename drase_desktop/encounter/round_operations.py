"""The round machine: starting, advancing phase by phase with each phase's automatic steps
(damage over time, tickdown, incapacitation check, initiative), Crawler initiative and morale,
the per-encounter settings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT
from drase_desktop.encounter import crawler_rolls
from drase_desktop.encounter.combatant import (
    INCAPACITATED,
)
from drase_desktop.encounter.declaration import (
    RoundState,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.phase import (
    DAMAGE_OVER_TIME,
    INCAPACITATION_CHECK,
    INITIATIVE,
    TICKDOWN,
    Phase,
)
from drase_desktop.encounter.preparation import take_effect
from drase_desktop.encounter.ruleset import ruleset_for
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import crawler as crawler_rules
from drase_desktop.rules import status as status_rules
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.rules.health import is_incapacitated

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


def phase_step_scope(encounter: Any) -> list[str]:
    """Whom a phase's automatic steps may change: damage over time and the tickdown act on
    creatures with statuses, the incapacitation check on those at 0 HP or below. Copying just
    these keeps the undo of an advance small in a fight of hundreds. As the fight starts, those
    with prepared spells and potions gain them (ruling 40)."""
    return [
        c.id
        for c in encounter.combatants.values()
        if c.statuses or is_incapacitated(c.hp) or c.prepared
    ]


class RoundOperations(EncounterState):
    """Round and settings operations of `Encounter` (mixed into it; each returns a `Change`)."""

    @operation(phase_step_scope, every_declaration=True)
    def start(self) -> tuple[str, None]:
        """Leave Setup: round 1 begins with the ruleset's first phase."""
        if self.round != 0:
            raise EncounterError("The fight has already started")
        self._begin_round(1)
        return "Start the fight", None

    @operation(phase_step_scope, every_declaration=True)
    def advance(self) -> tuple[str, None]:
        """Go to the next phase (the next round after the last), running the automatic steps
        of the phase left and the phase entered."""
        if self.round == 0:
            self._begin_round(1)
            return "Start the fight", None
        leaving = self.phase
        self._run_steps(leaving.on_exit, leaving)
        if self.phase_index + 1 < len(self.phases):
            self.phase_index += 1
            entering = self.phase
            self.log_event("phase", f"{entering.title}", phase_title=entering.title)
            self._run_steps(entering.on_enter, entering)
            return f"Go to {entering.title}", None
        self._begin_round(self.round + 1)
        return f"Start round {self.round}", None

    def _begin_round(self, number: int) -> None:
        self.round = number
        self.phase_index = 0
        self.round_state = RoundState()
        start = self.elapsed_seconds
        self.log_event(
            "round",
            f"Round {number} begins ({start}-{start + self.ruleset.round_seconds} s of the fight)",
            clock=start,
        )
        if number == 1:
            # Ruling 40: prepared spells and potions take effect as round 1 starts.
            take_effect(cast("Encounter", self))
        entering = self.phase
        self.log_event("phase", entering.title, phase_title=entering.title)
        self._run_steps(entering.on_enter, entering)

    def _run_steps(self, steps: Sequence[str], phase: Phase) -> None:
        for step in steps:
            if step == DAMAGE_OVER_TIME:
                self._damage_over_time(self.phase_sides(phase))
            elif step == TICKDOWN:
                self._tick_down(self.phase_sides(phase))
            elif step == INCAPACITATION_CHECK:
                self._incapacitation_check()
            elif step == INITIATIVE:
                self._roll_initiative()

    def _damage_over_time(self, sides: set[str]) -> None:
        """Ruling 34: each creature takes its damage over time once a round, at its own side's
        step (one that changed sides after taking it this round does not take it again)."""
        catalogue = self.status_catalogue
        taken = self._took_damage_over_time_this_round()
        for combatant in list(self.combatants.values()):
            if combatant.side not in sides or combatant.id in taken:
                continue
            earlier = [s for s in combatant.statuses if s.applied_round < self.round]
            try:
                dots = status_rules.damage_over_time(earlier, catalogue)
            except status_rules.StatusError as error:
                raise EncounterError(f"{combatant.name}: {error}") from error
            for dot in dots:
                rolled = self.roll_expression(dot.expression, None, None)
                self.log_roll(
                    f"{dot.status} on {combatant.name}: {rolled.text}",
                    rolled,
                    combatant=combatant.id,
                    roll="damage over time",
                )
                self.deal_damage(
                    combatant,
                    max(0, rolled.total),
                    dot.damage_type,
                    unavoidable=False,
                    source=dot.status,
                )

    def _took_damage_over_time_this_round(self) -> set[str]:
        taken: set[str] = set()
        for entry in reversed(self.log):
            if entry.round != self.round:
                break
            if entry.kind == "roll" and entry.data.get("roll") == "damage over time":
                taken.add(str(entry.data.get("combatant")))
        return taken

    def _tick_down(self, sides: set[str]) -> None:
        for combatant in self.combatants.values():
            if combatant.side not in sides or not combatant.statuses:
                continue
            result = status_rules.tick_down(combatant.statuses, self.round)
            if tuple(combatant.statuses) == result.remaining:
                continue
            combatant.statuses = list(result.remaining)
            for expired in result.expired:
                self.log_status(
                    combatant,
                    expired.name,
                    f"{expired.name} on {combatant.name} expires",
                    expired=True,
                )
            left = [f"{s.name} ({s.remaining})" for s in result.remaining if s.remaining]
            if left:
                self.log_event(
                    "status",
                    f"{combatant.name} ticks down: {', '.join(left)}",
                    combatant=combatant.id,
                    statuses=[[s.name, s.remaining] for s in result.remaining],
                )

    def _incapacitation_check(self) -> None:
        for combatant in self.combatants.values():
            if is_incapacitated(combatant.hp) and not combatant.incapacitated:
                self.apply_status_effect(combatant, INCAPACITATED, source="0 HP or below")
                self.log_event(
                    "incapacitated",
                    f"{combatant.name} is at {combatant.hp} HP and becomes Incapacitated"
                    " (ruling 11)",
                    combatant=combatant.id,
                    hp=combatant.hp,
                )

    def _roll_initiative(self) -> None:
        able = sorted({c.side for c in self.combatants.values() if not c.incapacitated})
        if not able:
            return
        for side, value in crawler_rules.roll_initiative(able, self.rng).items():
            words = f"Initiative for {side_words(side)}: 1d6 ({value}) = {value}"
            self._record_initiative(side, value, words, expression="1d6")

    @operation()
    def set_initiative(self, side: str, value: int) -> tuple[str, None]:
        """Overwrite a side's initiative with the die rolled at the table (1-6)."""
        refused = crawler_rolls.initiative_refusal(self)
        if refused:
            raise EncounterError(refused)
        if side not in self.round_state.initiative:
            raise EncounterError(f"{side_words(side, start=True)} rolled no initiative this round")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise EncounterError(f"Initiative is a d6: 1 to 6, not {value!r}")
        self._record_initiative(side, value, f"Initiative for {side_words(side)} set to {value}")
        return f"Initiative for {side_words(side)}: {value}", None

    def _record_initiative(self, side: str, value: int, words: str, **data: Any) -> None:
        """The side's initiative this round, rolled or set by the GM, kept and logged."""
        self.round_state.initiative[side] = value
        self.log_roll_total("initiative", words, value, side=side, **data)

    @operation("combatant_id")
    def check_morale(
        self,
        combatant_id: str,
        *,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
        dice: DiceSource | None = None,
    ) -> tuple[str, bool]:
        """Crawler morale: 2d6 against the morale score; over it, the creature breaks (the GM
        handles the surrender or retreat). A ruling: the text names no numbers. The dice come
        from `dice`; `faces` answers the roll first."""
        combatant = self.combatant(combatant_id)
        refused = crawler_rolls.morale_refusal(self, combatant)
        if refused:
            raise EncounterError(refused)
        assert combatant.morale is not None  # morale_refusal says so otherwise
        rolled = self.roll_dice(
            self.dice_source(dice, rng, morale=faces),
            crawler_rules.MORALE_DICE,
            "morale",
            subject=combatant.id,
            title=f"Morale for {combatant.name}",
        )
        holds = crawler_rules.morale_holds(rolled.total, combatant.morale)
        self.log_roll_total(
            "morale",
            f"{combatant.name} morale: {rolled.text} vs {combatant.morale}: "
            + ("holds" if holds else "breaks (GM: surrender or retreat)"),
            rolled.total,
            combatant=combatant_id,
            holds=holds,
        )
        return f"Morale for {combatant.name}", holds

    # ------------------------------------------------------------------ settings
    @operation()
    def set_diagonal_rule(self, rule: str) -> tuple[str, None]:
        if rule not in DIAGONAL_RULES:
            raise EncounterError(f"Diagonal rule must be {DIAGONAL_RULES_TEXT}, not {rule!r}")
        self.settings.diagonal = rule
        self.log_event("setting", f"Diagonal rule: {rule}", diagonal=rule)
        return f"Diagonal rule {rule}", None

    @operation()
    def set_third_party_turn(self, enabled: bool) -> tuple[str, None]:
        if self.round != 0 and self.phase_index != 0:
            raise EncounterError("Add or remove the third-party turn at the start of a round")
        self.settings.third_party_turn = bool(enabled)
        self.log_event(
            "setting",
            f"Third-party turn {'on' if enabled else 'off'}",
            third_party_turn=bool(enabled),
        )
        return "Third-party turn", None

    @operation()
    def set_sight_range(self, tiles: int | None) -> tuple[str, None]:
        """How far the players' tokens see when the GM reveals what they see (None: no limit
        but lines of sight and light)."""
        if tiles is not None and (
            isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= 1000
        ):
            raise EncounterError(f"A sight range is 1 to 1000 tiles, or none, not {tiles!r}")
        self.settings.sight_range = tiles
        text = "no limit" if tiles is None else f"{tiles} tiles"
        self.log_event("setting", f"Players' sight range for reveals: {text}", sight_range=tiles)
        return "Sight range", None

    @operation()
    def set_ruleset(self, key: str) -> tuple[str, None]:
        if self.round != 0:
            raise EncounterError("The ruleset is chosen before the fight starts")
        self.ruleset = ruleset_for(key)
        self.log_event("setting", f"Ruleset: {self.ruleset.name}", ruleset=self.ruleset.key)
        return f"Ruleset {self.ruleset.name}", None
