"""A small fight in the Player Phase for the Table Link tests: two player characters (Aria with
a bow, Bram), a goblin in sight, a hidden shade, fog beyond x = 6."""

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
    encounter = Encounter(BattleMap(10, 14), combatants, rng=random.Random(3))
    fog = Fog(10, 14, revealed=False)
    fog.reveal([(x, y) for y in range(14) for x in range(7)])
    encounter.fog = fog
    encounter.advance()  # round 1, the Player Phase
    return encounter
