"""The movement graph: which single steps a creature may take between neighbouring tiles.

A step joins two neighbouring tiles (8 directions) when neither is blocked, the height
difference is under 2 tiles (ruling 20: a cliff is never crossed automatically), no wall or
closed door bars it (BarrierIndex.step_blocked: a straight step needs a gap of half a tile in the
edge it crosses, a diagonal one a centre line no barrier touches), and a diagonal step does not
cut the corner of a blocked tile (ruling 18). Costs are not part of the graph: they come from the
map's layers at search time, and the diagonal parity of ruling 18 lives in the search state.

The steps are one byte per tile (`steps`, a bit per direction of `DIRECTIONS`), worked out a band
of rows at a time when a search first reaches the band: each band is a few whole-row operations
on Python integers used as rows of byte lanes, so a big map costs what its searches touch, and a
change of tiles, walls or doors only forgets the bands around it. `graph` is the same steps as a
networkx graph, for networkx's own functions: its node and adjacency dicts (networkx's factory
hooks) read `steps` on access, so it is always in step with the map and costs no memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from drase_desktop.board.barrier_index import BarrierIndex, barrier_index
from drase_desktop.board.barrier_steps import BarrierSteps
from drase_desktop.board.battle_map import (
    BLOCKED_CODE,
    TERRAIN_COST,
    TERRAIN_KINDS,
    BattleMap,
)
from drase_desktop.board.geometry import Position

CLIFF = 2  # ruling 20: a height difference of 2 tiles or more is a cliff
_COST_OF_CODE = bytes(TERRAIN_COST[kind] for kind in TERRAIN_KINDS).ljust(256, b"\0")
_OPEN_OF_CODE = bytes(0 if code == BLOCKED_CODE else 1 for code in range(256))

# The 8 neighbours as (dx, dy), row by row: bit d of a tile's step byte is the step to
# DIRECTIONS[d], and the opposite step is bit 7 - d.
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
# Rows worked out together: a search near a token touches one or two bands.
BAND_ROWS = 16

# Lane constants for the cliff test (see _height_steps): heights sit in 32-bit lanes.
_LANE = 32
_HEIGHT_BIAS = 1 << 15  # a signed 16-bit height plus this is positive and under 2**16
_LOW16 = (1 << 16) - 1


def _lanes(value: int, count: int, bits: int) -> int:
    """`value` repeated in `count` lanes of `bits` bits."""
    return int.from_bytes(value.to_bytes(bits // 8, "little") * count, "little")


class _NoData(dict):  # type: ignore[type-arg]
    """The one empty attribute record every node and edge shares: the graph's meaning is which
    edges exist. It refuses writes so nobody puts data on every edge at once by mistake."""

    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError("movement graph nodes and edges carry no attributes")

    def update(self, *args: Any, **kwargs: Any) -> None:
        if any(args) or kwargs:
            raise TypeError("movement graph nodes and edges carry no attributes")


_NO_DATA = _NoData()


class MovementGraph:
    """The legal single steps of one map's tiles, kept in step with the map."""

    def __init__(self, battle_map: BattleMap, *, follow: bool = True) -> None:
        self.battle_map = battle_map
        self.barriers: BarrierIndex = (
            barrier_index(battle_map) if follow else BarrierIndex(battle_map, follow=False)
        )
        self.revision = 0
        self.width = width = battle_map.width
        self.height = height = battle_map.height
        # Per-tile terrain multiplier (ruling 18), row by row, in step with the map; heights are
        # the map's own array, read where they are.
        self.step_cost = bytearray(
            bytes(battle_map.layer_codes("terrain")).translate(_COST_OF_CODE)
        )
        self.heights = battle_map.layer_codes("elevation")
        self.steps = bytearray(width * height)
        # A bit per direction, as in `steps`, where the step climbs or descends one tile (ruling
        # 20 prices it): a search takes its quick way over tiles whose byte is 0.
        self.climbs = bytearray(width * height)
        self._bands_ready = bytearray((height + BAND_ROWS - 1) // BAND_ROWS)
        # For each step byte, the (index offset, diagonal?) of its steps: a search's moves.
        self.moves: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
            tuple(
                (dy * width + dx, bool(dx and dy))
                for bit, (dx, dy) in enumerate(DIRECTIONS)
                if mask >> bit & 1
            )
            for mask in range(256)
        )
        self._graph: TileGraph | None = None
        # The steps the barriers bar, by row (made when first needed).
        self._barrier_steps: BarrierSteps | None = None
        if follow:
            battle_map.add_listener(self._on_map_change)
            self.barriers.add_listener(self._on_barriers_change)

    # -- the steps, a band at a time ------------------------------------------------------
    def ensure_rows(self, first: int, last: int) -> None:
        """Work out the steps of rows `first`..`last` (clipped to the map) if not yet known."""
        ready = self._bands_ready
        for band in range(max(first, 0) // BAND_ROWS, min(last, self.height - 1) // BAND_ROWS + 1):
            if not ready[band]:
                self._build_band(band)

    def ensure_all(self) -> None:
        self.ensure_rows(0, self.height - 1)

    def step_mask(self, index: int) -> int:
        """The step byte of the tile at `index` (y * width + x), worked out if need be."""
        if not self._bands_ready[index // (self.width * BAND_ROWS)]:
            self._build_band(index // (self.width * BAND_ROWS))
        return self.steps[index]

    def _build_band(self, band: int) -> None:
        """Every step of the band's rows at once. Lanes hold the band's rows with one row of
        context above and below and a column of nothing on each side, so a neighbour of lane k
        is lane k + dy * pitch + dx, off-map neighbours read as closed, and a direction's test
        for the whole band is a shift and an and."""
        width, height = self.width, self.height
        first = band * BAND_ROWS
        end = min(first + BAND_ROWS, height)
        pitch = width + 2
        top = first - 1  # the context row above (may be off the map)
        rows = end - top + 1
        terrain = self.battle_map.layer_codes("terrain")
        opened = bytearray(rows * pitch)
        for row in range(rows):
            y = top + row
            if 0 <= y < height:
                start = row * pitch + 1
                opened[start : start + width] = bytes(
                    terrain[y * width : (y + 1) * width]
                ).translate(_OPEN_OF_CODE)
        lanes = int.from_bytes(opened, "little")

        def neighbour(value: int, dx: int, dy: int, bits: int = 8) -> int:
            shift = (dy * pitch + dx) * bits
            return value >> shift if shift > 0 else value << -shift

        heights = self._height_steps(top, rows, pitch)
        masks = climbs = 0
        for bit, (dx, dy) in enumerate(DIRECTIONS):
            legal = lanes & neighbour(lanes, dx, dy)
            if dx and dy:
                # Ruling 18: no diagonal step cuts the corner of a blocked tile.
                legal &= neighbour(lanes, dx, 0) & neighbour(lanes, 0, dy)
            if heights is not None:
                free, sloped = heights
                legal &= free[bit]
                climbs |= (legal & sloped[bit]) << bit
            masks |= legal << bit
        length = rows * pitch
        whole = (1 << 8 * length) - 1
        table = (masks & whole).to_bytes(length, "little")
        climb_table = (climbs & whole).to_bytes(length, "little")
        steps, climb_bytes = self.steps, self.climbs
        for y in range(first, end):
            start = (y - top) * pitch + 1
            steps[y * width : (y + 1) * width] = table[start : start + width]
            climb_bytes[y * width : (y + 1) * width] = climb_table[start : start + width]
        self._cut_barriers(first, end)
        self._bands_ready[band] = 1

    def _height_steps(self, top: int, rows: int, pitch: int) -> tuple[list[int], list[int]] | None:
        """Per direction, byte lanes of 1 where the step does not cross a cliff (ruling 20), and
        byte lanes of 1 where the neighbour's height differs; None when the band and its context
        rows are flat.

        Heights go in 32-bit lanes as h + 2**15. For a neighbour's b, a lane of
        (a + 2**17 + 1) - b cannot borrow from the next one, and the step is free when it lies in
        [2**17, 2**17 + 2], i.e. |a - b| < 2: bit 17 says it is at least the low end, and bit 18
        of (it + 2**17 - 3) that it is above the high end. The heights differ when the lane is
        not 2**17 + 1: xor-ed with that it is under 2**19, and adding 2**31 - 1 sets bit 31 of a
        lane exactly when it is not 0."""
        width, height = self.width, self.height
        elevation = self.heights
        low_row, high_row = max(top, 0), min(top + rows, height)
        raw = elevation[low_row * width : high_row * width].tobytes()
        if raw.count(0) == len(raw):
            return None
        # Each height's two bytes into the low half of a 32-bit lane, rows padded like the lanes.
        wide = bytearray(rows * pitch * 4)
        for row in range(rows):
            y = top + row
            if 0 <= y < height:
                source = raw[(y - low_row) * width * 2 : (y - low_row + 1) * width * 2]
                start = (row * pitch + 1) * 4
                wide[start : start + width * 4 : 4] = source[0::2]
                wide[start + 1 : start + width * 4 : 4] = source[1::2]
        count = rows * pitch
        heights = (int.from_bytes(wide, "little") + _lanes(_HEIGHT_BIAS, count, _LANE)) & _lanes(
            _LOW16, count, _LANE
        )
        ones = _lanes(1, count, _LANE)
        whole = (1 << count * _LANE) - 1
        above = _lanes((1 << 17) + 1, count, _LANE)
        high_end = _lanes((1 << 17) - 3, count, _LANE)
        lifted = heights + above
        not_zero = _lanes((1 << 31) - 1, count, _LANE)
        free: list[int] = []
        sloped: list[int] = []
        for dx, dy in DIRECTIONS:
            shift = (dy * pitch + dx) * _LANE
            other = heights >> shift if shift > 0 else heights << -shift
            other &= whole  # lanes shifted past the end are dropped
            gap = lifted - other
            lanes = (gap >> 17) & ones & ~((gap + high_end) >> 18)
            free.append(int.from_bytes(lanes.to_bytes(count * 4, "little")[::4], "little"))
            differ = (((gap ^ above) + not_zero) >> 31) & ones
            sloped.append(int.from_bytes(differ.to_bytes(count * 4, "little")[::4], "little"))
        return free, sloped

    def _cut_barriers(self, first: int, end: int) -> None:
        """Take out of rows `first`..`end - 1` the steps a wall or closed door bars: those of
        barriers on the grid as filed by `BarrierSteps`, and near any other barrier each step
        still open asked of the rule, once, from the end with that barrier filed under it."""
        if self._barrier_steps is None:
            self._barrier_steps = BarrierSteps(self.barriers, self.width, self.height)
        filed = self._barrier_steps
        steps = self.steps
        for y in range(first, end):
            for index, bit in filed.cuts.get(y, ()):
                steps[index] &= ~bit
        if not filed.asked:
            return
        width, height = self.width, self.height
        blocked = self.barriers.step_blocked
        low, high = first * width, end * width
        asked = [cell for y in range(first - 1, end + 1) for cell in filed.asked.get(y, ())]
        judged = set(asked)
        for cx, cy in asked:
            here = cy * width + cx
            inside = low <= here < high
            for bit, (dx, dy) in enumerate(DIRECTIONS):
                tx, ty = cx + dx, cy + dy
                if not (0 <= tx < width and 0 <= ty < height):
                    continue
                there = ty * width + tx
                if (tx, ty) in judged and there < here:
                    continue  # judged from that end
                there_inside = low <= there < high
                if inside:
                    if not steps[here] >> bit & 1:
                        continue
                elif not there_inside or not steps[there] >> (7 - bit) & 1:
                    continue
                if blocked((cx, cy), (tx, ty)):
                    if inside:
                        steps[here] &= ~(1 << bit)
                    if there_inside:
                        steps[there] &= ~(1 << (7 - bit))

    # -- the rule, one step at a time -------------------------------------------------------
    def passable(self, a: Position, b: Position) -> bool:
        """Decide from the map alone whether a single step between neighbours a and b is legal."""
        board = self.battle_map
        if not (board.in_bounds(a) and board.in_bounds(b)):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx, dy) == (0, 0) or abs(dx) > 1 or abs(dy) > 1:
            return False
        width = board.width
        terrain = board.layer_codes("terrain")
        heights = board.layer_codes("elevation")
        ia = a[1] * width + a[0]
        ib = b[1] * width + b[0]
        if terrain[ia] == BLOCKED_CODE or terrain[ib] == BLOCKED_CODE:
            return False
        if abs(heights[ia] - heights[ib]) >= CLIFF:
            return False
        if dx and dy:
            if terrain[a[1] * width + b[0]] == BLOCKED_CODE:
                return False
            if terrain[b[1] * width + a[0]] == BLOCKED_CODE:
                return False
        return not self.barriers.step_blocked(a, b)

    def neighbours(self, tile: Position) -> list[Position]:
        """The tiles one legal step from `tile`, row by row."""
        x, y = tile
        mask = self.step_mask(y * self.width + x)
        return [(x + dx, y + dy) for bit, (dx, dy) in enumerate(DIRECTIONS) if mask >> bit & 1]

    @property
    def graph(self) -> TileGraph:
        """The steps as a networkx graph (importing networkx the first time it is asked)."""
        if self._graph is None:
            self._graph = _tile_graph_class()(steps_of=self)
        return self._graph

    # -- following the map ------------------------------------------------------------------
    def _forget_rows(self, rows: set[int]) -> None:
        ready = self._bands_ready
        for y in rows:
            for row in (y - 1, y, y + 1):
                if 0 <= row < self.height:
                    ready[row // BAND_ROWS] = 0
        self.revision += 1

    def _rebuild(self) -> None:
        """Forget every step: each band is worked out again when next read."""
        self._bands_ready[:] = bytes(len(self._bands_ready))
        self.revision += 1

    def _on_map_change(self, what: str, detail: Any, previous: Any) -> None:
        # walls and doors arrive through the barrier index, which files them first
        if what in ("terrain", "elevation"):
            self._tiles_changed(what, {detail: previous})
        elif what == "tiles" and detail in ("terrain", "elevation"):
            self._tiles_changed(detail, previous)

    def _tiles_changed(self, layer: str, previous: dict[Position, Any]) -> None:
        """Follow tiles whose terrain or height changed. A change of cost alone (normal to mud)
        leaves every step as it was: costs are read from `step_cost` at search time."""
        width = self.width
        rows: set[int] = set()
        if layer == "terrain":
            terrain, step_cost = self.battle_map.layer_codes("terrain"), self.step_cost
            if len(previous) * 8 > len(terrain):
                step_cost[:] = bytes(terrain).translate(_COST_OF_CODE)
            for (x, y), old in previous.items():
                index = y * width + x
                code = terrain[index]
                step_cost[index] = _COST_OF_CODE[code]
                if (old == "blocked") != (code == BLOCKED_CODE):
                    rows.add(y)
        else:
            rows.update(y for _x, y in previous)
        if rows:
            self._forget_rows(rows)
        else:
            self.revision += 1

    def _on_barriers_change(self, tiles: set[Position]) -> None:
        self._barrier_steps = None
        self._forget_rows({y for _x, y in tiles})


# -- the networkx view ---------------------------------------------------------------------
class _Tiles(Mapping[Position, dict[str, Any]]):
    """Every tile of the map as a node with no attributes (networkx's node dict)."""

    def __init__(self, steps_of: MovementGraph) -> None:
        self._of = steps_of

    def __contains__(self, tile: object) -> bool:
        if not isinstance(tile, tuple) or len(tile) != 2:
            return False
        x, y = tile
        return (
            isinstance(x, int)
            and isinstance(y, int)
            and 0 <= x < self._of.width
            and 0 <= y < self._of.height
        )

    def __getitem__(self, tile: Position) -> dict[str, Any]:
        if tile not in self:
            raise KeyError(tile)
        return _NO_DATA

    def __iter__(self) -> Iterator[Position]:
        width = self._of.width
        return ((x, y) for y in range(self._of.height) for x in range(width))

    def __len__(self) -> int:
        return self._of.width * self._of.height


class _Steps(Mapping[Position, dict[str, Any]]):
    """One tile's neighbours by a legal step (networkx's inner adjacency dict)."""

    def __init__(self, neighbours: list[Position]) -> None:
        self._neighbours = neighbours

    def __contains__(self, tile: object) -> bool:
        return tile in self._neighbours

    def __getitem__(self, tile: Position) -> dict[str, Any]:
        if tile not in self._neighbours:
            raise KeyError(tile)
        return _NO_DATA

    def __iter__(self) -> Iterator[Position]:
        return iter(self._neighbours)

    def __len__(self) -> int:
        return len(self._neighbours)


class _Adjacency(_Tiles):
    """Each tile's steps, read from the step bytes when asked (networkx's outer adjacency)."""

    def __getitem__(self, tile: Position) -> _Steps:  # type: ignore[override]
        if tile not in self:
            raise KeyError(tile)
        return _Steps(self._of.neighbours(tile))


if TYPE_CHECKING:
    import networkx as nx

    class TileGraph(nx.Graph[Position]):  # networkx's Graph is generic only in its stubs
        def __init__(self, incoming_graph_data: Any = None, *, steps_of: Any = None) -> None: ...


@cache
def _tile_graph_class() -> type[TileGraph]:
    """The `TileGraph` class, made when the first networkx view is asked for: networkx is
    imported then, not when the app starts or a search runs."""
    import networkx as nx

    class TileGraph(nx.Graph):  # type: ignore[type-arg]
        """A networkx graph over a movement graph's steps, through networkx's factory hooks:
        the node and adjacency dicts are views of the step bytes. Made without `steps_of`
        (as networkx's copies and subgraphs make it) it is an ordinary graph."""

        def __init__(self, incoming_graph_data: Any = None, *, steps_of: Any = None, **attr: Any):
            self._steps_of = steps_of
            super().__init__(incoming_graph_data, **attr)

        def node_dict_factory(self) -> Any:
            return dict() if self._steps_of is None else _Tiles(self._steps_of)

        def adjlist_outer_dict_factory(self) -> Any:
            return dict() if self._steps_of is None else _Adjacency(self._steps_of)

        node_attr_dict_factory = staticmethod(lambda: _NO_DATA)
        edge_attr_dict_factory = staticmethod(lambda: _NO_DATA)

    TileGraph.__module__ = __name__
    TileGraph.__qualname__ = "TileGraph"
    return TileGraph  # type: ignore[return-value]  # the class the stubs-only one describes


def __getattr__(name: str) -> Any:
    # `from drase_desktop.board.grid_graph import TileGraph` still works, importing networkx.
    if name == "TileGraph":
        return _tile_graph_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def movement_graph(battle_map: BattleMap) -> MovementGraph:
    """The map's movement graph, made on first use and kept in step with the map after that."""
    found = battle_map.derived_caches.get("movement_graph")
    if found is None:
        found = battle_map.derived_caches["movement_graph"] = MovementGraph(battle_map)
    return found


def has_movement_graph(battle_map: BattleMap) -> bool:
    """True once the map's movement graph exists (`movement_graph` makes it on first use)."""
    return "movement_graph" in battle_map.derived_caches


def rebuild_movement_graph(battle_map: BattleMap) -> MovementGraph:
    """A fresh graph with every step worked out, that does not follow the map (the
    benchmarks' and tests' reference)."""
    graph = MovementGraph(battle_map, follow=False)
    graph.ensure_all()
    return graph
