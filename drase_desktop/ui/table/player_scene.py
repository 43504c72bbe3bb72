"""What the players may see of the map: a separate, player-safe projection of the model.

Every decision of what shows is the core's (`encounter/player_projection.py`), the same code
that decides the players' phones; this scene only draws its answers.

It is not the GM's scene with things switched off: it is built from the model by rules that
decide, item by item, what the players are allowed to know, so nothing the GM sees can leak
through a forgotten toggle.
- The map layers, under an opaque fog on every tile the players have not seen (and beyond the
  map's edge); walls and doors drawn thick over the fog's edge, never inside the fog.
- Tokens only when not hidden, and only where the players could see them: player-side tokens
  always (the players know where they stand), others only on a revealed tile.
- No numbers of anyone's HP, no notes, no tooltips: a token shows "wounded" (an amber ring),
  "bloodied" (a thick red ring) or "down" (grey, crossed), from `condition`.
- The GM's drag path and ruler, mirrored only where they run over revealed ground and belong
  to a token the players can see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from drase_desktop.board.light_tints import light_and_obscuration
from drase_desktop.encounter.fog import Fog, fog_of
from drase_desktop.encounter.player_projection import (
    condition,
    player_tag,
    player_visible,
    shown_gm_path,
    shown_ruler,
)
from drase_desktop.encounter.round_marks import acting_now
from drase_desktop.ui.map import map_palette, token_art, z_order
from drase_desktop.ui.map.board_layers import BoardScene, load_board_layers
from drase_desktop.ui.map.cover_layer import CoverLayer
from drase_desktop.ui.map.fog_layer import FogLayer
from drase_desktop.ui.map.grid_geometry import GridGeometry, Tile
from drase_desktop.ui.map.height_layer import HeightLayer
from drase_desktop.ui.map.light_layer import LightLayer
from drase_desktop.ui.map.status_badges import paint_status_badges
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.player_grid import PlayerGridLayer
from drase_desktop.ui.table.player_walls import PlayerWallLayer

WOUNDED = QColor("#ffb000")
BLOODIED = QColor("#e00000")
# The ring round a token acting in this phase: apart from the condition rings and both sides.
ACTING = QColor("#00e5ff")
# Lines the players read from two metres: at least this many scene units per tile's 64.
PLAYER_PATH = QColor("#ffffff")
PLAYER_PATH_OUTLINE = QColor("#0d47a1")


class PlayerTokenItem(QGraphicsItem):
    """A token as the players see it: side colour, name, condition; no numbers."""

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__()
        self._geometry = geometry
        self.combatant_id = ""
        self.label = ""
        self.side = ""
        self.footprint = 1
        self.condition = "unhurt"
        self.statuses: list[str] = []
        self.portrait: str | None = None
        # It acts in this phase: a bright ring the table sees from across the room.
        self.acting = False
        # The encounter's pictures by key (the scene hands them over).
        self.portraits: dict[str, bytes] = {}
        self.setZValue(z_order.TOKENS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.prepareGeometryChange()
        self._geometry = geometry

    def set_combatant(self, combatant: Any) -> None:
        self.prepareGeometryChange()
        self.combatant_id = combatant.id
        self.side = combatant.side
        self.footprint = combatant.footprint
        self.label = player_tag(combatant.name)
        self.condition = condition(combatant)
        self.statuses = [s.name for s in combatant.statuses if s.name != "incapacitated"]
        self.portrait = combatant.portrait
        self.setPos(self._geometry.tile_to_scene(combatant.position))
        self.update()

    def set_acting(self, acting: bool) -> None:
        if acting != self.acting:
            self.acting = acting
            self.update()

    def boundingRect(self) -> QRectF:
        side = self._geometry.length(self.footprint)
        margin = self._geometry.length(0.15)  # the condition and acting rings sit outside
        return QRectF(-margin, -margin, side + 2 * margin, side + 2 * margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        geometry = self._geometry
        length = geometry.length
        side = length(self.footprint)
        disc = QRectF(side * 0.08, side * 0.08, side * 0.84, side * 0.84)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        down = self.condition == "down"
        fill = map_palette.INCAPACITATED if down else map_palette.side_colour(self.side)
        with_art = self.portrait is not None and token_art.paint_disc_art(
            painter, disc, self.portrait, self.portraits
        )
        if with_art:
            # The picture fills the disc; the ring in the side's colour tells friend from foe.
            painter.setPen(QPen(fill, length(0.09)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        else:
            painter.setPen(QPen(QColor("#ffffff"), length(0.07)))
            painter.setBrush(fill)
        painter.drawEllipse(disc)
        ring = {"wounded": (WOUNDED, 0.07), "bloodied": (BLOODIED, 0.1)}.get(self.condition)
        if ring is not None:
            # Outside the white border, on the ground: it reads on a red disc as on a blue one.
            colour, width = ring
            painter.setPen(QPen(colour, length(width)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            out = length(0.035) + length(width) / 2
            painter.drawEllipse(disc.adjusted(-out, -out, out, out))
        if self.acting:
            # Outside the condition ring, on the tile's edge: "this one acts now".
            painter.setPen(QPen(ACTING, length(0.08)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            edge = side * 0.08 - length(0.1)
            painter.drawEllipse(QRectF(-edge, -edge, side + 2 * edge, side + 2 * edge))
        if self.condition == "bloodied":
            self._paint_drop(painter, disc, geometry)
        if down:
            cross = QPen(map_palette.INCAPACITATED_CROSS, length(0.12))
            cross.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(cross)
            inner = disc.adjusted(side * 0.2, side * 0.2, -side * 0.2, -side * 0.2)
            painter.drawLine(inner.topLeft(), inner.bottomRight())
            painter.drawLine(inner.topRight(), inner.bottomLeft())
        font = QFont()
        font.setBold(True)
        # With a picture the name sits low on the disc, small, so the picture shows.
        pixel = disc.height() * (0.24 if with_art else 0.4)
        font.setPixelSize(max(6, int(pixel)))
        width = QFontMetricsF(font).horizontalAdvance(self.label)
        if width > disc.width() * 0.8:
            font.setPixelSize(max(6, int(pixel * disc.width() * 0.8 / width)))
        painter.setFont(font)
        text_rect = disc.adjusted(0, disc.height() * 0.55, 0, 0) if with_art else disc
        painter.setPen(QColor(0, 0, 0, 190))
        painter.drawText(text_rect.translated(2, 2), Qt.AlignmentFlag.AlignCenter, self.label)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, self.label)
        paint_status_badges(painter, disc, geometry, self.statuses, radius_share=0.18, inset=0.5)

    @staticmethod
    def _paint_drop(painter: QPainter, disc: QRectF, geometry: GridGeometry) -> None:
        """A drop of blood at the disc's lower right: "bloodied" without a word or a number."""
        length = geometry.length
        tip = QPointF(disc.right() - length(0.12), disc.bottom() - length(0.36))
        radius = length(0.13)
        centre = QPointF(tip.x(), tip.y() + radius * 1.9)
        drop = QPainterPath(tip)
        drop.cubicTo(
            QPointF(tip.x() + radius * 0.4, tip.y() + radius),
            QPointF(centre.x() + radius * 1.1, centre.y() - radius * 0.2),
            QPointF(centre.x(), centre.y() + radius),
        )
        drop.cubicTo(
            QPointF(centre.x() - radius * 1.1, centre.y() - radius * 0.2),
            QPointF(tip.x() - radius * 0.4, tip.y() + radius),
            tip,
        )
        painter.setPen(QPen(QColor("#ffffff"), length(0.03)))
        painter.setBrush(BLOODIED)
        painter.drawPath(drop)


