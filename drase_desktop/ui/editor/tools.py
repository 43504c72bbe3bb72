"""The editor's tools: what the tile, wall and light tools share (`EditorTool`), and the tile
tool: terrain, height, cover and obscuration brushes, the eraser, with a square brush of any
size, a rectangle, or a flood fill.

Map `Tool`s like the token tool: the scene hands them mouse and key events. A press starts one
`MapEdit`; every dab changes the live map at once (so the movement graph and the selected
token's reachable tiles follow as the GM paints) and repaints only the dabbed tiles through
`MapScene.refresh_tiles`; the release pushes the whole stroke as ONE undo step. Esc takes the
stroke in progress back; a second Esc returns to Move and leaves the editor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal

from drase_desktop.encounter.map_edits import (
    MapEdit,
    MapEditError,
    brush_tiles,
    flood_tiles,
    rect_tiles,
)
from drase_desktop.ui.commands import MapEditCommand
from drase_desktop.ui.map.grid_geometry import Tile
from drase_desktop.ui.map.tool import Tool

Point = tuple[float, float]
TILE_MODES = ("terrain", "elevation", "cover", "obscuration", "eraser")
SHAPES = ("brush", "rect", "fill")
ELEVATION_ACTIONS = ("raise", "lower", "set")
# What the toolbar and the status bar call the editor's tool for each palette mode.
MODE_NAMES = {
    "terrain": "Terrain",
    "elevation": "Height",
    "cover": "Cover",
    "obscuration": "Obscuration",
    "eraser": "Eraser",
    "wall": "Walls",
    "door": "Doors",
    "object": "Objects",
    "window": "Windows",
    "light": "Lights",
}


@dataclass
class ToolOptions:
    """What the editor palette has chosen; the tools read it at each press."""

    mode: str = "terrain"  # a TILE_MODES entry, or "wall", "door", "object", "window", "light"
    terrain: str = "difficult"
    cover: str = "half"
    obscuration: str = "light"
    elevation_action: str = "raise"
    elevation: int = 1
    shape: str = "brush"
    brush_size: int = 1
    wall_snap: str = "edges"  # or "free"
    light_radius: float = 4.0
    erase_walls: bool = True
    door_locked: bool = False  # new doors are drawn locked (only the GM opens them)


def line_tiles(a: Tile, b: Tile) -> list[Tile]:
    """The tiles on a straight line from `a` to `b` (both included, Bresenham): a fast drag
    paints a continuous stroke, not dabs with gaps."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    tiles = []
    while True:
        tiles.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return tiles
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def describe(options: ToolOptions) -> str:
    """The undo text of a stroke with these options ("Paint mud", "Raise ground")."""
    mode = options.mode
    if mode == "terrain":
        return f"Paint {options.terrain}"
    if mode == "cover":
        return f"Place {options.cover} cover" if options.cover != "none" else "Clear cover"
    if mode == "obscuration":
        level = options.obscuration
        return f"Paint {level} obscuration" if level != "none" else "Clear obscuration"
    if mode == "elevation":
        if options.elevation_action == "set":
            return f"Set height {options.elevation:+d}"
        return f"{options.elevation_action.title()} ground"
    return "Erase"


class EditorTool(Tool):
    """What the editor's tools share: they read the palette's `options`, tokens and the
    selection do not matter to them, and each finished change goes on the undo stack as one
    `MapEditCommand`."""

    previewChanged = Signal()
    cursor_shape = Qt.CursorShape.CrossCursor

    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene)
        self.options = options

    @property
    def name(self) -> str:
        return f"Map editor: {MODE_NAMES.get(self.options.mode, self.options.mode)}"

    def status_text(self) -> str:
        return f"{self.name}; Esc returns to Move and leaves the editor"

    def _tile_point(self, pos: QPointF) -> Point:
        """A scene position in tile units (tile (x, y) spans [x, x + 1] x [y, y + 1])."""
        return self._scene.geometry.scene_to_corner(pos)

    def _push(self, edit: MapEdit) -> None:
        self._scene.model.push(MapEditCommand(self._scene.model, edit))


