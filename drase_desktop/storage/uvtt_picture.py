"""The picture of a Universal VTT file: embedded as base64 (PNG, WebP or JPEG, told by its
bytes, not its name), or named by a path (read from beside the file when it is there); fitted to
the map's grid, and scaled down when it is larger than the app takes, the grid kept exact.

Scaling is pixel work the core does not do (it imports no Qt): the caller passes a
`PictureScaler` (the window's and the command line's come from Qt); without one a picture over
the limit is refused in words, as before.
"""

from __future__ import annotations

import base64
import binascii
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drase_desktop.board.image_probe import (
    MAX_SIDE_PX,
    ImageImportError,
    ImageInfo,
    probe_image,
    sniff_image,
)
from drase_desktop.board.limits import MAX_IMAGE_BYTES
from drase_desktop.file_reading import describe_value
from drase_desktop.storage.uvtt_error import UvttImportError

# scale(picture bytes, width px, height px) -> the picture at exactly that size, as PNG or JPEG.
PictureScaler = Callable[[bytes, int, int], bytes]


@dataclass(frozen=True)
class FittedPicture:
    data: bytes
    info: ImageInfo
    pixels_per_tile: float
    note: str | None = None


def _describe(value: Any) -> str:
    return describe_value(value)


def fitted_picture(
    data: bytes,
    size: tuple[float, float],
    declared: float,
    scale_picture: PictureScaler | None = None,
) -> FittedPicture:
    """The picture checked and fitted to a map of `size` tiles drawn at `declared` px per tile.

    A picture with a side over the app's limit is scaled (by `scale_picture`) to a whole number
    of pixels per tile that fits, so the grid stays exact: a 70 px grid does not drift to 69.x."""
    try:
        info = sniff_image(data)
        if max(info.width, info.height) <= MAX_SIDE_PX or scale_picture is None:
            probe_image(data)  # refuses a picture over the limit in words, naming it
            return FittedPicture(data, info, image_scale(info, size, declared))
    except ImageImportError as error:
        raise UvttImportError(f"The map image inside the file is unusable: {error}") from None
    per_tile = image_scale(info, size, declared)
    fitting = math.floor(MAX_SIDE_PX / max(size[0], size[1]))
    target = max(1, min(math.floor(per_tile), fitting))
    width, height = round(size[0] * target), round(size[1] * target)
    try:
        scaled = scale_picture(data, width, height)
        scaled_info = probe_image(scaled)
    except (ImageImportError, ValueError) as error:
        raise UvttImportError(f"The map image could not be scaled down: {error}") from None
    note = (
        f"The map picture was {info.width} x {info.height} px, larger than the {MAX_SIDE_PX} px"
        f" a side the app takes; it was scaled to {width} x {height} px ({target} px per tile),"
        " the grid kept exact."
    )
    return FittedPicture(scaled, scaled_info, float(target), note)


# An exported image may differ from map_size x pixels_per_grid by a rounding pixel per side.
_IMAGE_SIZE_SLACK_PX = 2
# An `image` field that names a picture instead of holding it ends with one of these.
_IMAGE_FILE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".avif")
# A path is a line of text; base64 of any real picture is far longer.
_MAX_IMAGE_PATH_CHARS = 4096


def image_scale(info: ImageInfo, size: tuple[float, float], declared: float) -> float:
    """Pixels per tile of the background: the image spans the map, as exporters draw it."""
    width, height = size
    if (
        abs(info.width - width * declared) <= _IMAGE_SIZE_SLACK_PX
        and abs(info.height - height * declared) <= _IMAGE_SIZE_SLACK_PX
    ):
        return declared
    # A scaled-down export: stretch the image over the map, if its shape matches the map's.
    scale = info.width / width
    if abs(info.height / scale - height) > 0.02 * height + 0.5 or scale > 4096:
        raise UvttImportError(
            f"The map image is {info.width} x {info.height} px, which does not fit the map's "
            f"{width:g} x {height:g} tiles at {declared:g} px per tile."
        )
    return scale


def named_picture(document: dict[str, Any]) -> str | None:
    """The file name an `image` field gives instead of the picture's bytes, or None.

    Base64 has no '.', so text ending in a picture's file suffix is a path, never an image.
    """
    value = document.get("image")
    if not isinstance(value, str) or len(value) > _MAX_IMAGE_PATH_CHARS:
        return None
    text = value.strip()
    if "\n" in text or not text.lower().endswith(_IMAGE_FILE_SUFFIXES):
        return None
    name = text.replace("\\", "/").rsplit("/", 1)[-1]
    return name or None


def picture_beside(folder: Path | None, document: dict[str, Any]) -> bytes | None:
    """The picture an `image` path names, when it lies in `folder` (as written, or by its name
    alone, since converters write paths of the machine they ran on); None when it is not there
    or is no picture this app reads."""
    if folder is None:
        return None
    text = str(document["image"]).strip().replace("\\", "/")
    name = text.rsplit("/", 1)[-1]
    for candidate in (folder / text, folder / name):
        try:
            if not candidate.is_file() or candidate.stat().st_size > MAX_IMAGE_BYTES:
                continue
            data = candidate.read_bytes()
            sniff_image(data)
            return data
        except (OSError, ValueError, ImageImportError):
            continue
    return None


def embedded_picture(document: dict[str, Any]) -> bytes | None:
    # A walls-only export has no image (or an empty one): the board then has no background.
    encoded = document.get("image")
    if encoded is None or encoded == "":
        return None
    if not isinstance(encoded, str):
        raise UvttImportError(f"'image' must be base64 text, not {_describe(encoded)}.")
    if encoded.startswith("data:"):
        encoded = encoded.partition(",")[2]
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        try:
            data = base64.b64decode("".join(encoded.split()), validate=True)
        except (binascii.Error, ValueError):
            raise UvttImportError("The map image is not valid base64 text.") from None
    return data
