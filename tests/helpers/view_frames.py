"""A graphics view's frame drawn into an image, as the screen would show its viewport: the
image made once (the render benchmarks time the drawing alone) or made and drawn at once."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsView


def blank_frame(view: QGraphicsView) -> QImage:
    """A transparent image the size of the view's viewport."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    return image


def paint_frame(view: QGraphicsView, image: QImage) -> None:
    painter = QPainter(image)
    view.render(painter, QRectF(image.rect()), view.viewport().rect())
    painter.end()


def frame_of(view: QGraphicsView) -> QImage:
    image = blank_frame(view)
    paint_frame(view, image)
    return image
