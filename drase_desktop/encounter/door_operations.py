"""Doors in play: open or close a door of the encounter's map as one undoable operation with a
log line ("Kara opens the door at (12, 15)", "GM closes the locked door at (18, 2)").

A door's state lives on the battle map, which encounter snapshots do not hold (`change.py`), so
a `DoorToggle` is two parts taken forward and back together: the map edit that swaps the door,
and the encounter operation (`operation.run`) that logged it. Movement, sight, cover and fog all
read the map's doors, so they follow the door at once.

Who opens: the GM's hand opens any door, locked or not; the log names a creature when the one
the GM has selected stands beside the door and the door is not locked (only the GM opens a
locked door). A player's touch (`by_gm=False`) needs a creature beside the door and refuses a
locked one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from drase_desktop.board.battle_map import BattleMap, Door
from drase_desktop.encounter.change import Change
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.map_edits import MapEdit, distance_to_segment, nearest_segment
from drase_desktop.encounter.operation import run

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

Position = tuple[int, int]
Point = tuple[float, float]

# How near (in tiles) to a door a click or a touch must land to pick it: a third of a tile on
# either side of its line, so a door between two tokens is still hit and a token is not.
DOOR_PICK_TILES = 0.35
# A creature is beside a door when a tile centre of its footprint is this near the door's line:
# half a tile for the tiles on either side, about 0.7 for those at its ends' corners.
BESIDE_TILES = 1.0


class DoorRefused(EncounterError):
    """A door the asker may not open or close (locked, or no creature beside it)."""


def door_place(door: Door) -> Position:
    """The tile a log line names a door by: the one holding the door's middle (a door on a tile
    edge names the tile right of or below it)."""
    middle = ((door.start[0] + door.end[0]) / 2, (door.start[1] + door.end[1]) / 2)
    return (int(middle[0] // 1), int(middle[1] // 1))


def door_at(battle_map: BattleMap, point: Point, within: float = DOOR_PICK_TILES) -> int | None:
    """The index of the door nearest `point` (tile units), if one lies within `within` tiles."""
    found = nearest_segment(battle_map, point, within, kinds=("doors",))
    return None if found is None else found[1]


def beside_door(encounter: Encounter, combatant_id: str, index: int) -> bool:
    """Whether the creature stands beside door number `index` (it could reach out and open it)."""
    combatant = encounter.combatants.get(combatant_id)
    if combatant is None or combatant.position is None:
        return False
    door = _door(encounter.battle_map, index)
    return any(
        distance_to_segment((x + 0.5, y + 0.5), door.start, door.end) <= BESIDE_TILES
        for x, y in combatant.tiles()
    )


def _door(battle_map: BattleMap, index: int) -> Door:
    doors = battle_map.doors
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(doors):
        raise DoorRefused(f"There is no door number {index!r} on the map")
    return doors[index]


def door_opener(encounter: Encounter, index: int, candidates: Iterable[str]) -> str | None:
    """The first of `candidates` (a player's tokens) standing beside door `index`, if any."""
    return next((cid for cid in candidates if beside_door(encounter, cid, index)), None)


def door_words(door: Door) -> str:
    """ "the door at (12, 15)", "the locked door at (18, 2)"."""
    x, y = door_place(door)
    return f"the {'locked door' if door.locked else 'door'} at ({x}, {y})"


class DoorToggle:
    """A door opened or closed, with its log line: one undo step. Built, it has already run."""

    def __init__(self, edit: MapEdit, change: Change[Door]) -> None:
        self.edit = edit
        self.change = change

    @property
    def description(self) -> str:
        return self.change.description

    @property
    def door(self) -> Door:
        """The door as the toggle left it."""
        return self.change.result

    def redo(self) -> None:
        self.edit.redo()
        self.change.redo()

    def undo(self) -> None:
        self.change.undo()
        self.edit.undo()


def toggle_door(
    encounter: Encounter, index: int, by: str | None = None, *, by_gm: bool = True
) -> DoorToggle:
    """Open door number `index` when closed, close it when open.

    `by`: the creature that may be opening it (the GM's selected token, a player's token);
    `by_gm`: the GM's own hand, which opens locked doors too and opens a door no creature is
    beside. Raises DoorRefused, changing nothing, when a player's creature is not beside the
    door or the door is locked."""
    battle_map = encounter.battle_map
    door = _door(battle_map, index)
    near = by is not None and beside_door(encounter, by, index)
    if not by_gm:
        if door.locked:
            raise DoorRefused(f"{door_words(door).capitalize()} is locked: only the GM opens it")
        if not near:
            if by in encounter.combatants:
                raise DoorRefused(
                    f"{encounter.combatants[by].name} is not beside {door_words(door)}"
                )
            raise DoorRefused(f"No one of yours stands beside {door_words(door)}")
    opener = by if near and not door.locked else None
    edit = MapEdit(battle_map)

    def body() -> tuple[str, Door]:
        verb = "opens" if door.closed else "closes"
        who = encounter.combatants[opener].name if opener is not None else "GM"
        text = f"{who} {verb} {door_words(door)}"
        new = edit.toggle_door(index)
        encounter.log_event(
            "door",
            text,
            # The door by its ends: a toggle puts the new door record last, so indices move.
            door=[list(door.start), list(door.end)],
            closed=new.closed,
            combatant=opener,
            tile=list(door_place(door)),
        )
        edit.description = text
        return text, new

    try:
        change = run(encounter, body, set(), "toggle_door")
    except Exception:
        edit.undo()  # the door goes back with the log
        raise
    return DoorToggle(edit, change)
