"""Fights in the Player Phase under fog, for the Table Link and phone tests; the usual one has
two player characters (Aria with a bow, Bram), a goblin in sight, a hidden shade, fog beyond
x = 6."""

from __future__ import annotations

import random

from drase_desktop.board import BattleMap
from drase_desktop.encounter import Combatant, Encounter, Weapon
from drase_desktop.encounter.fog import Fog


def table_fight(players: int = 2) -> Encounter:
    names = ["Aria", "Bram", "Cato", "Dara", "Eli", "Fen"][:players]
    combatants = [
        Combatant(
            name.lower(),
            name,
            "players",
            is_player_character=True,
            position=(1, 1 + 2 * index),
            weapons=[Weapon("Bow", "1d8", "pierce", ranged=True, reach=12)],
            defense_bonuses=1,
        )
        for index, name in enumerate(names)
    ]
    combatants += [
        Combatant("gob", "Goblin", "gm", position=(5, 1), ac_bonus=2),
        Combatant("shade", "Shadeling", "gm", position=(4, 9), hidden=True),
    ]
    return fight_in_fog(BattleMap(10, 14), combatants, seen_columns=7, rng=random.Random(3))


def fight_in_fog(
    battle_map: BattleMap,
    combatants: list[Combatant],
    *,
    seen_columns: int,
    rng: random.Random | None = None,
) -> Encounter:
    """`combatants` on `battle_map` in round 1's Player Phase, the fog lifted west of
    x = `seen_columns` only: the fights the phones' tests play."""
    encounter = Encounter(battle_map, combatants, rng=rng)
    fog = Fog(battle_map.width, battle_map.height, revealed=False)
    fog.reveal([(x, y) for y in range(battle_map.height) for x in range(seen_columns)])
    encounter.fog = fog
    encounter.advance()  # round 1, the Player Phase
    return encounter
