"""One set of limits serves the Universal VTT import, the map file and every save: whatever loads
or imports also saves and reopens unchanged, and what a file cannot hold is refused where it
comes in, with a message, never after the GM has worked on it."""

from __future__ import annotations

import json

import pytest
from helpers.storage_samples import png_bytes, png_header_only, uvtt_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import (
    BackgroundImage,
    BattleMap,
    Door,
    Light,
    Wall,
    limits,
    load_map,
    save_map,
)
from drase_desktop.board.image_probe import MAX_SIDE_PX
from drase_desktop.board.limits import MapLimitError, check_map_limits
from drase_desktop.board.map_file import MapFileError, map_from_dict, map_to_dict
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage import image_import, uvtt
from drase_desktop.storage.encounter_file import load_encounter, save_encounter
from drase_desktop.storage.uvtt import UvttImportError, import_uvtt


def _cave(segments: int, size: int = 100) -> dict:
    """A cave wall of `segments` quarter-tile segments winding back and forth across a
    `size`-tile map (as a Dungeondraft cave's many short segments do)."""
    step, row_gap = 0.25, 0.6  # rows 0.6 apart with a 0.2 wobble never touch
    per_row = int((size - 2) / step)
    points = []
    for index in range(segments + 1):
        row, along = divmod(index, per_row)
        x = 1 + along * step if row % 2 == 0 else size - 1 - along * step
        # A wobble of a fifth of a tile, more than the import's simplification leaves out.
        wobble = 0.2 * (along % 2)
        points.append({"x": x, "y": 1 + row * row_gap + wobble})
    document = uvtt_document(line_of_sight=[points], portals=[], lights=[])
    document["resolution"]["map_size"] = {"x": size, "y": size}
    del document["image"]
    return document


def _reopened(battle_map: BattleMap, tmp_path) -> BattleMap:
    path = tmp_path / "again.drase-map"
    save_map(battle_map, path)
    return load_map(path)


def test_a_60000_wall_cave_that_imports_also_saves_and_reopens(tmp_path):
    path = tmp_path / "cave.dd2vtt"
    path.write_text(json.dumps(_cave(60_000)))
    cave = import_uvtt(path)
    assert len(cave.walls) > 50_000
    assert map_to_dict(_reopened(cave, tmp_path)) == map_to_dict(cave)
    # The encounter file, the autosave and the crash recovery hold the same map.
    encounter = Encounter(cave)
    save_encounter(encounter, tmp_path / "cave.drase")
    assert map_to_dict(load_encounter(tmp_path / "cave.drase").battle_map) == map_to_dict(cave)


def test_the_limits_are_one_set():
    assert uvtt.MAX_SEGMENTS == limits.MAX_WALLS
    assert uvtt.MAX_PORTALS == limits.MAX_DOORS
    assert uvtt.MAX_LIGHTS == limits.MAX_LIGHTS
    assert uvtt.MAX_COORDINATE == limits.MAX_COORDINATE
    assert image_import.MAX_FILE_BYTES == limits.MAX_IMAGE_BYTES
    assert MAX_SIDE_PX == limits.MAX_IMAGE_SIDE_PX
    # The largest picture, as base64, fits a map file with room for the rest.
    assert limits.MAX_MAP_FILE_BYTES > limits.MAX_IMAGE_BYTES * 4 // 3


def test_a_light_the_map_file_cannot_hold_is_refused_at_import(tmp_path):
    """A light a crop's origin puts two million tiles out imported, then never opened again."""
    document = uvtt_document()
    document["resolution"]["map_origin"] = {"x": -900_000, "y": 0}
    document["lights"][0]["position"] = {"x": 900_000, "y": 3}
    path = tmp_path / "far.dd2vtt"
    path.write_text(json.dumps(document))
    with pytest.raises(UvttImportError, match="far.dd2vtt: .*a light stands at 1.8e\\+06"):
        import_uvtt(path)


def test_door_gaps_cannot_push_the_walls_past_the_limit(tmp_path, monkeypatch):
    """A door cuts the wall under it in two: the count the map keeps is checked, not the
    count the file gave."""
    monkeypatch.setattr(limits, "MAX_WALLS", 2)
    document = uvtt_document()  # two wall segments; the door splits neither (it sits between)
    document["line_of_sight"] = [[{"x": 0, "y": 4}, {"x": 10, "y": 4}], []]
    path = tmp_path / "split.dd2vtt"
    path.write_text(json.dumps(document))
    assert len(import_uvtt(path).walls) == 2  # one wall, cut in two by the door
    document["line_of_sight"].append([{"x": 0, "y": 1}, {"x": 10, "y": 1}])
    path.write_text(json.dumps(document))
    with pytest.raises(UvttImportError, match="3 wall segments; at most 2"):
        import_uvtt(path)


