"""Universal VTT import: the Dungeondraft sample, each part of the format, and bad files."""

from __future__ import annotations

import base64
import json
import math

import pytest
from helpers.storage_samples import SAMPLE_DD2VTT, png_bytes, uvtt_document

from drase_desktop.board import BattleMap, Door, Light, Wall
from drase_desktop.board.map_features import MapObject
from drase_desktop.storage import uvtt
from drase_desktop.storage.uvtt import UvttImportError, ambient_from_colour, import_uvtt

# --- the real Dungeondraft export -------------------------------------------------------------


@pytest.fixture(scope="module")
def sample() -> BattleMap:
    return import_uvtt(SAMPLE_DD2VTT)


def test_sample_grid_is_20_by_20_at_64_px(sample):
    assert (sample.width, sample.height) == (20, 20)
    assert sample.name == "dungeondraft-20x20"
    assert sample.background is not None
    assert sample.background.pixels_per_tile == 64.0
    assert sample.background.offset == (0.0, 0.0)
    assert sample.background.media_type == "image/png"
    assert sample.background.data.startswith(b"\x89PNG")


def test_sample_has_its_three_closed_doors(sample):
    assert sorted((d.start, d.end, d.closed) for d in sample.doors) == [
        ((10.5, 14.0), (9.5, 14.0), True),
        ((11.0, 6.0), (12.0, 6.0), True),
        ((12.0, 15.5), (12.0, 14.5), True),
    ]


def test_sample_light_is_in_tiles_with_half_its_range_as_radius(sample):
    assert sample.lights == [Light((6.132305, 7.212773), 9.900001 / 2)]


def test_sample_ambient_white_is_bright(sample):
    assert sample.ambient_light == "bright"


def test_sample_walls_are_its_walls_simplified_and_its_objects_are_objects(sample):
    raw = json.loads(SAMPLE_DD2VTT.read_text())
    segments = sum(len(line) - 1 for line in raw["line_of_sight"])
    # Curved walls lose the points that add under 0.05 tiles of shape; straight ones stay.
    assert 60 < len(sample.walls) < segments
    assert Wall((7.359375, 5.0), (9.0, 5.0)) in sample.walls  # a room wall
    assert len(sample.objects) == len(raw["objects_line_of_sight"]) == 2
    first = sample.objects[0]
    assert first.points[0] == (10.544922, 10.792969)  # a pillar's outline, where it was drawn
    for wall in sample.walls:
        for x, y in (wall.start, wall.end):
            assert 0 <= x <= 20 and 0 <= y <= 20
    for item in sample.objects:
        left, top, right, bottom = item.bounds()
        assert 0 <= left and right <= 20 and 0 <= top and bottom <= 20


def test_sample_no_wall_lies_along_a_door(sample):
    for door in sample.doors:
        mid = ((door.start[0] + door.end[0]) / 2, (door.start[1] + door.end[1]) / 2)
        for wall in sample.walls:
            assert _distance_to_segment(mid, wall) > 0.01


def test_sample_walls_meet_doors_edge_to_edge(sample):
    """The gap a door fills is closed by it: each door end touches a wall end."""
    ends = {p for wall in sample.walls for p in (wall.start, wall.end)}
    for door in sample.doors:
        assert door.start in ends and door.end in ends


def _distance_to_segment(point, wall) -> float:
    (ax, ay), (bx, by) = wall.start, wall.end
    px, py = point
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2))
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)))


def test_all_three_suffixes_import(tmp_path):
    data = SAMPLE_DD2VTT.read_bytes()
    for suffix in (".dd2vtt", ".uvtt", ".df2vtt"):
        path = tmp_path / f"copy{suffix}"
        path.write_bytes(data)
        assert import_uvtt(path).width == 20


# --- each part of the format ------------------------------------------------------------------


def test_small_document_imports_fully(write_uvtt):
    battle_map = import_uvtt(write_uvtt(uvtt_document()))
    assert (battle_map.width, battle_map.height) == (10, 8)
    assert battle_map.walls == [Wall((0, 4), (4, 4)), Wall((5, 4), (10, 4))]
    assert battle_map.doors == [Door((4, 4), (5, 4), closed=True)]
    assert battle_map.lights == [Light((2.5, 2.5), 3.0)]
    assert battle_map.background.pixels_per_tile == 32.0


