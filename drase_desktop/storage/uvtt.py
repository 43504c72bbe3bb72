"""Import a Universal VTT file (.dd2vtt, .uvtt, .df2vtt; format 0.2, 0.3 and 1.0) as a board.

Format 1.0 (Arkenforge and newer exporters) holds the same fields as 0.3 and is read by the same
rules.

What comes across, in tile coordinates relative to `resolution.map_origin` (a cropped Dungeondraft
export keeps the whole map's coordinates and names the crop's corner there; importers that ignore
it put every wall off by the crop, see Megasploot/Dungeondraft#46):
- `resolution.map_size` is the board's size in tiles; the embedded image becomes the background
  at `pixels_per_grid` (or at the scale that stretches it over the board, as other VTTs draw it,
  when the exporter scaled the image).
- `line_of_sight` and `objects_line_of_sight` polylines become wall segments, clipped to the board.
- `portals` become doors on their `bounds`, keeping `closed`; any wall stretch under a door is cut
  away so the door alone decides whether that gap blocks.
- `lights`: a UVTT `range` (grid units) is the distance at which the light fades out, so the
  board light (bright to radius, dim to twice the radius) gets `radius = range / 2`.
- `image` as base64 (or a data URI). A converter may write a file path there instead; the picture
  then is not in the file: walls, doors and lights still come across, and the import reports
  that the picture was not embedded (the GM can add it with Import battlemap image).
- `environment.ambient_light` (hex "AARRGGBB" as Dungeondraft writes it, or "RRGGBB"): its
  brightness is the Rec. 709 luma of the colour, alpha ignored. Luma >= 0.6 is "bright",
  >= 0.2 "dim", below that "dark". No environment means "bright" (the image carries its light).

Walls are edges between tiles, never tiles: no terrain is marked blocked by the import.
Everything is read and checked before the board is built, so a bad file raises UvttImportError
naming the problem and leaves nothing behind.

The field checks are in uvtt_fields.py, the walls, portals and objects in uvtt_walls.py, the
lights and ambient light in uvtt_lights.py; their names are importable from here too.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drase_desktop.board.battle_map import (
    TILE_METRES,
    BackgroundImage,
    BattleMap,
    BoardError,
    Door,
    Light,
    Wall,
)
from drase_desktop.board.image_probe import ImageInfo
from drase_desktop.board.limits import (
    MAX_COORDINATE,
    MAX_LIGHTS,
    MAX_MAP_FILE_BYTES,
    check_map_limits,
)
from drase_desktop.board.map_features import MapObject, Window
from drase_desktop.file_reading import in_file, name_from_path, parse_json, read_regular_file
from drase_desktop.storage.uvtt_error import UvttImportError as UvttImportError
from drase_desktop.storage.uvtt_fields import (
    MAX_PORTALS,
    MAX_SEGMENTS,
    MAX_TILES_PER_SIDE,
    describe,
    list_field,
    number_field,
    place_field,
    point_field,
    require_field,
    tile_count,
)
from drase_desktop.storage.uvtt_geometry import (
    SIMPLIFY_TOLERANCE,
    Segment,
    clip_segment,
    cut_door_gaps,
)
from drase_desktop.storage.uvtt_lights import (
    BRIGHT_LUMA,
    DIM_LUMA,
    ambient_from_colour,
    baked_lighting,
    read_ambient,
    read_light,
)
from drase_desktop.storage.uvtt_picture import (
    PictureScaler,
    embedded_picture,
    fitted_picture,
    named_picture,
    picture_beside,
)
from drase_desktop.storage.uvtt_walls import (
    WINDOW_MARK,
    WINDOW_MAX_WIDTH,
    object_on_board,
    polyline_points,
    polylines,
    read_portal,
    simplified_line,
)

__all__ = [
    "BRIGHT_LUMA",
    "DIM_LUMA",
    "MAX_COORDINATE",
    "MAX_FILE_BYTES",
    "MAX_LIGHTS",
    "MAX_PORTALS",
    "MAX_SEGMENTS",
    "MAX_TILES_PER_SIDE",
    "NEWEST_FORMAT",
    "SUPPORTED_FORMATS",
    "UVTT_SUFFIXES",
    "WINDOW_MARK",
    "WINDOW_MAX_WIDTH",
    "UvttContent",
    "UvttImport",
    "UvttImportError",
    "ambient_from_colour",
    "build_map",
    "import_uvtt",
    "parse_uvtt",
    "read_uvtt",
    "uvtt_from_bytes",
    "uvtt_import_from_bytes",
]

SUPPORTED_FORMATS = (0.2, 0.3, 1.0)
NEWEST_FORMAT = max(SUPPORTED_FORMATS)
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
# The picture (as base64) beside the largest walls, doors and lights a map holds.
MAX_FILE_BYTES = MAX_MAP_FILE_BYTES


@dataclass
class UvttContent:
    """Everything the import takes from a file, checked, in board tile coordinates."""

    width: int
    height: int
    pixels_per_grid: float
    walls: list[Segment] = field(default_factory=list)
    doors: list[tuple[Segment, bool]] = field(default_factory=list)
    windows: list[Segment] = field(default_factory=list)
    objects: list[list[tuple[float, float]]] = field(default_factory=list)
    lighting_baked: bool = False
    lights: list[tuple[tuple[float, float], float]] = field(default_factory=list)
    ambient_light: str = "bright"
    image: bytes | None = None
    image_info: ImageInfo | None = None
    image_scale: float = 0.0  # the background's pixels per tile
    warnings: list[str] = field(default_factory=list)


@dataclass
class UvttImport:
    """A board read from a Universal VTT file, and what the GM should know about the import."""

    battle_map: BattleMap
    warnings: list[str] = field(default_factory=list)


def import_uvtt(path: str | os.PathLike[str]) -> BattleMap:
    """Read a Universal VTT file and return the board it describes."""
    return read_uvtt(path).battle_map


def read_uvtt(
    path: str | os.PathLike[str], scale_picture: PictureScaler | None = None
) -> UvttImport:
    """Read a Universal VTT file: the board it describes and the import's warnings.
    `scale_picture` scales a picture larger than the app takes (uvtt_picture.py); without it
    such a picture is refused."""
    source = Path(path)
    data = read_regular_file(source, MAX_FILE_BYTES, UvttImportError, "Universal VTT files")
    try:
        result = uvtt_import_from_bytes(data, source.parent, scale_picture)
    except UvttImportError as error:
        raise UvttImportError(in_file(source.name, str(error))) from None
    result.battle_map.name = name_from_path(source)
    result.warnings = [in_file(source.name, warning) for warning in result.warnings]
    return result


def uvtt_from_bytes(data: bytes) -> BattleMap:
    """The board described by the bytes of a Universal VTT file."""
    return uvtt_import_from_bytes(data).battle_map


def uvtt_import_from_bytes(
    data: bytes,
    picture_folder: Path | None = None,
    scale_picture: PictureScaler | None = None,
) -> UvttImport:
    """The board described by the bytes of a Universal VTT file, with the import's warnings.
    A file that names its picture instead of holding it finds it in `picture_folder`."""
    try:
        # NaN and the infinities are read as numbers: the checks below refuse them by field.
        document = parse_json(data, UvttImportError, parse_constant=float)
    except UvttImportError as error:
        raise UvttImportError(f"This is not a Universal VTT file: {error}") from None
    content = parse_uvtt(document, picture_folder, scale_picture)
    try:
        return UvttImport(build_map(content), list(content.warnings))
    except BoardError as error:  # a value the checks let through but the board refuses
        raise UvttImportError(f"The map cannot be built: {error}") from None


def build_map(content: UvttContent) -> BattleMap:
    battle_map = BattleMap(content.width, content.height)
    battle_map.ambient_light = content.ambient_light
    battle_map.walls = [Wall(start, end) for start, end in content.walls]
    battle_map.doors = [Door(start, end, closed=closed) for (start, end), closed in content.doors]
    battle_map.lights = [Light(position, radius) for position, radius in content.lights]
    battle_map.windows = [Window(start, end) for start, end in content.windows]
    battle_map.objects = [MapObject(tuple(points)) for points in content.objects]
    battle_map.lighting_baked = content.lighting_baked
    if content.image is not None and content.image_info is not None:
        battle_map.background = BackgroundImage(
            data=content.image,
            media_type=content.image_info.media_type,
            pixels_per_tile=content.image_scale,
            offset=(0.0, 0.0),
        )
    # Door gaps cut walls in two, so the segment count can grow past the file's; and what
    # imports must also save and reopen.
    check_map_limits(battle_map)
    return battle_map


# --- reading and checking -------------------------------------------------------------------


def parse_uvtt(
    document: Any,
    picture_folder: Path | None = None,
    scale_picture: PictureScaler | None = None,
) -> UvttContent:
    """Check a decoded Universal VTT document and convert it; raise UvttImportError on any flaw."""
    if not isinstance(document, dict):
        raise UvttImportError("This is not a Universal VTT file (the top level is not an object).")
    format_note = _check_format(document)
    resolution = require_field(document, "resolution", dict, "resolution")
    origin = place_field(
        require_field(resolution, "map_origin", dict, "resolution"), "resolution.map_origin"
    )
    size = point_field(
        require_field(resolution, "map_size", dict, "resolution"), "resolution.map_size"
    )
    width = tile_count(size[0], "resolution.map_size.x")
    height = tile_count(size[1], "resolution.map_size.y")
    pixels_per_grid = number_field(
        require_field(resolution, "pixels_per_grid", (int, float), "resolution"),
        "resolution.pixels_per_grid",
    )
    if pixels_per_grid < 1 or pixels_per_grid > 4096:
        raise UvttImportError(
            f"resolution.pixels_per_grid is {pixels_per_grid:g}; it must be between 1 and 4096."
        )
    content = UvttContent(width=width, height=height, pixels_per_grid=pixels_per_grid)
    if format_note is not None:
        content.warnings.append(format_note)

    wall_lines = polylines(document, "line_of_sight", required=True)
    object_lines = polylines(document, "objects_line_of_sight", required=False)
    segment_count = sum(max(len(line) - 1, 0) for _, line in (*wall_lines, *object_lines))
    if segment_count > MAX_SEGMENTS:
        raise UvttImportError(
            f"The file has {segment_count} wall segments; at most {MAX_SEGMENTS} are supported."
        )
    doors: list[tuple[Segment, bool]] = []
    windows: list[Segment] = []
    for index, portal in enumerate(list_field(document, "portals", MAX_PORTALS)):
        for segment, closed, window in read_portal(
            portal, f"portals[{index}]", origin, width, height
        ):
            if window:
                windows.append(segment)
            else:
                doors.append((segment, closed))
    portals = [segment for segment, _ in doors] + windows

    walls: list[Segment] = []
    simplified = [0, 0]  # segments before and after
    for key, line in wall_lines:
        points = simplified_line(polyline_points(line, key, origin), portals, simplified)
        for start, end in zip(points, points[1:], strict=False):
            if start != end and (clipped := clip_segment((start, end), width, height)):
                if clipped[0] != clipped[1]:
                    walls.append(clipped)
    for key, line in object_lines:
        points = simplified_line(polyline_points(line, key, origin), [], simplified)
        if object_on_board(points, width, height):
            content.objects.append(points)
    if simplified[1] < simplified[0]:
        content.warnings.append(
            f"Curved walls and object outlines of {simplified[0]} short segments were"
            f" simplified to {simplified[1]} for sight and movement; every line stays within"
            f" {SIMPLIFY_TOLERANCE:g} tiles ({SIMPLIFY_TOLERANCE * TILE_METRES * 100:.0f} cm)"
            " of the file's."
        )

    content.walls = cut_door_gaps(walls, portals)
    content.doors = doors
    content.windows = windows
    content.lights = [
        light
        for index, item in enumerate(list_field(document, "lights", MAX_LIGHTS))
        if (light := read_light(item, f"lights[{index}]", origin)) is not None
    ]
    content.ambient_light = read_ambient(document)
    # Baked lighting matters only where the app would darken the picture: not in bright light.
    content.lighting_baked = baked_lighting(document) and content.ambient_light != "bright"
    if content.lighting_baked:
        content.warnings.append(
            "Its light and darkness are painted into the picture (baked lighting): the app does"
            " not darken or light the picture over them again; its lights still count for the"
            " rules."
        )
    named = named_picture(document)
    data = picture_beside(picture_folder, document) if named is not None else None
    if data is not None:
        content.warnings.append(f"The map picture was read from {named!r}, beside the file.")
    elif named is not None:
        content.warnings.append(
            f"The map picture is not embedded in this file (it names {named!r} instead of"
            " holding it); its walls, doors and lights were imported. Add the picture with"
            " File > Import battlemap image."
        )
    else:
        data = embedded_picture(document)
    if data is not None:
        picture = fitted_picture(data, size, pixels_per_grid, scale_picture)
        content.image, content.image_info = picture.data, picture.info
        content.image_scale = picture.pixels_per_tile
        if picture.note is not None:
            content.warnings.append(picture.note)
    return content


def _check_format(document: dict[str, Any]) -> str | None:
    """Check the `format` field (a number, or a number written as text: "1.0"); a version this
    import does not know is read as the nearest it knows. Returns the note for the GM, if any."""
    if "format" not in document:
        raise UvttImportError("This is not a Universal VTT file: the 'format' field is missing.")
    version = document["format"]
    if isinstance(version, str):
        try:
            version = float(version.strip())
        except ValueError:
            raise UvttImportError(
                f"The 'format' field must be a version number, not {describe(version)}."
            ) from None
    if isinstance(version, bool) or not isinstance(version, int | float):
        raise UvttImportError(f"The 'format' field must be a number, not {describe(version)}.")
    if not math.isfinite(version) or version <= 0:
        raise UvttImportError(f"The 'format' field is {version!r}, which is not a version.")
    if any(abs(version - known) < 1e-9 for known in SUPPORTED_FORMATS):
        return None
    # Read as the newest known format not above it (the oldest, for a file older than all).
    below = [known for known in SUPPORTED_FORMATS if known < version]
    nearest = max(below) if below else min(SUPPORTED_FORMATS)
    return (
        f"It is Universal VTT format {version:g}, which this version does not know (it reads"
        f" 0.2, 0.3 and 1.0); it was read as format {nearest:g}. Check its walls and doors."
    )
