"""One combatant on the map: a disc in its side's colour with its name, HP bar and statuses.

Passive: the scene calls `set_combatant` when the model says the combatant changed; the item
never writes to the model. Mouse handling belongs to the scene's tool.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from drase_desktop.encounter.sides import side_words
from drase_desktop.rules.health import health_band
from drase_desktop.ui.map import map_palette, token_art, z_order
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.status_badges import paint_status_badges

# Below these many screen pixels per tile a detail is unreadable, so it is not drawn.
TEXT_MIN_TILE_PIXELS = 16.0
BAR_MIN_TILE_PIXELS = 8.0
# The round's marks ("▶ D L") in this share of a tile's height.
MARK_TEXT_SHARE = 0.36
# How far the marks' plate reaches into the disc (tiles).
MARK_OVERLAP = 0.12
# A disc smaller than this on screen shows at most three letters, big enough to read.
SMALL_DISC_PIXELS = 48.0


def token_label(name: str, footprint: int, disc_pixels: float = 64.0) -> str:
    """What fits on the disc readably: the whole name when short, else initials keeping any
    number; on a small disc (under SMALL_DISC_PIXELS on screen) at most three letters.

    "Goblin 12" -> "G12", "Captain Vex" -> "CV", "Bartholomew" -> "Bar", and on a small disc
    "Aldric" -> "Ald".
    """
    name = name.strip()
    limit = 6 if footprint == 1 else 10
    if disc_pixels < SMALL_DISC_PIXELS:
        limit = 3
    if len(name) <= limit:
        return name
    words = name.split()
    if len(words) == 1:
        return name[:3]
    return "".join(word if word.isdigit() else word[0].upper() for word in words)[:5]


class TokenItem(QGraphicsRectItem):
    """A rect item for its bounds alone (no pen, no brush: `paint` draws the token): Qt asks
    a token's boundingRect several times a frame, and the rect item answers in C++ from the
    rect `_set_bounds` keeps, where a Python boundingRect cost a call into Python each time."""

    def __init__(self, combatant: Any, geometry: GridGeometry) -> None:
        super().__init__()
        self.setPen(Qt.PenStyle.NoPen)
        self._geometry = geometry
        self.combatant_id: str = combatant.id
        self._selected = False
        # This round's marks (set by the scene) and the tooltip's other lines. While the plate
        # is hidden the scene only says they may have changed (`stale_marks`): they are read
        # when something asks for them (the plate showing, the tooltip, `mark_signs`).
        self._mark_signs = ""
        self._mark_meaning = ""
        self.stale_marks: StaleMarks | None = None
        self._marks_seen = 0  # stale_marks.changes when the marks were last set
        self._tooltip_lines: list[str] = []
        self._font = QFont()
        self._font.setBold(True)
        # The encounter's pictures by key (the scene hands them over); empty: initials only.
        self._portraits: Mapping[str, bytes] = {}
        self._look: tuple[object, ...] | None = None  # what `paint` drew from, see `_repaint`
        self.setZValue(z_order.TOKENS)
        self.setAcceptHoverEvents(False)
        # Painting a token (disc, text layout, bar, badges) is dear in Python; Qt keeps the
        # result as a pixmap at the current zoom and repaints only when the token changes.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.footprint: int = combatant.footprint
        # Whether the marks' plate keeps inside the token's own tiles (a token stands above:
        # standing on the disc's top edge, the plate would cover it). Set by the scene.
        self.plate_inside = False
        # The marks change at every phase for most tokens: drawn by a child of their own, they
        # leave the token's kept picture alone.
        self.marks = TokenMarks(self)
        self.set_combatant(combatant)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self._geometry = geometry
        self._set_bounds()
        self.update()
        self.marks.relayout()
        self.snap_back()

    # -- driven by the scene -------------------------------------------------------------
    def set_combatant(self, combatant: Any) -> None:
        self.name: str = combatant.name
        self.side: str = combatant.side
        if combatant.footprint != self.footprint:
            self.footprint = combatant.footprint
            self.marks.relayout()  # the plate stands on the disc's top edge
        self._set_bounds()
        self.hp: int = combatant.hp
        self.max_hp: int = combatant.max_hp
        self.incapacitated: bool = bool(combatant.incapacitated)
        self.hidden: bool = bool(combatant.hidden)
        # Incapacitated has its own look (grey, crossed); a badge would repeat it.
        self.statuses: list[str] = [
            status.name for status in combatant.statuses if status.name != "incapacitated"
        ]
        self.label = token_label(self.name, self.footprint)
        self.portrait: str | None = combatant.portrait
        self.position = combatant.position
        if self.position is not None:
            self.setPos(self._geometry.tile_to_scene(self.position))
        self.setVisible(self.position is not None)
        self._update_tooltip(combatant)
        self._repaint()

    @property
    def portraits(self) -> Mapping[str, bytes]:
        return self._portraits

    @portraits.setter
    def portraits(self, portraits: Mapping[str, bytes]) -> None:
        self._portraits = portraits
        self._repaint()

    def _repaint(self) -> None:
        """Repaint the token when what it shows changed: the scene hands every token of a
        change over again, and a repaint throws away Qt's kept picture of it (after a no-op
        change of all 300, the next frame repainted them all, 6 ms instead of 1.3)."""
        picture = self._portraits.get(self.portrait) if self.portrait is not None else None
        look = (
            self.name,
            self.side,
            self.footprint,
            self.hp,
            self.max_hp,
            self.incapacitated,
            self.hidden,
            tuple(self.statuses),
            self.portrait,
            picture,
        )
        if look != self._look:
            self._look = look
            self.update()

    def set_marks(self, signs: str, meaning: str) -> None:
        """This round's marks (round_marks: "▶ D L") drawn on the token, their words in its
        tooltip; the combatants list shows the same."""
        self._marks_seen = self.stale_marks.changes if self.stale_marks is not None else 0
        if (signs, meaning) != (self._mark_signs, self._mark_meaning):
            if signs != self._mark_signs:
                self._mark_signs = signs
                self.marks.marks_changed()
            self._mark_meaning = meaning
            self.setToolTip(self._tooltip_text)

    def marks_stale(self) -> None:
        """This token's marks may have changed while no one can see them: `stale_marks` gives
        them when they are asked for."""
        self._marks_seen = -1

    def catch_up_marks(self) -> None:
        """Read the marks left stale, as they are now."""
        stale = self.stale_marks
        if stale is not None and self._marks_seen != stale.changes:
            marks = stale.read(self.combatant_id)
            if marks is not None:  # None: the creature is gone, the token leaves next
                self.set_marks(marks.signs, marks.text)

    @property
    def mark_signs(self) -> str:
        self.catch_up_marks()
        return self._mark_signs

    @property
    def mark_meaning(self) -> str:
        self.catch_up_marks()
        return self._mark_meaning

    def set_selected(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self.setZValue(z_order.TOKEN_RAISED if selected else z_order.TOKENS)
            self.update()

    @property
    def selected(self) -> bool:
        return self._selected

    def snap_back(self) -> None:
        """Return to the model's tile (after a refused or cancelled drag)."""
        if self.position is not None:
            self.setPos(self._geometry.tile_to_scene(self.position))

    def _update_tooltip(self, combatant: Any) -> None:
        statuses = ", ".join(
            f"{s.name} ({s.remaining})" if getattr(s, "remaining", None) else s.name
            for s in combatant.statuses
        )
        lines = [f"{self.name} ({side_words(self.side)})", f"HP {self.hp}/{self.max_hp}"]
        if statuses:
            lines.append(statuses)
        self._tooltip_lines = lines
        self.setToolTip(self._tooltip_text)

    @property
    def _tooltip_text(self) -> str:
        marks = [self._mark_meaning] if self._mark_meaning else []
        return "\n".join([*self._tooltip_lines, *marks])

    # -- painting ------------------------------------------------------------------------
    def _disc_rect(self) -> QRectF:
        side = self._geometry.length(self.footprint)
        inset = side * 0.07
        return QRectF(inset, inset, side - 2 * inset, side - 2 * inset)

    def _set_bounds(self) -> None:
        """The token's tiles and a margin for the selection ring (setRect tells the scene only
        when they changed)."""
        side = self._geometry.length(self.footprint)
        self.setRect(QRectF(-4, -4, side + 8, side + 8))

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self._disc_rect())
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        length = self._geometry.length
        pixels = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        pixels *= length(1)
        disc = self._disc_rect()
        fill = (
            map_palette.INCAPACITATED if self.incapacitated else map_palette.side_colour(self.side)
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, pixels >= TEXT_MIN_TILE_PIXELS)
        if self.hidden:
            painter.setOpacity(0.55)
        if self._selected:
            painter.setPen(QPen(map_palette.SELECTION, length(0.12)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            gap = length(0.03)
            painter.drawEllipse(disc.adjusted(-gap, -gap, gap, gap))
        border = QPen(QColor("#ffffff"), length(0.06))
        if self.hidden:
            border.setStyle(Qt.PenStyle.DashLine)
        with_art = self.portrait is not None and token_art.paint_disc_art(
            painter, disc, self.portrait, self._portraits
        )
        if with_art:
            # The picture fills the disc; the ring keeps the side's colour readable.
            ring = QPen(fill, length(0.09))
            if self.hidden:
                ring.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        else:
            painter.setPen(border if pixels >= BAR_MIN_TILE_PIXELS else Qt.PenStyle.NoPen)
            painter.setBrush(fill)
        painter.drawEllipse(disc)
        if self.incapacitated:
            cross = QPen(map_palette.INCAPACITATED_CROSS, length(0.1))
            cross.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(cross)
            inner = disc.adjusted(
                disc.width() * 0.2, disc.height() * 0.2, -disc.width() * 0.2, -disc.height() * 0.2
            )
            painter.drawLine(inner.topLeft(), inner.bottomRight())
            painter.drawLine(inner.topRight(), inner.bottomLeft())
        if pixels >= BAR_MIN_TILE_PIXELS:
            self._paint_hp_bar(painter, disc)
        if pixels >= TEXT_MIN_TILE_PIXELS:
            label = token_label(self.name, self.footprint, pixels * self.footprint)
            if with_art:
                self._paint_art_label(painter, disc, label)
            else:
                self._paint_label(painter, disc, label)
            paint_status_badges(
                painter,
                disc,
                self._geometry,
                self.statuses,
                radius_share=0.16,
                inset=0.6,
            )

    def set_plate_inside(self, inside: bool) -> None:
        """Keep the marks' plate inside the token's own tiles (a token stands above it), or
        let it stand on the disc's top edge."""
        if inside != self.plate_inside:
            self.plate_inside = inside
            self.marks.relayout()

    def _marks_plate(self, signs: str | None = None) -> tuple[QRectF, QFont]:
        """Where the round's marks (`signs`, else the token's) go: a plate standing on the
        disc's top edge, clear of the name written across the disc's middle, or (a token
        standing above) at the top of the token's own tiles; never wider than them, so it
        covers no neighbour. And the font they are written in."""
        signs = self.mark_signs if signs is None else signs
        disc = self._disc_rect()
        tile = self._geometry.length(1)
        side = self._geometry.length(self.footprint)
        pad = tile * 0.04
        font = QFont()
        font.setBold(True)
        pixels = max(1, round(tile * MARK_TEXT_SHARE))
        font.setPixelSize(pixels)
        metrics = QFontMetricsF(font)
        room = side - 4 * pad
        if metrics.horizontalAdvance(signs) > room:  # four marks on a small tile
            font.setPixelSize(max(1, int(pixels * room / metrics.horizontalAdvance(signs))))
            metrics = QFontMetricsF(font)
        height = metrics.height() + 2 * pad
        width = min(side, metrics.horizontalAdvance(signs) + 4 * pad)
        top = 0.0 if self.plate_inside else disc.top() + MARK_OVERLAP * tile - height
        left = max(0.0, min(disc.left() - pad, side - width))
        return QRectF(left, top, width, height), font

    def _paint_label(self, painter: QPainter, disc: QRectF, label: str) -> None:
        font = QFont(self._font)
        # As big as fits: the name is what a player looks for across the table.
        pixel_size = disc.height() * 0.42
        font.setPixelSize(max(6, int(pixel_size)))
        width = QFontMetricsF(font).horizontalAdvance(label)
        if width > disc.width() * 0.86:
            font.setPixelSize(max(6, int(pixel_size * disc.width() * 0.86 / width)))
        painter.setFont(font)
        text_rect = disc.adjusted(0, -disc.height() * 0.08, 0, -disc.height() * 0.08)
        painter.setPen(QColor(0, 0, 0, 170))
        painter.drawText(text_rect.translated(1.5, 1.5), Qt.AlignmentFlag.AlignCenter, label)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_art_label(self, painter: QPainter, disc: QRectF, label: str) -> None:
        """The short name on a dark plate above the HP bar: the picture stays visible and ten
        bandits sharing one picture still read "B3", "B4"."""
        font = QFont(self._font)
        font.setPixelSize(max(6, int(disc.height() * 0.22)))
        metrics = QFontMetricsF(font)
        width = min(disc.width() * 0.8, metrics.horizontalAdvance(label) + disc.width() * 0.08)
        height = metrics.height()
        plate = QRectF(
            disc.center().x() - width / 2,
            disc.bottom() - disc.height() * 0.24 - height,
            width,
            height,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 160))
        painter.drawRoundedRect(plate, height * 0.3, height * 0.3)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_hp_bar(self, painter: QPainter, disc: QRectF) -> None:
        height = self._geometry.length(0.15)
        bar = QRectF(
            disc.left() + disc.width() * 0.12,
            disc.bottom() - height * 1.6,
            disc.width() * 0.76,
            height,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(map_palette.HP_BACK)
        painter.drawRect(bar.adjusted(-1.5, -1.5, 1.5, 1.5))
        fraction = max(0.0, min(1.0, self.hp / self.max_hp)) if self.max_hp > 0 else 0.0
        colour = map_palette.HP_BAND_COLOURS[health_band(self.hp, self.max_hp)]
        painter.setBrush(colour)
        painter.drawRect(QRectF(bar.left(), bar.top(), bar.width() * fraction, bar.height()))


class StaleMarks:
    """Where a scene's tokens read the round marks they left unread while their plates were
    hidden (on a zoomed-out map): `read(combatant_id)` gives them (round_marks), and `changes`
    counts the changes that may have altered every token's, so a phase makes 300 tokens' marks
    stale in one step and works out none of them until they are asked for."""

    def __init__(self, read: Callable[[str], Any]) -> None:
        self.read = read
        self.changes = 0


class TokenMarks(QGraphicsItem):
    """A token's round marks ("▶ D L") on a plate standing on its disc's top edge, drawn like
    the name only when a tile is big enough to read them.

    A child of the token, so it moves, hides and rises with it; a change of marks repaints the
    plate alone, not the token's kept picture. The scene hides every plate while its view shows
    tiles too small for them (`MapScene.set_marks_readable`); a hidden plate takes the size of
    new marks only when it shows again, so a phase that changes the marks of hundreds of tokens
    on a zoomed-out map neither repaints nor moves anything in the scene."""

    def __init__(self, token: TokenItem) -> None:
        super().__init__(token)
        self._token = token
        self._signs = ""  # the marks the plate is laid out for: the token's, while shown
        self._shown = True
        self._bounds: QRectF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def set_shown(self, shown: bool) -> None:
        self._shown = shown
        self.setVisible(shown)
        self.marks_changed()

    def marks_changed(self) -> None:
        """The token's marks changed: a shown plate takes them now, a hidden one when shown."""
        if self._shown and self._signs != self._token.mark_signs:
            self.relayout()

    def relayout(self) -> None:
        """Lay the plate out again for the token's marks, footprint and grid as they are."""
        self.prepareGeometryChange()
        self._signs = self._token.mark_signs
        self._bounds = None
        self.update()

    def boundingRect(self) -> QRectF:
        if self._bounds is None:
            if self._signs:
                self._bounds = self._token._marks_plate(self._signs)[0].adjusted(-1, -1, 1, 1)
            else:
                self._bounds = QRectF()
        return QRectF(self._bounds)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        token, signs = self._token, self._signs
        if not signs:
            return
        pixels = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if pixels * token._geometry.length(1) < TEXT_MIN_TILE_PIXELS:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        plate, font = token._marks_plate(signs)
        radius = token._geometry.length(0.08)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(map_palette.MARK_PLATE)
        painter.drawRoundedRect(plate, radius, radius)
        painter.setPen(map_palette.MARK_TEXT)
        painter.setFont(font)
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, signs)
