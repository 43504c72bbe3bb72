"""The fog of war drawn over the map: see-through for the GM, opaque for the players.

One pixel per tile, like the terrain: a fogged tile is the fog colour, a revealed one clear, so a
frame costs one `drawImage` whatever the map's size. For the players the fog also covers
everything outside the map (a background image larger than the grid shows nothing there).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from drase_desktop.encounter.fog import Fog
from drase_desktop.ui.map.grid_geometry import GridGeometry
from drase_desktop.ui.map.level_of_detail import exposed_rect
from drase_desktop.ui.map.tile_image_layer import TileImageLayer

# Above walls, under the path preview and the tokens (see z_order.py).
FOG_Z = 65.0
# The players' fog: one opaque, quiet colour, never confused with a dark map (slightly blue).
PLAYER_FOG = QColor("#14161f")
# The GM sees through the fog but never mistakes fogged ground for revealed ground.
GM_FOG = QColor(20, 24, 60, 120)
GM_FOG_HATCH = QColor(200, 210, 255, 70)
# How far beyond the map the players' fog reaches (tiles), past any image overhang.
OUTSIDE_TILES = 200


class FogLayer(TileImageLayer):
    def __init__(self, geometry: GridGeometry, *, for_players: bool) -> None:
        super().__init__(geometry)
        self.for_players = for_players
        self.colour = QColor(PLAYER_FOG if for_players else GM_FOG)
        self._revision: tuple[int, int, int, int] | None = None
        self._codes = b""
        self.setZValue(FOG_Z)

    def set_geometry(self, geometry: GridGeometry) -> None:
        super().set_geometry(geometry)
        self._revision = None

    def load_fog(self, fog: Fog) -> None:
        """Show `fog` (a no-op when it has not changed since the last call)."""
        stamp = (id(fog), fog.revision, fog.width, fog.height)
        if stamp == self._revision and (fog.width, fog.height) == (
            self._geometry.width,
            self._geometry.height,
        ):
            return
        if (fog.width, fog.height) != (self._geometry.width, self._geometry.height):
            # The scene has not followed a resize yet; it calls again when it has.
            return
        self._revision = stamp
        self._codes = fog.codes()
        clear = QColor(Qt.GlobalColor.transparent)
        self.set_tile_codes(self._codes, [self.colour, clear])

    def is_fogged(self, tile: tuple[int, int]) -> bool:
        return self.tile_colour(tile).alpha() > 0

    def boundingRect(self) -> QRectF:
        rect = self._geometry.map_rect()
        if not self.for_players:
            return rect
        margin = self._geometry.length(OUTSIDE_TILES)
        return rect.adjusted(-margin, -margin, margin, margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.for_players:
            exposed = exposed_rect(painter, option)
            outside = QPainterPath()
            outside.addRect(exposed)
            # Overlap the map's edge by a device pixel or so: the grid's edge line must not
            # peek through a seam between this fill and the tile image.
            zoom = painter.worldTransform().m11() or 1.0
            d = 1.5 / zoom
            inside = QPainterPath()
            inside.addRect(self._geometry.map_rect().adjusted(d, d, -d, -d))
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.fillPath(outside.subtracted(inside), self.colour)
        super().paint(painter, option, widget)

    def paint_details(self, painter: QPainter, exposed: QRectF, tiles) -> None:
        if self.for_players or self.tile_pixels(painter) < 12:
            return
        # Hatch the GM's fogged tiles so they read as "players cannot see this" at a glance.
        x0, y0, x1, y1 = tiles
        codes, width = self._codes, self._geometry.width
        if len(codes) != width * self._geometry.height:
            return
        rects = []
        for y in range(y0, y1):
            start = None
            for x in range(x0, x1 + 1):
                fogged = x < x1 and not codes[y * width + x]
                if fogged and start is None:
                    start = x
                elif not fogged and start is not None:
                    rects.append(self._geometry.span_rect(start, y, x, y + 1))
                    start = None
        if rects:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(GM_FOG_HATCH, Qt.BrushStyle.FDiagPattern))
            painter.drawRects(rects)


class GmFogFollower(QObject):
    """Keeps the GM's fog layer in step with the fog and the map. A child of the scene, so
    Qt drops its connections when the window replaces the scene."""

    def __init__(self, scene: Any, controller: Any) -> None:
        super().__init__(scene)
        self.setObjectName("gmFogFollower")
        self._scene = scene
        self._controller = controller
        self.layer = FogLayer(scene.geometry, for_players=False)
        scene.addItem(self.layer)
        controller.fogChanged.connect(self.refresh)
        # The scene follows mapChanged first (it connected first), so its geometry is current.
        scene.model.mapChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        geometry = self._scene.geometry
        layer = self.layer
        if (layer._geometry.width, layer._geometry.height) != (geometry.width, geometry.height):
            layer.set_geometry(geometry)
        layer.load_fog(self._controller.fog)


def install_gm_fog(scene: Any, controller: Any) -> FogLayer:
    """Put a see-through fog layer on the GM's map scene (once) and return it."""
    follower = scene.findChild(GmFogFollower, "gmFogFollower")
    if follower is None:
        follower = GmFogFollower(scene, controller)
    return follower.layer
