"""Rules speed: each measurement beside a baseline in the same run, for a ratio.

- hit chance: our exact method (d20 x distribution of the highest of N d6, cached) against
  brute-force enumeration of every die face (20 x 6^N outcomes), the naive exact method.
- distribution: the keep-group dynamic programme against enumerating all 6^6 faces of 6d6k3.
- dice roll: parsing and rolling `1d20 + 4 + 3d6k1` against drawing the same four dice with
  `random.randint` and summing by hand (no parsing, no breakdown): the cost of the notation.
"""

from __future__ import annotations

import itertools
import random

from drase_desktop.rules.attack import hit_probabilities, judge
from drase_desktop.rules.dice import roll

BONUSES = 4


def _brute_force_hit(modifier: int, target: int, bonuses: int) -> float:
    hits = 0
    outcomes = 0
    for faces in itertools.product(range(1, 21), *([range(1, 7)] * bonuses)):
        outcomes += 1
        hits += judge(faces[0] + modifier + max(faces[1:]), target, faces[0]).hit
    return hits / outcomes


def test_hit_chance_exact_uncached(benchmark):
    def run() -> None:
        hit_probabilities.cache_clear()
        hit_probabilities(4, 15, bonuses=BONUSES)

    benchmark(run)


def test_hit_chance_exact_cached(benchmark):
    hit_probabilities(4, 15, bonuses=BONUSES)
    benchmark(hit_probabilities, 4, 15, bonuses=BONUSES)


def test_hit_chance_baseline_brute_force(benchmark):
    result = benchmark(_brute_force_hit, 4, 15, BONUSES)
    assert abs(result - float(hit_probabilities(4, 15, bonuses=BONUSES)[0])) < 1e-12


def test_roll_notation(benchmark):
    rng = random.Random(7)
    benchmark(roll, "1d20 + 4 + 3d6k1", rng)


def test_roll_baseline_randint(benchmark):
    rng = random.Random(7)

    def by_hand() -> int:
        return rng.randint(1, 20) + 4 + max(rng.randint(1, 6) for _ in range(3))

    benchmark(by_hand)


def _enumerated_distribution(expression: str) -> dict[int, int]:
    from drase_desktop.rules.dice import dice_faces, roll_with_faces

    counts: dict[int, int] = {}
    for faces in itertools.product(*[range(1, s + 1) for s in dice_faces(expression)]):
        total = roll_with_faces(expression, faces).total
        counts[total] = counts.get(total, 0) + 1
    return counts


def test_distribution_keep_dynamic_programme(benchmark):
    from drase_desktop.rules import probability

    def run() -> None:
        probability._group.cache_clear()
        probability.distribution("6d6k3")

    benchmark(run)


def test_distribution_baseline_enumeration(benchmark):
    from drase_desktop.rules.probability import distribution

    counts = benchmark(_enumerated_distribution, "6d6k3")
    exact = distribution("6d6k3")
    assert {v: c / 6**6 for v, c in counts.items()} == {v: float(p) for v, p in exact.items()}
