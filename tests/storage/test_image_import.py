"""A battlemap image becomes a board: calibration gives the size in tiles and the offset."""

from __future__ import annotations

import pytest
from helpers.storage_samples import png_bytes, png_header_only

from drase_desktop.board import BattleMap
from drase_desktop.storage.image_import import (
    MAX_FILE_BYTES,
    ImageImportError,
    background_from_image,
    calibration_from_tile_box,
    import_battlemap_image,
    load_image,
    normalise_offset,
    refine_with_far_tile,
    tiles_covered,
)


def test_exact_grid_gives_exact_tiles():
    assert tiles_covered(1280, 960, 64) == (20, 15)
    assert tiles_covered(1400, 1050, 70, (0, 0)) == (20, 15)


def test_a_calibration_a_pixel_off_still_gives_the_painted_grid():
    # 1280 px at 63.5 px per tile is 20.16 tiles; at 64.5 it is 19.84: both are 20.
    assert tiles_covered(1280, 1280, 63.5) == (20, 20)
    assert tiles_covered(1280, 1280, 64.5) == (20, 20)


def test_offset_grid_keeps_tiles_at_least_half_on_the_image():
    # Grid lines at x = 20, 120, 220, ...: a 20 px sliver on the left is not a tile,
    # and a 1030 px wide image holds 10 whole tiles (20..1020) plus a 10 px sliver.
    assert tiles_covered(1030, 500, 100, (20, 0)) == (10, 5)
    # Lines at x = 70, 170, ...: the 70 px on the left is most of a tile, so it counts.
    assert normalise_offset(100, (70, 0)) == (-30, 0)
    assert tiles_covered(1070, 500, 100, (70, 0)) == (11, 5)


def test_offset_is_reduced_by_whole_tiles():
    assert normalise_offset(64, (64 * 3 + 10, -64 * 2 - 5)) == (10, -5)
    assert normalise_offset(64, (32, -32)) == (32, 32)


@pytest.mark.parametrize(
    ("ppt", "offset", "message"),
    [
        (0, (0, 0), "at least 1"),
        (-5, (0, 0), "at least 1"),
        (float("nan"), (0, 0), "must be a number"),
        ("64", (0, 0), "must be a number"),
        (64, (float("inf"), 0), "two numbers"),
        (64, (1, 2, 3), "two numbers"),
        (5000, (0, 0), "does not hold a single whole tile"),
        (1, (0, 0), "at most 500 tiles"),
    ],
)
def test_bad_calibrations_are_refused(ppt, offset, message):
    with pytest.raises(ImageImportError, match=message):
        tiles_covered(1280, 1280, ppt, offset)


def test_import_builds_a_board_of_the_calibrated_size(tmp_path):
    path = tmp_path / "crypt.png"
    path.write_bytes(png_bytes(700, 490))
    battle_map = import_battlemap_image(path, 70, (0, 0))
    assert isinstance(battle_map, BattleMap)
    assert (battle_map.width, battle_map.height) == (10, 7)
    assert battle_map.name == "crypt"
    background = battle_map.background
    assert background is not None
    assert background.media_type == "image/png"
    assert background.pixels_per_tile == 70.0
    assert background.offset == (0.0, 0.0)
    assert background.data == path.read_bytes()


def test_background_keeps_the_normalised_offset(tmp_path):
    path = tmp_path / "a.png"
    path.write_bytes(png_bytes(430, 300))
    image = load_image(path)
    background = background_from_image(image, 100, (230, 0))
    assert background.offset == (30.0, 0.0)


def test_non_image_file_is_refused_with_its_name(tmp_path):
    path = tmp_path / "notes.png"
    path.write_text("these are my session notes")
    with pytest.raises(ImageImportError, match="notes.png: This is not a PNG"):
        import_battlemap_image(path, 64)


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(ImageImportError, match="Cannot read gone.webp"):
        load_image(tmp_path / "gone.webp")


def test_too_large_image_is_refused(tmp_path):
    path = tmp_path / "huge.png"
    path.write_bytes(png_header_only(20000, 100))
    with pytest.raises(ImageImportError, match="16384"):
        import_battlemap_image(path, 64)


def test_too_large_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "sparse.png"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(ImageImportError, match="MB"):
        load_image(path)


def test_truncated_file_is_refused(tmp_path):
    path = tmp_path / "cut.png"
    path.write_bytes(png_bytes(300, 300)[:-20])
    with pytest.raises(ImageImportError, match="truncated"):
        import_battlemap_image(path, 30)


def test_generated_image_with_known_tile_size_calibrates_exactly(tmp_path):
    # A grid of 48 px tiles, 13 x 9 tiles, offset by 11 px on x and 5 px on y.
    width, height = 11 + 13 * 48, 5 + 9 * 48
    path = tmp_path / "grid.png"
    path.write_bytes(png_bytes(width, height))
    battle_map = import_battlemap_image(path, 48, (11, 5))
    assert (battle_map.width, battle_map.height) == (13, 9)
    assert battle_map.background.offset == (11.0, 5.0)


def test_calibration_from_a_dragged_box():
    ppt, offset = calibration_from_tile_box(11, 5, 48, 49)
    assert ppt == 48.5
    assert offset == (11, 5)
    # A box dragged over a tile further in gives the same grid.
    assert calibration_from_tile_box(11 + 3 * 48, 5 + 2 * 48, 48, 48) == (48, (11, 5))


@pytest.mark.parametrize("box", [(0, 0, 0, 40), (0, 0, 40, 100), (0, float("nan"), 40, 40)])
def test_bad_tile_boxes_are_refused(box):
    with pytest.raises(ImageImportError):
        calibration_from_tile_box(*box)


def test_far_tile_drift_check_finds_the_exact_size():
    # True grid: 48.25 px per tile from (11, 5). A one-tile box reads 48; the drift check over
    # 20 columns and 12 rows recovers 48.25.
    true_ppt = 48.25
    far = (11 + 20 * true_ppt, 5 + 12 * true_ppt)
    assert refine_with_far_tile((11, 5), far, (20, 12)) == pytest.approx(true_ppt)
    assert refine_with_far_tile((11, 5), (11 + 20 * true_ppt, 0), (20, 0)) == true_ppt
    with pytest.raises(ImageImportError):
        refine_with_far_tile((11, 5), (300, 300), (0, 0))
    with pytest.raises(ImageImportError):
        refine_with_far_tile((500, 500), (11, 5), (3, 3))
