"""The bundled sample encounter a new GM opens first: "Ambush at the River Crossing".

Four adventurers reach the bridge over a river; five bandits wait on the far bank behind a cart,
one archer hidden on a knoll and a war dog in a copse. Built on the board's "River crossing"
sample map (mud banks, shallow edges, deep water below the land, the railed bridge), with cover,
height and obscuration added for the ambush.

Regenerate `maps/sample.drase` after changing this file:

    .venv/bin/python -c "from drase_desktop.encounter.sample import build_sample_encounter; \\
    from drase_desktop.storage.encounter_file import save_encounter; \\
    save_encounter(build_sample_encounter(), 'maps/sample.drase')"

(`tests/encounter/test_sample.py` fails when the committed file and this generator disagree.)
"""

from __future__ import annotations

import random

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.samples import river_crossing
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.rules.character import attribute_scores


def build_sample_map() -> BattleMap:
    """The board's "River crossing" sample with the bandits' ambush added: a cart across the
    east end of the bridge (half cover), a rocky knoll for the archer, a copse of trees (light
    obscuration) for the dog, and a stump on the west bank."""
    battle_map = river_crossing()
    battle_map.name = "River crossing: the ambush"
    for pos in ((17, 8), (17, 9)):
        battle_map.set_cover(pos, "half")
    for x in (20, 21, 22):
        for y in (3, 4):
            battle_map.set_elevation((x, y), 2)
    battle_map.set_terrain((20, 3), "rocky")
    for x in range(19, 23):
        for y in range(14, 17):
            battle_map.set_obscuration((x, y), "light")
    battle_map.set_cover((5, 5), "half")
    return battle_map


def _adventurers() -> list[Combatant]:
    return [
        Combatant(
            id="aldric",
            name="Aldric",
            side="players",
            is_player_character=True,
            position=(6, 8),
            hp=30,
            max_hp=30,
            speed=6,
            attributes=attribute_scores(16, 10, 14, 9, 10),
            level=3,
            ac_bonus=6,
            focus=2,
            max_focus=2,
            weapons=[
                Weapon("Longsword", "1d8", "cut"),
                Weapon("Javelin", "1d6", "pierce", ranged=True, reach=10),
            ],
            notes="Fighter. Shield: declare Defend for a defense bonus.",
        ),
        Combatant(
            id="mira",
            name="Mira",
            side="players",
            is_player_character=True,
            position=(5, 10),
            hp=22,
            max_hp=22,
            speed=7,
            attributes=attribute_scores(8, 16, 12, 13, 10),
            level=3,
            ac_bonus=4,
            focus=3,
            max_focus=3,
            weapons=[
                Weapon("Rapier", "1d6", "pierce", finesse=True),
                Weapon("Shortbow", "1d6", "pierce", finesse=True, ranged=True, reach=16),
            ],
            notes="Scout.",
        ),
        Combatant(
            id="bram",
            name="Brother Bram",
            side="players",
            is_player_character=True,
            position=(4, 9),
            hp=24,
            max_hp=24,
            speed=6,
            attributes=attribute_scores(12, 8, 13, 10, 16),
            level=3,
            ac_bonus=5,
            mana=6,
            max_mana=6,
            weapons=[
                Weapon("Mace", "1d6", "blunt"),
                Weapon(
                    "Sacred Flame",
                    "2d6",
                    "radiant",
                    ranged=True,
                    reach=12,
                    adds_modifier=False,
                    save="finesse",
                    spell=True,
                    attribute="will",
                    notes="Attack spell rolling Will; targets the Finesse save; never crits.",
                ),
            ],
            notes="Priest.",
        ),
        Combatant(
            id="sela",
            name="Sela",
            side="players",
            is_player_character=True,
            position=(3, 8),
            hp=18,
            max_hp=18,
            speed=6,
            attributes=attribute_scores(8, 12, 12, 16, 11),
            level=3,
            ac_bonus=2,
            mana=8,
            max_mana=8,
            weapons=[
                Weapon(
                    "Firebolt",
                    "1d10",
                    "fire",
                    ranged=True,
                    reach=12,
                    adds_modifier=False,
                    spell=True,
                    notes="Attack spell: rolls Intelligence (ruling 41).",
                ),
                Weapon("Dagger", "1d4", "pierce", finesse=True),
            ],
            notes="Mage.",
        ),
    ]


def _bandit(number: int, position: tuple[int, int]) -> Combatant:
    """One of the two alike spear bandits flanking the cart."""
    return Combatant(
        id=f"bandit-{number}",
        name=f"Bandit {number}",
        side="gm",
        position=position,
        hp=11,
        max_hp=11,
        speed=6,
        attributes=attribute_scores(12, 12, 12, 10, 10),
        ac_bonus=2,
        morale=7,
        weapons=[Weapon("Spear", "1d6", "pierce")],
    )


def _bandits() -> list[Combatant]:
    return [
        Combatant(
            id="captain",
            name="Bandit Captain",
            side="gm",
            position=(18, 9),
            hp=26,
            max_hp=26,
            speed=6,
            attributes=attribute_scores(14, 14, 13, 11, 12),
            level=3,
            ac_bonus=5,
            morale=9,
            weapons=[
                Weapon("Scimitar", "1d6", "cut", finesse=True),
                Weapon("Light Crossbow", "1d8", "pierce", finesse=True, ranged=True, reach=16),
            ],
        ),
        _bandit(1, (18, 7)),
        _bandit(2, (18, 11)),
        Combatant(
            id="archer",
            name="Bandit Archer",
            side="gm",
            position=(21, 4),
            hp=9,
            max_hp=9,
            speed=6,
            hidden=True,
            attributes=attribute_scores(10, 15, 11, 10, 10),
            ac_bonus=2,
            morale=6,
            weapons=[
                Weapon("Longbow", "1d8", "pierce", finesse=True, ranged=True, reach=30),
                Weapon("Knife", "1d4", "pierce", finesse=True),
            ],
            notes="Hidden on the knoll until she shoots.",
        ),
        Combatant(
            id="dog",
            name="War Dog",
            side="gm",
            size=2,
            position=(20, 15),
            hp=9,
            max_hp=9,
            speed=8,
            attributes=attribute_scores(13, 14, 12, 3, 10),
            ac_bonus=2,
            morale=8,
            weapons=[Weapon("Bite", "1d6", "pierce")],
        ),
    ]


def build_sample_encounter(rng: random.Random | None = None) -> Encounter:
    """The sample fight in Setup, ready for the GM to start round 1."""
    return Encounter(
        build_sample_map(),
        [*_adventurers(), *_bandits()],
        "drase",
        name="Ambush at the River Crossing",
        rng=rng,
    )
