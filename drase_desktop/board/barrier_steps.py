"""The single steps walls and closed doors bar, filed by row for the movement graph's bands.

`BarrierIndex.step_blocked` is the rule. Asking it about every step near every barrier of a big
map costs most of a movement graph's build, so the common barrier, a wall or door on the grid's
lines between whole-numbered points, has its steps worked out here directly: it bars exactly the
straight steps across the tile edges it covers (each edge covered whole, leaving no gap) and the
diagonal steps whose centre line meets it, at a tile corner. Such a barrier leaves no part of an
edge covered, so it never narrows a gap another barrier leaves. Every step near any other
barrier (off the grid, at an angle, half a tile off, a point) is still asked of the rule.
"""

from __future__ import annotations

from drase_desktop.board.barrier_index import BarrierIndex, Segment
from drase_desktop.board.geometry import Position

# Bits of a tile's step byte (grid_graph.DIRECTIONS: (dx, dy) row by row); the opposite step is
# bit 7 - bit.
UP_LEFT, UP, UP_RIGHT, LEFT, RIGHT, DOWN_LEFT, DOWN, DOWN_RIGHT = range(8)


def _whole(value: float) -> bool:
    return value == int(value)


def on_the_grid(segment: Segment) -> bool:
    """A non-empty horizontal or vertical segment between whole-numbered points."""
    (x1, y1), (x2, y2) = segment
    if not (_whole(x1) and _whole(y1) and _whole(x2) and _whole(y2)):
        return False
    return (x1 == x2) != (y1 == y2)


class BarrierSteps:
    """What the barriers of one index bar, made once per state of the barriers:

    `cuts[y]`: (tile index, bits to clear) for the tiles of row y, from barriers on the grid;
    `asked[y]`: the tiles of row y with some other barrier filed under them, whose steps the rule
    decides."""

    def __init__(self, barriers: BarrierIndex, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cuts: dict[int, list[tuple[int, int]]] = {}
        self.asked: dict[int, list[Position]] = {}
        filed = barriers._cells
        segments = {segment for under in filed.values() for segment in under}
        irregular = {segment for segment in segments if not on_the_grid(segment)}
        if irregular:
            for cell, under in filed.items():
                if not irregular.isdisjoint(under):
                    self.asked.setdefault(cell[1], []).append(cell)
        for segment in segments - irregular:
            self._cut(segment)

    def _steps(self, y: int, xs: range, bit: int, dx: int, dy: int) -> None:
        """Bar the steps by `bit` (towards (x + dx, y + dy)) from the tiles (x, y) of `xs` (the
        callers keep both ends on the map), filed under both ends' rows."""
        width = self.width
        if not xs or not (0 <= y < self.height and 0 <= y + dy < self.height):
            return
        offset = dy * width + dx
        base = y * width
        here = self.cuts.setdefault(y, [])
        there = self.cuts.setdefault(y + dy, [])
        mine, theirs = 1 << bit, 1 << (7 - bit)
        for x in xs:
            here.append((base + x, mine))
            there.append((base + x + offset, theirs))

    def _cut(self, segment: Segment) -> None:
        (x1, y1), (x2, y2) = segment
        width, height = self.width, self.height
        if y1 == y2:  # along a horizontal grid line: rows line - 1 and line meet there
            line = int(y1)
            low, high = sorted((int(x1), int(x2)))
            above = line - 1
            # Across the edges it covers whole; a diagonal's centre line crosses the line at a
            # tile corner, x + 1 going right and x going left.
            self._steps(above, range(max(low, 0), min(high, width)), DOWN, 0, 1)
            self._steps(above, range(max(low - 1, 0), min(high, width - 1)), DOWN_RIGHT, 1, 1)
            self._steps(above, range(max(low, 1), min(high + 1, width)), DOWN_LEFT, -1, 1)
        else:  # along a vertical grid line: columns line - 1 and line meet there
            line = int(x1)
            low, high = sorted((int(y1), int(y2)))
            left = line - 1
            if not (0 <= left and line < width):
                return
            for y in range(max(low, 0), min(high, height)):
                self._steps(y, range(left, line), RIGHT, 1, 0)
            for y in range(max(low - 1, 0), min(high, height - 1)):
                self._steps(y, range(left, line), DOWN_RIGHT, 1, 1)
            for y in range(max(low, 1), min(high + 1, height)):
                self._steps(y, range(left, line), UP_RIGHT, 1, -1)