def test_format_0_2_without_object_walls(write_uvtt):
    document = uvtt_document(format=0.2)
    del document["objects_line_of_sight"]
    assert len(import_uvtt(write_uvtt(document)).walls) == 2


def test_object_outlines_become_objects_not_walls(write_uvtt):
    square = [
        {"x": 7, "y": 1},
        {"x": 8, "y": 1},
        {"x": 8, "y": 2},
        {"x": 7, "y": 2},
        {"x": 7, "y": 1},
    ]
    battle_map = import_uvtt(write_uvtt(uvtt_document(objects_line_of_sight=[square])))
    assert len(battle_map.walls) == 2  # the file's walls only
    assert battle_map.objects == [MapObject(((7, 1), (8, 1), (8, 2), (7, 2), (7, 1)))]


def test_door_inside_a_continuous_wall_line_cuts_a_gap(write_uvtt):
    """DungeonFog and Arkenforge draw wall lines straight through doors."""
    document = uvtt_document(line_of_sight=[[{"x": 0, "y": 4}, {"x": 10, "y": 4}]])
    battle_map = import_uvtt(write_uvtt(document))
    assert battle_map.walls == [Wall((0, 4), (4, 4)), Wall((5, 4), (10, 4))]
    # Opening the door leaves nothing blocking that stretch.
    battle_map.set_door_closed(0, False)
    assert all(
        not (a[1] == b[1] == 4 and min(a[0], b[0]) < 4.5 < max(a[0], b[0]))
        for a, b in battle_map.barriers()
    )


def test_door_over_a_multi_point_wall_and_reversed_bounds(write_uvtt):
    wall = [{"x": 3, "y": 0}, {"x": 3, "y": 2.5}, {"x": 3, "y": 8}]
    portal = {"bounds": [{"x": 3, "y": 3}, {"x": 3, "y": 2}], "closed": False}
    battle_map = import_uvtt(write_uvtt(uvtt_document(line_of_sight=[wall], portals=[portal])))
    assert battle_map.walls == [Wall((3, 0), (3, 2)), Wall((3, 3), (3, 8))]
    assert battle_map.doors == [Door((3, 3), (3, 2), closed=False)]


def test_map_origin_shifts_everything_to_board_tiles(write_uvtt):
    document = uvtt_document()
    document["resolution"]["map_origin"] = {"x": 100, "y": 50}
    document["line_of_sight"] = [[{"x": 100, "y": 54}, {"x": 104, "y": 54}]]
    document["portals"][0]["bounds"] = [{"x": 104, "y": 54}, {"x": 105, "y": 54}]
    document["lights"][0]["position"] = {"x": 102.5, "y": 52.5}
    battle_map = import_uvtt(write_uvtt(document))
    assert battle_map.walls == [Wall((0, 4), (4, 4))]
    assert battle_map.doors == [Door((4, 4), (5, 4))]
    assert battle_map.lights[0].position == (2.5, 2.5)


def test_walls_are_clipped_to_the_board(write_uvtt):
    document = uvtt_document(
        line_of_sight=[
            [{"x": -5, "y": 2}, {"x": 15, "y": 2}],
            [{"x": 20, "y": 20}, {"x": 30, "y": 1}],
        ]
    )
    battle_map = import_uvtt(write_uvtt(document))
    assert battle_map.walls == [Wall((0, 2), (10, 2))]


def test_walls_are_edges_no_tile_is_blocked(sample):
    assert all(sample.terrain(pos) == "normal" for pos in sample.positions())


def test_zero_length_segments_and_zero_range_lights_are_dropped(write_uvtt):
    line = [{"x": 1, "y": 1}, {"x": 1, "y": 1}, {"x": 2, "y": 1}]
    light = {"position": {"x": 1, "y": 1}, "range": 0}
    battle_map = import_uvtt(write_uvtt(uvtt_document(line_of_sight=[line], lights=[light])))
    assert battle_map.walls == [Wall((1, 1), (2, 1))]
    assert battle_map.lights == []


