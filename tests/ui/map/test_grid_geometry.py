"""Tile <-> scene arithmetic lives in GridGeometry alone: its conversions, and a scan of the window
code that fails when a file reads the tile size to do the sums itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QLineF, QPointF, QRectF

from drase_desktop.ui.map.grid_geometry import GridGeometry

UI = Path(__file__).parents[3] / "drase_desktop" / "ui"
# The one file that may multiply and divide by the tile size.
ALLOWED = {UI / "map" / "grid_geometry.py"}
# `tile_size` as a word: the attribute, a local or a parameter holding it (not
# `screen_tile_size`, which asks the geometry for one tile's length).
TILE_SIZE = re.compile(r"\btile_size\b")


def tile_size_readers(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if path in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TILE_SIZE.search(line.split("#", 1)[0]):
                found.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    return found


def test_no_window_file_does_tile_arithmetic_by_hand() -> None:
    readers = tile_size_readers(UI)
    assert not readers, "use GridGeometry (length, span_rect, tile_rect...):\n" + "\n".join(readers)


def test_the_scan_catches_a_hand_written_sum(tmp_path: Path) -> None:
    room = tmp_path / "ui" / "map"
    room.mkdir(parents=True)
    (room / "new_layer.py").write_text(
        "def corner(geometry, x):\n    return x * geometry.tile_size\n", encoding="utf-8"
    )
    (room / "fine_layer.py").write_text(
        "def corner(geometry, x):\n    return geometry.length(x)  # not tile_size\n",
        encoding="utf-8",
    )
    assert tile_size_readers(tmp_path / "ui") == [
        "ui/map/new_layer.py:2: return x * geometry.tile_size"
    ]


@pytest.fixture
def geometry() -> GridGeometry:
    return GridGeometry(10, 6, tile_size=64.0)


def test_lengths_and_indices(geometry) -> None:
    assert geometry.length(3) == 192.0
    assert geometry.length(0.5) == 32.0
    assert geometry.tiles(96.0) == 1.5
    assert geometry.tile_index(63.9) == 0
    assert geometry.tile_index(64.0) == 1
    assert geometry.tile_index(-0.1) == -1


def test_rects_and_edges(geometry) -> None:
    assert geometry.span_rect(1, 2, 4, 3) == QRectF(64, 128, 192, 64)
    assert geometry.tile_rect((2, 1), 2) == QRectF(128, 64, 128, 128)
    assert geometry.inset_tile_rect((1, 1), 0.25) == QRectF(80, 80, 32, 32)
    assert geometry.edge_line((1, 2), "right") == QLineF(128, 128, 128, 192)
    assert geometry.edge_line((1, 2), "bottom") == QLineF(64, 192, 128, 192)
    assert geometry.edge_line((1, 2), "left") == QLineF(64, 128, 64, 192)
    assert geometry.edge_line((1, 2), "top") == QLineF(64, 128, 128, 128)
    with pytest.raises(ValueError, match="left, right, top and bottom"):
        geometry.edge_line((1, 2), "middle")


def test_points_both_ways(geometry) -> None:
    assert geometry.tile_centre((1, 1)) == QPointF(96, 96)
    assert geometry.tile_centre((1, 1), 2) == QPointF(128, 128)
    assert geometry.corner_to_scene((1.5, 0.25)) == QPointF(96, 16)
    assert geometry.scene_to_corner(QPointF(96, 16)) == (1.5, 0.25)
    assert geometry.scene_to_tile(QPointF(127.9, 0)) == (1, 0)
    # A token's top-left corner snaps to the nearest tile corner.
    assert geometry.nearest_corner(QPointF(95, 97)) == (1, 2)
    assert geometry.nearest_corner(QPointF(-20, 10)) == (0, 0)
