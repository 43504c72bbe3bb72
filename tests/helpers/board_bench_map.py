"""The board benchmarks' shared map: 200 x 200, 20% difficult terrain, scattered walls."""

import random
from collections.abc import Iterator

from drase_desktop.board import BattleMap, Door, Wall

SIDE = 200


def benchmark_map(side: int = SIDE, seed: int = 7) -> BattleMap:
    rng = random.Random(seed)
    board = BattleMap(side, side, "Benchmark")
    kinds = ["difficult", "mud", "rocky", "shallow-water", "swamp"]
    for y in range(side):
        for x in range(side):
            if rng.random() < 0.2:
                board.set_terrain((x, y), rng.choice(kinds))
    walls = []
    for _ in range(side * 2):
        x, y = rng.randrange(side), rng.randrange(side)
        length = rng.randint(1, 6)
        if rng.random() < 0.5:
            walls.append(Wall((x, y), (min(side, x + length), y)))
        else:
            walls.append(Wall((x, y), (x, min(side, y + length))))
    board.walls.extend(walls)
    board.doors.extend(
        Door((x, y), (x + 1, y), closed=rng.random() < 0.5)
        for x, y in ((rng.randrange(side - 1), rng.randrange(side)) for _ in range(side // 4))
    )
    # keep the benchmark's start and corners open
    for pos in [(0, 0), (side - 1, side - 1), (side // 2, side // 2)]:
        board.set_terrain(pos, "normal")
    return board


_SHARED: dict[int, BattleMap] = {}


def shared_benchmark_map() -> BattleMap:
    """One benchmark map per test session, its movement graph built; callers undo their edits."""
    if SIDE not in _SHARED:
        from drase_desktop.board import movement_graph

        board = benchmark_map()
        movement_graph(board)
        _SHARED[SIDE] = board
    return _SHARED[SIDE]


def open_tiles(battle_map: BattleMap, rng: random.Random) -> Iterator[tuple[int, int]]:
    """Random tiles of `battle_map`, each at most once, none blocked: where a benchmark
    scatters its tokens (drawn one at a time, so a caller's own draws between keep their
    place in `rng`'s sequence)."""
    taken: set[tuple[int, int]] = set()
    while True:
        pos = (rng.randrange(battle_map.width), rng.randrange(battle_map.height))
        if pos in taken or battle_map.terrain(pos) == "blocked":
            continue
        taken.add(pos)
        yield pos
