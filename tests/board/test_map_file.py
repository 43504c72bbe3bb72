"""The .drase-map file: round trips, readable rows, atomic saves, and refusing bad files."""

import copy
import json
import random

import pytest
from helpers.storage_samples import png_bytes
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board import (
    SCHEMA_VERSION,
    BackgroundImage,
    BattleMap,
    Door,
    Light,
    MapFileError,
    Wall,
    load_map,
    map_from_dict,
    map_to_dict,
    save_map,
)
from drase_desktop.board.battle_map import COVER_LEVELS, OBSCURATION_LEVELS, TERRAIN_KINDS


def rich_map(width=24, height=18, seed=3):
    rng = random.Random(seed)
    board = BattleMap(width, height, "Ford of the Grey Reeds")
    for y in range(height):
        for x in range(width):
            board.set_terrain((x, y), rng.choice(TERRAIN_KINDS))
            board.set_elevation((x, y), rng.choice([0, 0, 1, -2, 15]))
            board.set_cover((x, y), rng.choice(COVER_LEVELS))
            board.set_obscuration((x, y), rng.choice(OBSCURATION_LEVELS))
    board.ambient_light = "dim"
    board.walls.extend([Wall((0, 0), (3, 0)), Wall((1.25, 2.5), (4.75, 7.125))])
    board.doors.extend([Door((3, 0), (4, 0)), Door((5, 5), (5, 6), closed=False)])
    board.lights.extend([Light((2.5, 2.5), 3), Light((10.0, 4.25), 1.5)])
    board.background = BackgroundImage(png_bytes(29, 22), "image/png", 72.5, (-3.0, 1.5))
    return board


def test_round_trip_keeps_every_byte_of_meaning(tmp_path):
    board = rich_map()
    path = tmp_path / "ford.drase-map"
    save_map(board, path)
    loaded = load_map(path)
    assert map_to_dict(loaded) == map_to_dict(board)
    for pos in board.positions():
        assert loaded.terrain(pos) == board.terrain(pos)
        assert loaded.elevation(pos) == board.elevation(pos)
        assert loaded.cover_feature(pos) == board.cover_feature(pos)
        assert loaded.obscuration(pos) == board.obscuration(pos)
    assert loaded.walls == board.walls and loaded.doors == board.doors
    assert loaded.lights == board.lights and loaded.background == board.background
    assert loaded.name == board.name and loaded.ambient_light == "dim"


def test_big_maps_round_trip_through_runs(tmp_path):
    board = BattleMap(300, 120)
    for x in range(40, 90):
        board.set_terrain((x, 7), "water")
        board.set_elevation((x, 8), 3)
    path = tmp_path / "big.drase-map"
    save_map(board, path)
    document = json.loads(path.read_text())
    assert document["terrain"]["rows"][7] == "40.50W210."
    assert document["elevation"]["rows"][8] == "0*40 3*50 0*210"
    assert path.stat().st_size < 40_000
    assert map_to_dict(load_map(path)) == map_to_dict(board)


def test_the_file_is_readable_json_with_a_version(tmp_path):
    board = BattleMap(6, 3, "Hut")
    board.set_terrain((2, 1), "blocked")
    board.set_terrain((3, 1), "shallow-water")
    path = tmp_path / "hut.drase-map"
    save_map(board, path)
    text = path.read_text()
    document = json.loads(text)
    # A map without windows or objects is written as version 1, so every version opens it.
    assert document["format"] == "drase-map" and document["schema_version"] == 1
    assert document["terrain"]["rows"] == ["......", "..#~..", "......"]
    assert document["terrain"]["legend"]["~"] == "shallow-water"
    assert '"..#~.."' in text  # one row per line, a grid to read by eye


