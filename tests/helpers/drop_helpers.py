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


def drag_over(
    view: Any, mime: QMimeData, tiles: list[tuple[int, int]], keys=NO_KEYS
) -> QDragMoveEvent:
    """Enter the view and move over `tiles`; returns the last move event (accepted or not)."""
    target = view.viewport()
    first = at(view, tiles[0])
    enter = QDragEnterEvent(first, COPY, mime, Qt.MouseButton.LeftButton, keys)
    QApplication.sendEvent(target, enter)
    last: QDragMoveEvent = enter
    for tile in tiles:
        last = QDragMoveEvent(at(view, tile), COPY, mime, Qt.MouseButton.LeftButton, keys)
        QApplication.sendEvent(target, last)
    return last


def drop_on(view: Any, mime: QMimeData, tile: tuple[int, int], keys=NO_KEYS) -> QDropEvent:
    """The whole sequence: enter, a move onto `tile`, the drop there."""
    drag_over(view, mime, [tile], keys)
    drop = QDropEvent(QPointF(at(view, tile)), COPY, mime, Qt.MouseButton.LeftButton, keys)
    QApplication.sendEvent(view.viewport(), drop)
    return drop


def picture_file(folder: Path, name: str, colour: str, size: int = 64) -> Path:
    """A real PNG of one colour, written by Qt."""
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    path = folder / name
    assert image.save(str(path), "PNG")
    return path


def file_mime(path: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    return mime
