"""A 200 x 200 battle with 300 tokens and something on every layer, for the map benchmarks."""

from __future__ import annotations

import random

from drase_desktop.board import BattleMap, Door, Light, Wall
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from helpers.board_bench_map import open_tiles

SIDE = 200
TOKENS = 300
KINDS = ("difficult", "mud", "rocky", "swamp", "shallow-water", "water", "blocked")


def big_battle(seed: int = 4) -> Encounter:
    rng = random.Random(seed)
    battle_map = BattleMap(SIDE, SIDE, name="Benchmark")
    for _ in range(4000):
        battle_map.set_terrain((rng.randrange(SIDE), rng.randrange(SIDE)), rng.choice(KINDS))
    # Terraced hills (steps of one tile) and sheer plateaus and pits (cliffs all round).
    for _ in range(30):
        cx, cy, top = rng.randrange(SIDE), rng.randrange(SIDE), rng.randint(2, 5)
        for y in range(max(0, cy - 2 * top), min(SIDE, cy + 2 * top + 1)):
            for x in range(max(0, cx - 2 * top), min(SIDE, cx + 2 * top + 1)):
                level = top - max(abs(x - cx), abs(y - cy)) // 2
                if level > battle_map.elevation((x, y)):
                    battle_map.set_elevation((x, y), level)
    for _ in range(15):
        x0, y0 = rng.randrange(SIDE - 12), rng.randrange(SIDE - 12)
        level = rng.choice((-3, -2, 2, 3))
        for y in range(y0, y0 + rng.randint(3, 12)):
            for x in range(x0, x0 + rng.randint(3, 12)):
                battle_map.set_elevation((x, y), level)
    for _ in range(800):
        battle_map.set_cover(
            (rng.randrange(SIDE), rng.randrange(SIDE)),
            rng.choice(("half", "three-quarter", "full", "embrasure")),
        )
    for _ in range(600):
        battle_map.set_obscuration(
            (rng.randrange(SIDE), rng.randrange(SIDE)), rng.choice(("light", "heavy", "total"))
        )
    walls = []
    for _ in range(300):
        x, y = rng.randrange(SIDE), rng.randrange(SIDE)
        if rng.random() < 0.5:
            walls.append(Wall((x, y), (min(SIDE, x + rng.randint(2, 10)), y)))
        else:
            walls.append(Wall((x, y), (x, min(SIDE, y + rng.randint(2, 10)))))
    battle_map.walls = walls
    battle_map.doors = [
        Door((x, y), (x + 1, y), closed=rng.random() < 0.5)
        for x, y in ((rng.randrange(SIDE - 1), rng.randrange(SIDE)) for _ in range(60))
    ]
    battle_map.ambient_light = "dim"
    battle_map.lights = [
        Light((rng.uniform(0, SIDE), rng.uniform(0, SIDE)), rng.uniform(2, 6)) for _ in range(40)
    ]
    combatants = []
    sides = ("players", "gm", "wolves", "bandits")
    for number, pos in zip(range(TOKENS), open_tiles(battle_map, rng), strict=False):
        combatants.append(
            Combatant(
                id=f"c{number}",
                name=f"Fighter {number}",
                side=sides[number % len(sides)],
                position=pos,
                hp=rng.randint(1, 20),
                max_hp=20,
                speed=6,
            )
        )
    encounter = Encounter(battle_map, combatants, name="Benchmark")
    encounter.start()
    return encounter
