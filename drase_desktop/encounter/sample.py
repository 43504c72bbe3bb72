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
from typing import Any

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


def _creature(
    id: str,
    name: str,
    side: str,
    position: tuple[int, int],
    hp: int,
    scores: tuple[int, int, int, int, int],
    weapons: list[Weapon],
    **more: Any,
) -> Combatant:
    """One of the sample's creatures, at full HP; `scores` are power, finesse, endurance,
    intelligence and will. A player character is level 3, speed 6 unless `more` says."""
    player = side == "players"
    fields: dict[str, Any] = {"speed": 6, **({"level": 3} if player else {}), **more}
    if "mana" in fields:
        fields.setdefault("max_mana", fields["mana"])
    if "focus" in fields:
        fields.setdefault("max_focus", fields["focus"])
    return Combatant(
        id=id,
        name=name,
        side=side,
        is_player_character=player,
        position=position,
        hp=hp,
        max_hp=hp,
        attributes=attribute_scores(*scores),
        weapons=weapons,
        **fields,
    )


def _adventurers() -> list[Combatant]:
    sacred_flame = Weapon(
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
    )
    firebolt = Weapon(
        "Firebolt",
        "1d10",
        "fire",
        ranged=True,
        reach=12,
        adds_modifier=False,
        spell=True,
        notes="Attack spell: rolls Intelligence (ruling 41).",
    )
    shortbow = Weapon("Shortbow", "1d6", "pierce", finesse=True, ranged=True, reach=16)
    javelin = Weapon("Javelin", "1d6", "pierce", ranged=True, reach=10)
    return [
        _creature(
            "aldric", "Aldric", "players", (6, 8), 30, (16, 10, 14, 9, 10),
            [Weapon("Longsword", "1d8", "cut"), javelin],
            ac_bonus=6, focus=2, notes="Fighter. Shield: declare Defend for a defense bonus.",
        ),
        _creature(
            "mira", "Mira", "players", (5, 10), 22, (8, 16, 12, 13, 10),
            [Weapon("Rapier", "1d6", "pierce", finesse=True), shortbow],
            speed=7, ac_bonus=4, focus=3, notes="Scout.",
        ),
        _creature(
            "bram", "Brother Bram", "players", (4, 9), 24, (12, 8, 13, 10, 16),
            [Weapon("Mace", "1d6", "blunt"), sacred_flame],
            ac_bonus=5, mana=6, notes="Priest.",
        ),
        _creature(
            "sela", "Sela", "players", (3, 8), 18, (8, 12, 12, 16, 11),
            [firebolt, Weapon("Dagger", "1d4", "pierce", finesse=True)],
            ac_bonus=2, mana=8, notes="Mage.",
        ),
    ]  # fmt: skip


def _bandits() -> list[Combatant]:
    crossbow = Weapon("Light Crossbow", "1d8", "pierce", finesse=True, ranged=True, reach=16)
    longbow = Weapon("Longbow", "1d8", "pierce", finesse=True, ranged=True, reach=30)
    spear = Weapon("Spear", "1d6", "pierce")
    return [
        _creature(
            "captain", "Bandit Captain", "gm", (18, 9), 26, (14, 14, 13, 11, 12),
            [Weapon("Scimitar", "1d6", "cut", finesse=True), crossbow],
            level=3, ac_bonus=5, morale=9,
        ),
        # The two alike spear bandits flanking the cart.
        *(
            _creature(
                f"bandit-{n}", f"Bandit {n}", "gm", at, 11, (12, 12, 12, 10, 10), [spear],
                ac_bonus=2, morale=7,
            )
            for n, at in ((1, (18, 7)), (2, (18, 11)))
        ),
        _creature(
            "archer", "Bandit Archer", "gm", (21, 4), 9, (10, 15, 11, 10, 10),
            [longbow, Weapon("Knife", "1d4", "pierce", finesse=True)],
            hidden=True, ac_bonus=2, morale=6, notes="Hidden on the knoll until she shoots.",
        ),
        _creature(
            "dog", "War Dog", "gm", (20, 15), 9, (13, 14, 12, 3, 10),
            [Weapon("Bite", "1d6", "pierce")],
            size=2, speed=8, ac_bonus=2, morale=8,
        ),
    ]  # fmt: skip


def build_sample_encounter(rng: random.Random | None = None) -> Encounter:
    """The sample fight in Setup, ready for the GM to start round 1."""
    return Encounter(
        build_sample_map(),
        [*_adventurers(), *_bandits()],
        "drase",
        name="Ambush at the River Crossing",
        rng=rng,
    )
