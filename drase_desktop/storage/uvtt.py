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
    MAX_DOORS,
    MAX_LIGHTS,
    MAX_MAP_FILE_BYTES,
    MAX_WALLS,
    check_map_limits,
)
from drase_desktop.board.map_features import MapObject, Window
from drase_desktop.file_reading import (
    describe_value,
    in_file,
    name_from_path,
    parse_json,
    read_regular_file,
)
from drase_desktop.storage.uvtt_error import UvttImportError as UvttImportError
from drase_desktop.storage.uvtt_geometry import (
    SIMPLIFY_TOLERANCE,
    Segment,
    clip_segment,
    cut_door_gaps,
    near_any,
    simplify_polyline,
)
from drase_desktop.storage.uvtt_picture import (
    PictureScaler,
    embedded_picture,
    fitted_picture,
    named_picture,
    picture_beside,
)

SUPPORTED_FORMATS = (0.2, 0.3, 1.0)
NEWEST_FORMAT = max(SUPPORTED_FORMATS)
# Dungeondraft's windows are portals about 0.78 tiles wide, its doors a tile or more (MapTool
# #3110): a portal narrower than this is a window. Drase's own export marks its windows.
WINDOW_MAX_WIDTH = 0.9
WINDOW_MARK = "drase_window"
# Wall points this close to a portal stay when walls are simplified, so its gap stays exact.
_PINNED_NEAR_PORTAL = 2 * SIMPLIFY_TOLERANCE
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
MAX_TILES_PER_SIDE = 500
# The map file's own limits (board.limits), so whatever imports also saves and reopens.
MAX_SEGMENTS = MAX_WALLS
MAX_PORTALS = MAX_DOORS
# The picture (as base64) beside the largest walls, doors and lights a map holds.
MAX_FILE_BYTES = MAX_MAP_FILE_BYTES
BRIGHT_LUMA = 0.6
DIM_LUMA = 0.2


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
    resolution = _require(document, "resolution", dict, "resolution")
    origin = _place(_require(resolution, "map_origin", dict, "resolution"), "resolution.map_origin")
    size = _point(_require(resolution, "map_size", dict, "resolution"), "resolution.map_size")
    width = _tiles(size[0], "resolution.map_size.x")
    height = _tiles(size[1], "resolution.map_size.y")
    pixels_per_grid = _number(
        _require(resolution, "pixels_per_grid", (int, float), "resolution"),
        "resolution.pixels_per_grid",
    )
    if pixels_per_grid < 1 or pixels_per_grid > 4096:
        raise UvttImportError(
            f"resolution.pixels_per_grid is {pixels_per_grid:g}; it must be between 1 and 4096."
        )
    content = UvttContent(width=width, height=height, pixels_per_grid=pixels_per_grid)
    if format_note is not None:
        content.warnings.append(format_note)

    wall_lines = _polylines(document, "line_of_sight", required=True)
    object_lines = _polylines(document, "objects_line_of_sight", required=False)
    segment_count = sum(max(len(line) - 1, 0) for _, line in (*wall_lines, *object_lines))
    if segment_count > MAX_SEGMENTS:
        raise UvttImportError(
            f"The file has {segment_count} wall segments; at most {MAX_SEGMENTS} are supported."
        )
    doors: list[tuple[Segment, bool]] = []
    windows: list[Segment] = []
    for index, portal in enumerate(_list(document, "portals", MAX_PORTALS)):
        for segment, closed, window in _portal(portal, f"portals[{index}]", origin, width, height):
            if window:
                windows.append(segment)
            else:
                doors.append((segment, closed))
    portals = [segment for segment, _ in doors] + windows

    walls: list[Segment] = []
    simplified = [0, 0]  # segments before and after
    for key, line in wall_lines:
        points = _simplified(_polyline_points(line, key, origin), portals, simplified)
        for start, end in zip(points, points[1:], strict=False):
            if start != end and (clipped := clip_segment((start, end), width, height)):
                if clipped[0] != clipped[1]:
                    walls.append(clipped)
    for key, line in object_lines:
        points = _simplified(_polyline_points(line, key, origin), [], simplified)
        if _object_on_board(points, width, height):
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
        for index, item in enumerate(_list(document, "lights", MAX_LIGHTS))
        if (light := _light(item, f"lights[{index}]", origin)) is not None
    ]
    content.ambient_light = _ambient(document)
    # Baked lighting matters only where the app would darken the picture: not in bright light.
    content.lighting_baked = _baked_lighting(document) and content.ambient_light != "bright"
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
                f"The 'format' field must be a version number, not {_describe(version)}."
            ) from None
    if isinstance(version, bool) or not isinstance(version, int | float):
        raise UvttImportError(f"The 'format' field must be a number, not {_describe(version)}.")
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


