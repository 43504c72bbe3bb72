"""Sample fights for the fight-running window tests: a small map with a raised firing spot and
a rock for half cover, three adventurers and three foes (one resistant to fire)."""

from __future__ import annotations

import random

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.rules.character import attribute_scores


def scores(power: int = 10, finesse: int = 10, intelligence: int = 10) -> dict[str, int]:
    # Everyone here is a little hardy: endurance 12.
    return attribute_scores(power, finesse, 12, intelligence)


def ford_map() -> BattleMap:
    battle_map = BattleMap(12, 8, name="Rock Ford")
    # Mira's firing spot is one tile up; a rock between her and the orc gives half cover.
    battle_map.set_elevation((1, 3), 1)
    battle_map.set_cover((4, 3), "half")
    return battle_map


def ford_fight(ruleset: str = "drase", seed: int = 5) -> Encounter:
    adventurers = [
        Combatant(
            id="mira",
            name="Mira",
            side="players",
            is_player_character=True,
            position=(1, 3),
            hp=22,
            max_hp=22,
            speed=7,
            attributes=scores(power=9, finesse=16, intelligence=13),
            level=3,
            ac_bonus=4,
            weapons=[Weapon("Shortbow", "1d6", "pierce", finesse=True, ranged=True, reach=16)],
        ),
        Combatant(
            id="aldric",
            name="Aldric",
            side="players",
            is_player_character=True,
            position=(5, 4),
            hp=30,
            max_hp=30,
            attributes=scores(power=16),
            level=3,
            ac_bonus=6,
            defense_bonuses=1,
            weapons=[Weapon("Longsword", "1d8", "cut")],
        ),
        Combatant(
            id="sela",
            name="Sela",
            side="players",
            is_player_character=True,
            position=(3, 1),
            hp=18,
            max_hp=18,
            attributes=scores(power=8, finesse=13, intelligence=16),
            level=3,
            ac_bonus=2,
            max_mana=8,
            mana=8,
            weapons=[
                Weapon("Firebolt", "1d10", "fire", ranged=True, reach=12, adds_modifier=False)
            ],
        ),
    ]
    foes = [
        Combatant(
            id="orc",
            name="Orc",
            side="gm",
            position=(6, 3),
            hp=20,
            max_hp=20,
            attributes=scores(power=16),
            ac_bonus=3,
            morale=8,
            resistances={"fire": 1},
            weapons=[Weapon("Greataxe", "1d12", "cut")],
        ),
        Combatant(
            id="goblin",
            name="Goblin",
            side="gm",
            size=2,
            position=(6, 5),
            hp=9,
            max_hp=9,
            ac_bonus=2,
            morale=7,
            weapons=[Weapon("Spear", "1d6", "pierce")],
        ),
        Combatant(
            id="wolf",
            name="Wolf",
            side="beasts",
            position=(10, 6),
            hp=11,
            max_hp=11,
            attributes=scores(power=12, finesse=14),
            ac_bonus=3,
            morale=6,
            weapons=[Weapon("Bite", "1d6", "pierce")],
        ),
    ]
    return Encounter(
        ford_map(),
        [*adventurers, *foes],
        ruleset,
        name="Rock Ford",
        rng=random.Random(seed),
    )
