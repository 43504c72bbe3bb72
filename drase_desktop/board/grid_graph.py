"""The movement graph: a networkx graph of tiles whose edges are the steps a creature may take.

Built once per map, then kept in step with it: a tile, wall or door change re-decides only the
edges around it. An edge joins two neighbouring tiles (8 directions) when neither is blocked, the
height difference is under 2 tiles (ruling 20: a cliff is never crossed automatically), no wall or
closed door bars the step (BarrierIndex.step_blocked: a straight step needs a gap of half a tile
in the edge it crosses, a diagonal one a centre line no barrier touches), and a diagonal step
does not cut the corner of a blocked tile (ruling 18). Costs are not stored on edges: they come
from the map's layers at search time, and the diagonal parity of ruling 18 lives in the search
state, never in the graph.
"""

from __future__ import annotations

from functools import cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from drase_desktop.board.barrier_index import BarrierIndex, barrier_index
from drase_desktop.board.battle_map import (
    BLOCKED_CODE,
    TERRAIN_COST,
    TERRAIN_KINDS,
    BattleMap,
)
from drase_desktop.board.geometry import Position

CLIFF = 2  # ruling 20: a height difference of 2 tiles or more is a cliff
_COST_OF_CODE = bytes(TERRAIN_COST[kind] for kind in TERRAIN_KINDS).ljust(256, b"\0")


class _NoData(dict):  # type: ignore[type-arg]
    """The one empty attribute record every node and edge shares: the graph's meaning is which
    edges exist. Sharing it keeps a 500 x 500 graph to a fraction of the memory of a dict per
    edge; it refuses writes so nobody puts data on every edge at once by mistake.
    """

    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError("movement graph nodes and edges carry no attributes")

    def update(self, *args: Any, **kwargs: Any) -> None:
        if any(args) or kwargs:
            raise TypeError("movement graph nodes and edges carry no attributes")


_NO_DATA = _NoData()


if TYPE_CHECKING:
    import networkx as nx

    class TileGraph(nx.Graph[Position]):  # networkx's Graph is generic only in its stubs
        # networkx's own node and adjacency dicts, which MovementGraph fills directly; the
        # type stubs leave these internals out.
        _node: dict[Position, dict[str, Any]]
        _adj: dict[Position, dict[Position, dict[str, Any]]]


@cache
def _tile_graph_class() -> type[TileGraph]:
    """The `TileGraph` class, made when the first movement graph is: networkx is imported
    then, not when the app starts (it is a fifth of the launch)."""
    import networkx as nx

    class TileGraph(nx.Graph):  # type: ignore[type-arg]
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


# Forward half of the 8 directions: each unordered neighbour pair is visited once.
_FORWARD = ((1, 0), (0, 1), (1, 1), (-1, 1))
_ALL = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
# The 8 neighbours row by row, as (dy, dx): the order a built tile lists its steps in.
_READING_ORDER = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


