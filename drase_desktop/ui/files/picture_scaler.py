"""The pixel work of scaling a map picture down (the core's imports ask for it, see
storage/uvtt_picture.py): decoded by Qt at the size asked for, and written back as PNG (a
JPEG or WebP picture as JPEG, to stay small)."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImageReader, QImageWriter

# A picture over the app's side limit is tens of thousands of pixels a side; Qt's default
# allocation limit (256 MB) would refuse to decode it even to scale it down.
_DECODE_LIMIT_MB = 2048


def scale_picture(data: bytes, width: int, height: int) -> bytes:
    """`data` (PNG, JPEG or WebP) as a picture of exactly `width` x `height` pixels."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    kind = bytes(reader.format().data()).decode("ascii", "replace").lower()
    reader.setScaledSize(QSize(width, height))
    previous = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(previous, _DECODE_LIMIT_MB))
    try:
        image = reader.read()
    finally:
        QImageReader.setAllocationLimit(previous)
    if image.isNull():
        raise ValueError(f"the picture could not be decoded ({reader.errorString()})")
    if image.width() != width or image.height() != height:
        image = image.scaled(
            width,
            height,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    out = QBuffer()
    out.open(QIODevice.OpenModeFlag.WriteOnly)
    photo = kind in ("jpeg", "jpg", "webp")
    writer = QImageWriter(out, QByteArray(b"JPEG" if photo else b"PNG"))
    if photo:
        writer.setQuality(90)
    if not writer.write(image):
        raise ValueError(f"the scaled picture could not be written ({writer.errorString()})")
    return bytes(out.data().data())


__all__ = ["scale_picture"]