def test_save_is_atomic_and_leaves_the_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "keep.drase-map"
    save_map(BattleMap(3, 3, "old"), path)
    before = path.read_bytes()

    def explode(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", explode)
    with pytest.raises(OSError):
        save_map(BattleMap(4, 4, "new"), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.drase-map"]


def good_document():
    return map_to_dict(rich_map(8, 5))


def broken(change):
    document = copy.deepcopy(good_document())
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("width"), "width is missing"),
        (lambda d: d.update(width="8"), "width: expected a whole number, got '8'"),
        (lambda d: d.update(width=501), "width: expected a whole number, at most 500, got 501"),
        (
            lambda d: d.update(height=10**9),
            "height: expected a whole number, at most 500, got 1000000000",
        ),
        (lambda d: d.update(width=True), "width: expected a whole number, got true"),
        (lambda d: d.update(format="tiled"), "format"),
        (lambda d: d.update(schema_version=SCHEMA_VERSION + 1), "newer Drase Desktop"),
        (lambda d: d.update(name="x" * 5000), "name: is 5000 characters long; at most 200"),
        (
            lambda d: d.update(surprise=1),
            "'surprise' is a field this version does not know - was the file written by a newer",
        ),
        (lambda d: d.update(ambient_light="gloom"), "ambient_light"),
        (lambda d: d["terrain"]["rows"].pop(), "terrain.rows: has 4 rows, the map is 5 tall"),
        (
            lambda d: d["terrain"]["rows"].__setitem__(2, "...q...."),
            "terrain.rows[2]: x = 3: unknown symbol 'q'",
        ),
        (
            lambda d: d["cover"]["rows"].__setitem__(1, "......."),
            "cover.rows[1]: holds 7 tiles, the map is 8 wide",
        ),
        (
            lambda d: d["terrain"]["rows"].__setitem__(0, "99999999999."),
            "terrain.rows[0]: a run of 99999999999 tiles",
        ),
        (lambda d: d["terrain"]["rows"].__setitem__(0, "8"), "ends with a count"),
        (lambda d: d["terrain"]["rows"].__setitem__(0, "4.d3"), "ends with a count"),
        (
            lambda d: d["terrain"]["rows"].__setitem__(0, "4.000d3."),
            "terrain.rows[0]: a run of 000 tiles",
        ),
        (
            lambda d: d["terrain"]["rows"].__setitem__(0, 12),
            "terrain.rows[0]: expected text, got 12",
        ),
        (
            lambda d: d["terrain"]["legend"].__setitem__("q", "lava"),
            "terrain.legend['q']: unknown terrain 'lava'",
        ),
        (lambda d: d["terrain"]["legend"].__setitem__("7", "normal"), "not a digit"),
        (
            lambda d: d["elevation"]["rows"].__setitem__(3, "0*7 x"),
            "elevation.rows[3]: x = 7: 'x' is not a height",
        ),
        (
            lambda d: d["elevation"]["rows"].__setitem__(3, "12000*8"),
            "elevation.rows[3]: x = 0: ",
        ),
        (lambda d: d["elevation"]["rows"].__setitem__(3, "0*9"), "a run of 9 does not fit"),
        (lambda d: d["walls"].append({"start": [0, 0]}), "walls[2].end is missing"),
        (
            lambda d: d["walls"].append({"start": [0, 0], "end": [1, "a"]}),
            "walls[2].end[1]: expected a number, got 'a'",
        ),
        (
            lambda d: d["walls"].append({"start": [0, 0], "end": [1, 1e300]}),
            "walls[2].end[1]: expected a number, at most 1000000, got 1e+300",
        ),
        (
            lambda d: d["walls"].append([0, 0, 1, 1]),
            "walls[2]: expected an object, got a list of 4 items",
        ),
        (
            lambda d: d["doors"][0].update(closed="yes"),
            "doors[0].closed: expected true or false, got 'yes'",
        ),
        (
            lambda d: d["lights"][1].update(radius=-1),
            "lights[1].radius: expected a number, 0 or more, got -1",
        ),
        (lambda d: d.update(walls=[{"start": [0, 0], "end": [1, 1]}] * 200_001), "at most 200000"),
        (
            lambda d: d.update(walls=[{"start": [0, 0], "end": [900, 900]}] * 200),
            "walls: walls, doors, windows and objects run",
        ),
        (lambda d: d["background"].update(data_base64="%%%"), "not valid base64"),
        (
            lambda d: d["background"].update(media_type="text/html"),
            "background.media_type: expected an image type such as 'image/png', got 'text/html'",
        ),
        (lambda d: d["background"].update(pixels_per_tile=0), "pixels_per_tile"),
        (lambda d: d.pop("background"), "background is missing"),
    ],
)
def test_bad_documents_are_refused_naming_field_and_position(change, message):
    with pytest.raises(MapFileError) as raised:
        map_from_dict(broken(change))
    assert message in str(raised.value)


