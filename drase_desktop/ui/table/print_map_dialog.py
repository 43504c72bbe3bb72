"""File > Print map...: the GM picks paper, margins, overlap and what to print, and sees how many
sheets that makes before any is written."""

from __future__ import annotations

from collections.abc import Container

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from drase_desktop.ui.table.print_plan import (
    DEFAULT_MARGIN_MM,
    DEFAULT_OVERLAP_MM,
    MAX_MARGIN_MM,
    MAX_OVERLAP_MM,
    MIN_MARGIN_MM,
    ORIENTATIONS,
    PAPER_SIZES_MM,
    PrintMapError,
    PrintOptions,
    pages_in_sight,
    plan_pages,
)
from drase_desktop.ui.widgets.widget_builders import ok_cancel

ORIENTATION_NAMES = {"auto": "Fewest sheets", "portrait": "Portrait", "landscape": "Landscape"}


class PrintMapDialog(QDialog):
    """objectName "printMapDialog"; `options()` is what the GM chose. `tiles_in_sight` are the
    tiles the players may see (None: all of them), so the players' print counts only the pages
    it keeps."""

    def __init__(
        self,
        map_tiles: tuple[int, int],
        parent: QWidget | None = None,
        tiles_in_sight: Container[tuple[int, int]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("printMapDialog")
        self.setWindowTitle("Print map at 1 inch per tile")
        self._map_tiles = map_tiles
        self._tiles_in_sight = tiles_in_sight
        form = QFormLayout(self)
        form.addRow(
            QLabel(
                "A PDF of the map with one tile = one inch (25.4 mm), for 1-inch miniatures,\n"
                "cut into pages with an assembly sheet. Print it at 100 % (actual size)."
            )
        )
        self.paper = QComboBox(self)
        self.paper.setObjectName("printPaper")
        self.paper.addItems(list(PAPER_SIZES_MM))
        form.addRow("Paper", self.paper)
        self.orientation = QComboBox(self)
        self.orientation.setObjectName("printOrientation")
        for key in ORIENTATIONS:
            self.orientation.addItem(ORIENTATION_NAMES[key], key)
        form.addRow("Orientation", self.orientation)
        self.margin = self._millimetres("printMargin", MIN_MARGIN_MM, MAX_MARGIN_MM)
        self.margin.setValue(DEFAULT_MARGIN_MM)
        form.addRow("Margin", self.margin)
        self.overlap = self._millimetres("printOverlap", 0.0, MAX_OVERLAP_MM)
        self.overlap.setValue(DEFAULT_OVERLAP_MM)
        form.addRow("Overlap between pages", self.overlap)
        self.players_view = QRadioButton("Players' view (no fog, no hidden tokens)", self)
        self.players_view.setObjectName("printPlayersView")
        self.gm_view = QRadioButton("GM's view (everything)", self)
        self.gm_view.setObjectName("printGmView")
        self.players_view.setChecked(True)
        views = QButtonGroup(self)
        views.addButton(self.players_view)
        views.addButton(self.gm_view)
        row = QHBoxLayout()
        row.addWidget(self.players_view)
        row.addWidget(self.gm_view)
        form.addRow("What", row)
        self.grid = QCheckBox("Grid", self)
        self.grid.setObjectName("printGrid")
        self.grid.setChecked(True)
        self.tokens = QCheckBox("Tokens", self)
        self.tokens.setObjectName("printTokens")
        self.tokens.setChecked(True)
        row = QHBoxLayout()
        row.addWidget(self.grid)
        row.addWidget(self.tokens)
        row.addStretch(1)
        form.addRow("Show", row)
        self.summary = QLabel(self)
        self.summary.setObjectName("printSummary")
        form.addRow("Makes", self.summary)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)
        for signal in (
            self.paper.currentIndexChanged,
            self.orientation.currentIndexChanged,
            self.margin.valueChanged,
            self.overlap.valueChanged,
            self.players_view.toggled,
        ):
            signal.connect(self._update_summary)
        self._update_summary()

    def _millimetres(self, name: str, low: float, high: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setDecimals(1)
        spin.setSingleStep(1.0)
        spin.setSuffix(" mm")
        return spin

    def options(self) -> PrintOptions:
        return PrintOptions(
            paper=self.paper.currentText(),
            orientation=self.orientation.currentData(),
            margin_mm=self.margin.value(),
            overlap_mm=self.overlap.value(),
            grid=self.grid.isChecked(),
            players_view=self.players_view.isChecked(),
            tokens=self.tokens.isChecked(),
        )

    def _update_summary(self) -> None:
        ok = self.buttons.button(self.buttons.StandardButton.Ok)
        try:
            layout = plan_pages(self._map_tiles, self.options())
        except PrintMapError as error:
            self.summary.setText(str(error))
            ok.setEnabled(False)
            return
        turned = "landscape" if layout.landscape else "portrait"
        pages = len(layout.pages)
        left_out = ""
        if layout.options.players_view and self._tiles_in_sight is not None:
            pages = len(pages_in_sight(layout, self._tiles_in_sight))
            if pages == 0:
                self.summary.setText("Nothing to print: the players have seen none of the map.")
                ok.setEnabled(False)
                return
            if pages < len(layout.pages):
                left_out = f" ({len(layout.pages) - pages} left out: nothing in sight there)"
        ok.setEnabled(True)
        self.summary.setText(
            f"{pages} {layout.options.paper} page(s){left_out}, {turned}, {layout.rows} row(s)"
            f" x {layout.columns} column(s), and the assembly sheet"
        )
