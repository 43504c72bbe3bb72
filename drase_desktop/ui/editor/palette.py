"""The map maker's dock: pick a tool (terrain, height, cover, obscuration, walls, doors, lights,
eraser), what it paints, the brush size and shape; resize the map; the map's ambient light.

The dock only chooses: it writes the choices into one `ToolOptions` the tools read at each
press, and says when the tool itself changes (`toolChanged`), so the edit mode can hand the
scene the right tool object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.board.battle_map import (
    AMBIENT_LIGHTS,
    COVER_LEVELS,
    MAX_ELEVATION,
    OBSCURATION_LEVELS,
    TERRAIN_COST,
    TERRAIN_KINDS,
)
from drase_desktop.encounter.map_edits import MAX_BRUSH
from drase_desktop.ui.editor.tools import ELEVATION_ACTIONS, SHAPES, TILE_MODES, ToolOptions
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.widgets.widget_builders import (
    check_box,
    combo_box,
    named,
    push_button,
    scrolling,
    spin_box,
    wrapped_label,
)

# (mode, button text, tooltip)
TOOLS: tuple[tuple[str, str, str], ...] = (
    ("terrain", "Terrain", "Paint terrain: difficult ground, water, mud, blocked..."),
    ("elevation", "Height", "Raise, lower or set the ground's height in tiles"),
    ("cover", "Cover", "Place cover features: half, three-quarter, full, embrasure"),
    ("obscuration", "Obscuration", "Paint obscuration zones (fog, smoke): light, heavy, total"),
    ("wall", "Walls", "Drag along tile edges to draw a wall; right-click removes one"),
    ("door", "Doors", "Drag to draw a door; click a door to open or close it"),
    ("object", "Objects", "Pillars, tables, statues: drag a rectangle or click a tile to place"),
    ("window", "Windows", "Drag along a tile edge to draw a window: blocks feet, not eyes"),
    ("light", "Lights", "Click to place a light; drag one to move it; right-click removes"),
    ("eraser", "Eraser", "Back to plain, level, open ground; removes walls and lights too"),
)
HINTS = {
    "terrain": "Drag to paint. [ and ] change the brush. Esc takes the stroke back.",
    "elevation": "Each stroke raises or lowers the tiles it crosses once.",
    "cover": "Cover stands in a tile: ½ -2 to hit, ¾ -5, full and embrasure block.",
    "obscuration": "Fog, smoke or foliage: light 1 malus, heavy 2, total cannot be targeted.",
    "wall": "Drag along tile edges (or free lines). Right-click a wall to remove it.",
    "door": (
        "Drag to draw a closed door (locked when ticked). Click a door to open or close it;"
        " Ctrl+click locks or unlocks it."
    ),
    "object": "Objects block movement and sight but never make a room. Click one to select it;"
    " Delete removes it.",
    "window": "Windows block movement, not sight. Click one to select it; Delete removes it.",
    "light": "Bright light to the radius, dim to twice it. Needs dim or dark ambient light.",
    "eraser": "Drag to erase tiles; walls and lights in them go too when ticked.",
}
PAINTED_LEVELS = {
    "cover": [level for level in COVER_LEVELS if level != "none"] + ["none"],
    "obscuration": [level for level in OBSCURATION_LEVELS if level != "none"] + ["none"],
}


def _swatch(colour: QColor) -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(colour)
    return QIcon(pixmap)


class EditorPalette(QDockWidget):
    toolChanged = Signal(str)
    ambientChosen = Signal(str)
    resizeRequested = Signal()
    importImageRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Map editor", parent)
        self.setObjectName("editorDock")
        # Shown and hidden with edit mode only: closing it would leave the editor's tools on.
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.options = ToolOptions()
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self._tool_buttons())
        self.hint = wrapped_label("editorHint")
        layout.addWidget(self.hint)
        layout.addWidget(self._terrain_box())
        layout.addWidget(self._levels_box())
        layout.addWidget(self._brush_box())
        layout.addWidget(self._line_box())
        layout.addWidget(self._map_box())
        layout.addStretch(1)
        # Scrolls rather than grows: the dock shares a column and must never make the window
        # taller than a laptop's screen.
        scroller = scrolling(body, horizontal=False)
        scroller.setObjectName("editorScroll")
        self.setWidget(scroller)
        self.set_mode("terrain")

    # -- building ---------------------------------------------------------------------------
    def _tool_buttons(self) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        self.tool_group = QButtonGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_buttons: dict[str, QToolButton] = {}
        for index, (mode, text, tip) in enumerate(TOOLS):
            button = QToolButton()
            button.setObjectName(f"{mode}ToolButton")
            button.setText(text)
            button.setToolTip(tip)
            button.setCheckable(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumWidth(76)
            button.clicked.connect(lambda _checked=False, m=mode: self.set_mode(m))
            self.tool_group.addButton(button)
            self.tool_buttons[mode] = button
            grid.addWidget(button, index // 4, index % 4)
        return box

    def _terrain_box(self) -> QGroupBox:
        self.terrain_group = QGroupBox("Terrain")
        layout = QVBoxLayout(self.terrain_group)
        self.terrain_list = QListWidget()
        self.terrain_list.setObjectName("terrainKindList")
        for kind in TERRAIN_KINDS:
            cost = TERRAIN_COST[kind]
            note = (
                "never entered"
                if cost == 0
                else ("difficult: 2 per tile" if cost == 2 else "1 per tile")
            )
            item = QListWidgetItem(_swatch(map_palette.terrain_colour(kind)), f"{kind} ({note})")
            item.setData(Qt.ItemDataRole.UserRole, kind)
            self.terrain_list.addItem(item)
        self.terrain_list.setCurrentRow(TERRAIN_KINDS.index(self.options.terrain))
        self.terrain_list.currentItemChanged.connect(self._terrain_chosen)
        # Every kind in sight at once: no scrolling to find "blocked".
        rows = self.terrain_list.sizeHintForRow(0) * self.terrain_list.count()
        self.terrain_list.setMinimumHeight(rows + 2 * self.terrain_list.frameWidth() + 4)
        layout.addWidget(self.terrain_list)
        return self.terrain_group

    def _writes(self, option: str) -> Callable[[object], None]:
        """A slot that writes the value it is given into the tools' option `option`."""
        return lambda value: setattr(self.options, option, value)

    def _text_choice(self, name: str, option: str, texts: Iterable[str]) -> QComboBox:
        """A combo box of `texts` whose current text is the tools' option `option`."""
        combo = named(QComboBox(), name)
        combo.addItems(list(texts))
        combo.currentTextChanged.connect(self._writes(option))
        return combo

    def _data_choice(self, name: str, option: str, items: Iterable[tuple[str, str]]) -> QComboBox:
        """A combo box of (text, value) `items` whose current value is the option `option`."""
        combo = combo_box(name, items)
        combo.currentIndexChanged.connect(lambda _i: self._writes(option)(combo.currentData()))
        return combo

    def _levels_box(self) -> QGroupBox:
        self.levels_group = QGroupBox("Level")
        form = QFormLayout(self.levels_group)
        self.cover_combo = self._text_choice("coverLevelCombo", "cover", PAINTED_LEVELS["cover"])
        self.obscuration_combo = self._text_choice(
            "obscurationLevelCombo", "obscuration", PAINTED_LEVELS["obscuration"]
        )
        self.elevation_action = self._text_choice(
            "elevationActionCombo", "elevation_action", ELEVATION_ACTIONS
        )
        self.elevation_spin = spin_box(
            "elevationSpin",
            -MAX_ELEVATION,
            MAX_ELEVATION,
            self.options.elevation,
            suffix=" tiles",
        )
        self.elevation_spin.valueChanged.connect(self._writes("elevation"))
        self.cover_label = QLabel("Cover")
        self.obscuration_label = QLabel("Obscuration")
        self.elevation_label = QLabel("Height")
        self.amount_label = QLabel("By / to")
        form.addRow(self.cover_label, self.cover_combo)
        form.addRow(self.obscuration_label, self.obscuration_combo)
        form.addRow(self.elevation_label, self.elevation_action)
        form.addRow(self.amount_label, self.elevation_spin)
        return self.levels_group

    def _brush_box(self) -> QGroupBox:
        self.brush_group = QGroupBox("Brush")
        form = QFormLayout(self.brush_group)
        shapes = zip(("Brush", "Rectangle", "Flood fill"), SHAPES, strict=True)
        self.shape_combo = self._data_choice("brushShapeCombo", "shape", shapes)
        self.size_spin = spin_box("brushSizeSpin", 1, MAX_BRUSH, suffix=" tiles")
        self.size_spin.valueChanged.connect(self._writes("brush_size"))
        self.erase_walls_check = check_box(
            "Also walls, doors and lights", "eraseWallsCheck", checked=self.options.erase_walls
        )
        self.erase_walls_check.toggled.connect(self._writes("erase_walls"))
        self.shape_label = QLabel("Shape")
        form.addRow(self.shape_label, self.shape_combo)
        form.addRow("Size", self.size_spin)
        form.addRow(self.erase_walls_check)
        return self.brush_group

    def _line_box(self) -> QGroupBox:
        self.line_group = QGroupBox("Placing")
        form = QFormLayout(self.line_group)
        self.snap_combo = self._data_choice(
            "wallSnapCombo", "wall_snap", (("On tile edges", "edges"), ("Free lines", "free"))
        )
        self.radius_spin = named(QDoubleSpinBox(), "lightRadiusSpin")
        self.radius_spin.setRange(0.5, 100.0)
        self.radius_spin.setSingleStep(0.5)
        self.radius_spin.setDecimals(1)
        self.radius_spin.setSuffix(" tiles")
        self.radius_spin.setValue(self.options.light_radius)
        self.radius_spin.valueChanged.connect(self._writes("light_radius"))
        self.door_locked_check = check_box("Locked: only the GM opens it", "doorLockedCheck")
        self.door_locked_check.setToolTip(
            "New doors are drawn locked; Ctrl+click a door to lock or unlock it"
        )
        self.door_locked_check.toggled.connect(self._writes("door_locked"))
        self.snap_label = QLabel("Lines")
        self.radius_label = QLabel("Bright radius")
        form.addRow(self.snap_label, self.snap_combo)
        form.addRow(self.radius_label, self.radius_spin)
        form.addRow(self.door_locked_check)
        return self.line_group

    def _map_box(self) -> QGroupBox:
        group = QGroupBox("Whole map")
        form = QFormLayout(group)
        self.ambient_combo = named(QComboBox(), "ambientLightCombo")
        self.ambient_combo.addItems(list(AMBIENT_LIGHTS))
        self.ambient_combo.activated.connect(
            lambda _i: self.ambientChosen.emit(self.ambient_combo.currentText())
        )
        form.addRow("Ambient light", self.ambient_combo)
        self.resize_button = push_button(
            "Resize map...", "resizeMapButton", self.resizeRequested.emit
        )
        self.import_button = push_button(
            "Import battlemap image...", "importImageButton", self.importImageRequested.emit
        )
        form.addRow(self.resize_button)
        form.addRow(self.import_button)
        return group

    # -- choosing ---------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Choose a tool by mode ("terrain", ..., "wall", "door", "light", "eraser")."""
        if mode not in self.tool_buttons:
            raise ValueError(f"Unknown editor tool {mode!r}")
        self.options.mode = mode
        self.tool_buttons[mode].setChecked(True)
        self.hint.setText(HINTS[mode])
        tiles = mode in TILE_MODES
        self.terrain_group.setVisible(mode == "terrain")
        self.levels_group.setVisible(mode in ("cover", "obscuration", "elevation"))
        for widget, shown in (
            (self.cover_label, mode == "cover"),
            (self.cover_combo, mode == "cover"),
            (self.obscuration_label, mode == "obscuration"),
            (self.obscuration_combo, mode == "obscuration"),
            (self.elevation_label, mode == "elevation"),
            (self.elevation_action, mode == "elevation"),
            (self.amount_label, mode == "elevation"),
            (self.elevation_spin, mode == "elevation"),
            (self.shape_label, mode != "eraser"),
            (self.shape_combo, mode != "eraser"),
            (self.erase_walls_check, mode == "eraser"),
            (self.snap_label, mode in ("wall", "door", "object", "window")),
            (self.snap_combo, mode in ("wall", "door", "object", "window")),
            (self.radius_label, mode == "light"),
            (self.radius_spin, mode == "light"),
            (self.door_locked_check, mode == "door"),
        ):
            widget.setVisible(shown)
        self.brush_group.setVisible(tiles)
        self.line_group.setVisible(mode in ("wall", "door", "object", "window", "light"))
        self.toolChanged.emit(mode)

    def set_terrain(self, kind: str) -> None:
        self.terrain_list.setCurrentRow(TERRAIN_KINDS.index(kind))

    def _terrain_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is not None:
            self.options.terrain = item.data(Qt.ItemDataRole.UserRole)

    def show_ambient(self, ambient: str) -> None:
        """Show the open map's ambient light (without choosing it again)."""
        self.ambient_combo.blockSignals(True)
        self.ambient_combo.setCurrentText(ambient)
        self.ambient_combo.blockSignals(False)

    def grow_brush(self, step: int) -> None:
        self.size_spin.setValue(self.size_spin.value() + step)