def test_file_without_image_has_no_background(write_uvtt):
    battle_map = import_uvtt(write_uvtt(uvtt_document(image="")))
    assert battle_map.background is None
    document = uvtt_document()
    del document["image"]
    assert import_uvtt(write_uvtt(document)).background is None


def test_data_uri_and_wrapped_base64_are_accepted(write_uvtt):
    encoded = base64.encodebytes(png_bytes(320, 256)).decode()  # wrapped every 76 characters
    assert "\n" in encoded
    assert import_uvtt(write_uvtt(uvtt_document(image=encoded))).background is not None
    uri = "data:image/png;base64," + base64.b64encode(png_bytes(320, 256)).decode()
    assert import_uvtt(write_uvtt(uvtt_document(image=uri))).background is not None


def test_scaled_down_image_is_stretched_over_the_board(write_uvtt):
    small = base64.b64encode(png_bytes(160, 128)).decode()
    battle_map = import_uvtt(write_uvtt(uvtt_document(image=small)))
    assert battle_map.background.pixels_per_tile == 16.0


def test_image_of_the_wrong_shape_is_refused(write_uvtt):
    wrong = base64.b64encode(png_bytes(320, 100)).decode()
    with pytest.raises(UvttImportError, match="320 x 100 px"):
        import_uvtt(write_uvtt(uvtt_document(image=wrong)))


@pytest.mark.parametrize(
    ("colour", "ambient"),
    [
        ("ffffffff", "bright"),
        ("#FFFFFF", "bright"),
        ("ff999999", "bright"),  # luma exactly 0.6
        ("ff989898", "dim"),  # luma 0.596
        ("ff808080", "dim"),
        ("ff333333", "dim"),  # luma exactly 0.2
        ("ff323232", "dark"),  # luma 0.196
        ("ff000000", "dark"),
        ("00ffffff", "bright"),  # alpha is ignored
        ("ff0000ff", "dark"),  # pure blue is dark to the eye (luma 0.07)
        ("ff00ff00", "bright"),  # pure green is bright (luma 0.72)
    ],
)
def test_ambient_light_thresholds(colour, ambient):
    assert ambient_from_colour(colour) == ambient


def test_ambient_is_taken_from_the_environment(write_uvtt):
    document = uvtt_document(environment={"baked_lighting": False, "ambient_light": "ff1a1a2a"})
    assert import_uvtt(write_uvtt(document)).ambient_light == "dark"
    del document["environment"]
    assert import_uvtt(write_uvtt(document)).ambient_light == "bright"


def test_fractional_map_size_rounds_up_and_keeps_the_declared_scale(write_uvtt):
    document = uvtt_document(image=base64.b64encode(png_bytes(336, 256)).decode())
    document["resolution"]["map_size"] = {"x": 10.5, "y": 8}
    battle_map = import_uvtt(write_uvtt(document))
    assert battle_map.width == 11
    assert battle_map.background.pixels_per_tile == 32.0


# --- bad files --------------------------------------------------------------------------------


def _without(path: str) -> dict:
    document = uvtt_document()
    *parents, last = path.split(".")
    target = document
    for key in parents:
        target = target[key]
    del target[last]
    return document


def _with(path: str, value) -> dict:
    document = uvtt_document()
    *parents, last = path.split(".")
    target = document
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    target[int(last) if last.isdigit() else last] = value
    return document