def test_a_bad_file_never_half_loads(tmp_path):
    document = good_document()
    document["lights"][1]["radius"] = "far"  # the last thing checked before the map is made
    path = tmp_path / "bad.drase-map"
    path.write_text(json.dumps(document))
    built = []
    original = BattleMap.__init__

    def spy(self, *args, **kwargs):
        built.append(self)
        original(self, *args, **kwargs)

    BattleMap.__init__ = spy
    try:
        with pytest.raises(MapFileError, match="lights"):
            load_map(path)
    finally:
        BattleMap.__init__ = original
    assert built == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "is empty"),
        (b'{"format": "drase-map", "schema_version": 1, "width": 4', "not valid JSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nest too deeply"),
        (b'{"width": NaN}', "not a number"),
        (b'{"width": 1, "width": 2}', "appears twice"),
        (b"[1, 2, 3]", "must be an object"),
        (b'{"width": ' + b"9" * 5000 + b"}", "number 5000 characters long at line 1"),
    ],
)
def test_corrupt_truncated_and_hostile_files_are_refused(tmp_path, content, message):
    path = tmp_path / "hostile.drase-map"
    path.write_bytes(content)
    with pytest.raises(MapFileError, match=message):
        load_map(path)


def test_a_truncated_real_file_is_refused(tmp_path):
    path = tmp_path / "cut.drase-map"
    save_map(rich_map(), path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(MapFileError, match="cut short"):
        load_map(path)


def test_oversized_files_are_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr("drase_desktop.board.map_file.MAX_FILE_BYTES", 1000)
    path = tmp_path / "huge.drase-map"
    path.write_bytes(b" " * 2000)
    with pytest.raises(MapFileError, match="map files over 1000 bytes are refused"):
        load_map(path)


def test_a_missing_file_is_a_map_file_error(tmp_path):
    with pytest.raises(MapFileError, match="Cannot read nowhere.drase-map"):
        load_map(tmp_path / "nowhere.drase-map")


def test_a_500_by_500_map_round_trips(tmp_path):
    board = BattleMap(500, 500)
    rng = random.Random(9)
    for _ in range(5000):
        board.set_terrain((rng.randrange(500), rng.randrange(500)), "mud")
    path = tmp_path / "vast.drase-map"
    save_map(board, path)
    assert map_to_dict(load_map(path)) == map_to_dict(board)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([1, 7, 100, 104]),  # plain rows up to 100 wide, runs beyond
    st.integers(1, 3),
    st.data(),
)
def test_any_map_survives_the_file_unchanged(width, height, data):
    board = BattleMap(width, height, data.draw(st.text(max_size=30)))
    size = width * height

    def layer(values):
        return data.draw(st.lists(values, min_size=size, max_size=size))

    terrain = layer(st.sampled_from(TERRAIN_KINDS))
    heights = layer(st.integers(-9999, 9999) | st.just(0))
    covers = layer(st.sampled_from(COVER_LEVELS))
    zones = layer(st.sampled_from(OBSCURATION_LEVELS))
    for index, pos in enumerate(board.positions()):
        board.set_terrain(pos, terrain[index])
        board.set_elevation(pos, heights[index])
        board.set_cover(pos, covers[index])
        board.set_obscuration(pos, zones[index])
    finite = st.floats(-1000, 1000, allow_nan=False)
    board.walls.extend(
        Wall((a, b), (c, d))
        for a, b, c, d in data.draw(st.lists(st.tuples(finite, finite, finite, finite), max_size=3))
    )
    board.lights.extend(
        Light((a, b), r)
        for a, b, r in data.draw(
            st.lists(st.tuples(finite, finite, st.floats(0, 1000)), max_size=2)
        )
    )
    text = json.dumps(map_to_dict(board))
    again = map_from_dict(json.loads(text))
    assert map_to_dict(again) == map_to_dict(board)
    assert again.walls == board.walls and again.lights == board.lights


def test_the_background_picture_is_encoded_once_for_repeated_saves():
    """Autosave serialises the map after every change; the picture's base64 is reused."""
    import base64 as b64

    from drase_desktop.board import BackgroundImage, BattleMap
    from drase_desktop.board.map_file import map_from_dict, map_to_dict

    battle_map = BattleMap(4, 4)
    picture = png_bytes(8, 8)
    battle_map.background = BackgroundImage(picture, "image/png", 64.0)
    first = map_to_dict(battle_map)["background"]["data_base64"]
    second = map_to_dict(battle_map)["background"]["data_base64"]
    assert first is second
    assert b64.b64decode(first) == picture
    assert map_from_dict(map_to_dict(battle_map)).background == battle_map.background
