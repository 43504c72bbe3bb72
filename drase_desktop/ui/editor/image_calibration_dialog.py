"""Calibrating a battlemap picture's grid: drag a box over one tile, fine-tune with the keys, or
type the pixels per tile; then check the drift on a far tile.

The picture is decoded off the window's thread, scaled for the screen (at most
`PREVIEW_SIDE` px a side); the scene's coordinates stay the file's own pixels, so every number
the GM sees and types is in the picture's real pixels. The grid drawn over it follows each
change, and the map's size in tiles is shown as it will be.

Keys: arrows move the grid 1 px (Shift: 0.1 px); Ctrl+arrows make the tile bigger (right, down)
or smaller (left, up) by 1 px (Shift: 0.1 px).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.board.image_probe import probe_image
from drase_desktop.storage.image_import import (
    ImageImportError,
    calibration_from_tile_box,
    normalise_offset,
    refine_with_far_tile,
    tiles_covered,
)
from drase_desktop.ui.map.image_loader import ImageLoader
from drase_desktop.ui.widgets.widget_builders import ok_cancel

PREVIEW_SIDE = 4096
DEFAULT_PIXELS_PER_TILE = 70.0
GRID_COLOUR = QColor(255, 40, 40, 200)
ANCHOR_TILE_COLOUR = QColor(255, 220, 0, 90)
BOX_COLOUR = QColor(0, 200, 255)


class _GridItem(QGraphicsItem):
    """The calibrated grid over the picture, drawn only where exposed."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self._rect = QRectF(0, 0, width, height)
        self.pixels_per_tile = DEFAULT_PIXELS_PER_TILE
        self.offset = (0.0, 0.0)
        self.anchor = (0.0, 0.0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_grid(
        self, pixels_per_tile: float, offset: tuple[float, float], anchor: tuple[float, float]
    ) -> None:
        self.pixels_per_tile = pixels_per_tile
        self.offset = offset
        self.anchor = anchor
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        step = self.pixels_per_tile
        ox, oy = self.offset
        exposed = option.exposedRect.intersected(self._rect)
        scale = painter.worldTransform().m11()
        painter.fillRect(QRectF(*self.anchor, step, step), ANCHOR_TILE_COLOUR)
        if step * scale < 4:  # lines closer than 4 screen pixels are a grey wash
            return
        pen = QPen(GRID_COLOUR, 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        first_x = ox + math.ceil((exposed.left() - ox) / step) * step
        x = first_x
        while x <= exposed.right():
            painter.drawLine(QPointF(x, exposed.top()), QPointF(x, exposed.bottom()))
            x += step
        first_y = oy + math.ceil((exposed.top() - oy) / step) * step
        y = first_y
        while y <= exposed.bottom():
            painter.drawLine(QPointF(exposed.left(), y), QPointF(exposed.right(), y))
            y += step


class _ImageView(QGraphicsView):
    """Drag a box (left button) or click a far tile's corner; wheel zooms; middle button pans."""

    boxDragged = Signal(QRectF)
    pointClicked = Signal(QPointF)
    keyPressed = Signal(QKeyEvent)

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        self.setObjectName("calibrationView")
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.box_item = scene.addRect(QRectF(), QPen(BOX_COLOUR, 0))
        self.box_item.setZValue(10)
        self._start: QPointF | None = None
        self._pan: QPointF | None = None

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            factor = 1.25**steps
            if 0.01 < self.transform().m11() * factor < 64:
                self.scale(factor, factor)
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan = event.position()
        elif event.button() == Qt.MouseButton.LeftButton:
            self._start = self.mapToScene(event.position().toPoint())
            self.box_item.setRect(QRectF(self._start, self._start))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None:
            delta = event.position() - self._pan
            self._pan = event.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - delta.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - delta.y()))
        elif self._start is not None:
            here = self.mapToScene(event.position().toPoint())
            self.box_item.setRect(QRectF(self._start, here).normalized())
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan = None
        elif event.button() == Qt.MouseButton.LeftButton and self._start is not None:
            end = self.mapToScene(event.position().toPoint())
            box = QRectF(self._start, end).normalized()
            self._start = None
            if box.width() < 3 and box.height() < 3:
                self.box_item.setRect(QRectF())
                self.pointClicked.emit(end)
            else:
                self.boxDragged.emit(box)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.keyPressed.emit(event)
            event.accept()
            return
        super().keyPressEvent(event)


