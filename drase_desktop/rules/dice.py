"""Dice notation of the Drase texts: parse, roll, enter table results, bound and maximise.

Grammar (spaces and case free): terms joined by `+` or `-`, an optional sign before the first.
A term is an integer, `NdX`, `dX`, `NdXkY`/`NdXkhY` (keep the highest Y) or `NdXklY` (keep the
lowest Y). Ruling 6 writes keep-highest as `k`, so `kh` is normalised to `k`.

Our own parser because the d20 library reads `3d6k1` as "keep the dice showing 1".
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from drase_desktop.file_limits import MAX_DICE, MAX_DICE_NUMBER, MAX_FACES, MIN_FACES
from drase_desktop.file_limits import MAX_DICE_EXPRESSION as MAX_LENGTH
from drase_desktop.refusal import Refusal

_SYSTEM_RANDOM = random.SystemRandom()
_TERM = re.compile(r"([0-9]+)?d([0-9]+)(?:(kh|kl|k)([0-9]+))?|([0-9]+)")


class DiceError(Refusal):
    """A dice expression the GM typed (or a set of faces entered) that cannot be rolled."""


@dataclass(frozen=True)
class Term:
    """One signed term of an expression: a constant (`faces is None`) or a group of dice."""

    sign: int
    count: int = 0
    faces: int | None = None
    keep: int | None = None
    keep_lowest: bool = False
    constant: int = 0

    @property
    def is_dice(self) -> bool:
        return self.faces is not None

    @property
    def kept(self) -> int:
        """How many dice of the group count toward the total."""
        return self.count if self.keep is None else self.keep

    def notation(self) -> str:
        if self.faces is None:
            return str(self.constant)
        text = f"{self.count}d{self.faces}"
        if self.keep is not None:
            text += f"{'kl' if self.keep_lowest else 'k'}{self.keep}"
        return text


@dataclass(frozen=True)
class TermResult:
    """A rolled term: every face shown, which of them count, and the signed value it adds."""

    term: Term
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int


@dataclass(frozen=True)
class Roll:
    """A rolled expression: `.total`, `.natural` (the first d20's face) and a readable `.text`."""

    expression: str
    total: int
    natural: int | None
    terms: tuple[TermResult, ...]

    @property
    def text(self) -> str:
        parts: list[str] = []
        for index, result in enumerate(self.terms):
            term = result.term
            body = term.notation()
            if term.is_dice:
                body += " (" + ", ".join(str(face) for face in result.faces) + ")"
            parts.append(_joined(index, term.sign, body))
        return "".join(parts) + f" = {self.total}"

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die's face in the order the expression names them."""
        return tuple(face for result in self.terms for face in result.faces)


def _joined(index: int, sign: int, body: str) -> str:
    if index == 0:
        return body if sign > 0 else "-" + body
    return (" + " if sign > 0 else " - ") + body


def parse(expression: str) -> tuple[Term, ...]:
    """The terms of `expression`, validated against every limit, or a DiceError naming the fault."""
    if not isinstance(expression, str):
        raise DiceError(f"a dice expression must be text, not {type(expression).__name__}")
    return _parse(expression)


# Terms are immutable, so a parsed expression is shared; errors are not cached.
@functools.lru_cache(maxsize=1024)
def _parse(expression: str) -> tuple[Term, ...]:
    if len(expression) > MAX_LENGTH:
        raise DiceError(
            f"dice expression is {len(expression)} characters long; at most {MAX_LENGTH} allowed"
        )
    split = re.search(r"[0-9a-z]\s+[0-9a-z]", expression.lower())
    if split is not None:
        raise DiceError(
            f"a space splits {split.group(0)!r} in {expression!r}: spaces may only stand "
            "around + and -"
        )
    text = re.sub(r"\s+", "", expression.lower()).replace("\u2212", "-")
    if not text:
        raise DiceError("dice expression is empty")
    terms: list[Term] = []
    position = 0
    total_dice = 0
    while position < len(text):
        sign = 1
        if text[position] in "+-":
            sign = -1 if text[position] == "-" else 1
            position += 1
        elif terms:
            raise DiceError(f"expected + or - before {text[position:]!r} in {expression!r}")
        if position >= len(text):
            raise DiceError(f"{expression!r} ends with a sign and no term after it")
        match = _TERM.match(text, position)
        if match is None:
            raise DiceError(
                f"cannot read {text[position:]!r} in {expression!r}: expected a number or dice "
                "like 2d6, d20, 3d6k1, 4d6kl3"
            )
        if match.end() < len(text) and text[match.end()] == "k":
            raise DiceError(
                f"{text[position:]!r} in {expression!r}: keep needs a number of dice, "
                "e.g. 3d6k1 or 4d6kl3"
            )
        term = _term(match, sign, expression)
        total_dice += term.count
        if total_dice > MAX_DICE:
            raise DiceError(f"{expression!r} rolls more than {MAX_DICE} dice")
        terms.append(term)
        position = match.end()
    return tuple(terms)


def _term(match: re.Match[str], sign: int, expression: str) -> Term:
    count_text, faces_text, keep_kind, keep_text, constant_text = match.groups()
    # Every number written is held to the table's limit, so each total is one a file holds.
    for number in (count_text, faces_text, keep_text, constant_text):
        if number is not None and int(number) > MAX_DICE_NUMBER:
            raise DiceError(
                f"{_shown(number)} in {_shown(expression)} is too large: a number in dice is at"
                f" most {MAX_DICE_NUMBER:,}"
            )
    if constant_text is not None:
        return Term(sign=sign, constant=int(constant_text))
    count = 1 if count_text is None else int(count_text)
    faces = int(faces_text)
    written = match.group(0)
    if count < 1:
        raise DiceError(f"{written!r} in {expression!r} rolls no dice; roll at least 1")
    if count > MAX_DICE:
        raise DiceError(f"{written!r} rolls {count} dice; at most {MAX_DICE} allowed")
    if not MIN_FACES <= faces <= MAX_FACES:
        raise DiceError(
            f"{written!r} has dice of {faces} faces; faces must be {MIN_FACES} to {MAX_FACES}"
        )
    keep = None
    if keep_kind is not None:
        keep = int(keep_text)
        if not 1 <= keep <= count:
            raise DiceError(f"{written!r} keeps {keep} of {count} dice; keep 1 to {count}")
    return Term(sign=sign, count=count, faces=faces, keep=keep, keep_lowest=keep_kind == "kl")


def _shown(text: str, most: int = 24) -> str:
    """`text` quoted for a message, cut to about `most` characters."""
    return repr(text) if len(text) <= most else repr(text[:most] + "…")


def _render(terms: Sequence[Term]) -> str:
    return "".join(_joined(i, term.sign, term.notation()) for i, term in enumerate(terms))


def normalise(expression: str) -> str:
    """The canonical spelling of `expression`, e.g. `"D20+4 +3d6kh1"` -> `"1d20 + 4 + 3d6k1"`."""
    return _render(parse(expression))


def join(*parts: str) -> str:
    """Several expressions (or signed pieces like `"+2d6k1"`) as one normalised expression."""
    pieces = [part.strip() for part in parts if part and part.strip()]
    if not pieces:
        raise DiceError("nothing to roll")
    text = pieces[0]
    for piece in pieces[1:]:
        text += piece if piece[0] in "+-\u2212" else "+" + piece
    return normalise(text)


def dice_faces(expression: str) -> tuple[int, ...]:
    """The size of every die in order, e.g. `"1d20 + 3d6k1"` -> `(20, 6, 6, 6)`: the slots a GM
    fills when entering the physical dice rolled at the table."""
    return tuple(t.faces for t in parse(expression) if t.faces is not None for _ in range(t.count))


def _evaluate(expression: str, terms: Sequence[Term], faces: Sequence[int]) -> Roll:
    results: list[TermResult] = []
    natural: int | None = None
    seen_d20 = False
    cursor = 0
    for term in terms:
        if term.faces is None:
            results.append(TermResult(term, (), (), term.sign * term.constant))
            continue
        shown = tuple(faces[cursor : cursor + term.count])
        cursor += term.count
        kept = _kept_mask(shown, term)
        value = term.sign * sum(face for face, keep in zip(shown, kept, strict=True) if keep)
        # The natural is the first d20 group's single counted die (1d20, 2d20k1, ...).
        if term.faces == 20 and not seen_d20:
            seen_d20 = True
            if term.sign > 0 and term.kept == 1:
                natural = next(face for face, keep in zip(shown, kept, strict=True) if keep)
        results.append(TermResult(term, shown, kept, value))
    total = sum(result.value for result in results)
    return Roll(expression=_render(terms), total=total, natural=natural, terms=tuple(results))


def _kept_mask(shown: tuple[int, ...], term: Term) -> tuple[bool, ...]:
    if term.keep is None:
        return (True,) * len(shown)
    # Stable order: among equal faces the earlier dice are kept.
    order = sorted(range(len(shown)), key=lambda i: shown[i] if term.keep_lowest else -shown[i])
    chosen = set(order[: term.keep])
    return tuple(i in chosen for i in range(len(shown)))


def roll(expression: str, rng: random.Random | None = None) -> Roll:
    """Roll `expression` with `rng` (seeded for tests and replays) or the system's randomness."""
    terms = parse(expression)
    source = rng if rng is not None else _SYSTEM_RANDOM
    faces = [
        source.randint(1, term.faces)
        for term in terms
        if term.faces is not None
        for _ in range(term.count)
    ]
    return _evaluate(expression, terms, faces)


def roll_with_faces(expression: str, faces: Sequence[int]) -> Roll:
    """Evaluate `expression` with the faces of physical dice rolled at the table, one per die in
    the order of `dice_faces(expression)`. Impossible faces are refused."""
    terms = parse(expression)
    sizes = [t.faces for t in terms if t.faces is not None for _ in range(t.count)]
    try:
        faces = list(faces)
    except TypeError:
        raise DiceError(f"dice results must be a list of numbers, not {faces!r}") from None
    if len(faces) != len(sizes):
        raise DiceError(
            f"{_render(terms)} needs {len(sizes)} dice results, {len(faces)} were entered"
        )
    for number, (face, size) in enumerate(zip(faces, sizes, strict=True), start=1):
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceError(f"die {number} (a d{size}) must be a whole number, not {face!r}")
        if not 1 <= face <= size:
            raise DiceError(f"die {number} is a d{size}: it cannot show {face}")
    return _evaluate(expression, terms, faces)


def maximised(expression: str) -> Roll:
    """Every die showing its highest face: the damage of a PC's critical hit (ruling 8)."""
    terms = parse(expression)
    faces = [t.faces for t in terms if t.faces is not None for _ in range(t.count)]
    return _evaluate(expression, terms, faces)


def maximum(expression: str) -> int:
    """The highest total `expression` can produce."""
    return sum(_bound(term, highest=True) for term in parse(expression))


def minimum(expression: str) -> int:
    """The lowest total `expression` can produce."""
    return sum(_bound(term, highest=False) for term in parse(expression))


def _bound(term: Term, *, highest: bool) -> int:
    if term.faces is None:
        return term.sign * term.constant
    # A subtracted group is largest when its dice are lowest.
    face = term.faces if highest == (term.sign > 0) else 1
    return term.sign * face * term.kept


def bonus_malus(bonuses: int, maluses: int) -> str:
    """Ruling 6: bonuses and maluses cancel 1:1; the net roll N d6 keeping the highest."""
    if bonuses < 0 or maluses < 0:
        raise DiceError(f"bonuses and maluses are counts: got {bonuses} and {maluses}")
    net = bonuses - maluses
    if net == 0:
        return ""
    return f"{'+' if net > 0 else '-'}{abs(net)}d6k1"
