"""Token art as it arrives from outside: a dropped file, a library file, a `.drase` file.

The encounter's own check (`encounter.portraits.portrait_info`) is the one every picture meets:
PNG, JPEG or WebP by its bytes, walked whole, within the byte and side limits. Here it is named
for the readers of files, which want the picture's size as well.
"""

from __future__ import annotations

from drase_desktop.encounter.portraits import MAX_PORTRAIT_SIDE, PortraitError
from drase_desktop.encounter.portraits import portrait_info as check_portrait

__all__ = ["MAX_PORTRAIT_SIDE", "PortraitError", "check_portrait"]
