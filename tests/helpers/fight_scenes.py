"""Sample fights for the fight-running window tests: a small map with a raised firing spot and
a rock for half cover, three adventurers and three foes (one resistant to fire)."""

from __future__ import annotations

import random

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.rules.character import attribute_scores
from helpers.encounter_builders import creature


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
    shortbow = Weapon("Shortbow", "1d6", "pierce", finesse=True, ranged=True, reach=16)
    firebolt = Weapon("Firebolt", "1d10", "fire", ranged=True, reach=12, adds_modifier=False)
    adventurers = [
        creature(
            "mira", "Mira", "players", (1, 3), 22, [shortbow],
            speed=7, attributes=scores(power=9, finesse=16, intelligence=13), level=3, ac_bonus=4,
        ),
        creature(
            "aldric", "Aldric", "players", (5, 4), 30, [Weapon("Longsword", "1d8", "cut")],
            attributes=scores(power=16), level=3, ac_bonus=6, defense_bonuses=1,
        ),
        creature(
            "sela", "Sela", "players", (3, 1), 18, [firebolt],
            attributes=scores(power=8, finesse=13, intelligence=16), level=3, ac_bonus=2,
            max_mana=8, mana=8,
        ),
    ]  # fmt: skip
    foes = [
        creature(
            "orc", "Orc", "gm", (6, 3), 20, [Weapon("Greataxe", "1d12", "cut")],
            attributes=scores(power=16), ac_bonus=3, morale=8, resistances={"fire": 1},
        ),
        creature(
            "goblin", "Goblin", "gm", (6, 5), 9, [Weapon("Spear", "1d6", "pierce")],
            size=2, ac_bonus=2, morale=7,
        ),
        creature(
            "wolf", "Wolf", "beasts", (10, 6), 11, [Weapon("Bite", "1d6", "pierce")],
            attributes=scores(power=12, finesse=14), ac_bonus=3, morale=6,
        ),
    ]  # fmt: skip
    return Encounter(
        ford_map(),
        [*adventurers, *foes],
        ruleset,
        name="Rock Ford",
        rng=random.Random(seed),
    )
