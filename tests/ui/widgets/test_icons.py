"""The toolbar's drawn icons, drawn per size when first shown, look exactly as an icon made of
the five sizes drawn ahead would: at every size asked for, enabled or greyed, on a plain or a
high-density screen."""

from __future__ import annotations

import pytest
from helpers.fresh_python import fresh_python
from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.table.fog_tool import MODE_TOOLS
from drase_desktop.ui.widgets import icons
from drase_desktop.ui.widgets.icons import ACTION_ICONS, ICON_SIZES, PLACEHOLDER, icon

MODES = (QIcon.Mode.Normal, QIcon.Mode.Disabled, QIcon.Mode.Active, QIcon.Mode.Selected)


def _drawn_ahead(name: str, tint: str) -> QIcon:
    svg = icons._svg(name).replace(PLACEHOLDER, tint).encode()
    renderer = QSvgRenderer(QByteArray(svg))
    reference = QIcon()
    for size in ICON_SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        reference.addPixmap(pixmap)
    return reference


# The toolbar's icons: by action name, and the ones the map tools carry.
TOOL_ICONS = {MoveTool.info.icon, *(info.icon for info in MODE_TOOLS.values())}


@pytest.mark.parametrize("name", sorted(set(ACTION_ICONS.values()) | TOOL_ICONS))
def test_a_drawn_icon_matches_the_icon_drawn_ahead(qapp, name):
    drawn = icon(name)
    reference = _drawn_ahead(name, icons._text_colour().name())
    for side in (12, 16, 20, 22, 24, 30, 32, 40, 48, 64):
        size = QSize(side, side)
        assert drawn.actualSize(size) == reference.actualSize(size)
        for mode in MODES:
            for ratio in (1.0, 2.0):
                ours = drawn.pixmap(size, ratio, mode)
                theirs = reference.pixmap(size, ratio, mode)
                assert ours.toImage() == theirs.toImage(), (side, mode, ratio)
                assert ours.devicePixelRatio() == theirs.devicePixelRatio()


def test_a_drawn_icon_paints_as_the_icon_drawn_ahead(qapp):
    drawn, reference = icon("undo"), _drawn_ahead("undo", icons._text_colour().name())
    for mode in MODES:
        images = []
        for shown in (drawn, reference):
            image = QImage(40, 40, QImage.Format.Format_ARGB32)
            image.fill(0)
            painter = QPainter(image)
            shown.paint(painter, QRect(3, 5, 30, 30), Qt.AlignmentFlag.AlignCenter, mode)
            painter.end()
            images.append(image)
        assert images[0] == images[1], mode


def test_an_unreadable_svg_is_refused(qapp, monkeypatch):
    monkeypatch.setattr(icons, "_svg", lambda name: "not an svg")
    with pytest.raises(ValueError, match="not a readable SVG"):
        icon("undo")


DETACHED_COPY = """
import gc
from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QApplication
app = QApplication([])
from drase_desktop.ui.widgets.icons import icon
drawn = icon("move")
copy = QIcon(drawn)
copy.addPixmap(QPixmap(8, 8))  # a change to a copy makes Qt clone the engine
gc.collect()
print(copy.pixmap(QSize(24, 24)).width(), drawn.pixmap(QSize(24, 24)).width())
del copy
gc.collect()
again = QIcon(drawn)
again.addPixmap(QPixmap(8, 8))
print(again.pixmap(QSize(24, 24)).width())
"""


@pytest.mark.subprocess
def test_a_copy_of_a_drawn_icon_changed_apart_still_draws():
    # In a process of its own: a freed engine crashes the interpreter.
    result = fresh_python(DETACHED_COPY, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["24", "24", "24"]
