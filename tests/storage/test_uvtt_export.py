"""Export to Universal VTT: a map exported and imported again is the same map, and the file's
fields have the shapes real Dungeondraft exports have (what other importers read)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from helpers.storage_samples import SAMPLE_DD2VTT, png_bytes

from drase_desktop.board import BackgroundImage, BattleMap, Door, Light, Wall
from drase_desktop.board.map_features import MapObject, Window, rectangle_object
from drase_desktop.storage.uvtt import read_uvtt
from drase_desktop.storage.uvtt_export import export_uvtt, uvtt_document

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples"
DUNGEONDRAFT_SAMPLES = sorted((SAMPLES / "uvtt-corpus").glob("dd-0.3-*.dd2vtt"))


def features(board: BattleMap) -> dict:
    """Everything Universal VTT holds of a board."""
    image = board.background
    return {
        "size": (board.width, board.height),
        "walls": list(board.walls),
        "doors": list(board.doors),
        "windows": list(board.windows),
        "objects": list(board.objects),
        "lights": list(board.lights),
        "ambient": board.ambient_light,
        "baked": board.lighting_baked,
        "picture": None if image is None else (image.data, image.pixels_per_tile, image.offset),
    }


def hall() -> BattleMap:
    board = BattleMap(12, 8, "Hall")
    board.walls.extend([Wall((0, 4), (5, 4)), Wall((6, 4), (9, 4)), Wall((10, 4), (12, 4))])
    board.doors.extend([Door((5, 4), (6, 4)), Door((3, 0), (3, 1.5), closed=False)])
    board.windows.append(Window((9, 4), (10, 4)))  # a tile wide: kept a window by its mark
    board.objects.extend(
        [rectangle_object(2, 1, 3, 2), MapObject(((7.5, 6.0), (8.25, 6.5), (7.5, 7.0)))]
    )
    board.lights.append(Light((2.5, 2.5), 3.25))
    board.ambient_light = "dim"
    board.lighting_baked = True
    board.background = BackgroundImage(png_bytes(12 * 32, 8 * 32), "image/png", 32.0)
    return board


def test_a_map_exported_and_imported_again_is_the_same_map(tmp_path):
    board = hall()
    path = tmp_path / "hall.dd2vtt"
    assert export_uvtt(board, path) == []
    again = read_uvtt(path)
    assert features(again.battle_map) == features(board)


@pytest.mark.parametrize("ambient", ["bright", "dim", "dark"])
def test_each_ambient_light_comes_back(tmp_path, ambient):
    board = BattleMap(4, 4)
    board.ambient_light = ambient
    export_uvtt(board, tmp_path / "a.dd2vtt")
    again = read_uvtt(tmp_path / "a.dd2vtt").battle_map
    assert again.ambient_light == ambient and again.background is None


def test_an_imported_sample_exported_and_imported_again_is_the_same(tmp_path):
    first = read_uvtt(SAMPLE_DD2VTT).battle_map
    export_uvtt(first, tmp_path / "again.dd2vtt")
    second = read_uvtt(tmp_path / "again.dd2vtt").battle_map
    assert features(second) == features(first)


def test_what_universal_vtt_cannot_hold_is_named(tmp_path):
    board = BattleMap(4, 4)
    board.set_terrain((1, 1), "rocky")
    board.set_elevation((2, 2), 3)
    notes = export_uvtt(board, tmp_path / "a.dd2vtt")
    assert notes == ["Universal VTT has no terrain or heights: the exported file leaves them out."]


def shape(value):
    """The JSON type of a value as importers read it: numbers are numbers, whole or not."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return ["list", *sorted({json.dumps(shape(item)) for item in value})]
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    return "null"


@pytest.mark.skipif(not DUNGEONDRAFT_SAMPLES, reason="the UVTT corpus is absent")
@pytest.mark.parametrize("sample", [SAMPLE_DD2VTT, *DUNGEONDRAFT_SAMPLES], ids=lambda p: p.name)
def test_every_field_has_the_shape_dungeondraft_gives_it(sample):
    theirs = json.loads(sample.read_text())
    ours, _ = uvtt_document(hall())
    assert set(theirs) <= set(ours)
    assert isinstance(ours["resolution"]["pixels_per_grid"], int)
    assert ours["format"] == theirs["format"] == 0.3
    for key in ("resolution", "environment"):
        assert shape(ours[key]) == shape(theirs[key]), key
    for key in ("line_of_sight", "objects_line_of_sight", "lights"):
        if theirs[key]:
            assert shape(ours[key]) == shape(theirs[key]), key
    for portal in theirs["portals"]:
        for mine in ours["portals"]:
            assert {k: v for k, v in shape(mine).items() if k != "drase_window"} == shape(portal)
    # The picture as base64 of its own bytes (theirs PNG or WebP), no data: prefix.
    assert shape(ours["image"]) == shape(theirs["image"]) == "text"
    assert base64.b64decode(ours["image"])[:8] == b"\x89PNG\r\n\x1a\n"
