"""What every layer drawn over the whole map shares: the grid geometry it draws in (set again
when the map is resized or replaced), a bounding rect of the whole map, paint calls told the
exposed rect so a layer draws only what the screen shows, and clicks passed through to the
tokens and tools beneath. A layer drawn by a `BoardPicture` tells it each change of its look."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem

from drase_desktop.ui.map.grid_geometry import GridGeometry


class MapLayer(QGraphicsItem):
    """Base of the map's layers; a subclass paints, and loads what it shows from the map."""

    # How far (in tiles) what the layer draws may stand out past the map's edge.
    OVERHANG_TILES = 0.0
    # The picture that paints this layer with the others (None: the scene paints it).
    drawn_by: Any = None

    def __init__(self, geometry: GridGeometry) -> None:
        super().__init__()
        self._geometry = geometry
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_geometry(self, geometry: GridGeometry) -> None:
        self.prepareGeometryChange()
        self._geometry = geometry
        if self.drawn_by is not None:
            self.drawn_by.geometry_changed()

    def update(self, *rect: Any) -> None:
        """Repaint all of the layer, or the scene rect given (a QRectF or x, y, w, h)."""
        super().update(*rect)
        if self.drawn_by is not None:
            self.drawn_by.layer_changed(QRectF(*rect) if rect else None)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        shown = (
            QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
            QGraphicsItem.GraphicsItemChange.ItemOpacityHasChanged,
        )
        if change in shown and self.drawn_by is not None:
            self.drawn_by.layer_changed()
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        margin = self._geometry.length(self.OVERHANG_TILES)
        return self._geometry.map_rect().adjusted(-margin, -margin, margin, margin)
