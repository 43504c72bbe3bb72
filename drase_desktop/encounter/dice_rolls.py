"""The one seam every roll of an encounter goes through: where an operation's dice come from
(the app's, a script's faces, the encounter's own random source) and the roll asked of them.
Every operation group inherits it through `EncounterState`; it needs only the encounter's `rng`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from drase_desktop.encounter.errors import EncounterError
from drase_desktop.rules.dice import DiceError, Roll, normalise
from drase_desktop.rules.dice_source import (
    DiceRequest,
    DiceSource,
    Faces,
    GivenFaces,
    RandomDice,
)


class DiceRolls:
    """The dice machinery of `Encounter` (through `EncounterState`, so every group has it)."""

    rng: random.Random

    def _rng(self, rng: random.Random | None) -> random.Random:
        return rng if rng is not None else self.rng

    def dice_source(
        self,
        dice: DiceSource | None = None,
        rng: random.Random | None = None,
        **faces: Faces | None,
    ) -> DiceSource:
        """Where an operation's dice come from: `dice` when given, else the app's dice (`rng`,
        or the encounter's own). Faces given by purpose (`attack=[14]`, a script replaying the
        table's rolls) answer those rolls first."""
        source = dice if dice is not None else RandomDice(self._rng(rng))
        given = {purpose: value for purpose, value in faces.items() if value is not None}
        return GivenFaces(given, source) if given else source

    def roll_dice(
        self,
        dice: DiceSource,
        expression: str,
        purpose: str,
        *,
        subject: str = "",
        title: str = "",
    ) -> Roll:
        """One roll an operation needs, asked of its dice source (the one seam every roll of
        the encounter goes through); bad faces or notation refuse the operation."""
        try:
            return dice.roll(DiceRequest(normalise(expression), purpose, subject, title))
        except DiceError as error:
            raise EncounterError(str(error)) from error

    def roll_expression(
        self, expression: str, rng: random.Random | None, faces: Sequence[int] | None
    ) -> Roll:
        return self.roll_dice(self.dice_source(rng=rng, roll=faces), expression, "roll")
