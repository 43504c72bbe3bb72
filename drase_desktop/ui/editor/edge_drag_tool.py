"""What the wall and door tool and the object and window tool share: a drag that starts on a
tile corner (or a free point) and runs straight along the grid on the tile edges, and a press
released where it started, which is a click, not a drag."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF

from drase_desktop.ui.editor.tools import EditorTool, Point, ToolOptions

# How near (in tiles) a click must be to a wall, door, window or object to pick it; a press
# released as near as this to where it started is a click.
PICK_TILES = 0.3
# Free lines snap to this fraction of a tile, so files hold tidy numbers.
FREE_STEP = 1 / 16


def snap_point(point: Point, snap: str) -> Point:
    """A tile-corner point for "edges", or the point rounded to 1/16 tile for "free"."""
    if snap == "edges":
        return (float(round(point[0])), float(round(point[1])))
    return (round(point[0] / FREE_STEP) * FREE_STEP, round(point[1] / FREE_STEP) * FREE_STEP)


def constrained_end(start: Point, end: Point, snap: str) -> Point:
    """On tile edges a line runs along the grid: the longer direction of the drag wins."""
    if snap != "edges":
        return end
    if abs(end[0] - start[0]) >= abs(end[1] - start[1]):
        return (end[0], start[1])
    return (start[0], end[1])


class EdgeDragTool(EditorTool):
    def __init__(self, scene: Any, options: ToolOptions) -> None:
        super().__init__(scene, options)
        self._start: Point | None = None
        self._press_point: Point | None = None
        self.line: tuple[Point, Point] | None = None  # the line being drawn (the overlay's)
        self.hover: Point | None = None

    @property
    def busy(self) -> bool:
        return self._start is not None

    def _snapped(self, point: Point) -> Point:
        return snap_point(point, self.options.wall_snap)

    def _along_grid(self, start: Point, end: Point) -> Point:
        return constrained_end(start, end, self.options.wall_snap)

    def _begin_drag(self, point: Point) -> Point:
        """The drag starts where the press was: its snapped start."""
        self._press_point = point
        self._start = self._snapped(point)
        return self._start

    def _finish_drag(self, pos: QPointF) -> tuple[Point, Point, bool]:
        """The drag let go at `pos` is over: the tile point let go at, the drag's start, and
        whether it was a click (released where it was pressed), not a drag."""
        point = self._tile_point(pos)
        start, pressed = self._start, self._press_point
        assert start is not None  # only a drag under way is finished
        self.cancel()
        return point, start, pressed is not None and math.dist(pressed, point) < PICK_TILES

    def cancel(self) -> None:
        self._start = self._press_point = None
        self.line = None
        self.previewChanged.emit()
