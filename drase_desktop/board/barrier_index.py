"""Where the barriers are: segments bucketed by the tiles they touch, one index per purpose.

Each index files what one purpose counts (map_features.BARRIER_PURPOSES): "movement" (walls,
closed doors, windows, objects; the movement graph, and cover's full-cover line), "sight"
(walls, closed doors, objects; line of sight and light) or "rooms" (walls, closed doors,
windows; the fog's room tool and the flood fill).

Movement asks "does a barrier cross this step?", sight and cover ask "does one cross this line?";
both only test the few segments filed under the tiles involved. The index follows the map's
change notices, and tells its own listeners (the movement graph) which tiles a change touched.

A straight step is judged by the tile edge it crosses: it is open when the widest stretch of that
edge left free by walls and closed doors lying along it is at least half a tile (the token fits
through the gap). Judging by the centre line alone wrongly shut a door drawn half a tile off the
grid (Dungeondraft does that): both straight steps through it cross the edge exactly where the
door meets its walls. A barrier that crosses the edge instead of lying along it blocks, as a
diagonal step's barriers do, when it touches the line between the two tiles' centres.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.geometry import Point, Position, cells_touched, segments_touch
from drase_desktop.board.map_features import check_purpose, feature_segments

Segment = tuple[Point, Point]


TOKEN_GAP = 0.5  # tiles: the narrowest opening a token passes through in a straight step
ALONG = 1e-6  # tiles: a barrier end this close to an edge's line counts as lying on it


def widest_gap(covered: list[tuple[float, float]], low: float, high: float) -> float:
    """The longest stretch of [low, high] outside every interval in `covered` (which may overlap:
    overlapping or touching intervals merge into one barrier)."""
    widest = 0.0
    reached = low
    for first, last in sorted(covered):
        if first - reached > widest:
            widest = first - reached
        if last > reached:
            reached = last
    return max(widest, high - reached)


class BarrierIndex:
    def __init__(
        self, battle_map: BattleMap, *, follow: bool = True, purpose: str = "movement"
    ) -> None:
        self._map = battle_map
        self.purpose = purpose
        self._kinds = check_purpose(purpose)
        self._cells: dict[Position, list[Segment]] = {}
        self._listeners: list[Callable[[set[Position]], None]] = []
        for segment in battle_map.barriers(purpose):
            self._file(segment)
        if follow:
            battle_map.add_listener(self._on_map_change)

    def add_listener(self, listener: Callable[[set[Position]], None]) -> None:
        """`listener(tiles)` is called after barriers change, with the tiles they touch."""
        self._listeners.append(listener)

    def _file(self, segment: Segment) -> set[Position]:
        touched = set(cells_touched(*segment, self._map.width, self._map.height))
        for cell in touched:
            self._cells.setdefault(cell, []).append(segment)
        return touched

    def _unfile(self, segment: Segment) -> set[Position]:
        touched = set(cells_touched(*segment, self._map.width, self._map.height))
        for cell in touched:
            bucket = self._cells.get(cell)
            if bucket and segment in bucket:
                bucket.remove(segment)
                if not bucket:
                    del self._cells[cell]
        return touched

    @staticmethod
    def _segments(kind: str, items: Iterable[Any]) -> list[Segment]:
        return [segment for item in items for segment in feature_segments(kind, item)]

    def _on_map_change(self, what: str, old: Any, new: Any) -> None:
        if what not in self._kinds:
            return
        touched: set[Position] = set()
        for segment in self._segments(what, old):
            touched |= self._unfile(segment)
        for segment in self._segments(what, new):
            touched |= self._file(segment)
        if touched:
            for listener in list(self._listeners):
                listener(touched)

    def near(self, tile: Position) -> list[Segment]:
        return self._cells.get(tile, [])

    def step_blocked(self, a: Position, b: Position) -> bool:
        """Is the step between neighbours a and b barred by a barrier of this index?

        A diagonal step is barred by any barrier touching the line between the two centres (so
        none cuts past a wall's end at the corner). A straight step is barred by a barrier that
        crosses that line while not lying along the tile edge between a and b, or when the
        barriers lying along that edge leave no gap of at least half a tile.
        """
        cells = self._cells
        if a not in cells and b not in cells:
            return False
        p = (a[0] + 0.5, a[1] + 0.5)
        q = (b[0] + 0.5, b[1] + 0.5)
        if a[0] != b[0] and a[1] != b[1]:
            for tile in (a, b):
                for start, end in cells.get(tile, ()):
                    if segments_touch(p, q, start, end):
                        return True
            return False
        # The shared edge: on the line `across` = `level`, spanning [low, low + 1] along it.
        across = 0 if a[0] != b[0] else 1
        along = 1 - across
        level = max(a[across], b[across])
        below, above = level - ALONG, level + ALONG
        low = a[along]
        covered: list[tuple[float, float]] = []
        for tile in (a, b):
            for start, end in cells.get(tile, ()):
                if below <= start[across] <= above and below <= end[across] <= above:
                    first, last = start[along], end[along]
                    if first > last:
                        first, last = last, first
                    if first < low:
                        first = low
                    if last > low + 1:
                        last = low + 1
                    if last - first > TOKEN_GAP + ALONG:
                        return True  # what is left is narrower than a token (most often: none)
                    if last > first:
                        covered.append((first, last))
                elif segments_touch(p, q, start, end):
                    return True
        return bool(covered) and widest_gap(covered, low, low + 1) < TOKEN_GAP - ALONG

    def line_blocked(self, p: Point, q: Point) -> bool:
        """Does any barrier of this index touch the segment p-q (points in tile units)?"""
        cells = self._cells
        if not cells:
            return False
        seen: set[Segment] = set()
        for tile in cells_touched(p, q, self._map.width, self._map.height):
            for segment in cells.get(tile, ()):
                if segment not in seen:
                    seen.add(segment)
                    if segments_touch(p, q, *segment):
                        return True
        return False


def barrier_index(battle_map: BattleMap, purpose: str = "movement") -> BarrierIndex:
    """The map's barrier index for `purpose` ("movement", "sight" or "rooms"), built on first
    use and kept in step with the map after."""
    key = "barriers" if purpose == "movement" else f"barriers-{purpose}"
    index = battle_map.derived_caches.get(key)
    if index is None:
        index = battle_map.derived_caches[key] = BarrierIndex(battle_map, purpose=purpose)
    return index
