"""Token art as it arrives from outside: a dropped file, a library file, a `.drase` file.

Beyond the encounter's own check (PNG, JPEG or WebP by its bytes, within the size limit), a
picture from outside is walked whole (`image_probe`: a truncated download or a flipped byte is
refused here, not mid-draw) and held to `MAX_PORTRAIT_SIDE` pixels a side.
"""

from __future__ import annotations

from drase_desktop.board.image_probe import ImageImportError, ImageInfo, probe_image
from drase_desktop.encounter.portraits import PortraitError
from drase_desktop.encounter.portraits import check_portrait as check_portrait_bytes

# A portrait is drawn in a token a few hundred pixels wide at most; a larger picture only
# costs memory when the window decodes it.
MAX_PORTRAIT_SIDE = 4096

__all__ = ["MAX_PORTRAIT_SIDE", "PortraitError", "check_portrait"]


def check_portrait(data: bytes, what: str = "The picture") -> ImageInfo:
    """The picture's format and size; PortraitError when it is not a whole PNG, JPEG or WebP
    within the limits."""
    check_portrait_bytes(data, what)
    try:
        info = probe_image(bytes(data))
    except ImageImportError as error:
        raise PortraitError(f"{what}: {error}") from None
    if max(info.width, info.height) > MAX_PORTRAIT_SIDE:
        raise PortraitError(
            f"{what} is {info.width} x {info.height} pixels; token art is limited to"
            f" {MAX_PORTRAIT_SIDE} px a side. Save a smaller copy first."
        )
    return info
