"""Exact odds of any dice expression the GM types: its distribution, mean, and the chance an
attack or check written that way hits, with the natural-20 rule on its first d20.

Counts are whole numbers of equally likely outcomes, divided once at the end, so every answer
is an exact Fraction. Keep groups use a dynamic programme over the faces from best to worst
(choose how many dice show each face), not enumeration of every outcome."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from drase_desktop.rules.attack import CRITICAL_MARGIN
from drase_desktop.rules.dice import DiceError, Term, parse

# Budget of estimated inner-loop steps for one exact computation (measured: well under a
# second at the limit, e.g. 400d6 or 50d20k5).
MAX_WORK = 10_000_000

Counts = dict[int, int]


def _shift(counts: Counts, amount: int) -> Counts:
    return {value + amount: ways for value, ways in counts.items()}


def _convolve(a: Counts, b: Counts) -> Counts:
    out: Counts = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


def _work(term: Term) -> int:
    assert term.faces is not None
    if term.keep is None or term.keep == term.count:
        return term.count * term.count * term.faces * term.faces
    # The kept sums stay small, so this programme runs about ten times under its bound.
    return (term.faces * term.count * term.keep) ** 2 // 10


@functools.lru_cache(maxsize=256)
def _group(
    count: int, faces: int, keep: int | None, keep_lowest: bool
) -> tuple[tuple[int, int], ...]:
    """Ways for each total of `count` d`faces`, keeping `keep` highest (or lowest) dice."""
    if keep is None or keep == count:
        one: Counts = dict.fromkeys(range(1, faces + 1), 1)
        total: Counts = {0: 1}
        # Square-and-multiply keeps the number of convolutions logarithmic in `count`.
        power, n = one, count
        while n:
            if n & 1:
                total = _convolve(total, power)
            n >>= 1
            if n:
                power = _convolve(power, power)
        return tuple(sorted(total.items()))
    order = range(1, faces + 1) if keep_lowest else range(faces, 0, -1)
    # state (dice placed, dice kept) -> {kept sum: ways}
    states: dict[tuple[int, int], Counts] = {(0, 0): {0: 1}}
    for face in order:
        following: dict[tuple[int, int], Counts] = {}
        for (placed, kept), sums in states.items():
            left = count - placed
            for k in range(left + 1):
                ways = comb(left, k)
                taken = min(k, keep - kept)
                key = (placed + k, kept + taken)
                bucket = following.setdefault(key, {})
                for value, w in sums.items():
                    total_value = value + taken * face
                    bucket[total_value] = bucket.get(total_value, 0) + w * ways
        states = following
    result: Counts = {}
    for (placed, _), sums in states.items():
        if placed == count:
            for value, w in sums.items():
                result[value] = result.get(value, 0) + w
    return tuple(sorted(result.items()))


def _term_counts(term: Term) -> tuple[Counts, int]:
    """Ways per signed value of one term, and the number of equally likely outcomes."""
    if term.faces is None:
        return {term.sign * term.constant: 1}, 1
    ways = dict(_group(term.count, term.faces, term.keep, term.keep_lowest))
    signed = {term.sign * value: w for value, w in ways.items()}
    return signed, term.faces**term.count


def _counts(terms: Sequence[Term]) -> tuple[Counts, int]:
    work = sum(_work(t) for t in terms if t.faces is not None)
    if work > MAX_WORK:
        raise DiceError("too many dice to work out the exact odds; roll it instead")
    total: Counts = {0: 1}
    outcomes = 1
    for term in terms:
        counts, n = _term_counts(term)
        if term.faces is None:
            total = _shift(total, next(iter(counts)))
            continue
        total = _convolve(total, counts)
        outcomes *= n
    return total, outcomes


def distribution(expression: str) -> dict[int, Fraction]:
    """The exact probability of every total `expression` can roll."""
    counts, outcomes = _counts(parse(expression))
    return {value: Fraction(w, outcomes) for value, w in sorted(counts.items())}


def mean(expression: str) -> Fraction:
    """The exact average total (e.g. the expected damage of a weapon)."""
    counts, outcomes = _counts(parse(expression))
    return Fraction(sum(value * w for value, w in counts.items()), outcomes)


def chance_at_least(expression: str, target: int) -> Fraction:
    """Probability that `expression` rolls `target` or more."""
    counts, outcomes = _counts(parse(expression))
    return Fraction(sum(w for value, w in counts.items() if value >= target), outcomes)


def roll_chances(
    expression: str,
    target: int,
    *,
    natural_twenty_hits: bool = True,
    save_targeting: bool = False,
) -> tuple[Fraction, Fraction]:
    """Exact (success, critical) of a Drase roll written as `expression` against `target`:
    success when the total beats the target (or, for an attack, the first d20 is a natural 20);
    critical at target + 10, never for save-targeting attacks (rulings 1, 2)."""
    terms = parse(expression)
    first = next((i for i, t in enumerate(terms) if t.faces == 20), None)
    natural_term = None
    if first is not None and terms[first].sign > 0 and terms[first].kept == 1:
        natural_term = terms[first]
    critical_line = target + CRITICAL_MARGIN
    if natural_term is None or not natural_twenty_hits:
        counts, outcomes = _counts(terms)
        success = sum(w for v, w in counts.items() if v > target)
        critical = 0 if save_targeting else sum(w for v, w in counts.items() if v >= critical_line)
        return Fraction(success, outcomes), Fraction(critical, outcomes)
    assert first is not None
    rest, rest_outcomes = _counts(terms[:first] + terms[first + 1 :])
    natural, natural_outcomes = _term_counts(natural_term)
    success = critical = 0
    for face, face_ways in natural.items():
        for value, ways in rest.items():
            total = face + value
            weight = face_ways * ways
            if total > target or face == 20:
                success += weight
            if total >= critical_line and total > target and not save_targeting:
                critical += weight
    outcomes = rest_outcomes * natural_outcomes
    return Fraction(success, outcomes), Fraction(critical, outcomes)
