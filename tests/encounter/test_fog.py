"""The fog of war: reveal and hide by brush, rectangle and room; what the players see; undo;
the .drase file round trip (and older files without fog stay all revealed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.walled_maps import cut_in_two
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board.battle_map import BattleMap, Door, Light, Wall
from drase_desktop.board.sight import line_of_sight, tile_obscuration
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.fog import (
    Fog,
    FogError,
    brush_tiles,
    fog_of,
    player_viewers,
    room_tiles,
    seen_tiles,
)
from drase_desktop.storage.encounter_file import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)


def two_rooms() -> BattleMap:
    """A 12 x 6 map split by a wall at x = 6 with a door at (6, 2)-(6, 3); west room 0..5."""
    return cut_in_two(12, 6, Door((6, 2), (6, 3), closed=True))


def test_new_fog_is_all_revealed_and_hide_all_fogs_every_tile() -> None:
    fog = Fog(4, 3)
    assert fog.all_revealed and fog.revealed_count == 12
    change = fog.hide_all()
    assert change.count == 12 and fog.revealed_count == 0
    assert not fog.is_revealed((0, 0)) and not fog.is_revealed((99, 0))


def test_brush_reveals_a_disc_and_undo_redo_restore_exactly() -> None:
    fog = Fog(10, 10, revealed=False)
    change = fog.brush((5, 5), 1, reveal=True)
    assert fog.revealed_tiles() == {(x, y) for x in (4, 5, 6) for y in (4, 5, 6)}
    assert change.count == 9
    change.undo()
    assert fog.revealed_count == 0
    change.undo()  # idempotent, like an encounter Change
    assert fog.revealed_count == 0
    change.redo()
    change.redo()
    assert fog.revealed_count == 9


def test_brush_radius_two_is_round_and_clipped_at_the_edge() -> None:
    tiles = set(brush_tiles((0, 0), 2, 10, 10))
    assert (2, 0) in tiles and (1, 1) in tiles and (2, 1) in tiles
    assert (2, 2) not in tiles  # the corner of the square is outside the disc
    assert all(x >= 0 and y >= 0 for x, y in tiles)


def test_rectangle_hides_between_two_corners_in_any_order() -> None:
    fog = Fog(8, 8)
    change = fog.rectangle((5, 4), (2, 1), reveal=False)
    assert change.count == 16
    hidden = {(x, y) for x in range(8) for y in range(8)} - fog.revealed_tiles()
    assert hidden == {(x, y) for x in range(2, 6) for y in range(1, 5)}


def test_hide_only_records_tiles_it_flipped_so_undo_keeps_earlier_fog() -> None:
    fog = Fog(6, 6)
    first = fog.rectangle((0, 0), (2, 2), reveal=False)
    second = fog.rectangle((1, 1), (4, 4), reveal=False)
    assert second.count == 16 - 4
    second.undo()
    assert {(x, y) for x in range(3) for y in range(3)}.isdisjoint(fog.revealed_tiles())
    first.undo()
    assert fog.all_revealed


def test_room_flood_stops_at_walls_and_closed_doors() -> None:
    battle_map = two_rooms()
    room = room_tiles(battle_map, (1, 1))
    assert room == {(x, y) for x in range(6) for y in range(6)}


def test_room_flood_passes_an_open_door() -> None:
    battle_map = two_rooms()
    battle_map.set_door_closed(0, False)
    assert len(room_tiles(battle_map, (1, 1))) == 72


def test_room_flood_includes_blocked_rim_but_does_not_cross_it() -> None:
    battle_map = BattleMap(7, 3)
    for y in range(3):
        battle_map.set_terrain((3, y), "blocked")
    room = room_tiles(battle_map, (0, 1))
    assert room == {(x, y) for x in range(4) for y in range(3)}


def test_fog_room_operation_reveals_one_room_and_undoes() -> None:
    battle_map = two_rooms()
    fog = Fog.for_map(battle_map, revealed=False)
    change = fog.room(battle_map, (8, 4), reveal=True)
    assert change.count == 36
    assert fog.is_revealed((6, 0)) and fog.is_revealed((11, 5)) and not fog.is_revealed((5, 3))
    change.undo()
    assert fog.revealed_count == 0


def test_bad_input_raises_and_leaves_the_fog_unchanged() -> None:
    fog = Fog(5, 5, revealed=False)
    for call in (
        lambda: fog.reveal([(1, 1), (9, 9)]),
        lambda: fog.reveal([(1, 1), "ab"]),
        lambda: fog.reveal([(True, 1)]),
        lambda: fog.brush((1, 1), -1, reveal=True),
        lambda: fog.brush((1, 1), 500, reveal=True),
        lambda: fog.room(BattleMap(6, 5), (1, 1), reveal=True),
        lambda: fog.room(BattleMap(5, 5), (7, 1), reveal=True),
    ):
        with pytest.raises(FogError):
            call()
        assert fog.revealed_count == 0


def test_sight_stops_at_the_closed_door_and_passes_it_open() -> None:
    battle_map = two_rooms()
    seen = seen_tiles(battle_map, (2, 2))
    assert seen == {(x, y) for x in range(6) for y in range(6)}
    battle_map.set_door_closed(0, False)
    seen = seen_tiles(battle_map, (2, 2))
    assert (7, 2) in seen and (11, 2) in seen
    assert (7, 0) not in seen  # behind the wall, off the line through the doorway


def test_sight_does_not_reveal_dark_tiles_but_knows_its_own() -> None:
    battle_map = BattleMap(10, 3)
    battle_map.ambient_light = "dark"
    battle_map.lights.append(Light((8.5, 1.5), 1))
    seen = seen_tiles(battle_map, (0, 1))
    assert (0, 1) in seen  # its own tile, though dark
    assert (8, 1) in seen  # lit by the lantern
    assert (3, 1) not in seen  # dark: total obscuration (ruling 23)
    for tile in seen - {(0, 1)}:
        assert tile_obscuration(battle_map, tile)[0] != "total"


def test_sight_radius_bounds_the_search() -> None:
    seen = seen_tiles(BattleMap(30, 30), (15, 15), radius=3)
    assert (18, 15) in seen and (19, 15) not in seen


segments = st.tuples(
    st.integers(0, 8), st.integers(0, 8), st.integers(-3, 3), st.integers(-3, 3)
).filter(lambda s: (s[2], s[3]) != (0, 0))


@settings(max_examples=40, deadline=None)
@given(st.lists(segments, max_size=6), st.integers(0, 7), st.integers(0, 7))
def test_sight_agrees_with_the_boards_line_of_sight(walls, x, y) -> None:
    """Every tile `seen_tiles` reveals in bright light has line of sight from the viewer by the
    board's own rule; every tile it leaves out is either blocked or only reachable past a
    blocked ring (the search spreads through clear tiles)."""
    battle_map = BattleMap(8, 8)
    battle_map.walls.extend(Wall((a, b), (a + dx, b + dy)) for a, b, dx, dy in walls)
    seen = seen_tiles(battle_map, (x, y))
    for tile in seen - {(x, y)}:
        assert line_of_sight(battle_map, (x, y), tile)
    for tile in battle_map.positions():
        neighbours_seen = any(
            (tile[0] + i, tile[1] + j) in seen for i in (-1, 0, 1) for j in (-1, 0, 1)
        )
        if tile not in seen and neighbours_seen:
            assert not line_of_sight(battle_map, (x, y), tile)


def player(cid: str, position, **extra) -> Combatant:
    values = dict(
        id=cid, name=cid.title(), side="players", is_player_character=True, hp=10, max_hp=10
    )
    values.update(extra)
    return Combatant(position=position, **values)


def test_player_viewers_are_visible_conscious_player_tokens() -> None:
    encounter = Encounter(
        two_rooms(),
        [
            player("a", (1, 1)),
            player("b", (2, 1), hidden=True),
            player("c", None),
            Combatant(id="g", name="Goblin", side="gm", position=(9, 1), hp=5, max_hp=5),
        ],
    )
    assert player_viewers(encounter) == [((1, 1), 1)]
    fog = fog_of(encounter)
    fog.hide_all()
    change = fog.reveal_seen(encounter.battle_map, player_viewers(encounter))
    assert change.description == "Reveal what the players see"
    assert fog.revealed_count == 36 and not fog.is_revealed((9, 1))


def test_fog_follows_a_resized_map_keeping_what_it_knew() -> None:
    fog = Fog(4, 4)
    fog.rectangle((0, 0), (1, 1), reveal=False)
    fog.fit(6, 3)
    assert (fog.width, fog.height) == (6, 3)
    assert not fog.is_revealed((0, 0)) and fog.is_revealed((3, 2))
    assert not fog.is_revealed((5, 0))  # a secret map stays secret as it grows


def test_encounter_file_round_trip_keeps_the_fog(tmp_path: Path) -> None:
    battle_map = two_rooms()
    encounter = Encounter(battle_map, [player("a", (1, 1))])
    encounter.fog.hide_all()
    encounter.fog.room(battle_map, (1, 1), reveal=True)
    encounter.fog.reveal([(11, 5)])
    path = tmp_path / "fog.drase"
    save_encounter(encounter, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["fog"]["revealed"][:2] == [[0, 0, 6], [0, 1, 6]]
    loaded = load_encounter(path)
    assert loaded.fog == encounter.fog


def test_an_older_file_without_fog_loads_all_revealed() -> None:
    encounter = Encounter(two_rooms(), [player("a", (1, 1))])
    data = encounter_to_dict(encounter)
    assert "fog" not in data  # all revealed: the file stays as it was before fog existed
    assert encounter_from_dict(data).fog.all_revealed


@pytest.mark.parametrize(
    ("fog", "field"),
    [
        ({"width": 3, "height": 6, "revealed": []}, "fog.width"),
        ({"width": 12, "height": 6, "revealed": [[0, 0]]}, "fog.revealed[0]"),
        ({"width": 12, "height": 6, "revealed": [[10, 0, 5]]}, "fog.revealed[0]"),
        ({"width": 12, "height": 6, "revealed": "all"}, "fog.revealed"),
        ([1, 2], "fog: expected an object, got a list of 2 items"),
    ],
)
def test_a_bad_fog_field_is_refused_naming_it(fog, field: str) -> None:
    data = encounter_to_dict(Encounter(two_rooms(), [player("a", (1, 1))]))
    data["fog"] = fog
    with pytest.raises(EncounterFileError, match=field.replace("[", r"\[").replace("]", r"\]")):
        encounter_from_dict(data)


def test_a_shifted_fog_keeps_each_tile_where_the_ground_moved() -> None:
    fog = Fog(4, 3, revealed=False)
    fog.reveal([(0, 0), (3, 2)])
    grown = fog.shifted(6, 4, (2, 1))  # two columns added at the left, one row at the top
    assert grown.revealed_tiles() == {(2, 1), (5, 3)}
    shrunk = fog.shifted(3, 3, (-1, 0))  # the left column cut away
    assert shrunk.revealed_tiles() == {(2, 2)}
    assert fog.revealed_tiles() == {(0, 0), (3, 2)}  # untouched
    assert Fog(2, 2).shifted(3, 3, (1, 1)).all_revealed  # an open map stays open


def test_resizing_the_map_moves_the_fog_with_the_ground_and_undo_brings_it_back() -> None:
    from drase_desktop.encounter.map_edits import resize

    encounter = Encounter(two_rooms(), [player("a", (1, 1))])
    encounter.fog.hide_all()
    encounter.fog.reveal([(1, 1)])
    before = encounter.fog
    change = resize(encounter, 14, 6, edge_x="left")
    assert encounter.fog.revealed_tiles() == {(3, 1)}
    assert encounter.combatants["a"].position == (3, 1)
    change.undo()
    assert encounter.fog is before and before.revealed_tiles() == {(1, 1)}
