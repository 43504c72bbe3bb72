"""Files built by hand for the storage tests: images (no image library is installed), UVTT."""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path
from typing import Any

DATA = Path(__file__).parents[1] / "storage" / "data"
SAMPLE_DD2VTT = DATA / "dungeondraft-20x20.dd2vtt"


def png_bytes(width: int, height: int, *, rgb: tuple[int, int, int] = (90, 120, 60)) -> bytes:
    """A real, decodable RGB PNG of one flat colour."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    row = b"\x00" + bytes(rgb) * width
    pixels = zlib.compress(row * height)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims a size, with an empty pixel chunk (enough for the probe)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


def uvtt_document(**overrides: Any) -> dict[str, Any]:
    """A small valid format 0.3 document: 10 x 8 tiles at 32 px, one wall, door and light."""
    document: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 10, "y": 8},
            "pixels_per_grid": 32,
        },
        "line_of_sight": [
            [{"x": 0, "y": 4}, {"x": 4, "y": 4}],
            [{"x": 5, "y": 4}, {"x": 10, "y": 4}],
        ],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": {"x": 4.5, "y": 4},
                "bounds": [{"x": 4, "y": 4}, {"x": 5, "y": 4}],
                "rotation": 0,
                "closed": True,
                "freestanding": False,
            }
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [
            {
                "position": {"x": 2.5, "y": 2.5},
                "range": 6,
                "intensity": 1,
                "color": "ffeccd8b",
                "shadows": True,
            }
        ],
        "image": base64.b64encode(png_bytes(320, 256)).decode("ascii"),
    }
    document.update(overrides)
    return document