class MirroredLine(QGraphicsItem):
    """The GM's drag path or ruler as the players see it: a plain thick line, no numbers."""

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__()
        self._geometry = geometry
        self._points: list[QPointF] = []
        self._bounds = QRectF()
        self.setZValue(z_order.PATH)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.set_points([])
        self._geometry = geometry

    @property
    def points(self) -> list[QPointF]:
        return list(self._points)

    def set_points(self, points: Sequence[QPointF]) -> None:
        self.prepareGeometryChange()
        self._points = list(points)
        # From the extremes: a straight run's points are zero-size rects, which `united` drops.
        margin = self._geometry.length(0.3)
        if self._points:
            xs = [p.x() for p in self._points]
            ys = [p.y() for p in self._points]
            self._bounds = QRectF(
                min(xs) - margin,
                min(ys) - margin,
                max(xs) - min(xs) + 2 * margin,
                max(ys) - min(ys) + 2 * margin,
            )
        else:
            self._bounds = QRectF()
        self.setVisible(len(self._points) >= 2)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if len(self._points) < 2:
            return
        length = self._geometry.length
        path = QPainterPath(self._points[0])
        for point in self._points[1:]:
            path.lineTo(point)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((PLAYER_PATH_OUTLINE, 0.22), (PLAYER_PATH, 0.11)):
            pen = QPen(colour, length(width))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPath(path)
        painter.setBrush(PLAYER_PATH)
        painter.setPen(QPen(PLAYER_PATH_OUTLINE, length(0.05)))
        painter.drawEllipse(self._points[-1], length(0.16), length(0.16))


