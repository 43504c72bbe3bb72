"""Ask the GM for the players' screen size: its diagonal in inches, or the size Qt reports.

Shows the pixels per inch it works out, so a GM checking with the calibration ruler sees what a
change of the diagonal does.
"""

from __future__ import annotations

from PySide6.QtGui import QScreen
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from drase_desktop.ui.table.true_scale import (
    TrueScale,
    TrueScaleError,
    diagonal_from_physical,
    pixels_per_inch_from_diagonal,
)
from drase_desktop.ui.widgets.widget_builders import ok_cancel


class TrueScaleDialog(QDialog):
    def __init__(
        self, screen: QScreen, diagonal: float, overscan: float, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("trueScaleDialog")
        self.setWindowTitle("True scale: one tile = one inch")
        self._screen = screen
        size = screen.geometry().size()
        self._pixels = (size.width(), size.height())
        form = QFormLayout(self)
        form.addRow(
            QLabel(
                f"The players' screen: {size.width()} x {size.height()} pixels.\n"
                "Type its diagonal (the size on the box), then check with the calibration ruler."
            )
        )
        self.diagonal = QDoubleSpinBox(self)
        self.diagonal.setObjectName("diagonalSpin")
        self.diagonal.setRange(5.0, 200.0)
        self.diagonal.setDecimals(1)
        self.diagonal.setSuffix(" in")
        self.diagonal.setValue(diagonal)
        form.addRow("Screen diagonal", self.diagonal)
        reported = QPushButton("Use the size the screen reports", self)
        reported.setObjectName("useReportedSizeButton")
        reported.clicked.connect(self.use_reported_size)
        form.addRow("", reported)
        self.overscan = QDoubleSpinBox(self)
        self.overscan.setObjectName("overscanSpin")
        self.overscan.setRange(0.0, 15.0)
        self.overscan.setDecimals(1)
        self.overscan.setSuffix(" % each edge")
        self.overscan.setValue(overscan * 100)
        form.addRow("TV overscan margin", self.overscan)
        self.readout = QLabel(self)
        self.readout.setObjectName("ppiReadout")
        form.addRow("Works out at", self.readout)
        form.addRow(ok_cancel(self))
        self.diagonal.valueChanged.connect(self._update_readout)
        self._update_readout()

    def use_reported_size(self) -> None:
        physical = self._screen.physicalSize()
        try:
            if physical.width() < 50 or physical.height() < 50:
                raise TrueScaleError(
                    "The screen does not report a believable size: type its diagonal"
                )
            self.diagonal.setValue(diagonal_from_physical(physical.width(), physical.height()))
        except TrueScaleError as error:
            self.readout.setText(str(error))

    def _update_readout(self) -> None:
        try:
            ppi = pixels_per_inch_from_diagonal(self.diagonal.value(), *self._pixels)
        except TrueScaleError as error:
            self.readout.setText(str(error))
            return
        across, down = TrueScale(ppi).whole_tiles(*self._pixels)
        self.readout.setText(f"{ppi:.1f} pixels per inch: {across} x {down} tiles on screen")

    def scale(self) -> TrueScale:
        ppi = pixels_per_inch_from_diagonal(self.diagonal.value(), *self._pixels)
        return TrueScale(ppi, self.overscan.value() / 100)
