"""Pictures for the background-image tests, as bytes the way a file holds them."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage


def encoded(image: QImage, fmt: str = "PNG") -> bytes:
    """`image` saved in `fmt` (the test fails here if Qt cannot write it)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt)
    return bytes(data)
