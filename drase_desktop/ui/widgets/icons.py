"""The toolbar's icons: line drawings shipped as SVG (`resources/icons/tool-*.svg`), drawn in
the theme's text colour so they read on the light and the dark theme alike, and tooltips that
name each action's shortcut.

The SVGs draw in black (#000000); `icon` swaps that for the palette's text colour. An action
given an icon with `set_icon` is redrawn by `retint` when the theme changes. Each size is drawn
when first shown (a toolbar needs one of the five), as Qt would draw it from five pixmaps drawn
ahead: the nearest size not smaller, scaled down when between two.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QObject, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QColor,
    QIcon,
    QIconEngine,
    QKeySequence,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QStyleOption
from shiboken6 import Shiboken

ICON_SIZES = (16, 20, 24, 32, 48)
PLACEHOLDER = "#000000"
ICON_PROPERTY = "drawnIcon"
# The toolbar's icon for each action, by the action's objectName (a map tool's action gets
# the icon its tool carries: map/tool.py's ToolInfo).
ACTION_ICONS = {
    "undoAction": "undo",
    "redoAction": "redo",
    "openAction": "open",
    "saveAction": "save",
    "fitAction": "fit",
    "zoomInAction": "zoom-in",
    "zoomOutAction": "zoom-out",
    "toggleGridAction": "grid",
    "toggleHeightAction": "height",
    "toggleWallsAction": "walls",
    "toggleCoverAction": "cover",
    "toggleLightAction": "light",
    "toggleReachAction": "reach",
    "togglePathAction": "path",
    "toggleRulerAction": "ruler",
    "advanceAction": "advance",
    "editMapAction": "edit-map",
    "fogHideModeAction": "fog-hide",
    "revealSeenAction": "reveal-seen",
    "showPlayerDisplayAction": "player-display",
    "pushViewAction": "push-view",
    "flipToPlayerViewAction": "flip-view",
}


@cache
def _svg(name: str) -> str:
    folder = resources.files("drase_desktop.resources") / "icons"
    return (folder / f"tool-{name}.svg").read_text(encoding="utf-8")


def _text_colour() -> QColor:
    app = QApplication.instance()
    palette = app.palette() if isinstance(app, QApplication) else QPalette()
    return palette.color(QPalette.ColorRole.ButtonText)


def icon(name: str, colour: QColor | None = None) -> QIcon:
    """The drawn icon `name` in `colour` (the theme's button text colour by default)."""
    tint = (colour or _text_colour()).name()
    renderer = QSvgRenderer(QByteArray(_svg(name).replace(PLACEHOLDER, tint).encode()))
    if not renderer.isValid():
        raise ValueError(f"The icon {name!r} is not a readable SVG")
    return QIcon(_DrawnIconEngine(renderer))


class _DrawnIconEngine(QIconEngine):
    """An icon drawn from its SVG at each of `ICON_SIZES` when first asked for, and from those
    the way Qt serves an icon made of pixmaps: a request gets the smallest size at least as big,
    scaled down to it (the largest when none is), and Qt's style greys it when disabled."""

    def __init__(self, renderer: QSvgRenderer) -> None:
        super().__init__()
        self._renderer = renderer
        self._drawn: dict[int, QPixmap] = {}

    def _source(self, side: int) -> int:
        return next((size for size in ICON_SIZES if size >= side), ICON_SIZES[-1])

    def _draw(self, size: int) -> QPixmap:
        pixmap = self._drawn.get(size)
        if pixmap is None:
            pixmap = QPixmap(size, size)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            self._renderer.render(painter, QRectF(0, 0, size, size))
            painter.end()
            self._drawn[size] = pixmap
        return pixmap

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:  # noqa: N802
        source = self._source(max(size.width(), size.height()))
        return QSize(source, source).scaled(
            size.boundedTo(QSize(source, source)), Qt.AspectRatioMode.KeepAspectRatio
        )

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        wanted = self.actualSize(size, mode, state)
        pixmap = self._draw(self._source(max(size.width(), size.height())))
        if pixmap.size() != wanted:
            pixmap = pixmap.scaled(
                wanted,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        if mode != QIcon.Mode.Normal:
            style = QApplication.style()
            option = QStyleOption()
            option.palette = QApplication.palette()
            pixmap = style.generatedIconPixmap(mode, pixmap, option)
        return pixmap

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        ratio = painter.device().devicePixelRatio() if painter.device() is not None else 1.0
        painter.drawPixmap(rect, self.pixmap(rect.size() * ratio, mode, state))

    def availableSizes(  # noqa: N802 - Qt's name
        self, mode: QIcon.Mode = QIcon.Mode.Normal, state: QIcon.State = QIcon.State.Off
    ) -> list[QSize]:
        return [QSize(size, size) for size in ICON_SIZES]

    def clone(self) -> QIconEngine:
        # Qt takes the copy as its own (an icon copied and then changed), but an engine made in
        # Python and referenced by nobody here is deleted with its wrapper as this returns, and
        # the icon then drew through a freed engine. It is held until Qt deletes it.
        _CLONES[:] = [engine for engine in _CLONES if Shiboken.isValid(engine)]
        engine = _DrawnIconEngine(self._renderer)
        _CLONES.append(engine)
        return engine


_CLONES: list[_DrawnIconEngine] = []


def with_shortcut(text: str, action: QAction) -> str:
    """ "Fit map to window (Ctrl+0)": a tooltip that teaches the shortcut."""
    keys = action.shortcut()
    shown = keys.toString(QKeySequence.SequenceFormat.NativeText)
    return f"{text} ({shown})" if shown else text


def plain_text(action: QAction) -> str:
    """The action's text without its mnemonic ampersands and trailing dots."""
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")


def set_icon(action: QAction, name: str) -> None:
    """Give `action` the drawn icon `name` and a tooltip with its shortcut; `retint` redraws it."""
    action.setProperty(ICON_PROPERTY, name)
    action.setIcon(icon(name))
    tip = with_shortcut(plain_text(action), action)
    detail = action.statusTip()
    action.setToolTip(f"{tip}\n{detail}" if detail and detail != plain_text(action) else tip)


def dress_toolbar_actions(actions: list[QAction]) -> None:
    """Icons and shortcut tooltips for the actions a toolbar shows (by objectName)."""
    for action in actions:
        name = ACTION_ICONS.get(action.objectName())
        if name is not None and action.property(ICON_PROPERTY) != name:
            set_icon(action, name)


def retint(root: QObject) -> None:
    """Redraw every drawn icon under `root` in the current theme's colour."""
    for action in root.findChildren(QAction):
        name = action.property(ICON_PROPERTY)
        if name:
            action.setIcon(icon(name))
