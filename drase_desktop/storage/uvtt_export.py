"""Write a board as a Universal VTT file (`.dd2vtt`, format 0.3), for other tools to open.

The fields are those Dungeondraft writes, typed as other importers read them (Foundry's
"Universal Battlemap Importer", MapTool, uvtt2fgu): numbers as JSON numbers, `pixels_per_grid`
a whole number, every point `{"x": .., "y": ..}` in tiles from the map's corner, the picture as
base64 PNG/WebP/JPEG bytes.

What goes out:
- the grid (`resolution`): the map's size in tiles, `map_origin` 0, the picture's pixels per tile;
- `line_of_sight`: each wall a two-point line; `objects_line_of_sight`: each object's outline;
- `portals`: doors (`closed` as they are: a closed door blocks light) and windows (never closed:
  a window lets light through), each with its centre, ends and rotation; a window also carries
  `drase_window: true`, which other importers ignore and ours reads back as a window;
- `lights`: `range` is twice the board radius (the board's dim-light edge, where the UVTT light
  fades out), white, intensity 1;
- `environment`: the ambient light as a grey of its level's brightness, and baked lighting.

What Universal VTT cannot hold (terrain, heights, cover, obscuration zones, the map's name) is
left out, and the returned notes say so. A map with no picture is written with an empty `image`
(as walls-only exports are) at 64 px per tile.
"""

from __future__ import annotations

import base64
import json
import math
import os
from typing import Any

from drase_desktop.atomic_write import write_atomically
from drase_desktop.board.battle_map import BattleMap

EXPORT_FORMAT = 0.3
# A grey of each ambient level's brightness (Rec. 709 luma), read back as the same level:
# white is bright, 50 % grey dim (luma 0.2-0.6), a near-black dark.
AMBIENT_COLOURS = {"bright": "ffffffff", "dim": "ff808080", "dark": "ff141414"}
LIGHT_COLOUR = "ffffffff"
# The grid of a map without a picture, in pixels per tile.
BLANK_PIXELS_PER_TILE = 64


def export_uvtt(battle_map: BattleMap, path: str | os.PathLike[str]) -> list[str]:
    """Write `battle_map` to `path` as a Universal VTT file (format 0.3), atomically.

    Returns notes for the GM about what the format could not hold (empty when nothing was
    left out). Raises OSError when the file cannot be written (nothing is left half written).
    """
    document, notes = uvtt_document(battle_map)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    write_atomically(path, text.encode("utf-8"))
    return notes


def uvtt_document(battle_map: BattleMap) -> tuple[dict[str, Any], list[str]]:
    """The Universal VTT document of `battle_map` and the notes on what it leaves out."""
    notes: list[str] = []
    image = battle_map.background
    picture: bytes
    if image is None:
        pixels_per_grid = BLANK_PIXELS_PER_TILE
        picture = b""
    else:
        pixels_per_grid = max(1, round(image.pixels_per_tile))
        picture = image.data
        if image.offset != (0.0, 0.0) or pixels_per_grid != image.pixels_per_tile:
            notes.append(
                "The map picture is not aligned to the grid's corner at a whole number of pixels"
                " per tile; other tools will draw it from the map's corner at"
                f" {pixels_per_grid} px per tile."
            )
    document: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": battle_map.width, "y": battle_map.height},
            "pixels_per_grid": pixels_per_grid,
        },
        "line_of_sight": [[_xy(wall.start), _xy(wall.end)] for wall in battle_map.walls],
        "objects_line_of_sight": [
            [_xy(point) for point in item.points] for item in battle_map.objects
        ],
        "portals": [
            *(_portal(door.start, door.end, closed=door.closed) for door in battle_map.doors),
            *(
                {**_portal(window.start, window.end, closed=False), "drase_window": True}
                for window in battle_map.windows
            ),
        ],
        "environment": {
            "baked_lighting": battle_map.lighting_baked,
            "ambient_light": AMBIENT_COLOURS[battle_map.ambient_light],
        },
        "lights": [
            {
                "position": _xy(light.position),
                "range": _number(2 * light.radius),
                "intensity": 1,
                "color": LIGHT_COLOUR,
                "shadows": True,
            }
            for light in battle_map.lights
        ],
        "image": base64.b64encode(picture).decode("ascii"),  # "" without a picture
    }
    left_out = _left_out(battle_map)
    if left_out:
        notes.append(
            f"Universal VTT has no {' or '.join(left_out)}: the exported file leaves them out."
        )
    return document, notes


def _number(value: float) -> float | int:
    value = float(value)
    return int(value) if value.is_integer() else round(value, 6)


def _xy(point: tuple[float, float]) -> dict[str, float | int]:
    return {"x": _number(point[0]), "y": _number(point[1])}


def _portal(
    start: tuple[float, float], end: tuple[float, float], *, closed: bool
) -> dict[str, Any]:
    (x0, y0), (x1, y1) = start, end
    return {
        "position": _xy(((x0 + x1) / 2, (y0 + y1) / 2)),
        "bounds": [_xy(start), _xy(end)],
        "rotation": round(math.atan2(y1 - y0, x1 - x0), 6),
        "closed": closed,
        "freestanding": False,
    }


def _left_out(battle_map: BattleMap) -> list[str]:
    """The tile layers holding anything but their plain value, in the GM's words."""
    found = []
    for layer, words in (
        ("terrain", "terrain"),
        ("elevation", "heights"),
        ("cover", "cover"),
        ("obscuration", "obscuration zones"),
    ):
        codes = battle_map.layer_codes(layer)
        if any(codes):
            found.append(words)
    return found
