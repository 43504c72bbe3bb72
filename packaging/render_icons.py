"""Render the app icon (resources/icons/drase-desktop.svg) to the PNG, .ico and .icns files.

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py

Uses only Qt (QtSvg) and the standard library: the .ico and .icns containers both hold PNG
images, so they are written byte by byte here. The outputs are committed; run this again after
editing the SVG.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "drase-desktop.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns chunk types that hold PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def png_path(size: int) -> Path:
    return ROOT / "resources" / "icons" / f"drase-desktop-{size}.png"


def render_png(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (Vista and later read these)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    directory = b""
    offset = 6 + 16 * len(pngs)
    body = b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in the .ico directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(body))
        body += png
    return header + directory + body


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose chunks are PNG images."""
    chunks = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
        for size, png in sorted(pngs.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1
    pngs = {size: render_png(renderer, size) for size in PNG_SIZES}
    for size, png in pngs.items():
        png_path(size).write_bytes(png)
    (ROOT / "packaging" / "windows" / "drase-desktop.ico").write_bytes(
        ico_bytes({size: pngs[size] for size in ICO_SIZES})
    )
    (ROOT / "packaging" / "macos" / "drase-desktop.icns").write_bytes(
        icns_bytes({size: pngs[size] for size in ICNS_TYPES})
    )
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
