"""Read an image's format and size from its header bytes, without decoding pixels (no Qt here).

PNG, JPEG and WebP are the battlemap formats a GM brings. The reader also walks the file's
structure far enough to refuse a truncated download before the window tries to draw it.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from drase_desktop.board.limits import MAX_IMAGE_SIDE_PX
from drase_desktop.refusal import Refusal

MAX_SIDE_PX = MAX_IMAGE_SIDE_PX  # one limit for the imports and the map file (board.limits)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_COLOUR_DEPTHS = {0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}
# Start-of-frame markers carry the size: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
_JPEG_SOF = frozenset(
    {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
)
# Markers with no length field after them: TEM, RST0-7, SOI, EOI.
_JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8), 0xD8, 0xD9})


class ImageImportError(Refusal):
    """An image that cannot be a battlemap: not an image, broken, truncated or too large."""


@dataclass(frozen=True)
class ImageInfo:
    media_type: str  # "image/png", "image/jpeg" or "image/webp"
    width: int
    height: int


def probe_image(data: bytes) -> ImageInfo:
    """Return the format and pixel size of `data`; raise ImageImportError if it is not usable."""
    info = sniff_image(data)
    if info.width > MAX_SIDE_PX or info.height > MAX_SIDE_PX:
        raise ImageImportError(
            f"The image is {info.width} x {info.height} pixels; the largest side allowed is "
            f"{MAX_SIDE_PX} px. Scale it down in an image editor first."
        )
    return info


def sniff_image(data: bytes) -> ImageInfo:
    """The format and pixel size of `data`, told by its bytes, whatever its size; raise
    ImageImportError if it is no PNG, JPEG or WebP picture."""
    if data.startswith(PNG_SIGNATURE):
        info = _probe_png(data)
    elif data.startswith(b"\xff\xd8\xff"):
        info = _probe_jpeg(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        info = _probe_webp(data)
    elif not data:
        raise ImageImportError("The image is empty (0 bytes).")
    else:
        raise ImageImportError("This is not a PNG, JPEG or WebP image.")
    if info.width <= 0 or info.height <= 0:
        raise ImageImportError(f"The image says it is {info.width} x {info.height} pixels.")
    return info


def _chunk_name(kind: bytes) -> str:
    """A chunk's four-byte name as a message can show it: letters as they are, any other
    byte (a control character, from a damaged file) as its code, e.g. "\\x1b"."""
    return "".join(chr(byte) if 0x21 <= byte <= 0x7E else f"\\x{byte:02x}" for byte in kind)


def _probe_png(data: bytes) -> ImageInfo:
    broken = "The PNG image is broken"
    if len(data) < 33:
        raise ImageImportError("The PNG image is truncated (its header is incomplete).")
    length, kind = struct.unpack_from(">I4s", data, 8)
    if kind != b"IHDR" or length != 13:
        raise ImageImportError(f"{broken}: it does not start with its header chunk.")
    if zlib.crc32(data[12:29]) != struct.unpack_from(">I", data, 29)[0]:
        raise ImageImportError(f"{broken}: its header checksum does not match.")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack_from(
        ">IIBBBBB", data, 16
    )
    if depth not in _PNG_COLOUR_DEPTHS.get(colour, ()) or compression or filtering:
        raise ImageImportError(f"{broken}: colour type {colour} with bit depth {depth}.")
    if interlace not in (0, 1):
        raise ImageImportError(f"{broken}: unknown interlace method {interlace}.")
    # Walk the chunks so a cut-off download or a flipped byte is refused here, not mid-draw.
    # Every chunk carries a CRC; zlib checks about a gigabyte a second.
    view = memoryview(data)
    position, seen_data = 8, False
    while True:
        if position + 12 > len(data):
            raise ImageImportError("The PNG image is truncated (it ends before its last chunk).")
        length, kind = struct.unpack_from(">I4s", data, position)
        if length > 0x7FFFFFFF:
            raise ImageImportError(f"{broken}: a chunk claims {length} bytes.")
        end = position + 8 + length
        if end + 4 > len(data):
            raise ImageImportError("The PNG image is truncated (a chunk is cut off).")
        if zlib.crc32(view[position + 4 : end]) != struct.unpack_from(">I", data, end)[0]:
            raise ImageImportError(
                f"{broken}: the checksum of its {_chunk_name(kind)} chunk does not match."
            )
        position = end + 4
        seen_data = seen_data or kind == b"IDAT"
        if kind == b"IEND":
            break
    if not seen_data:
        raise ImageImportError(f"{broken}: it holds no pixel data.")
    return ImageInfo("image/png", width, height)


def _probe_jpeg(data: bytes) -> ImageInfo:
    size: tuple[int, int] | None = None
    position = 2
    while True:
        # Markers are 0xFF followed by a code; extra 0xFF bytes are fill.
        if position >= len(data) or data[position] != 0xFF:
            raise ImageImportError(_jpeg_cut(position, data, "a segment marker is missing"))
        while position < len(data) and data[position] == 0xFF:
            position += 1
        if position >= len(data):
            raise ImageImportError("The JPEG image is truncated.")
        marker = data[position]
        position += 1
        if marker in _JPEG_STANDALONE:
            if marker in (0xD8, 0xD9):
                raise ImageImportError("The JPEG image is broken: it has no image data.")
            continue
        if position + 2 > len(data):
            raise ImageImportError("The JPEG image is truncated.")
        (length,) = struct.unpack_from(">H", data, position)
        if length < 2 or position + length > len(data):
            raise ImageImportError("The JPEG image is truncated (a segment is cut off).")
        if marker in _JPEG_SOF:
            if length < 8:
                raise ImageImportError("The JPEG image is broken: its frame header is too short.")
            height, width = struct.unpack_from(">HH", data, position + 3)
            if height == 0:
                raise ImageImportError(
                    "This JPEG does not state its height in its header; "
                    "re-save it as a normal JPEG."
                )
            size = (width, height)
        if marker == 0xDA:  # start of scan: entropy-coded data runs to the end-of-image marker
            if size is None:
                raise ImageImportError("The JPEG image is broken: it has no frame header.")
            if data.rfind(b"\xff\xd9", position + length) < 0:
                raise ImageImportError("The JPEG image is truncated (it has no end marker).")
            return ImageInfo("image/jpeg", *size)
        position += length


def _jpeg_cut(position: int, data: bytes, problem: str) -> str:
    if position >= len(data):
        return "The JPEG image is truncated."
    return f"The JPEG image is broken: {problem} at byte {position}."


def _probe_webp(data: bytes) -> ImageInfo:
    if len(data) < 30:
        raise ImageImportError("The WebP image is truncated (its header is incomplete).")
    (riff_size,) = struct.unpack_from("<I", data, 4)
    if riff_size + 8 > len(data):
        raise ImageImportError(
            f"The WebP image is truncated ({len(data)} of {riff_size + 8} bytes present)."
        )
    kind, chunk_size = struct.unpack_from("<4sI", data, 12)
    payload = data[20 : 20 + chunk_size]
    if len(payload) < min(chunk_size, 10):
        raise ImageImportError("The WebP image is truncated (its first chunk is cut off).")
    if kind == b"VP8 ":
        # Lossy: a 3-byte frame tag (bit 0 clear on a key frame), the start code, 14-bit sizes.
        if len(payload) < 10 or payload[0] & 1 or payload[3:6] != b"\x9d\x01\x2a":
            raise ImageImportError("The WebP image is broken: its lossy frame header is invalid.")
        width, height = struct.unpack_from("<HH", payload, 6)
        return ImageInfo("image/webp", width & 0x3FFF, height & 0x3FFF)
    if kind == b"VP8L":
        # Lossless: signature 0x2F, then width-1 and height-1 as 14-bit little-endian fields.
        if len(payload) < 5 or payload[0] != 0x2F:
            raise ImageImportError("The WebP image is broken: its lossless header is invalid.")
        (bits,) = struct.unpack_from("<I", payload, 1)
        if bits >> 29:
            raise ImageImportError("The WebP image is broken: unknown lossless version.")
        return ImageInfo("image/webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if kind == b"VP8X":
        # Extended: flags, 3 reserved bytes, then canvas width-1 and height-1 as 24-bit fields.
        if len(payload) < 10:
            raise ImageImportError("The WebP image is broken: its extended header is short.")
        width = int.from_bytes(payload[4:7], "little") + 1
        height = int.from_bytes(payload[7:10], "little") + 1
        return ImageInfo("image/webp", width, height)
    raise ImageImportError(f"The WebP image is broken: unknown first chunk {_chunk_name(kind)}.")