class TileTool(EditorTool):
    """Paints the mode chosen in `options` over tiles; one stroke per press-to-release."""

    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene, options)
        self._edit: MapEdit | None = None
        self._last: Tile | None = None
        self._rect_start: Tile | None = None
        self.hover: Tile | None = None

    # -- state for the overlay and tests --------------------------------------------------
    @property
    def stroking(self) -> bool:
        return self._edit is not None

    @property
    def busy(self) -> bool:
        return self.stroking

    @property
    def shape(self) -> str:
        """The shape this press will paint: the eraser always works as a brush."""
        return self.options.shape if self.options.mode != "eraser" else "brush"

    def preview_tiles(self) -> tuple[Tile, Tile] | None:
        """The rectangle (top-left, bottom-right tiles) the brush or rectangle would paint."""
        battle_map = self._scene.battle_map
        if self._rect_start is not None and self.hover is not None:
            a, b = self._rect_start, self.hover
            return (min(a[0], b[0]), min(a[1], b[1])), (max(a[0], b[0]), max(a[1], b[1]))
        if self.hover is None or not battle_map.in_bounds(self.hover):
            return None
        if self.shape == "fill":
            return self.hover, self.hover
        size = self.options.brush_size
        x0 = self.hover[0] - (size - 1) // 2
        y0 = self.hover[1] - (size - 1) // 2
        return (x0, y0), (x0 + size - 1, y0 + size - 1)

    # -- mouse -------------------------------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        if self._edit is not None:
            return True
        tile = self._scene.geometry.scene_to_tile(pos)
        self.hover = tile
        battle_map = self._scene.battle_map
        if not battle_map.in_bounds(tile):
            return True
        self._edit = MapEdit(battle_map, describe(self.options))
        shape = self.shape
        if shape == "rect":
            self._rect_start = tile
            self.previewChanged.emit()
            return True
        if shape == "fill":
            layer = "elevation" if self.options.mode == "elevation" else self.options.mode
            self._apply(flood_tiles(battle_map, tile, layer))
            self._finish()
            return True
        self._last = tile
        self._apply(brush_tiles(battle_map, tile, self.options.brush_size))
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        tile = self._scene.geometry.scene_to_tile(pos)
        if tile == self.hover:
            return
        self.hover = tile
        self.previewChanged.emit()
        if self._edit is None or self._rect_start is not None or self._last is None:
            return
        battle_map = self._scene.battle_map
        size = self.options.brush_size
        dabbed: list[Tile] = []
        for centre in line_tiles(self._last, tile)[1:]:
            dabbed.extend(brush_tiles(battle_map, centre, size))
        self._last = tile
        if dabbed:
            self._apply(list(dict.fromkeys(dabbed)))

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        if self._edit is None:
            return False
        if self._rect_start is not None:
            end = self._scene.geometry.scene_to_tile(pos)
            tiles = rect_tiles(self._scene.battle_map, self._rect_start, end)
            self._rect_start = None
            self._apply(tiles)
        self._finish()
        return True

    def cancel(self) -> None:
        """Take back the stroke in progress (nothing reaches the undo stack)."""
        edit, self._edit = self._edit, None
        self._rect_start = None
        self._last = None
        self.previewChanged.emit()
        if edit is not None and not edit.empty:
            self._scene.model.take_back(edit)

    # -- painting ---------------------------------------------------------------------------
    def _apply(self, tiles: list[Tile]) -> None:
        edit = self._edit
        assert edit is not None
        options = self.options
        mode = options.mode
        if mode == "terrain" and options.terrain == "blocked":
            tiles = self._leave_tokens_room(tiles)
        try:
            if mode == "terrain":
                changed = edit.paint("terrain", tiles, options.terrain)
            elif mode == "cover":
                changed = edit.paint("cover", tiles, options.cover)
            elif mode == "obscuration":
                changed = edit.paint("obscuration", tiles, options.obscuration)
            elif mode == "elevation":
                if options.elevation_action == "set":
                    changed = edit.paint("elevation", tiles, options.elevation)
                else:
                    step = abs(options.elevation) or 1
                    delta = step if options.elevation_action == "raise" else -step
                    changed = edit.shift_elevation(tiles, delta)
            elif mode == "eraser":
                changed = edit.erase(tiles)
                if options.erase_walls and edit.erase_segments(tiles):
                    changed.update(tiles)
            else:
                raise MapEditError(f"The tile tool cannot paint {mode!r}")
        except MapEditError as error:
            self.statusMessage.emit(str(error))
            return
        if changed:
            self._scene.refresh_tiles(changed, edit.layers)

    def _leave_tokens_room(self, tiles: list[Tile]) -> list[Tile]:
        """Blocked ground is never painted under a token: it could not stand or move there."""
        standing: dict[Tile, str] = {}
        for combatant in self._scene.model.encounter.combatants.values():
            if combatant.position is not None:
                standing.update(dict.fromkeys(combatant.tiles(), combatant.name))
        kept = [tile for tile in tiles if tile not in standing]
        if len(kept) < len(tiles):
            names = sorted({standing[tile] for tile in tiles if tile in standing})
            self.statusMessage.emit(f"Left open under {', '.join(names)}: a token stands there")
        return kept

    def _finish(self) -> None:
        edit, self._edit = self._edit, None
        self._last = None
        self.previewChanged.emit()
        if edit is None or edit.empty:
            return
        self._push(edit)
