"""The Universal VTT import takes what real exporters write: windows among the portals, open
doors, baked lighting, curved walls of many segments (simplified, with sight kept within the
tolerance), a picture beside the file, keys it does not know."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from helpers.storage_samples import png_bytes, uvtt_document

from drase_desktop.board import BattleMap, Door, Wall, line_of_sight
from drase_desktop.board.light_tints import TINT_DARK, light_tint_codes
from drase_desktop.board.map_features import Window
from drase_desktop.storage.uvtt import read_uvtt
from drase_desktop.storage.uvtt_geometry import SIMPLIFY_TOLERANCE

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples"
CAVE = SAMPLES / "uvtt-corpus" / "dd-0.3-mimir-test-dungeon.dd2vtt"


def portal(start, end, *, closed=True, **more):
    (x0, y0), (x1, y1) = start, end
    return {
        "position": {"x": (x0 + x1) / 2, "y": (y0 + y1) / 2},
        "bounds": [{"x": x0, "y": y0}, {"x": x1, "y": y1}],
        "rotation": 0,
        "closed": closed,
        "freestanding": False,
        **more,
    }


def test_a_narrow_portal_is_a_window_and_an_open_one_an_open_door(write_uvtt):
    document = uvtt_document(
        line_of_sight=[[{"x": 0, "y": 4}, {"x": 10, "y": 4}]],
        portals=[
            portal((1.11, 4), (1.89, 4)),  # 0.78 tiles: Dungeondraft's window
            portal((4, 4), (5, 4), closed=False),  # an open door
            portal((7, 4), (8, 4)),  # a closed door
        ],
    )
    board = read_uvtt(write_uvtt(document)).battle_map
    assert board.windows == [Window((1.11, 4), (1.89, 4))]
    assert board.doors == [Door((4, 4), (5, 4), closed=False), Door((7, 4), (8, 4))]
    # The wall under each portal is cut away: the window lets the eye through, not the feet.
    assert line_of_sight(board, (1, 3), (1, 5))
    assert line_of_sight(board, (4, 3), (4, 5))
    assert not line_of_sight(board, (7, 3), (7, 5))
    assert Wall((0, 4), (10, 4)) not in board.walls


def test_a_window_marked_by_drase_stays_a_window_whatever_its_width(write_uvtt):
    document = uvtt_document(portals=[portal((4, 4), (5, 4), drase_window=True)])
    board = read_uvtt(write_uvtt(document)).battle_map
    assert board.windows == [Window((4, 4), (5, 4))] and board.doors == []


def test_baked_lighting_in_the_dark_is_not_darkened_again_and_the_gm_is_told(write_uvtt):
    document = uvtt_document(environment={"baked_lighting": True, "ambient_light": "ff101010"})
    result = read_uvtt(write_uvtt(document))
    board = result.battle_map
    assert board.ambient_light == "dark" and board.lighting_baked
    assert len(board.lights) == 1  # the rules still count them
    assert any("baked lighting" in note for note in result.warnings)
    assert TINT_DARK not in light_tint_codes(board)
    board.lighting_baked = False
    assert TINT_DARK in light_tint_codes(board)


def test_baked_lighting_in_bright_light_changes_nothing(write_uvtt):
    result = read_uvtt(write_uvtt(uvtt_document()))  # baked, ambient white
    assert not result.battle_map.lighting_baked and result.warnings == []


def test_unknown_keys_are_tolerated_everywhere(write_uvtt):
    document = uvtt_document(software="Exporter 9", extra={"a": [1, 2]})
    document["resolution"]["grid_kind"] = "square"
    document["portals"][0]["locked"] = True
    document["lights"][0]["falloff"] = 0.3
    board = read_uvtt(write_uvtt(document)).battle_map
    assert len(board.walls) == 2 and len(board.doors) == 1 and len(board.lights) == 1


def test_a_picture_named_by_path_is_read_when_it_lies_beside_the_file(tmp_path):
    (tmp_path / "Cellar.png").write_bytes(png_bytes(320, 256))
    path = tmp_path / "cellar.uvtt"
    path.write_text(json.dumps(uvtt_document(format=1.0, image="C:\\Maps\\Cellar.png")))
    result = read_uvtt(path)
    assert result.battle_map.background is not None
    assert result.battle_map.background.media_type == "image/png"
    assert result.warnings == [
        "cellar.uvtt: The map picture was read from 'Cellar.png', beside the file."
    ]


# ---- curved walls: simplified, and sight on them as on the file's walls -----------------------


def _original_walls(path: Path) -> list[Wall]:
    raw = json.loads(path.read_text())
    ox, oy = raw["resolution"]["map_origin"]["x"], raw["resolution"]["map_origin"]["y"]
    walls = []
    for line in raw["line_of_sight"]:
        for a, b in zip(line, line[1:], strict=False):
            if (a["x"], a["y"]) != (b["x"], b["y"]):
                walls.append(Wall((a["x"] - ox, a["y"] - oy), (b["x"] - ox, b["y"] - oy)))
    return walls


def _point_to_segment(point, start, end) -> float:
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _crossing(p, q, a, b) -> bool:
    def side(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    return side(p, q, a) * side(p, q, b) <= 0 and side(a, b, p) * side(a, b, q) <= 0


def _gap(p, q, walls) -> float:
    """The least distance between the segment p-q and any of `walls`."""
    best = math.inf
    for wall in walls:
        a, b = wall.start, wall.end
        if _crossing(p, q, a, b):
            return 0.0
        best = min(
            best,
            _point_to_segment(a, p, q),
            _point_to_segment(b, p, q),
            _point_to_segment(p, a, b),
            _point_to_segment(q, a, b),
        )
    return best


@pytest.mark.skipif(not CAVE.is_file(), reason=f"the UVTT corpus file {CAVE} is absent")
def test_sight_on_simplified_cave_walls_matches_the_files_walls_within_the_tolerance():
    simplified = read_uvtt(CAVE).battle_map
    original_walls = _original_walls(CAVE)
    assert len(simplified.walls) < 0.7 * len(original_walls)
    original = BattleMap(simplified.width, simplified.height)
    original.walls = original_walls
    width, height = simplified.width, simplified.height
    eyes = [(x, y) for x in range(0, width, 3) for y in range(0, height, 3)]
    targets = [(x, y) for x in range(width) for y in range(height)]
    differing = asked = 0
    for eye in eyes:
        for target in targets:
            asked += 1
            seen = line_of_sight(simplified, eye, target)
            if seen == line_of_sight(original, eye, target):
                continue
            differing += 1
            # A line the two disagree on grazes both sets of walls: it passes within the
            # tolerance of the walls that did not stop it.
            p = (eye[0] + 0.5, eye[1] + 0.5)
            q = (target[0] + 0.5, target[1] + 0.5)
            other = simplified.walls if seen else original_walls
            assert _gap(p, q, other) <= SIMPLIFY_TOLERANCE + 1e-9, (eye, target)
    assert differing <= 0.01 * asked