class PlayerScene(BoardScene):
    """The player-safe scene of `model`'s encounter; it follows the model and the fog."""

    grid_layer: PlayerGridLayer  # made after the terrain layer, whose callback already names it

    def __init__(self, model: Any, parent: Any = None) -> None:
        super().__init__(model, parent)
        self.height_layer = HeightLayer(self.geometry)
        self.grid_layer = PlayerGridLayer(self.geometry)
        self.cover_layer = CoverLayer(self.geometry)
        self.wall_layer = PlayerWallLayer(self.geometry)
        self.light_layer = LightLayer(self.geometry)
        self.fog_layer = FogLayer(self.geometry, for_players=True)
        self.path_line = MirroredLine(self.geometry)
        self.ruler_line = MirroredLine(self.geometry)
        self.ruler_line.setZValue(z_order.RULER)
        placed = (
            (self.terrain_layer, z_order.TERRAIN),
            (self.height_layer, z_order.HEIGHT),
            (self.grid_layer, z_order.GRID),
            (self.cover_layer, z_order.COVER),
            (self.wall_layer, self.wall_layer.zValue()),
            (self.light_layer, z_order.LIGHT),
            (self.fog_layer, self.fog_layer.zValue()),
            (self.path_line, z_order.PATH),
            (self.ruler_line, z_order.RULER),
        )
        self.place_layers(placed)
        self.token_items: dict[str, PlayerTokenItem] = {}
        self._gm_path: tuple[str, list[Tile], int] = ("", [], 1)
        self._gm_ruler: tuple[Tile, Tile] | None = None
        self.fog_controller = fog_controller(model)
        model.mapChanged.connect(self.reload_map)
        model.combatantsChanged.connect(self.refresh_tokens)
        model.roundChanged.connect(self.refresh_tokens)  # who acts changes with the phase
        self.fog_controller.fogChanged.connect(self.refresh_fog)
        self.reload_map()

    @property
    def fog(self) -> Fog:
        return fog_of(self.model.encounter)

    def reload_map(self) -> None:
        battle_map = self.model.encounter.battle_map
        load_board_layers(self, battle_map)
        light, zones = light_and_obscuration(battle_map)
        self.light_layer.set_levels(light, zones)
        self.terrain_layer.set_tint("height", self.height_layer.tint())
        self.terrain_layer.set_tint("light", self.light_layer.tint())
        self.setSceneRect(self.geometry.map_rect())
        self.refresh_fog()

    def refresh_fog(self) -> None:
        self.fog_layer.load_fog(self.fog)
        self.wall_layer.load_fog(self.fog)
        self.refresh_tokens()
        self._show_mirrors()

    def refresh_tokens(self, _ids: list[str] | None = None) -> None:
        """Rebuild which tokens show and how (cheap: a handful of items)."""
        fog = self.fog
        encounter = self.model.encounter
        combatants = encounter.combatants
        wanted = {cid for cid, c in combatants.items() if player_visible(c, fog)}
        acting = {c.id for c in acting_now(encounter)}
        for cid in list(self.token_items):
            if cid not in wanted:
                self.removeItem(self.token_items.pop(cid))
        for cid in wanted:
            item = self.token_items.get(cid)
            if item is None:
                item = PlayerTokenItem(self.geometry)
                self.token_items[cid] = item
                self.addItem(item)
            item.portraits = encounter.portraits
            item.set_combatant(combatants[cid])
            item.set_acting(cid in acting)
        self._show_mirrors()

    # -- the GM's path and ruler ---------------------------------------------------------
    def mirror_path(self, combatant_id: str, path: Sequence[Tile], footprint: int = 1) -> None:
        """Show the GM's drag of `combatant_id` along `path` (empty: none)."""
        wanted = (combatant_id, [cast(Tile, tuple(t)) for t in path], footprint)
        if wanted != self._gm_path:  # the display polls: repaint only on a change
            self._gm_path = wanted
            self._show_mirrors()

    def mirror_ruler(self, start: Tile | None, end: Tile | None) -> None:
        wanted = (start, end) if start is not None and end is not None else None
        if wanted != self._gm_ruler:
            self._gm_ruler = wanted
            self._show_mirrors()

    def _show_mirrors(self) -> None:
        fog = self.fog
        geometry = self.geometry
        encounter = self.model.encounter
        combatant_id, path, footprint = self._gm_path
        shown = shown_gm_path(encounter, combatant_id, path, footprint, fog)
        self.path_line.set_points([geometry.tile_centre(tile, footprint) for tile in shown])
        ruler: list[QPointF] = []
        if self._gm_ruler is not None:
            start, end = self._gm_ruler
            if shown_ruler(encounter, start, end, fog):
                ruler = [geometry.tile_centre(start), geometry.tile_centre(end)]
        self.ruler_line.set_points(ruler)