class ImageCalibrationDialog(QDialog):
    """`calibration()` gives (pixels per tile, offset) in the picture's own pixels once accepted.

    A picture whose pixels cannot be decoded rejects the dialog with `error` set."""

    def __init__(self, data: bytes, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("imageCalibrationDialog")
        self.setWindowTitle(f"Calibrate the grid: {name}")
        self.error = ""
        self._data = data
        info = probe_image(data)
        self.image_width, self.image_height = info.width, info.height
        self._pixels_per_tile = DEFAULT_PIXELS_PER_TILE
        self._offset = (0.0, 0.0)
        # The corner of the tile the GM calibrated on (the box's tile): the tile size grows and
        # the drift check measures from there, so an error in the size never moves that tile.
        self._anchor = (0.0, 0.0)
        self._preview: QImage | None = None
        self._preview_scale = 1.0
        self._far_check = False
        self._updating = False

        self.scene = QGraphicsScene(self)
        self.scene.setSceneRect(QRectF(0, 0, info.width, info.height))
        self.pixmap_item = QGraphicsPixmapItem()
        self.pixmap_item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.scene.addItem(self.pixmap_item)
        self.grid_item = _GridItem(info.width, info.height)
        self.grid_item.setZValue(5)
        self.scene.addItem(self.grid_item)
        self.view = _ImageView(self.scene)
        self.view.boxDragged.connect(self._box_dragged)
        self.view.pointClicked.connect(self._point_clicked)
        self.view.keyPressed.connect(self._nudge)

        self.ppt_spin = self._spin("pixelsPerTileSpin", 1.0, 10000.0, self._pixels_per_tile)
        self.offset_x_spin = self._spin("offsetXSpin", -10000.0, 10000.0, 0.0)
        self.offset_y_spin = self._spin("offsetYSpin", -10000.0, 10000.0, 0.0)
        self.far_button = QPushButton("Check drift on a far tile")
        self.far_button.setObjectName("farTileButton")
        self.far_button.setCheckable(True)
        self.far_button.setToolTip(
            "Then click the top-left corner of a tile far to the right and below"
        )
        self.far_button.toggled.connect(self._far_toggled)
        self.status = QLabel("Loading the picture...")
        self.status.setObjectName("calibrationStatus")
        self.status.setWordWrap(True)
        self.size_label = QLabel()
        self.size_label.setObjectName("mapSizeLabel")
        help_text = QLabel(
            "Drag a box over one tile of the picture's grid, or type the tile size. "
            "Arrows move the grid by 1 px (Shift 0.1 px); Ctrl+arrows resize the tile. "
            "Then check the drift on a tile far away. Wheel zooms, middle button pans."
        )
        help_text.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Pixels per tile", self.ppt_spin)
        form.addRow("Grid offset x (px)", self.offset_x_spin)
        form.addRow("Grid offset y (px)", self.offset_y_spin)
        form.addRow(self.far_button)
        form.addRow(self.size_label)
        form.addRow(self.status)
        side = QVBoxLayout()
        side.addWidget(help_text)
        side.addLayout(form)
        side.addStretch(1)
        self.buttons = ok_cancel(self)
        side.addWidget(self.buttons)
        body = QHBoxLayout(self)
        body.addWidget(self.view, 1)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setMaximumWidth(330)
        body.addWidget(side_widget)
        self.resize(1200, 800)
        self._show_calibration()

        self.loader = ImageLoader(self)
        self.loader.loaded.connect(self._loaded)
        self.loader.failed.connect(self._failed)
        self.loader.start(data, PREVIEW_SIDE)

    def _spin(self, name: str, low: float, high: float, value: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setDecimals(2)
        spin.setValue(value)
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(lambda _value, name=name: self._typed(name))
        return spin

    # -- loading -------------------------------------------------------------------------
    def _loaded(self, image: QImage, scale: float) -> None:
        self._preview = image
        self._preview_scale = scale
        self.pixmap_item.setPixmap(QPixmap.fromImage(image))
        self.pixmap_item.setScale(1.0 / scale)
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.status.setText(f"{self.image_width} x {self.image_height} px")
        self._show_calibration()

    def _failed(self, message: str) -> None:
        self.error = message
        self.reject()

    def wait_loaded(self) -> None:
        """Block until the picture is decoded (for tests and scripts)."""
        from PySide6.QtWidgets import QApplication

        self.loader.wait()
        QApplication.processEvents()

    def decoded(self) -> tuple[QImage | None, float]:
        """The screen copy of the picture and its scale (screen pixels per file pixel)."""
        return self._preview, self._preview_scale

    # -- calibrating -----------------------------------------------------------------------
    def calibration(self) -> tuple[float, tuple[float, float]]:
        return self._pixels_per_tile, self._offset

    def set_calibration(self, pixels_per_tile: float, offset: tuple[float, float]) -> None:
        """Take a tile size and the pixel where a tile's corner lies (moved by whole tiles so
        tile (0, 0) is the first one at least half on the picture)."""
        self._set(pixels_per_tile, (float(offset[0]), float(offset[1])))

    def _set(self, pixels_per_tile: float, anchor: tuple[float, float]) -> None:
        try:
            offset = normalise_offset(pixels_per_tile, anchor)
        except ImageImportError as error:
            self.status.setText(str(error))
            return
        self._pixels_per_tile = float(pixels_per_tile)
        self._anchor = anchor
        self._offset = (round(offset[0], 6), round(offset[1], 6))
        self._show_calibration()

    def set_tile_box(self, left: float, top: float, width: float, height: float) -> None:
        """As if the GM dragged a box over one tile (file pixels)."""
        try:
            pixels_per_tile, _offset = calibration_from_tile_box(left, top, width, height)
        except ImageImportError as error:
            self.status.setText(str(error))
            return
        self._set(pixels_per_tile, (float(left), float(top)))
        self.status.setText(
            f"Tile box {width:g} x {height:g} px. Fine-tune with the arrows, then check the "
            "drift on a far tile."
        )

    def check_far_tile(self, corner: tuple[float, float]) -> None:
        """The drift check: `corner` is the top-left pixel of a tile far to the right of and
        below the tile calibrated on."""
        ppt = self._pixels_per_tile
        ox, oy = self._anchor
        tiles_apart = (round((corner[0] - ox) / ppt), round((corner[1] - oy) / ppt))
        tiles_apart = (max(0, tiles_apart[0]), max(0, tiles_apart[1]))
        if sum(tiles_apart) < 2:
            self.status.setText("Pick a tile at least a few tiles away, right of or below.")
            return
        try:
            refined = refine_with_far_tile(self._anchor, corner, tiles_apart)
        except ImageImportError as error:
            self.status.setText(str(error))
            return
        predicted = (ox + tiles_apart[0] * ppt, oy + tiles_apart[1] * ppt)
        drift = max(abs(predicted[0] - corner[0]), abs(predicted[1] - corner[1]))
        self._set(refined, self._anchor)
        self.status.setText(
            f"Drift check over {tiles_apart[0]} x {tiles_apart[1]} tiles: the grid was "
            f"{drift:.1f} px off there; tile size now {refined:.3f} px."
        )

    def _show_calibration(self) -> None:
        self._updating = True
        self.ppt_spin.setValue(self._pixels_per_tile)
        self.offset_x_spin.setValue(self._offset[0])
        self.offset_y_spin.setValue(self._offset[1])
        self._updating = False
        self.grid_item.set_grid(self._pixels_per_tile, self._offset, self._anchor)
        ok = self._preview is not None
        try:
            columns, rows = tiles_covered(
                self.image_width, self.image_height, self._pixels_per_tile, self._offset
            )
            self.size_label.setText(f"The map will be {columns} x {rows} tiles")
        except ImageImportError as error:
            self.size_label.setText(str(error))
            ok = False
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def _typed(self, name: str) -> None:
        if self._updating:
            return
        if name == "pixelsPerTileSpin":
            self._set(self.ppt_spin.value(), self._anchor)
        else:
            self._set(
                self._pixels_per_tile, (self.offset_x_spin.value(), self.offset_y_spin.value())
            )

    def _box_dragged(self, box: QRectF) -> None:
        self.set_tile_box(box.left(), box.top(), box.width(), box.height())

    def _far_toggled(self, on: bool) -> None:
        self._far_check = on
        if on:
            self.status.setText("Click the top-left corner of a tile far to the right and below.")

    def _point_clicked(self, point: QPointF) -> None:
        if self._far_check:
            self.far_button.setChecked(False)
            self.check_far_tile((point.x(), point.y()))

    def _nudge(self, event: QKeyEvent) -> None:
        fine = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        step = 0.1 if fine else 1.0
        key = event.key()
        ppt = self._pixels_per_tile
        ox, oy = self._anchor
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            bigger = key in (Qt.Key.Key_Right, Qt.Key.Key_Down)
            ppt = max(1.0, ppt + (step if bigger else -step))
        else:
            across: dict[int, float] = {Qt.Key.Key_Left: -step, Qt.Key.Key_Right: step}
            down: dict[int, float] = {Qt.Key.Key_Up: -step, Qt.Key.Key_Down: step}
            dx, dy = across.get(key, 0.0), down.get(key, 0.0)
            ox, oy = ox + dx, oy + dy
        self._set(round(ppt, 3), (round(ox, 3), round(oy, 3)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._nudge(event)
            event.accept()
            return
        super().keyPressEvent(event)
