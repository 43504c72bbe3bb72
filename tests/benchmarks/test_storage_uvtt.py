"""Universal VTT import and path speed, each beside a baseline in the same run for a ratio.

- import of the Dungeondraft sample (20 x 20, 1280 px PNG, 247 wall segments) against the
  least any importer must do with the same file: read it, `json.loads` it, base64-decode the
  image. The ratio is the import's own cost (checking, walls, door gaps, lights, the board).
- import of a generated 100 x 100 tile file with exactly 5000 wall segments (room walls drawn
  straight through 180 doors, plus round pillars of short segments as caves have), same baseline.
- path on that generated map, corner to corner, around pillars and through doors: `find_path`
  with the movement graph already built (what a drag pays per goal change), against the same
  search on an empty 100 x 100 map (what the walls and doors add), and the first path after
  import (graph build included).
- sight and movement on a real cave (the mimir test dungeon, 249 wall segments): on its walls as
  the import simplifies them (144 segments, within 0.05 tiles) against the file's own walls.
"""

from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from pathlib import Path

import pytest

from drase_desktop.board import BattleMap, find_path
from drase_desktop.storage.uvtt import import_uvtt

SAMPLE = Path(__file__).resolve().parents[1] / "storage" / "data" / "dungeondraft-20x20.dd2vtt"
SIZE = 100
PIXELS_PER_GRID = 8
START, GOAL = (1, 1), (98, 97)


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress((b"\x00" + b"\x50\x60\x40" * width) * height)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _point(x: float, y: float) -> dict[str, float]:
    return {"x": round(x, 6), "y": round(y, 6)}


def generated_document() -> dict:
    """10 x 10 rooms of 10 tiles; every room wall has a door; 20 round pillars; 5000 segments."""
    lines = []
    for k in range(1, 10):  # 9 vertical and 9 horizontal wall lines, 100 unit segments each
        lines.append([_point(10 * k, y) for y in range(SIZE + 1)])
        lines.append([_point(x, 10 * k) for x in range(SIZE + 1)])
    pillars = []
    for index in range(20):  # 20 pillars of 160 segments: 3200
        cx, cy = 5 + 10 * (index % 10), 5 + 10 * (2 * (index // 10) + 1)
        pillars.append(
            [
                _point(
                    cx + 2.5 * math.cos(2 * math.pi * i / 160),
                    cy + 2.5 * math.sin(2 * math.pi * i / 160),
                )
                for i in range(161)
            ]
        )
    portals = []
    for k in range(1, 10):
        for j in range(10):
            vertical = ((10 * k, 10 * j + 4), (10 * k, 10 * j + 5))
            horizontal = ((10 * j + 4, 10 * k), (10 * j + 5, 10 * k))
            for (start, end), closed in ((vertical, (k + j) % 2 == 0), (horizontal, False)):
                # Half the east-west doors are closed: rows still join through the others.
                portals.append(
                    {
                        "position": _point((start[0] + end[0]) / 2, (start[1] + end[1]) / 2),
                        "bounds": [_point(*start), _point(*end)],
                        "rotation": 0,
                        "closed": closed,
                        "freestanding": False,
                    }
                )
    document = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": SIZE, "y": SIZE},
            "pixels_per_grid": PIXELS_PER_GRID,
        },
        "line_of_sight": lines,
        "objects_line_of_sight": pillars,
        "portals": portals,
        "environment": {"baked_lighting": True, "ambient_light": "ff404050"},
        "lights": [
            {"position": _point(5 + 10 * i, 5), "range": 6, "intensity": 1} for i in range(10)
        ],
        "image": base64.b64encode(_png(SIZE * PIXELS_PER_GRID, SIZE * PIXELS_PER_GRID)).decode(),
    }
    segments = sum(len(line) - 1 for line in lines + pillars)
    assert segments == 5000, segments
    return document


@pytest.fixture(scope="module")
def generated_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("uvtt") / "generated-100x100.uvtt"
    path.write_text(json.dumps(generated_document()))
    return path


