"""A battlemap image (PNG, JPEG, WebP) as a board: the background plus a size in tiles.

The grid calibration is `pixels_per_tile` and `offset`, the image pixel where the top-left corner
of tile (0, 0) lies. The map covers every tile of which at least half lies on the image, so a
calibration a pixel or two off still gives the board the painter drew. Decoding the pixels for
display is the window's job (Qt); this module only reads and checks the file.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from drase_desktop.board.battle_map import BackgroundImage, BattleMap
from drase_desktop.board.image_probe import MAX_SIDE_PX, ImageImportError, ImageInfo, probe_image
from drase_desktop.board.limits import MAX_IMAGE_BYTES
from drase_desktop.file_reading import in_file, name_from_path, read_regular_file

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_SIDE_PX",
    "MAX_TILES_PER_SIDE",
    "ImageImportError",
    "ImageInfo",
    "LoadedImage",
    "background_from_image",
    "calibration_from_tile_box",
    "import_battlemap_image",
    "load_image",
    "normalise_offset",
    "probe_image",
    "refine_with_far_tile",
    "tiles_covered",
]

# A picture the map file can hold (board.limits): what imports also saves and reopens.
MAX_FILE_BYTES = MAX_IMAGE_BYTES
MAX_TILES_PER_SIDE = 500


@dataclass(frozen=True)
class LoadedImage:
    data: bytes
    info: ImageInfo


def load_image(path: str | os.PathLike[str]) -> LoadedImage:
    """Read an image file and check it; raise ImageImportError naming the problem."""
    source = Path(path)
    data = read_regular_file(source, MAX_FILE_BYTES, ImageImportError, "images")
    try:
        return LoadedImage(data, probe_image(data))
    except ImageImportError as error:
        raise ImageImportError(in_file(source.name, str(error))) from None


def _check_calibration(pixels_per_tile: float, offset: tuple[float, float]) -> None:
    if not (isinstance(pixels_per_tile, int | float) and math.isfinite(pixels_per_tile)):
        raise ImageImportError(f"Pixels per tile must be a number, not {pixels_per_tile!r}.")
    if pixels_per_tile < 1:
        raise ImageImportError(f"Pixels per tile must be at least 1, not {pixels_per_tile}.")
    if len(offset) != 2 or not all(
        isinstance(value, int | float) and math.isfinite(value) for value in offset
    ):
        raise ImageImportError(f"The grid offset must be two numbers (x, y), not {offset!r}.")


def normalise_offset(pixels_per_tile: float, offset: tuple[float, float]) -> tuple[float, float]:
    """Move the offset by whole tiles so tile (0, 0) is the first one at least half on the image.

    The result lies in (-pixels_per_tile / 2, pixels_per_tile / 2] on each axis.
    """
    _check_calibration(pixels_per_tile, offset)

    def one(value: float) -> float:
        shifted = math.fmod(value, pixels_per_tile)
        if shifted > pixels_per_tile / 2:
            shifted -= pixels_per_tile
        elif shifted <= -pixels_per_tile / 2:
            shifted += pixels_per_tile
        return shifted

    return (one(float(offset[0])), one(float(offset[1])))


def calibration_from_tile_box(
    left: float, top: float, width: float, height: float
) -> tuple[float, tuple[float, float]]:
    """(pixels per tile, offset) from a box the GM dragged over one tile of the image.

    The box is rarely square to the pixel; its mean side is the tile size.
    """
    values = (left, top, width, height)
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
        raise ImageImportError(f"The tile box must be four numbers, not {values!r}.")
    if width < 1 or height < 1:
        raise ImageImportError("The tile box is empty; drag it over one whole tile.")
    if max(width, height) > 1.5 * min(width, height):
        raise ImageImportError(
            f"The tile box is {width:g} x {height:g} px; a tile is square, drag it again."
        )
    pixels_per_tile = (width + height) / 2
    return pixels_per_tile, normalise_offset(pixels_per_tile, (left, top))


def refine_with_far_tile(
    offset: tuple[float, float], far_corner: tuple[float, float], tiles_apart: tuple[int, int]
) -> float:
    """Pixels per tile measured over many tiles (the drift check), far more exact than one box.

    `far_corner` is the top-left pixel of a tile `tiles_apart` = (columns, rows) away from the
    tile whose corner is `offset`; the axis with more tiles between them weighs more.
    """
    columns, rows = tiles_apart
    if columns < 0 or rows < 0 or columns + rows == 0:
        raise ImageImportError("Pick a far tile to the right of or below the first one.")
    measured = []
    for origin, far, count in (
        (offset[0], far_corner[0], columns),
        (offset[1], far_corner[1], rows),
    ):
        if count:
            measured.append(((far - origin) / count, count))
    total = sum(count for _, count in measured)
    pixels_per_tile = sum(size * count for size, count in measured) / total
    if not math.isfinite(pixels_per_tile) or pixels_per_tile < 1:
        raise ImageImportError("The far tile lies before the first one; pick it again.")
    return pixels_per_tile


def tiles_covered(
    width_px: int, height_px: int, pixels_per_tile: float, offset: tuple[float, float] = (0, 0)
) -> tuple[int, int]:
    """The board's size in tiles for an image of this size under this calibration."""
    ox, oy = normalise_offset(pixels_per_tile, offset)
    columns = math.floor((width_px - ox) / pixels_per_tile + 0.5)
    rows = math.floor((height_px - oy) / pixels_per_tile + 0.5)
    if columns < 1 or rows < 1:
        raise ImageImportError(
            f"At {pixels_per_tile:g} px per tile the {width_px} x {height_px} px image does not "
            "hold a single whole tile; the tile size is too large."
        )
    if columns > MAX_TILES_PER_SIDE or rows > MAX_TILES_PER_SIDE:
        raise ImageImportError(
            f"At {pixels_per_tile:g} px per tile the image would be {columns} x {rows} tiles; "
            f"a map holds at most {MAX_TILES_PER_SIDE} tiles a side. The tile size is too small."
        )
    return columns, rows


def background_from_image(
    image: LoadedImage, pixels_per_tile: float, offset: tuple[float, float] = (0, 0)
) -> BackgroundImage:
    """The map background for an image calibrated at `pixels_per_tile` from `offset`."""
    tiles_covered(image.info.width, image.info.height, pixels_per_tile, offset)
    return BackgroundImage(
        data=image.data,
        media_type=image.info.media_type,
        pixels_per_tile=float(pixels_per_tile),
        offset=normalise_offset(pixels_per_tile, offset),
    )


def import_battlemap_image(
    path: str | os.PathLike[str],
    pixels_per_tile: float,
    offset: tuple[float, float] = (0, 0),
) -> BattleMap:
    """A new board sized to the image under this calibration, with the image as background."""
    image = load_image(path)
    columns, rows = tiles_covered(image.info.width, image.info.height, pixels_per_tile, offset)
    battle_map = BattleMap(columns, rows)
    battle_map.background = background_from_image(image, pixels_per_tile, offset)
    battle_map.name = name_from_path(path)
    return battle_map
