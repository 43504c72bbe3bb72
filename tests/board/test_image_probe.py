"""Reading an image's format and size from its header; refusing broken, cut and huge files."""

from __future__ import annotations

import struct
import zlib

import pytest
from helpers.storage_samples import png_bytes, png_header_only

from drase_desktop.board.image_probe import MAX_SIDE_PX, ImageImportError, probe_image


def _qt_encoded(qapp, width: int, height: int, fmt: str, quality: int = -1, alpha=False) -> bytes:
    """Bytes from Qt's own encoders, so the header reader is checked against real writers."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    kind = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    image = QImage(width, height, kind)
    image.fill(QColor(30, 140, 200, 120 if alpha else 255))
    image.setPixelColor(width // 2, height // 2, QColor(250, 10, 10))
    storage = QByteArray()
    buffer = QBuffer(storage)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt, quality)
    buffer.close()
    return bytes(storage.data())


def test_png_size_from_header():
    info = probe_image(png_bytes(37, 21))
    assert (info.media_type, info.width, info.height) == ("image/png", 37, 21)


@pytest.mark.parametrize(
    ("fmt", "quality", "alpha", "media_type"),
    [
        ("PNG", -1, True, "image/png"),
        ("JPEG", 90, False, "image/jpeg"),
        ("WEBP", 80, False, "image/webp"),  # lossy: VP8
        ("WEBP", 100, False, "image/webp"),  # lossless: VP8L
        ("WEBP", 80, True, "image/webp"),  # lossy with alpha: VP8X
    ],
)
def test_sizes_match_what_real_encoders_wrote(qapp, fmt, quality, alpha, media_type):
    for width, height in ((1, 1), (301, 77), (1000, 1333)):
        data = _qt_encoded(qapp, width, height, fmt, quality, alpha)
        info = probe_image(data)
        assert (info.media_type, info.width, info.height) == (media_type, width, height)


def test_webp_encodings_cover_all_three_chunk_kinds(qapp):
    kinds = {
        _qt_encoded(qapp, 40, 30, "WEBP", quality, alpha)[12:16]
        for quality, alpha in ((80, False), (100, False), (80, True))
    }
    assert kinds == {b"VP8 ", b"VP8L", b"VP8X"}


def test_not_an_image_is_refused():
    with pytest.raises(ImageImportError, match="not a PNG, JPEG or WebP"):
        probe_image(b"GIF89a" + bytes(100))
    with pytest.raises(ImageImportError, match="empty"):
        probe_image(b"")
    with pytest.raises(ImageImportError):
        probe_image(b'{"format": 0.3}')


@pytest.mark.parametrize("cut", [10, 30, 40, -13, -1])
def test_truncated_png_is_refused(cut):
    data = png_bytes(64, 64)
    with pytest.raises(ImageImportError, match="truncated"):
        probe_image(data[:cut])


def test_png_with_corrupt_header_checksum_is_refused():
    data = bytearray(png_bytes(10, 10))
    data[20] ^= 0x01  # a bit of the height flips
    with pytest.raises(ImageImportError, match="checksum"):
        probe_image(bytes(data))


def test_png_with_impossible_colour_depth_is_refused():
    header = struct.pack(">IIBBBBB", 10, 10, 7, 2, 0, 0, 0)
    body = b"IHDR" + header
    data = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body))
    with pytest.raises(ImageImportError, match="bit depth 7"):
        probe_image(data + bytes(40))


@pytest.mark.parametrize("side", [(MAX_SIDE_PX + 1, 10), (10, MAX_SIDE_PX + 1), (40000, 40000)])
def test_larger_than_16384_px_a_side_is_refused(side):
    with pytest.raises(ImageImportError, match="16384"):
        probe_image(png_header_only(*side))


def test_exactly_16384_px_is_accepted():
    assert probe_image(png_header_only(MAX_SIDE_PX, MAX_SIDE_PX)).width == MAX_SIDE_PX


def test_zero_sized_png_is_refused():
    with pytest.raises(ImageImportError, match="0 x 5"):
        probe_image(png_header_only(0, 5))


def test_truncated_jpeg_is_refused(qapp):
    data = _qt_encoded(qapp, 200, 100, "JPEG", 90)
    assert probe_image(data).width == 200
    for cut in (3, 20, len(data) // 2, len(data) - 2):
        with pytest.raises(ImageImportError, match="JPEG"):
            probe_image(data[:cut])


def test_jpeg_without_frame_header_is_refused():
    # SOI, a comment segment, then start of scan with no SOF before it.
    data = b"\xff\xd8\xff\xfe\x00\x04hi\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" + b"\x00\xff\xd9"
    with pytest.raises(ImageImportError, match="no frame header"):
        probe_image(data)


def test_huge_jpeg_is_refused_by_its_frame_header():
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", 20000, 300) + b"\x03" + bytes(9)
    scan = b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" + b"\x12\x34\xff\xd9"
    with pytest.raises(ImageImportError, match="300 x 20000"):
        probe_image(b"\xff\xd8" + sof + scan)


def test_truncated_webp_is_refused(qapp):
    data = _qt_encoded(qapp, 120, 90, "WEBP", 80)
    assert probe_image(data).height == 90
    for cut in (12, 25, len(data) - 1):
        with pytest.raises(ImageImportError, match="WebP"):
            probe_image(data[:cut])


def test_webp_with_broken_frame_start_code_is_refused(qapp):
    data = bytearray(_qt_encoded(qapp, 120, 90, "WEBP", 80))
    assert data[12:16] == b"VP8 "
    data[23] = 0x00  # first byte of the 9d 01 2a start code
    with pytest.raises(ImageImportError, match="lossy frame header"):
        probe_image(bytes(data))


def test_webp_vp8x_canvas_size_above_limit_is_refused():
    payload = b"\x10\x00\x00\x00" + (20000 - 1).to_bytes(3, "little") + (99).to_bytes(3, "little")
    chunk = b"VP8X" + struct.pack("<I", len(payload)) + payload
    body = b"WEBP" + chunk + bytes(8)
    data = b"RIFF" + struct.pack("<I", len(body)) + body
    with pytest.raises(ImageImportError, match="20000 x 100"):
        probe_image(data)


def test_png_with_a_damaged_pixel_chunk_is_refused():
    data = bytearray(png_bytes(64, 64))
    data[50] ^= 0xFF  # inside the IDAT data
    with pytest.raises(ImageImportError, match="IDAT chunk does not match"):
        probe_image(bytes(data))
