"""The movement graph: a networkx graph of tiles whose edges are the steps a creature may take.

Built once per map, then kept in step with it: a tile, wall or door change re-decides only the
edges around it. An edge joins two neighbouring tiles (8 directions) when neither is blocked, the
height difference is under 2 tiles (ruling 20: a cliff is never crossed automatically), no wall or
closed door touches the step, and a diagonal step does not cut the corner of a blocked tile
(ruling 18). Costs are not stored on edges: they come from the map's layers at search time, and
the diagonal parity of ruling 18 lives in the search state, never in the graph.
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from drase_desktop.board.barrier_index import BarrierIndex, barrier_index
from drase_desktop.board.battle_map import BLOCKED_CODE, BattleMap
from drase_desktop.board.geometry import Position

CLIFF = 2  # ruling 20: a height difference of 2 tiles or more is a cliff


class _NoEdgeData(dict):  # type: ignore[type-arg]
    """The one empty attribute record every edge shares: edges carry no data, only presence.

    Sharing it keeps a 500 x 500 graph to a fraction of the memory of a dict per edge; it
    refuses writes so no caller can put data on every edge at once by mistake.
    """

    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError("movement graph edges carry no attributes")

    def update(self, *args: Any, **kwargs: Any) -> None:
        if any(args) or kwargs:
            raise TypeError("movement graph edges carry no attributes")


_NO_EDGE_DATA = _NoEdgeData()


class TileGraph(nx.Graph):
    edge_attr_dict_factory = staticmethod(lambda: _NO_EDGE_DATA)


# Forward half of the 8 directions: each unordered neighbour pair is visited once.
_FORWARD = ((1, 0), (0, 1), (1, 1), (-1, 1))
_ALL = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


class MovementGraph:
    """The tiles of one map as a `TileGraph`; `graph.adj[tile]` lists the legal single steps."""

    def __init__(self, battle_map: BattleMap, *, follow: bool = True) -> None:
        self.battle_map = battle_map
        self.barriers: BarrierIndex = (
            barrier_index(battle_map) if follow else BarrierIndex(battle_map, follow=False)
        )
        self.graph = TileGraph()
        self.revision = 0
        self._build()
        if follow:
            battle_map.add_listener(self._on_map_change)
            self.barriers.add_listener(self._on_barriers_change)

    def _build(self) -> None:
        board = self.battle_map
        width, height = board.width, board.height
        terrain = board._terrain
        elevation = board._elevation
        barriers = self.barriers
        walled = barriers._cells
        graph = self.graph
        graph.add_nodes_from((x, y) for y in range(height) for x in range(width))
        adj = graph._adj  # filled directly: one shared empty record per edge (see _NoEdgeData)
        for y in range(height):
            row = y * width
            below = row + width
            for x in range(width):
                index = row + x
                if terrain[index] == BLOCKED_CODE:
                    continue
                here = (x, y)
                neighbours = adj[here]
                h = elevation[index]
                right = x + 1 < width
                left = x > 0
                down = y + 1 < height
                open_right = right and terrain[index + 1] != BLOCKED_CODE
                open_down = down and terrain[below + x] != BLOCKED_CODE
                candidates = []
                if open_right:
                    candidates.append(((x + 1, y), index + 1))
                if open_down:
                    candidates.append(((x, y + 1), below + x))
                    if open_right and terrain[below + x + 1] != BLOCKED_CODE:
                        candidates.append(((x + 1, y + 1), below + x + 1))
                    if (
                        left
                        and terrain[index - 1] != BLOCKED_CODE
                        and terrain[below + x - 1] != BLOCKED_CODE
                    ):
                        candidates.append(((x - 1, y + 1), below + x - 1))
                for there, other in candidates:
                    if abs(elevation[other] - h) >= CLIFF:
                        continue
                    if walled and (here in walled or there in walled):
                        if barriers.step_blocked(here, there):
                            continue
                    neighbours[there] = _NO_EDGE_DATA
                    adj[there][here] = _NO_EDGE_DATA

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
        around: set[Position] = set()
        for x, y in tiles:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if board.in_bounds((x + dx, y + dy)):
                        around.add((x + dx, y + dy))
        for a in around:
            ax, ay = a
            for dx, dy in _ALL:
                b = (ax + dx, ay + dy)
                if b not in adj:
                    continue
                if self.passable(a, b):
                    if b not in adj[a]:
                        adj[a][b] = _NO_EDGE_DATA
                        adj[b][a] = _NO_EDGE_DATA
                elif b in adj[a]:
                    del adj[a][b]
                    del adj[b][a]
        self.revision += 1

    def _on_map_change(self, what: str, old: Any, new: Any) -> None:
        if what in ("terrain", "elevation"):
            self._refresh({old})
        elif what in ("cover", "obscuration", "lights", "ambient_light"):
            return
        # walls and doors arrive through the barrier index, which files them first

    def _on_barriers_change(self, tiles: set[Position]) -> None:
        self._refresh(tiles)


def movement_graph(battle_map: BattleMap) -> MovementGraph:
    """The map's movement graph, built on first use and updated in place after that."""
    found = battle_map._derived.get("movement_graph")
    if found is None:
        found = battle_map._derived["movement_graph"] = MovementGraph(battle_map)
    return found


def rebuild_movement_graph(battle_map: BattleMap) -> MovementGraph:
    """A fresh graph from scratch that does not follow the map (the benchmark's baseline)."""
    return MovementGraph(battle_map, follow=False)
