"""Resize the map: the new size in tiles and which edges grow or shrink (tiles, walls, lights
and tokens keep their place on the ground)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QWidget,
)

from drase_desktop.board.battle_map import TILE_METRES
from drase_desktop.ui.widgets.widget_builders import map_side_box, ok_cancel, wrapped_label


class ResizeMapDialog(QDialog):
    def __init__(self, width: int, height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resizeMapDialog")
        self.setWindowTitle("Resize map")
        self._old = (width, height)
        self.width_spin = map_side_box("mapWidthSpin", width)
        self.height_spin = map_side_box("mapHeightSpin", height)
        for spin in (self.width_spin, self.height_spin):
            spin.valueChanged.connect(self._explain)
        self.edge_x = QComboBox()
        self.edge_x.setObjectName("edgeXCombo")
        self.edge_x.addItem("Right edge", "right")
        self.edge_x.addItem("Left edge", "left")
        self.edge_y = QComboBox()
        self.edge_y.setObjectName("edgeYCombo")
        self.edge_y.addItem("Bottom edge", "bottom")
        self.edge_y.addItem("Top edge", "top")
        for combo in (self.edge_x, self.edge_y):
            combo.currentIndexChanged.connect(self._explain)
        self.summary = wrapped_label("resizeSummary")
        buttons = ok_cancel(self)
        form = QFormLayout(self)
        form.addRow(QLabel(f"The map is {width} x {height} tiles ({TILE_METRES} m each)."))
        form.addRow("Width", self.width_spin)
        form.addRow("Grow or shrink at", self.edge_x)
        form.addRow("Height", self.height_spin)
        form.addRow("Grow or shrink at", self.edge_y)
        form.addRow(self.summary)
        form.addRow(buttons)
        self._explain()

    def choice(self) -> tuple[int, int, str, str]:
        """(width, height, "left"/"right", "top"/"bottom")."""
        return (
            self.width_spin.value(),
            self.height_spin.value(),
            self.edge_x.currentData(),
            self.edge_y.currentData(),
        )

    def set_choice(self, width: int, height: int, edge_x: str, edge_y: str) -> None:
        self.width_spin.setValue(width)
        self.height_spin.setValue(height)
        self.edge_x.setCurrentIndex(self.edge_x.findData(edge_x))
        self.edge_y.setCurrentIndex(self.edge_y.findData(edge_y))

    def _explain(self, *_args: object) -> None:
        width, height, edge_x, edge_y = self.choice()
        parts = []
        for change, edge in ((width - self._old[0], edge_x), (height - self._old[1], edge_y)):
            if change > 0:
                parts.append(f"{change} tiles added at the {edge}")
            elif change < 0:
                parts.append(f"{-change} tiles cut at the {edge}")
        self.summary.setText(
            "; ".join(parts).capitalize() + "." if parts else "The size is unchanged."
        )
