"""Decoding battlemap pictures for the screen: scaled while decoding, off the window's thread.

A 16384 px battlemap is a gigabyte of pixels; the window never needs that many. `decode_image`
asks QImageReader for a picture no longer than `max_side` (JPEG decodes straight to the smaller
size), and `ImageLoader` runs it on a worker thread so the window keeps answering while a large
PNG decodes. The file keeps the full-resolution bytes; only the display copy is small.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QObject,
    QSize,
    Signal,
)
from PySide6.QtGui import QImage, QImageReader

from drase_desktop.board.image_probe import MAX_SIDE_PX, ImageImportError
from drase_desktop.ui.worker_answers import WorkerAnswers

REPORT_INTERVAL_MS = 20
# Qt refuses to decode more than 256 MB by default; a 16384 x 16384 picture is 1024 MB of RGBA
# while it decodes. Enough for the largest picture the import accepts, and no more.
ALLOCATION_LIMIT_MB = (MAX_SIDE_PX * MAX_SIDE_PX * 4) // (1024 * 1024) + 64


def decode_image(data: bytes, max_side: int, max_scale: float = 1.0) -> tuple[QImage, float]:
    """The picture in `data`, scaled (keeping its shape) so no side exceeds `max_side` and by
    at most `max_scale`; with the scale used (decoded pixels per file pixel).

    Raises ImageImportError with Qt's reason when the pixels cannot be decoded (a file whose
    header looked right but whose data is broken)."""
    if QImageReader.allocationLimit() < ALLOCATION_LIMIT_MB:
        QImageReader.setAllocationLimit(ALLOCATION_LIMIT_MB)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    size = reader.size()
    if not size.isValid() or size.isEmpty():
        raise ImageImportError(f"The picture cannot be read: {reader.errorString()}.")
    longest = max(size.width(), size.height())
    scale = min(1.0, max_scale, max_side / longest)
    if scale < 1.0:
        reader.setScaledSize(
            QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
        )
    image = reader.read()
    if image.isNull():
        raise ImageImportError(f"The picture's pixels are broken: {reader.errorString()}.")
    return image, image.width() / size.width()


# Display copies decoded off the window's thread, kept for the map layer that draws the
# picture: keyed by the very bytes object (a map edit keeps it) and the calibration.
_DISPLAY_CACHE: dict[int, tuple[bytes, float, QImage, float]] = {}
_DISPLAY_CACHE_SIZE = 3


def remember_display(data: bytes, pixels_per_tile: float, image: QImage, shown_ppt: float) -> None:
    """Keep a display copy of `data` calibrated at `pixels_per_tile` (`shown_ppt` in the copy)."""
    while len(_DISPLAY_CACHE) >= _DISPLAY_CACHE_SIZE:
        _DISPLAY_CACHE.pop(next(iter(_DISPLAY_CACHE)))
    _DISPLAY_CACHE[id(data)] = (data, pixels_per_tile, image, shown_ppt)


def recall_display(data: bytes, pixels_per_tile: float) -> tuple[QImage, float] | None:
    found = _DISPLAY_CACHE.get(id(data))
    if found is None or found[0] is not data or found[1] != pixels_per_tile:
        return None
    return found[2], found[3]


def _decode(data: bytes, max_side: int, max_scale: float) -> tuple[QImage, float] | str:
    try:
        return decode_image(data, max_side, max_scale)
    except ImageImportError as error:
        return str(error)


class ImageLoader(QObject):
    """Decode on a worker thread; `loaded(QImage, scale)` or `failed(str)` is emitted on this
    object's thread (a timer there collects the worker's answers)."""

    loaded = Signal(QImage, float)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._answers = WorkerAnswers(self._report, REPORT_INTERVAL_MS, self)

    def start(self, data: bytes, max_side: int, max_scale: float = 1.0) -> None:
        self._answers.start(lambda: _decode(data, max_side, max_scale))

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until every decode this loader started has finished, then report them (tests,
        scripts)."""
        return self._answers.wait(msecs)

    def _report(self, outcome: tuple[QImage, float] | str) -> None:
        if isinstance(outcome, str):
            self.failed.emit(outcome)
        else:
            self.loaded.emit(*outcome)