def _baseline(path: Path) -> None:
    document = json.loads(path.read_bytes())
    base64.b64decode(document["image"])


def test_import_sample(benchmark):
    battle_map = benchmark(import_uvtt, SAMPLE)
    assert (battle_map.width, len(battle_map.doors)) == (20, 3)


def test_import_sample_baseline_json_and_base64(benchmark):
    benchmark(_baseline, SAMPLE)


def test_import_generated_100x100_5000_segments(benchmark, generated_file):
    battle_map = benchmark(import_uvtt, generated_file)
    assert (battle_map.width, battle_map.height) == (SIZE, SIZE)
    assert len(battle_map.doors) == 180
    # The straight room walls are simplified to one segment between doors (each of the 18 lines
    # in 11 pieces round its 10 doors); the pillars are objects, their circles simplified within
    # 0.05 tiles.
    assert len(battle_map.walls) == 18 * 11
    assert len(battle_map.objects) == 20


def test_import_generated_baseline_json_and_base64(benchmark, generated_file):
    benchmark(_baseline, generated_file)


@pytest.fixture(scope="module")
def generated_map(generated_file) -> BattleMap:
    battle_map = import_uvtt(generated_file)
    assert find_path(battle_map, START, GOAL) is not None  # builds the movement graph
    return battle_map


def test_path_on_generated_map(benchmark, generated_map):
    found = benchmark(find_path, generated_map, START, GOAL)
    assert found is not None
    path, cost = found
    assert path[0] == START and path[-1] == GOAL and cost >= 97


def test_path_baseline_empty_100x100_map(benchmark):
    empty = BattleMap(SIZE, SIZE)
    find_path(empty, START, GOAL)
    found = benchmark(find_path, empty, START, GOAL)
    assert found is not None


def test_first_path_after_import_includes_graph_build(benchmark, generated_file):
    def first_path() -> None:
        battle_map = import_uvtt(generated_file)
        assert find_path(battle_map, START, GOAL) is not None

    benchmark.pedantic(first_path, rounds=5, iterations=1)


# ---- sight and movement on a cave's walls: simplified (the import's) against the file's --------
CAVE = (
    Path(__file__).resolve().parents[3]
    / "shared"
    / "samples"
    / "uvtt-corpus"
    / "dd-0.3-mimir-test-dungeon.dd2vtt"
)


def _cave_board(simplified: bool) -> BattleMap:
    from drase_desktop.board import Wall

    board = BattleMap(35, 20)
    if simplified:
        board.walls = list(import_uvtt(CAVE).walls)
    else:
        raw = json.loads(CAVE.read_text())
        board.walls = [
            Wall((a["x"], a["y"]), (b["x"], b["y"]))
            for line in raw["line_of_sight"]
            for a, b in zip(line, line[1:], strict=False)
            if (a["x"], a["y"]) != (b["x"], b["y"])
        ]
    return board


def _sight_and_movement(board: BattleMap) -> None:
    """What a fresh map costs the fog and a first drag: every fourth tile's view, and the
    movement graph."""
    from drase_desktop.board.grid_graph import movement_graph
    from drase_desktop.encounter.fog import seen_tiles

    for eye in [(x, y) for x in range(0, 35, 4) for y in range(0, 20, 4)]:
        seen_tiles(board, eye)
    movement_graph(board)


@pytest.mark.skipif(not CAVE.is_file(), reason="the UVTT corpus is absent")
def test_sight_and_movement_on_simplified_cave_walls(benchmark):
    benchmark.pedantic(
        _sight_and_movement, setup=lambda: ((_cave_board(True),), {}), rounds=7, iterations=1
    )


@pytest.mark.skipif(not CAVE.is_file(), reason="the UVTT corpus is absent")
def test_sight_and_movement_baseline_on_the_files_cave_walls(benchmark):
    benchmark.pedantic(
        _sight_and_movement, setup=lambda: ((_cave_board(False),), {}), rounds=7, iterations=1
    )
