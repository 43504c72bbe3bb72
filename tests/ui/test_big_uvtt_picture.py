"""A Universal VTT picture larger than the app takes is scaled down with the grid kept exact
(a whole number of pixels per tile, the picture spanning the map), and the GM is told."""

from __future__ import annotations

import base64
import json

import pytest
from helpers.storage_samples import png_bytes, uvtt_document

from drase_desktop.board.image_probe import MAX_SIDE_PX, probe_image
from drase_desktop.storage.uvtt import UvttImportError, read_uvtt
from drase_desktop.ui.files.documents import load_map_file
from drase_desktop.ui.files.picture_scaler import scale_picture


def big_file(tmp_path):
    # 165 x 2 tiles at 100 px: 16500 px wide, over the 16384 px limit.
    document = uvtt_document(image=base64.b64encode(png_bytes(16500, 200)).decode())
    document["resolution"]["map_size"] = {"x": 165, "y": 2}
    document["resolution"]["pixels_per_grid"] = 100
    document["line_of_sight"] = []
    document["portals"] = []
    path = tmp_path / "long-hall.dd2vtt"
    path.write_text(json.dumps(document))
    return path


def test_a_picture_over_the_limit_is_scaled_with_the_grid_exact(qapp, tmp_path):
    warnings: list[str] = []
    board = load_map_file(big_file(tmp_path), warnings)
    picture = board.background
    assert picture.pixels_per_tile == 99.0  # 16384 // 165: a whole number, no drift
    info = probe_image(picture.data)
    assert (info.width, info.height) == (165 * 99, 2 * 99) and info.width <= MAX_SIDE_PX
    assert any("16500 x 200 px" in note and "99 px per tile" in note for note in warnings)


def test_without_a_scaler_the_core_still_refuses_it_in_words(tmp_path):
    with pytest.raises(UvttImportError, match="largest side allowed is 16384 px"):
        read_uvtt(big_file(tmp_path))


def test_the_scaler_makes_exactly_the_size_asked(qapp):
    scaled = scale_picture(png_bytes(300, 200), 150, 99)
    info = probe_image(scaled)
    assert (info.width, info.height, info.media_type) == (150, 99, "image/png")
