"""Where an operation's dice come from: the app's dice, the faces a script gives, or the dice
the GM rolls at the table and types in. One seam for all three.

An operation that needs dice asks its source for one roll at a time with a `DiceRequest`: the
expression, what the roll is for (`purpose`, e.g. "attack", "damage"), the combatant it belongs
to, and the GM's words for it. The source answers with a `Roll`:

- `RandomDice` rolls with a random generator (the encounter's own, or a seeded one);
- `GivenFaces` takes the faces given for some purposes (a script replaying a table's rolls:
  the `*_faces` keywords of the operations) and asks another source for the rest;
- `EnteredDice` hands out the dice the GM entered, in the order the rules asked for them, and
  past the last one stops the operation with `DiceNeeded`, naming the roll it needs next.

`roll_with_table_dice` runs an operation until it has every die it needs. An operation that
stops changes nothing, so the GM is asked between two runs, never while the encounter is half
changed, and cancelling leaves it exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from drase_desktop.rules.dice import Roll, dice_faces, parse, roll, roll_with_faces

T = TypeVar("T")

# Faces given for one purpose: one roll's faces, or each combatant's (keyed by id).
Faces = Sequence[int] | Mapping[str, Sequence[int]]


@dataclass(frozen=True)
class DiceRequest:
    """One roll an operation needs: `expression`, what it is for (`purpose`), the id of the
    combatant it is for (`subject`, "" for none) and the GM's words for it (`title`)."""

    expression: str
    purpose: str
    subject: str = ""
    title: str = ""

    @property
    def dice(self) -> tuple[int, ...]:
        """The size of every die to roll, in order (see `dice_faces`)."""
        return dice_faces(self.expression)

    @property
    def die_names(self) -> list[str]:
        return die_names(self.expression)


def die_names(expression: str) -> list[str]:
    """One name per die, in the order the faces are read: "d20", "bonus d6 #1", "malus d6"...
    A kept-highest group of d6 is the bonus (added) or malus (taken away) dice of ruling 6."""
    names: list[str] = []
    for term in parse(expression):
        if term.faces is None:
            continue
        kind = ""
        if term.faces == 6 and term.keep == 1 and not term.keep_lowest:
            kind = "bonus " if term.sign > 0 else "malus "
        for index in range(term.count):
            number = f" #{index + 1}" if term.count > 1 else ""
            names.append(f"{kind}d{term.faces}{number}")
    return names


class DiceSource(Protocol):
    """Answers an operation's request for one roll."""

    def roll(self, request: DiceRequest) -> Roll: ...


class RandomDice:
    """The app's own dice: `rng` (seeded for tests and replays) or the system's randomness."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def roll(self, request: DiceRequest) -> Roll:
        return roll(request.expression, self.rng)


class GivenFaces:
    """Faces given ahead for some purposes (`{"attack": [14], "save": {"orc": [9]}}`); every
    other roll comes from `otherwise`. A DiceError names faces that do not fit the dice."""

    def __init__(self, faces: Mapping[str, Faces | None], otherwise: DiceSource) -> None:
        self.faces = {purpose: given for purpose, given in faces.items() if given is not None}
        self.otherwise = otherwise

    def roll(self, request: DiceRequest) -> Roll:
        given = self.faces.get(request.purpose)
        if isinstance(given, Mapping):
            given = given.get(request.subject)
        if given is None:
            return self.otherwise.roll(request)
        return roll_with_faces(request.expression, given)


class DiceNeeded(Exception):
    """An operation needs a roll nobody entered yet. It stops (changing nothing); whoever runs
    it asks the GM for `request` and runs it again. Not a refusal: the GM never reads it."""

    def __init__(self, request: DiceRequest) -> None:
        super().__init__(f"roll {request.expression} for {request.title or request.purpose}")
        self.request = request


class EnteredDice:
    """The dice the GM entered, handed out in the order the operation asks for them. Each run
    of the operation asks for the same rolls in the same order, so a run that needs one more
    than was entered raises `DiceNeeded` for it."""

    def __init__(self, entered: Sequence[tuple[DiceRequest, Sequence[int]]] = ()) -> None:
        self.entered = list(entered)
        self._next = 0

    def roll(self, request: DiceRequest) -> Roll:
        if self._next >= len(self.entered):
            raise DiceNeeded(request)
        asked, faces = self.entered[self._next]
        if asked.expression != request.expression or asked.purpose != request.purpose:
            # The same operation on the same encounter asks the same; anything else is a bug.
            raise RuntimeError(f"the dice were entered for {asked}, not for {request}")
        self._next += 1
        return roll_with_faces(request.expression, faces)


def roll_with_table_dice(
    run: Callable[[DiceSource], T], ask: Callable[[DiceRequest], Sequence[int] | None]
) -> T | None:
    """`run(dice)` with the dice the GM rolls at the table: each time it needs a roll nobody
    entered, `ask(request)` gets the GM's faces and `run` starts again with them. None when the
    GM cancels (`ask` returns None): then `run` has changed nothing. A refusal from `run`
    propagates as it would with the app's dice."""
    entered: list[tuple[DiceRequest, Sequence[int]]] = []
    while True:
        try:
            return run(EnteredDice(entered))
        except DiceNeeded as needed:
            faces = ask(needed.request)
            if faces is None:
                return None
            entered.append((needed.request, list(faces)))
