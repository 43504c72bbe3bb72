"""Doors in play: a toggle is one undoable operation with a log line; a move passes a door only
while it is open; a locked door opens only by the GM's hand."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import moving_fight

from drase_desktop.board.battle_map import Door, Wall
from drase_desktop.board.map_file import map_from_dict, map_to_dict
from drase_desktop.encounter import MoveRefused, move_check
from drase_desktop.encounter.door_operations import (
    DoorRefused,
    beside_door,
    door_at,
    toggle_door,
)
from drase_desktop.encounter.encounter import Encounter


def walled_fight(*, locked: bool = False) -> Encounter:
    """Aldric (2, 2) west of a wall down x = 5, its one door on the edge between (4, 2) and
    (5, 2), closed."""
    e = moving_fight()
    board = e.battle_map
    board.walls.extend([Wall((5, 0), (5, 2)), Wall((5, 3), (5, 8))])
    board.doors.append(Door((5, 2), (5, 3), closed=True, locked=locked))
    return e


def test_a_move_passes_a_closed_door_never_and_an_open_one_freely() -> None:
    e = walled_fight()
    shut = move_check(e, "aldric", (6, 2))
    assert not shut.allowed
    with pytest.raises(MoveRefused):
        e.move("aldric", [(6, 2)])
    assert e.combatants["aldric"].position == (2, 2)
    toggle_door(e, 0)
    assert e.battle_map.doors[0].closed is False
    assert move_check(e, "aldric", (6, 2)).allowed
    e.move("aldric", [(6, 2)])
    assert e.combatants["aldric"].position == (6, 2)


def test_the_gm_opens_a_door_in_one_undo_step_with_a_log_line() -> None:
    e = walled_fight()
    log_before = len(e.log)
    toggle = toggle_door(e, 0)
    assert e.log[-1].kind == "door"
    assert e.log[-1].text == "GM opens the door at (5, 2)"
    assert toggle.description == "GM opens the door at (5, 2)"
    assert not e.battle_map.doors[0].closed
    toggle.undo()
    assert e.battle_map.doors[0].closed and len(e.log) == log_before
    assert not move_check(e, "aldric", (6, 2)).allowed  # the movement graph followed
    toggle.redo()
    assert not e.battle_map.doors[0].closed and e.log[-1].text == "GM opens the door at (5, 2)"
    assert move_check(e, "aldric", (6, 2)).allowed


def test_a_creature_beside_the_door_is_named_as_opening_it() -> None:
    e = walled_fight()
    assert not beside_door(e, "aldric", 0)
    e.move("aldric", [(4, 2)])
    assert beside_door(e, "aldric", 0)
    toggle_door(e, 0, by="aldric")
    assert e.log[-1].text == "Aldric opens the door at (5, 2)"
    toggle_door(e, 0, by="mira")  # Mira is far off: the GM's hand
    assert e.log[-1].text == "GM closes the door at (5, 2)"


def test_a_locked_door_opens_only_by_the_gm() -> None:
    e = walled_fight(locked=True)
    e.move("aldric", [(4, 2)])
    with pytest.raises(DoorRefused, match="locked: only the GM opens it"):
        toggle_door(e, 0, by="aldric", by_gm=False)
    assert e.battle_map.doors[0].closed
    toggle_door(e, 0, by="aldric")  # the GM clicks with Aldric selected
    assert e.log[-1].text == "GM opens the locked door at (5, 2)"
    assert e.battle_map.doors[0].locked and not e.battle_map.doors[0].closed


def test_a_player_opens_an_unlocked_door_only_from_beside_it() -> None:
    e = walled_fight()
    with pytest.raises(DoorRefused, match="Aldric is not beside the door at"):
        toggle_door(e, 0, by="aldric", by_gm=False)
    e.move("aldric", [(4, 3)])
    toggle_door(e, 0, by="aldric", by_gm=False)
    assert e.log[-1].text == "Aldric opens the door at (5, 2)"


def test_a_click_picks_the_door_near_its_line() -> None:
    e = walled_fight()
    assert door_at(e.battle_map, (5.1, 2.5)) == 0
    assert door_at(e.battle_map, (4.5, 2.5)) is None  # the middle of the tile beside it
    with pytest.raises(DoorRefused):
        toggle_door(e, 3)


def test_locked_is_kept_by_the_map_file_and_written_only_when_true() -> None:
    e = walled_fight(locked=True)
    e.battle_map.doors.append(Door((0, 0), (1, 0)))
    document = map_to_dict(e.battle_map)
    assert document["doors"][0]["locked"] is True
    assert "locked" not in document["doors"][1]
    again = map_from_dict(document)
    assert [door.locked for door in again.doors] == [True, False]


def test_every_door_of_an_imported_dungeondraft_map_opens_where_it_is_clicked() -> None:
    """A Universal VTT map's doors lie off the tile edges (half-tile ends); each is picked at
    its middle and opens, whichever order the map keeps them in after a toggle."""
    from pathlib import Path

    from drase_desktop.storage import import_uvtt

    sample = Path(__file__).parents[1] / "storage" / "data" / "dungeondraft-20x20.dd2vtt"
    board = import_uvtt(sample)
    e = Encounter(board, [])
    ends = [(door.start, door.end) for door in board.doors]
    assert ends
    for start, end in ends:
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        index = door_at(board, middle)
        assert index is not None
        toggle = toggle_door(e, index)
        assert (toggle.door.start, toggle.door.end) == (start, end) and not toggle.door.closed
        assert e.log[-1].data["door"] == [list(start), list(end)]
    assert not any(door.closed for door in board.doors)