def test_a_long_file_name_does_not_make_a_map_name_the_file_refuses(tmp_path):
    path = tmp_path / ("ruins " * 40 + ".dd2vtt")
    path.write_text(json.dumps(uvtt_document()))
    battle_map = import_uvtt(path)
    assert len(battle_map.name) == limits.MAX_NAME
    assert _reopened(battle_map, tmp_path).name == battle_map.name


def test_a_background_too_large_to_draw_is_refused_by_the_map_loader(tmp_path):
    battle_map = BattleMap(4, 4)
    battle_map.background = BackgroundImage(png_header_only(MAX_SIDE_PX + 1, 8), "image/png", 64)
    path = tmp_path / "huge.drase-map"
    path.write_text(json.dumps(map_to_dict(battle_map)))
    with pytest.raises(MapFileError, match=r"background.data_base64: .*16385 x 8 pixels"):
        load_map(path)


def test_a_background_that_is_no_picture_is_refused_by_the_map_loader():
    battle_map = BattleMap(4, 4)
    battle_map.background = BackgroundImage(b"GIF89a not ours", "image/png", 64)
    with pytest.raises(MapFileError, match="background.data_base64: .*not a PNG, JPEG or WebP"):
        map_from_dict(map_to_dict(battle_map))


def test_a_save_refuses_a_map_its_file_could_not_hold(tmp_path, monkeypatch):
    battle_map = BattleMap(4, 4)
    battle_map.background = BackgroundImage(png_bytes(40, 40), "image/png", 10)
    monkeypatch.setattr(limits, "MAX_IMAGE_BYTES", 50)
    path = tmp_path / "kept.drase-map"
    with pytest.raises(MapLimitError, match="pictures over 0 MB are refused"):
        save_map(battle_map, path)
    assert not path.exists()
    with pytest.raises(MapLimitError):
        save_encounter(Encounter(battle_map), tmp_path / "kept.drase")
    assert not (tmp_path / "kept.drase").exists()


def test_the_limit_check_names_each_limit():
    battle_map = BattleMap(3, 3)
    battle_map.walls.extend(Wall((0, 0), (3, 3)) for _ in range(2))
    battle_map.doors.append(Door((0, 1), (1, 1)))
    battle_map.lights.append(Light((1, 1), 2))
    check_map_limits(battle_map)
    battle_map.walls.extend(Wall((0, 0), (3, 3)) for _ in range(20_000))
    with pytest.raises(MapLimitError, match="walls, doors, windows and objects run"):
        check_map_limits(battle_map)


# --- whatever imports also saves and reopens unchanged ------------------------------------
_coordinate = st.floats(min_value=-3, max_value=25, allow_nan=False, allow_infinity=False)
_point = st.fixed_dictionaries({"x": _coordinate, "y": _coordinate})
_documents = st.fixed_dictionaries(
    {
        "size": st.tuples(st.integers(1, 20), st.integers(1, 20)),
        "origin": st.tuples(st.integers(-5, 5), st.integers(-5, 5)),
        "walls": st.lists(st.lists(_point, min_size=2, max_size=6), max_size=6),
        "doors": st.lists(st.tuples(_point, _point, st.booleans()), max_size=4),
        "lights": st.lists(st.tuples(_point, st.floats(0, 40)), max_size=4),
        "ambient": st.sampled_from(["ffffffff", "ff404040", "ff000000", "7f7f7f"]),
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents)
def test_whatever_imports_also_saves_and_reopens_unchanged(tmp_path_factory, spec):
    width, height = spec["size"]
    document = uvtt_document(
        line_of_sight=spec["walls"],
        portals=[
            {"position": start, "bounds": [start, end], "closed": closed}
            for start, end, closed in spec["doors"]
        ],
        lights=[{"position": where, "range": reach} for where, reach in spec["lights"]],
        environment={"ambient_light": spec["ambient"]},
    )
    document["resolution"]["map_size"] = {"x": width, "y": height}
    document["resolution"]["map_origin"] = {"x": spec["origin"][0], "y": spec["origin"][1]}
    document["image"] = ""
    folder = tmp_path_factory.mktemp("round")
    path = folder / "drawn.dd2vtt"
    path.write_text(json.dumps(document))
    try:
        imported = import_uvtt(path)
    except UvttImportError:
        return  # refused at the door, with a message: fine
    assert map_to_dict(_reopened(imported, folder)) == map_to_dict(imported)
    save_encounter(Encounter(imported), folder / "drawn.drase")
    reopened = load_encounter(folder / "drawn.drase").battle_map
    assert map_to_dict(reopened) == map_to_dict(imported)
