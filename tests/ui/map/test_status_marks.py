"""Statuses show as named, distinct marks: each its own short label and colour, not the same dot."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.rules.resource_data import load_resource
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.status_badges import paint_status_badges, status_colour, status_mark


def shipped_statuses() -> list[str]:
    data = load_resource("status_effects.json")
    return [entry["name"] for entry in data["status_effects"]]


def test_every_shipped_status_has_its_own_short_label() -> None:
    names = shipped_statuses()
    marks = [status_mark(name) for name in names]
    assert len(set(marks)) == len(names), marks
    assert status_mark("guard break") == "GB" and status_mark("prone") == "Pr"
    assert all(1 <= len(mark) <= 2 for mark in marks)


def test_statuses_differ_in_colour_not_only_one_purple() -> None:
    colours = {status_colour(name).name() for name in shipped_statuses()}
    assert len(colours) >= 5


def test_two_statuses_on_a_token_draw_two_different_marks(qtbot) -> None:
    geometry = GridGeometry(2, 2)
    disc = QRectF(0, 0, geometry.length(1), geometry.length(1))

    def drawn(statuses: list[str]) -> QImage:
        image = QImage(int(disc.width()), int(disc.height()), QImage.Format.Format_ARGB32)
        image.fill(QColor("black"))
        painter = QPainter(image)
        paint_status_badges(painter, disc, geometry, statuses, radius_share=0.16, inset=0.6)
        painter.end()
        return image

    assert drawn(["skewered"]) != drawn(["staggered"])  # "S" and "S" before
    assert drawn(["poisoned"]) != drawn(["prone"])