BAD_DOCUMENTS = [
    ("not json", "this is not json {", "not valid JSON"),
    ("binary", b"\x89PNG\r\n\x1a\n" + bytes(50), "not UTF-8 text"),
    ("list at top", "[1, 2]", "top level is not an object"),
    ("no format", _without("format"), "'format' field is missing"),
    ("format words", _with("format", "new"), "'format' field must be a version number"),
    ("format list", _with("format", [1]), "'format' field must be a number"),
    ("format zero", _with("format", 0), "not a version"),
    ("no resolution", _without("resolution"), "'resolution' field is missing"),
    ("no map size", _without("resolution.map_size"), "'map_size' field is missing in 'resolution'"),
    ("no origin", _without("resolution.map_origin"), "'map_origin' field is missing"),
    ("no ppg", _without("resolution.pixels_per_grid"), "'pixels_per_grid' field is missing"),
    ("size text", _with("resolution.map_size.x", "20"), "'resolution.map_size.x' must be a number"),
    ("size bool", _with("resolution.map_size.y", True), "'resolution.map_size.y' must be a number"),
    ("size no y", _with("resolution.map_size", {"x": 3}), "'resolution.map_size' has no 'y'"),
    ("size zero", _with("resolution.map_size.x", 0), "at least 1 tile"),
    ("size 501", _with("resolution.map_size.x", 501), "at most 500 tiles"),
    ("size huge", _with("resolution.map_size.y", 1e12), "at most 500 tiles"),
    ("ppg zero", _with("resolution.pixels_per_grid", 0), "pixels_per_grid is 0"),
    ("ppg list", _with("resolution.pixels_per_grid", [64]), "must be a number"),
    ("no walls", _without("line_of_sight"), "'line_of_sight' field \\(the walls\\) is missing"),
    ("walls object", _with("line_of_sight", {"a": 1}), "'line_of_sight' must be a list"),
    ("wall not list", _with("line_of_sight", [5]), "'line_of_sight\\[0\\]' must be a list"),
    (
        "point not object",
        _with("line_of_sight", [[[1, 2]]]),
        "line_of_sight\\[0\\]' must be an obj",
    ),
    ("point text", _with("line_of_sight", [[{"x": "1", "y": 2}]]), "line_of_sight\\[0\\].x"),
    ("objects wrong", _with("objects_line_of_sight", "none"), "'objects_line_of_sight' must be"),
    ("origin absurd", _with("resolution.map_origin", {"x": 1e300, "y": 0}), "absurdly far"),
    ("wall absurd", _with("line_of_sight", [[{"x": 1, "y": 1}, {"x": -1e9, "y": 1}]]), "absurdly"),
    ("light absurd place", _with("lights.0.position", {"x": 5, "y": 1e7}), "absurdly far"),
    ("portals object", _with("portals", {}), "'portals' must be a list"),
    ("portal no bounds", _with("portals", [{"closed": True}]), "'bounds' field is missing"),
    ("portal 3 points", _with("portals.0.bounds", [{"x": 1, "y": 1}] * 3), "must hold 2 points"),
    ("portal closed text", _with("portals.0.closed", "yes"), "portals\\[0\\].closed' must be true"),
    ("light no range", _with("lights", [{"position": {"x": 1, "y": 1}}]), "'range' field is miss"),
    ("light negative", _with("lights.0.range", -3), "cannot be negative"),
    ("light absurd", _with("lights.0.range", 1e9), "not a real light"),
    ("light no position", _with("lights", [{"range": 3}]), "'position' field is missing"),
    ("env text", _with("environment", "night"), "'environment' must be an object"),
    ("ambient number", _with("environment.ambient_light", 7), "must be a hex colour"),
    ("ambient word", _with("environment.ambient_light", "night"), "expected a hex colour"),
    ("image number", _with("image", 12), "'image' must be base64 text"),
    ("image not base64", _with("image", "@@@ not base64 @@@"), "not valid base64"),
    ("image not image", _with("image", base64.b64encode(b"hello" * 20).decode()), "unusable"),
    (
        "image truncated",
        _with("image", base64.b64encode(png_bytes(320, 256)[:-30]).decode()),
        "truncated",
    ),
]


