"""The records a map holds beside its tiles: walls, doors and lights (frozen, checked when
made), and the background picture with its grid calibration. Windows and objects are in
map_features.py."""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass
from functools import cached_property

from drase_desktop.board.board_error import BoardError
from drase_desktop.board.map_features import SegmentFeature, finite_point

Point = tuple[float, float]


@dataclass(frozen=True)
class Wall(SegmentFeature):
    """A wall segment in tile-corner coordinates: tile (x, y) spans [x, x+1] x [y, y+1]."""

    _ends = ("wall start", "wall end")


@dataclass(frozen=True)
class Door(SegmentFeature):
    """A door segment; it blocks movement and sight like a wall while closed. A `locked` door
    is opened only by the GM: a creature or a player's touch cannot open it."""

    closed: bool = True
    locked: bool = False

    _ends = ("door start", "door end")

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.closed, bool):
            raise BoardError(f"door closed must be true or false, not {self.closed!r}")
        if not isinstance(self.locked, bool):
            raise BoardError(f"door locked must be true or false, not {self.locked!r}")


@dataclass(frozen=True)
class Light:
    """A light source: bright light to `radius` tiles, dim light to twice that (ruling 23)."""

    position: Point
    radius: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", finite_point(self.position, "light position"))
        if isinstance(self.radius, bool) or not isinstance(self.radius, int | float):
            raise BoardError(f"light radius must be a number of tiles, not {self.radius!r}")
        if not (math.isfinite(self.radius) and 0 <= self.radius <= 1000):
            raise BoardError(f"light radius must be between 0 and 1000 tiles, not {self.radius}")
        object.__setattr__(self, "radius", float(self.radius))


@dataclass(frozen=True)
class BackgroundImage:
    """The map picture and its grid calibration: `offset` is where tile (0, 0)'s corner sits."""

    data: bytes
    media_type: str
    pixels_per_tile: float
    offset: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if not isinstance(self.data, bytes | bytearray):
            raise BoardError("background image data must be bytes")
        object.__setattr__(self, "data", bytes(self.data))
        if not isinstance(self.media_type, str) or not self.media_type.startswith("image/"):
            raise BoardError(f"background media type must be image/..., not {self.media_type!r}")
        ppt = self.pixels_per_tile
        if isinstance(ppt, bool) or not isinstance(ppt, int | float):
            raise BoardError(f"pixels per tile must be a number, not {ppt!r}")
        if not (math.isfinite(ppt) and 0 < ppt <= 10000):
            raise BoardError(f"pixels per tile must be above 0 and at most 10000, not {ppt}")
        object.__setattr__(self, "pixels_per_tile", float(ppt))
        object.__setattr__(self, "offset", finite_point(self.offset, "background offset"))

    @cached_property
    def data_base64(self) -> str:
        """The picture as base64 text, encoded once: autosave writes the map after every change,
        and encoding a large picture each time would stall the window."""
        return base64.b64encode(self.data).decode("ascii")
