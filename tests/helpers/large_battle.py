"""A large started fight for the big-map benchmarks: the benchmark map with `tokens` fighters of
three sides scattered on its open ground (the same tiles for the same seed)."""

from __future__ import annotations

import random
from typing import Any

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from helpers.board_bench_map import benchmark_map, open_tiles


def large_battle(side: int, tokens: int, **fighter: Any) -> Encounter:
    """`fighter` adds to every fighter's fields (hp 12 unless given), e.g. max_hp=20."""
    board = benchmark_map(side, seed=11)
    rng = random.Random(5)
    combatants = []
    fields = {"hp": 12, **fighter}
    for n, pos in zip(range(tokens), open_tiles(board, rng), strict=False):
        team = ("players", "gm", "wolves")[n % 3]
        combatants.append(Combatant(f"c{n}", f"Fighter {n}", side=team, position=pos, **fields))
    encounter = Encounter(board, combatants, name="Large")
    encounter.start()
    return encounter
