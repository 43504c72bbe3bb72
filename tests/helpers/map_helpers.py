"""A small battle for the map-view tests: a real board, combatants and encounter, and a map
view shown over it."""

from __future__ import annotations

from typing import Any

from drase_desktop.board import BattleMap, Door, Wall
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView


def skirmish_map() -> BattleMap:
    """12 x 8: mud across row 2 west of a wall, the wall at x = 8 with a closed door, a pillar.

    ```
      0 1 2 3 4 5 6 7 8 9 ...
    0 . A . . . . . . | .       A Aria (players), B Bram (players), G Goblin 1 (gm)
    1 . . . . . . . . | .
    2 d d d d d d d d | .       d: mud (difficult: costs 2 to enter)
    3 . . . . . . . . D .       D: closed door on the line x = 8 between rows 3 and 4
    4 . . B # . . . . | .       #: blocked (a pillar)
    5 . . . . . h . . | .       h: half cover
    6 . . . . . . G . | .
    ```
    The wall and door seal the east side (x >= 8) off from the west.
    """
    battle_map = BattleMap(12, 8, name="Skirmish")
    for x in range(8):
        battle_map.set_terrain((x, 2), "mud")
    battle_map.set_terrain((3, 4), "blocked")
    battle_map.set_elevation((10, 6), 1)
    battle_map.set_cover((5, 5), "half")
    battle_map.walls.append(Wall((8, 0), (8, 3)))
    battle_map.walls.append(Wall((8, 4), (8, 8)))
    battle_map.doors.append(Door((8, 3), (8, 4), closed=True))
    return battle_map


def skirmish_combatants() -> list[Combatant]:
    return [
        Combatant(
            id="aria", name="Aria", side="players", position=(1, 0), speed=6, hp=12, max_hp=12
        ),
        Combatant(id="bram", name="Bram", side="players", position=(2, 4), speed=5),
        Combatant(id="gob1", name="Goblin 1", side="gm", position=(6, 6), speed=6, hp=5, max_hp=7),
        Combatant(id="ogre", name="Ogre", side="gm", position=(10, 1), size=4, speed=6),
    ]


def skirmish(started: bool = True) -> Encounter:
    """The skirmish in round 1 (moves cost movement), or in Setup (moves place tokens)."""
    encounter = Encounter(skirmish_map(), skirmish_combatants(), name="Skirmish")
    if started:
        encounter.start()
    return encounter


def shown_view(qtbot: Any) -> MapView:
    """A 900 x 600 map view over the started skirmish, on screen and fitted to the map."""
    view = MapView(EncounterModel(skirmish()))
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to_window()
    return view