class MovementGraph:
    """The tiles of one map as a `TileGraph`; `graph.adj[tile]` lists the legal single steps."""

    def __init__(self, battle_map: BattleMap, *, follow: bool = True) -> None:
        self.battle_map = battle_map
        self.barriers: BarrierIndex = (
            barrier_index(battle_map) if follow else BarrierIndex(battle_map, follow=False)
        )
        self.graph: TileGraph = _tile_graph_class()()
        self.revision = 0
        # Per-tile terrain multiplier (ruling 18) and height as plain lists, row by row: the
        # searches read them for every step, so they are kept here, in step with the map.
        self.step_cost: list[int] = list(battle_map._terrain.translate(_COST_OF_CODE))
        self.heights: list[int] = list(battle_map._elevation)
        # Hundreds of thousands of small dicts, none cyclic. The core leaves the cycle collector
        # alone: the window runs it on its own thread only (ui/gc_policy.py), where it is off
        # between collections anyway, and a script keeps Python's default.
        self._build()
        if follow:
            battle_map.add_listener(self._on_map_change)
            self.barriers.add_listener(self._on_barriers_change)

    def _build(self) -> None:
        """Every tile first takes a step to each neighbour; then the steps the map forbids are
        cut: those into blocked tiles or past their corners, across cliffs, and through walls
        and closed doors. The work grows with what lies on the map, not with its area: the
        all-steps start is made a row at a time in C."""
        board = self.battle_map
        width, height = board.width, board.height
        # One tuple per tile, shared by the node key and every adjacency entry naming it.
        self._tiles = rows = [[(x, y) for x in range(width)] for y in range(height)]
        graph = self.graph
        # Filled directly, as add_nodes_from and add_edge would, minus their per-call overhead:
        # every node and edge shares one empty record (see _NoData).
        graph._node.update(dict.fromkeys((tile for row in rows for tile in row), _NO_DATA))
        adj = graph._adj
        no_data = _NO_DATA
        # Inside the rim: zip lines up each tile's 8 neighbours, dict.fromkeys makes them its
        # adjacency, both in C.
        for y in range(1, height - 1):
            above, row, below = rows[y - 1], rows[y], rows[y + 1]
            neighbours = zip(
                above, above[1:], above[2:], row, row[2:], below, below[1:], below[2:], strict=False
            )
            interior = row[1:-1]
            adj.update(zip(interior, map(dict.fromkeys, neighbours, repeat(no_data)), strict=True))
        rim = {(x, y) for y in (0, height - 1) for x in range(width)}
        rim.update((x, y) for x in (0, width - 1) for y in range(height))
        for x, y in sorted(rim, key=lambda tile: (tile[1], tile[0])):
            adj[rows[y][x]] = dict.fromkeys(
                (
                    rows[y + dy][x + dx]
                    for dy, dx in _READING_ORDER
                    if 0 <= x + dx < width and 0 <= y + dy < height
                ),
                no_data,
            )

        def cut(a: Position, b: Position) -> None:
            steps = adj[a]
            if b in steps:
                del steps[b]
                del adj[b][a]

        terrain = board._terrain
        index = terrain.find(BLOCKED_CODE)
        while index >= 0:
            y, x = divmod(index, width)
            here = rows[y][x]
            for there in adj[here]:
                del adj[there][here]
            adj[here].clear()
            # Ruling 18: no diagonal step cuts the corner of a blocked tile.
            for sx in (x - 1, x + 1):
                for ty in (y - 1, y + 1):
                    if 0 <= sx < width and 0 <= ty < height:
                        cut(rows[y][sx], rows[ty][x])
            index = terrain.find(BLOCKED_CODE, index + 1)
        heights = self.heights
        if any(heights):
            # Ruling 20: a height difference of 2 tiles or more is a cliff, never a step.
            for y in range(height):
                base = y * width
                here_heights = heights[base : base + width]
                next_heights = heights[base + width : base + 2 * width]
                pairs = [(1, 0, here_heights[1:], here_heights)]
                if next_heights:
                    pairs += [
                        (0, 1, next_heights, here_heights),
                        (1, 1, next_heights[1:], here_heights),
                        (-1, 1, next_heights, here_heights[1:]),
                    ]
                for dx, dy, after, before in pairs:
                    for offset, (b, a) in enumerate(zip(after, before, strict=False)):
                        if a - b >= CLIFF or b - a >= CLIFF:
                            x = offset + (1 if dx < 0 else 0)
                            cut(rows[y][x], rows[y + dy][x + dx])
        barriers = self.barriers
        judged: set[Position] = set()
        for cx, cy in barriers._cells:
            if not (0 <= cx < width and 0 <= cy < height):
                continue
            here = rows[cy][cx]
            judged.add(here)
            # A step between two tiles with barriers is judged once, from the first of them.
            steps = [t for t in adj[here] if t not in judged]
            for there in [t for t in steps if barriers.step_blocked(here, t)]:
                cut(here, there)

    def passable(self, a: Position, b: Position) -> bool:
        """Decide from the map alone whether a single step between neighbours a and b is legal."""
        board = self.battle_map
        if not (board.in_bounds(a) and board.in_bounds(b)):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx, dy) == (0, 0) or abs(dx) > 1 or abs(dy) > 1:
            return False
        width = board.width
        terrain = board._terrain
        ia = a[1] * width + a[0]
        ib = b[1] * width + b[0]
        if terrain[ia] == BLOCKED_CODE or terrain[ib] == BLOCKED_CODE:
            return False
        if abs(board._elevation[ia] - board._elevation[ib]) >= CLIFF:
            return False
        if dx and dy:
            if terrain[a[1] * width + b[0]] == BLOCKED_CODE:
                return False
            if terrain[b[1] * width + a[0]] == BLOCKED_CODE:
                return False
        return not self.barriers.step_blocked(a, b)

    def _refresh(self, tiles: set[Position]) -> None:
        """Re-decide every edge with an end in `tiles` or cornering past one of them."""
        board = self.battle_map
        graph = self.graph
        adj = graph._adj
        width, height = board.width, board.height
        if len(tiles) * 8 > width * height:
            self._rebuild()  # much of the map: the bulk build is faster than step by step
            return
        around: set[Position] = set()
        for x, y in tiles:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if 0 <= x + dx < width and 0 <= y + dy < height:
                        around.add((x + dx, y + dy))
        tiles_by_row = self._tiles
        for a in around:
            ax, ay = a
            a = tiles_by_row[ay][ax]
            for dx, dy in _ALL:
                bx, by = ax + dx, ay + dy
                if not (0 <= bx < board.width and 0 <= by < board.height):
                    continue
                b = tiles_by_row[by][bx]
                if self.passable(a, b):
                    if b not in adj[a]:
                        adj[a][b] = _NO_DATA
                        adj[b][a] = _NO_DATA
                elif b in adj[a]:
                    del adj[a][b]
                    del adj[b][a]
        self.revision += 1

    def _rebuild(self) -> None:
        """Build every edge again, into the same graph object."""
        self.graph._adj.clear()
        self.graph._node.clear()
        self._build()
        self.revision += 1

    def _on_map_change(self, what: str, detail: Any, previous: Any) -> None:
        # walls and doors arrive through the barrier index, which files them first
        if what in ("terrain", "elevation"):
            self._tiles_changed(what, {detail: previous})
        elif what == "tiles" and detail in ("terrain", "elevation"):
            self._tiles_changed(detail, previous)

    def _tiles_changed(self, layer: str, previous: dict[Position, Any]) -> None:
        """Follow tiles whose terrain or height changed. A change of cost alone (normal to mud)
        leaves every edge as it was: costs are read from `step_cost` at search time."""
        board = self.battle_map
        width = board.width
        edges_may_change: set[Position] = set()
        if layer == "terrain":
            terrain, step_cost = board._terrain, self.step_cost
            for (x, y), old in previous.items():
                index = y * width + x
                code = terrain[index]
                step_cost[index] = _COST_OF_CODE[code]
                if (old == "blocked") != (code == BLOCKED_CODE):
                    edges_may_change.add((x, y))
        else:
            elevation, heights = board._elevation, self.heights
            for x, y in previous:
                index = y * width + x
                heights[index] = elevation[index]
            edges_may_change.update(previous)
        if edges_may_change:
            self._refresh(edges_may_change)
        else:
            self.revision += 1

    def _on_barriers_change(self, tiles: set[Position]) -> None:
        self._refresh(tiles)


def movement_graph(battle_map: BattleMap) -> MovementGraph:
    """The map's movement graph, built on first use and updated in place after that."""
    found = battle_map._derived.get("movement_graph")
    if found is None:
        found = battle_map._derived["movement_graph"] = MovementGraph(battle_map)
    return found


def has_movement_graph(battle_map: BattleMap) -> bool:
    """True once the map's movement graph exists (`movement_graph` builds it on first use)."""
    return "movement_graph" in battle_map._derived


def rebuild_movement_graph(battle_map: BattleMap) -> MovementGraph:
    """A fresh graph from scratch that does not follow the map (the benchmark's baseline)."""
    return MovementGraph(battle_map, follow=False)
