"""Looks that read across a table: big dock text, strong contrast, a dark and a light palette.

"system" keeps the platform's palette; "dark" and "light" use the Fusion style with a palette
whose text/background contrast is high (WCAG AA or better for body text).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory

from drase_desktop.ui.widgets.plain_text import (
    PlainTextStyle,
    install_plain_text_guard,
    plain_text_style,
)

THEMES = ("system", "light", "dark")
# Point sizes for the docks: body text readable at arm's length, headings from across the table.
DOCK_POINT_SIZE = 13.0
HEADING_POINT_SIZE = 17.0
ROUND_POINT_SIZE = 22.0


def dock_font() -> QFont:
    font = QFont()
    font.setPointSizeF(DOCK_POINT_SIZE)
    return font


def heading_font(point_size: float | None = None) -> QFont:
    font = QFont()
    font.setPointSizeF(HEADING_POINT_SIZE if point_size is None else point_size)
    font.setBold(True)
    return font


# Text colours with meaning, one shade for dark backgrounds and one for light (both >= 4.5:1).
ACCENTS = {
    "info": ("#6cb6ff", "#0b57d0"),
    "warning": ("#ffb347", "#a24d00"),
    "danger": ("#ff8080", "#b3261e"),
    "ok": ("#7bd88f", "#1e7b34"),
    "phase": ("#d6a4ff", "#6a2fb0"),
    "note": ("#f0e68c", "#6b5d00"),
}


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def accent(palette: QPalette, name: str) -> QColor:
    """The colour for `name` ("info", "warning", "danger", "ok", "phase", "note") readable on
    `palette`'s background."""
    dark, light = ACCENTS[name]
    return QColor(dark if is_dark(palette) else light)


def _palette(dark: bool) -> QPalette:
    palette = QPalette()
    if dark:
        colours = {
            QPalette.ColorRole.Window: "#1f2227",
            QPalette.ColorRole.WindowText: "#f2f2f2",
            # Base lighter than Window so Fusion's check box frames (Window darker) show.
            QPalette.ColorRole.Base: "#2b2f37",
            QPalette.ColorRole.AlternateBase: "#333842",
            QPalette.ColorRole.Text: "#f2f2f2",
            QPalette.ColorRole.Button: "#2b2f36",
            QPalette.ColorRole.ButtonText: "#f2f2f2",
            QPalette.ColorRole.Highlight: "#2f6bc4",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#2b2f36",
            QPalette.ColorRole.ToolTipText: "#f2f2f2",
            QPalette.ColorRole.PlaceholderText: "#9aa0a6",
            QPalette.ColorRole.Link: "#6cb6ff",
        }
        disabled = "#7c828a"
    else:
        colours = {
            QPalette.ColorRole.Window: "#f3f3f3",
            QPalette.ColorRole.WindowText: "#111111",
            QPalette.ColorRole.Base: "#ffffff",
            QPalette.ColorRole.AlternateBase: "#eef1f5",
            QPalette.ColorRole.Text: "#111111",
            QPalette.ColorRole.Button: "#e4e4e4",
            QPalette.ColorRole.ButtonText: "#111111",
            QPalette.ColorRole.Highlight: "#1f5fbf",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#ffffe8",
            QPalette.ColorRole.ToolTipText: "#111111",
            QPalette.ColorRole.PlaceholderText: "#6b6b6b",
            QPalette.ColorRole.Link: "#0b57d0",
        }
        disabled = "#8a8a8a"
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette


class ClearIndicatorStyle(PlainTextStyle):
    """Fusion, with check box and radio button frames drawn in the text colour (and labels
    plain text, as every style of the application).

    Fusion outlines indicators in a shade darker than the window, which vanishes on a dark
    palette. (An application style sheet would fix that too, but style sheets stop fonts set
    on the docks from reaching their children.)
    """

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(self, element, option, painter, widget=None) -> None:  # noqa: ANN001
        super().drawPrimitive(element, option, painter, widget)
        if element not in (
            QStyle.PrimitiveElement.PE_IndicatorCheckBox,
            QStyle.PrimitiveElement.PE_IndicatorRadioButton,
        ):
            return
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Active if enabled else QPalette.ColorGroup.Disabled
        colour = QColor(option.palette.color(group, QPalette.ColorRole.WindowText))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(1, 1, -1, -1)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 2, 2)
        painter.restore()


_system_palette: QPalette | None = None
_system_style: str | None = None


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch the whole application to `theme` ("system", "light" or "dark"). Each style is a
    `PlainTextStyle`: the style is what keeps names from files out of rich text."""
    global _system_palette, _system_style
    if theme not in THEMES:
        raise ValueError(f"The theme is one of {', '.join(THEMES)}, not {theme!r}.")
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
        style = app.style()
        _system_style = (style.baseStyle() if isinstance(style, QProxyStyle) else style).name()
    if theme == "system":
        if _system_style:
            app.setStyle(plain_text_style(QStyleFactory.create(_system_style)))
        install_plain_text_guard(app)
        app.setPalette(_system_palette)
        return
    if theme == "dark":
        app.setStyle(ClearIndicatorStyle())
    else:
        app.setStyle(plain_text_style(QStyleFactory.create("Fusion")))
    app.setPalette(_palette(dark=theme == "dark"))
