"""Drag-and-drop onto the map view with real Qt events: what a QDrag delivers to the view's
viewport (enter, moves, drop), built by hand because QDrag.exec blocks until a real mouse lets
go."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication

COPY = Qt.DropAction.CopyAction
NO_KEYS = Qt.KeyboardModifier.NoModifier


def at(view: Any, tile: tuple[int, int]) -> QPoint:
    """The viewport point over the centre of `tile`."""
    return view.mapFromScene(view.map_scene.geometry.tile_centre(tile))


def enter_at(target: Any, point: QPoint, mime: QMimeData, keys=NO_KEYS) -> QDragEnterEvent:
    """A drag carrying `mime` enters `target` at `point`; the event tells if it was accepted."""
    enter = QDragEnterEvent(point, COPY, mime, Qt.MouseButton.LeftButton, keys)
    QApplication.sendEvent(target, enter)
    return enter


def drop_at(target: Any, point: QPoint, mime: QMimeData, keys=NO_KEYS) -> QDropEvent:
    """`mime` dropped on `target` at `point` (after a drag entered it)."""
    drop = QDropEvent(QPointF(point), COPY, mime, Qt.MouseButton.LeftButton, keys)
    QApplication.sendEvent(target, drop)
    return drop


def drag_over(
    view: Any, mime: QMimeData, tiles: list[tuple[int, int]], keys=NO_KEYS
) -> QDragMoveEvent:
    """Enter the view and move over `tiles`; returns the last move event (accepted or not)."""
    target = view.viewport()
    last: QDragMoveEvent = enter_at(target, at(view, tiles[0]), mime, keys)
    for tile in tiles:
        last = QDragMoveEvent(at(view, tile), COPY, mime, Qt.MouseButton.LeftButton, keys)
        QApplication.sendEvent(target, last)
    return last


def drop_on(view: Any, mime: QMimeData, tile: tuple[int, int], keys=NO_KEYS) -> QDropEvent:
    """The whole sequence: enter, a move onto `tile`, the drop there."""
    drag_over(view, mime, [tile], keys)
    return drop_at(view.viewport(), at(view, tile), mime, keys)


def picture_file(folder: Path, name: str, colour: str, size: int = 64) -> Path:
    """A real PNG of one colour, written by Qt."""
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    path = folder / name
    assert image.save(str(path), "PNG")
    return path


def file_mime(*paths: Path | str) -> QMimeData:
    """What a file manager drags: the files' local URLs."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    return mime