def _type_name(kind: type | tuple[type, ...]) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true or false"}
    if isinstance(kind, tuple):
        return "a number" if int in kind else " or ".join(_type_name(k) for k in kind)
    return names.get(kind, kind.__name__)


def _require(mapping: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in mapping:
        place = "" if where == key else f" in '{where}'"
        raise UvttImportError(f"The '{key}' field is missing{place}.")
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        name = key if where == key else f"{where}.{key}"
        raise UvttImportError(f"'{name}' must be {_type_name(kind)}, not {_describe(value)}.")
    return value


def _describe(value: Any) -> str:
    # Never the whole value: it may be megabytes long or nested hundreds of levels deep.
    return describe_value(value)


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UvttImportError(f"'{where}' must be a number, not {_describe(value)}.")
    number = float(value)
    if not math.isfinite(number):
        raise UvttImportError(f"'{where}' is {value!r}; it must be a finite number.")
    return number


def _point(value: Any, where: str) -> tuple[float, float]:
    if not isinstance(value, dict):
        raise UvttImportError(f"'{where}' must be an object with x and y, not {_describe(value)}.")
    for axis in "xy":
        if axis not in value:
            raise UvttImportError(f"'{where}' has no '{axis}'.")
    return (_number(value["x"], f"{where}.x"), _number(value["y"], f"{where}.y"))


def _polyline_points(
    line: list[Any], where: str, origin: tuple[float, float]
) -> list[tuple[float, float]]:
    """The points of one wall line in board tiles (a fast path: cave walls have thousands)."""
    ox, oy = origin
    limit = MAX_COORDINATE
    points = []
    for item in line:
        try:
            x, y = item["x"], item["y"]
        except (TypeError, KeyError, IndexError):
            x = y = None
        kind_x, kind_y = type(x), type(y)
        if (kind_x is float or kind_x is int) and (kind_y is float or kind_y is int):
            # Chained comparisons are False for NaN and the infinities too.
            if -limit <= x <= limit and -limit <= y <= limit:
                points.append((x - ox, y - oy))
                continue
        points.append(_shifted(_place(item, where), origin))  # raises with the reason
    return points


def _place(value: Any, where: str) -> tuple[float, float]:
    """A point that places something on the map: finite and not absurdly far out."""
    point = _point(value, where)
    for axis, number in zip("xy", point, strict=True):
        if abs(number) > MAX_COORDINATE:
            raise UvttImportError(
                f"'{where}.{axis}' is {number:g}, absurdly far from the map (more than "
                f"{MAX_COORDINATE:g} tiles)."
            )
    return point


def _shifted(point: tuple[float, float], origin: tuple[float, float]) -> tuple[float, float]:
    return (point[0] - origin[0], point[1] - origin[1])


def _tiles(value: float, where: str) -> int:
    # Sizes are whole tiles; allow exporter rounding, round any real fraction up.
    tiles = math.ceil(value - 1e-6)
    if tiles < 1:
        raise UvttImportError(f"'{where}' is {value:g}; a map is at least 1 tile a side.")
    if tiles > MAX_TILES_PER_SIDE:
        raise UvttImportError(
            f"'{where}' is {value:g} tiles; a map holds at most {MAX_TILES_PER_SIDE} tiles a side."
        )
    return tiles


def _list(document: dict[str, Any], key: str, limit: int) -> list[Any]:
    value = document.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise UvttImportError(f"'{key}' must be a list, not {_describe(value)}.")
    if len(value) > limit:
        raise UvttImportError(f"The file has {len(value)} {key}; at most {limit} are supported.")
    return value


def _polylines(
    document: dict[str, Any], key: str, *, required: bool
) -> list[tuple[str, list[Any]]]:
    if required and key not in document:
        raise UvttImportError(f"The '{key}' field (the walls) is missing.")
    lines = _list(document, key, MAX_SEGMENTS)
    result = []
    for index, line in enumerate(lines):
        if not isinstance(line, list):
            raise UvttImportError(
                f"'{key}[{index}]' must be a list of points, not {_describe(line)}."
            )
        result.append((f"{key}[{index}]", line))
    return result


def _portal(
    portal: Any, where: str, origin: tuple[float, float], width: int, height: int
) -> list[tuple[Segment, bool, bool]]:
    """The portal as (segment, closed, is a window), or nothing when it closes no gap.

    Dungeondraft writes doors and windows alike (`closed` means "blocks light"): a portal
    narrower than WINDOW_MAX_WIDTH is a window, as is one Drase's export marked."""
    if not isinstance(portal, dict):
        raise UvttImportError(f"'{where}' must be an object, not {_describe(portal)}.")
    bounds = _require(portal, "bounds", list, where)
    if len(bounds) != 2:
        raise UvttImportError(f"'{where}.bounds' must hold 2 points, not {len(bounds)}.")
    start, end = (_shifted(_place(p, f"{where}.bounds[{i}]"), origin) for i, p in enumerate(bounds))
    closed = portal.get("closed", True)
    if not isinstance(closed, bool):
        raise UvttImportError(f"'{where}.closed' must be true or false, not {_describe(closed)}.")
    # A zero-width portal or one wholly off the board closes no gap: it is left out.
    clipped = clip_segment((start, end), width, height) if start != end else None
    if clipped is None or clipped[0] == clipped[1]:
        return []
    window = portal.get(WINDOW_MARK) is True or math.dist(start, end) < WINDOW_MAX_WIDTH
    return [(clipped, closed, window)]


def _simplified(
    points: list[tuple[float, float]], portals: list[Segment], counts: list[int]
) -> list[tuple[float, float]]:
    """A wall or object line with its points closer than SIMPLIFY_TOLERANCE to the line kept
    left out (points by a portal stay); `counts` adds the segments before and after."""
    if len(points) > 3:
        pinned = [near_any(point, portals, _PINNED_NEAR_PORTAL) for point in points]
        kept = simplify_polyline(points, SIMPLIFY_TOLERANCE, pinned)
    else:
        kept = points
    counts[0] += max(len(points) - 1, 0)
    counts[1] += max(len(kept) - 1, 0)
    return kept


def _object_on_board(points: list[tuple[float, float]], width: int, height: int) -> bool:
    """An object line with two different points and some of it on the board."""
    if len(points) < 2 or all(point == points[0] for point in points):
        return False
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return max(xs) >= 0 and max(ys) >= 0 and min(xs) <= width and min(ys) <= height


def _baked_lighting(document: dict[str, Any]) -> bool:
    environment = document.get("environment")
    if not isinstance(environment, dict):
        return False
    return environment.get("baked_lighting") is True


def _light(
    item: Any, where: str, origin: tuple[float, float]
) -> tuple[tuple[float, float], float] | None:
    if not isinstance(item, dict):
        raise UvttImportError(f"'{where}' must be an object, not {_describe(item)}.")
    position = _shifted(
        _place(_require(item, "position", dict, where), f"{where}.position"), origin
    )
    reach = _number(_require(item, "range", (int, float), where), f"{where}.range")
    if reach < 0:
        raise UvttImportError(f"'{where}.range' is {reach:g}; a light's range cannot be negative.")
    if reach > 4 * MAX_TILES_PER_SIDE:
        raise UvttImportError(f"'{where}.range' is {reach:g} tiles, which is not a real light.")
    if reach == 0:
        return None  # lights nothing
    return position, reach / 2


def _ambient(document: dict[str, Any]) -> str:
    environment = document.get("environment")
    if environment is None:
        return "bright"
    if not isinstance(environment, dict):
        raise UvttImportError(f"'environment' must be an object, not {_describe(environment)}.")
    colour = environment.get("ambient_light")
    if colour is None:
        return "bright"
    return ambient_from_colour(colour)


def ambient_from_colour(colour: Any) -> str:
    """ "bright", "dim" or "dark" for a UVTT ambient colour ("AARRGGBB" or "RRGGBB" hex)."""
    if not isinstance(colour, str):
        raise UvttImportError(
            f"'environment.ambient_light' must be a hex colour, not {_describe(colour)}."
        )
    text = colour.strip().removeprefix("#")
    try:
        if len(text) not in (6, 8):
            raise ValueError
        value = int(text, 16)
    except ValueError:
        raise UvttImportError(
            f"'environment.ambient_light' is {_describe(colour)}; expected a hex colour like"
            " 'ffffffff'."
        ) from None
    red, green, blue = (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF
    # Luma in ten-thousandths of full white, in integers so the thresholds are exact.
    luma = 2126 * red + 7152 * green + 722 * blue
    if luma >= round(BRIGHT_LUMA * 255 * 10000):
        return "bright"
    if luma >= round(DIM_LUMA * 255 * 10000):
        return "dim"
    return "dark"