@pytest.mark.parametrize(
    ("document", "message"),
    [(doc, msg) for _, doc, msg in BAD_DOCUMENTS],
    ids=[name for name, _, _ in BAD_DOCUMENTS],
)
def test_malformed_files_are_refused_naming_the_problem(write_uvtt, document, message):
    path = write_uvtt(document, name="bad.dd2vtt")
    with pytest.raises(UvttImportError, match=message) as caught:
        import_uvtt(path)
    assert str(caught.value).startswith("bad.dd2vtt: ")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_coordinates_are_refused(write_uvtt, literal):
    text = json.dumps(uvtt_document()).replace(
        '{"x": 4, "y": 4}, {"x": 5', '{"x": ' + literal + ', "y": 4}, {"x": 5'
    )
    assert literal in text
    with pytest.raises(UvttImportError, match="finite number"):
        import_uvtt(write_uvtt(text))


@pytest.mark.parametrize("literal", ["NaN", "Infinity"])
def test_non_finite_wall_points_are_refused(write_uvtt, literal):
    text = json.dumps(uvtt_document()).replace('{"x": 0, "y": 4}', '{"x": 0, "y": ' + literal + "}")
    with pytest.raises(UvttImportError, match=r"line_of_sight\[0\]\.y' is .*finite number"):
        import_uvtt(write_uvtt(text))


def test_more_than_200k_segments_is_refused(write_uvtt):
    point = '{"x": 1, "y": 1}, {"x": 2, "y": 1}'
    line = "[" + ", ".join([point] * (uvtt.MAX_SEGMENTS // 2 + 1)) + "]"
    text = json.dumps(uvtt_document(line_of_sight=[])).replace(
        '"line_of_sight": []', f'"line_of_sight": [{line}]'
    )
    with pytest.raises(UvttImportError, match="200000"):
        import_uvtt(write_uvtt(text))


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(UvttImportError, match="Cannot read nowhere.dd2vtt"):
        import_uvtt(tmp_path / "nowhere.dd2vtt")


def test_a_refused_file_builds_no_board(write_uvtt, monkeypatch):
    """Every check runs before the board exists: a late flaw (the image) never reaches it."""
    built = []
    original = uvtt.BattleMap

    def spy(*args, **kwargs):
        built.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(uvtt, "BattleMap", spy)
    with pytest.raises(UvttImportError):
        import_uvtt(write_uvtt(_with("image", "!!")))
    assert built == []
    import_uvtt(write_uvtt(uvtt_document()))
    assert built == [(10, 8)]


# --- the rules work on the imported board -----------------------------------------------------


def _touches(step, segment) -> bool:
    from drase_desktop.board.geometry import segments_touch

    (ax, ay), (bx, by) = step
    return segments_touch((ax + 0.5, ay + 0.5), (bx + 0.5, by + 0.5), *segment)


def test_sample_path_between_rooms_goes_through_the_door_not_a_wall():
    """The hall inside the walls and the yard north of it: closed doors seal the building
    (the cave and room walls leave no gap), and opening the north door lets the path through
    that door's span and across no wall."""
    from drase_desktop.board import find_path

    battle_map = import_uvtt(SAMPLE_DD2VTT)
    hall, yard = (11, 8), (11, 3)
    assert find_path(battle_map, hall, yard) is None

    north = next(i for i, d in enumerate(battle_map.doors) if d.start == (11.0, 6.0))
    battle_map.set_door_closed(north, False)
    found = find_path(battle_map, hall, yard)
    assert found is not None
    path, cost = found
    assert cost == 5.0
    steps = list(zip(path, path[1:], strict=False))
    door = (battle_map.doors[north].start, battle_map.doors[north].end)
    assert sum(_touches(step, door) for step in steps) == 1
    for step in steps:
        for wall in battle_map.walls:
            assert not _touches(step, (wall.start, wall.end)), (step, wall)


def test_sample_every_door_opens_a_way_out():
    """Each of the three doors alone joins the inside to the outside (a path exists through it)."""
    from drase_desktop.board import find_path

    inside, outside = (11, 8), (10, 15)
    for index in range(3):
        battle_map = import_uvtt(SAMPLE_DD2VTT)
        assert find_path(battle_map, inside, outside) is None
        battle_map.set_door_closed(index, False)
        found = find_path(battle_map, inside, outside)
        assert found is not None
        door = battle_map.doors[index]
        steps = list(zip(found[0], found[0][1:], strict=False))
        assert any(_touches(step, (door.start, door.end)) for step in steps)
