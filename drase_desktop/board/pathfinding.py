"""Movement under the Drase rules over the map's networkx movement graph.

The graph (grid_graph.py) says which single steps are legal; this module prices them and searches.
networkx's own shortest-path functions keep one label per node, but ruling 18's "double" diagonal
rule needs two (the next diagonal costs 1 or 2 depending on how many came before), so the searches
here run over the graph's adjacency with the parity in the state: at most two labels per tile.
Costs are whole tiles, so Dijkstra uses a bucket queue (Dial's algorithm) bounded by the speed.

Step cost (rulings 18-20): base x terrain + |height difference|, where base is 1 for an orthogonal
step and, under "double", 1 or 2 for a diagonal (alternating along the move, starting with 1); under
"circle" every step's base is 1 and the tile must also lie within the circle (ruling 19).
A token of footprint n covers n x n tiles from its top-left position; it may step when each of its
tiles may, and the step costs the dearest of its tiles' steps.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable

from drase_desktop.board.battle_map import TERRAIN_COST, TERRAIN_KINDS, BattleMap, BoardError
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import movement_graph

DIAGONAL_RULES = ("double", "circle")
_MULTIPLIER = bytes(TERRAIN_COST[kind] for kind in TERRAIN_KINDS).ljust(256, b"\0")


class MovementError(BoardError):
    pass


def _check_position(battle_map: BattleMap, pos: object, what: str) -> Position:
    try:
        x, y = pos  # type: ignore[misc]
    except (TypeError, ValueError):
        raise MovementError(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool):
        raise MovementError(f"{what} must be a pair of whole numbers, not {pos!r}")
    if not battle_map.in_bounds((x, y)):
        raise MovementError(f"{what} ({x}, {y}) is off the map")
    return (x, y)


def _footprint_tiles(pos: Position, footprint: int) -> list[Position]:
    return [(pos[0] + i, pos[1] + j) for j in range(footprint) for i in range(footprint)]


class _Terms:
    """Checked inputs and the per-search lookups shared by Dijkstra and A*."""

    def __init__(
        self,
        battle_map: BattleMap,
        start: Position,
        diagonal: str,
        enemies: Iterable[Position],
        allies: Iterable[Position],
        footprint: int,
    ) -> None:
        if diagonal not in DIAGONAL_RULES:
            raise MovementError(f"diagonal rule must be 'double' or 'circle', not {diagonal!r}")
        if isinstance(footprint, bool) or not isinstance(footprint, int) or not 1 <= footprint <= 4:
            raise MovementError(f"a token's footprint is 1 to 4 tiles a side, not {footprint!r}")
        self.map = battle_map
        self.start = _check_position(battle_map, start, "start")
        self.footprint = footprint
        if not self.fits(self.start):
            raise MovementError(f"a {footprint} x {footprint} token at {start} runs off the map")
        own = set(_footprint_tiles(self.start, footprint))
        # The mover's own tiles are where it stands: never an obstacle to itself.
        self.enemies = {tuple(p) for p in enemies} - own
        self.allies = {tuple(p) for p in allies} - own
        self.double = diagonal == "double"
        self.graph = movement_graph(battle_map)
        self.adj = self.graph.graph._adj
        self.width = battle_map.width
        terrain = battle_map._terrain
        self.multiplier = terrain.translate(_MULTIPLIER)
        self.elevation = battle_map._elevation

    def fits(self, pos: Position) -> bool:
        n = self.footprint
        return (
            0 <= pos[0]
            and 0 <= pos[1]
            and pos[0] + n <= self.map.width
            and pos[1] + n <= self.map.height
        )

    def steps(self, node: Position) -> list[tuple[Position, bool, int]]:
        """(next position, diagonal?, cost before the diagonal parity) for each legal step."""
        width, mult, elev = self.width, self.multiplier, self.elevation
        x, y = node
        n = self.footprint
        if n == 1:
            here = elev[y * width + x]
            out = []
            enemies = self.enemies
            for nb in self.adj[node]:
                if nb in enemies:
                    continue
                bx, by = nb
                index = by * width + bx
                climb = elev[index] - here
                out.append((nb, bx != x and by != y, mult[index] * 1000 + abs(climb)))
            return out
        out = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not (dx or dy):
                    continue
                nb = (x + dx, y + dy)
                if not self.fits(nb):
                    continue
                worst_mult, worst_climb, worst = 0, 0, -1
                for tile in _footprint_tiles(node, n):
                    after = (tile[0] + dx, tile[1] + dy)
                    if after not in self.adj[tile] or after in self.enemies:
                        break
                    i_after = after[1] * width + after[0]
                    climb = abs(elev[i_after] - elev[tile[1] * width + tile[0]])
                    # compare at the dearer diagonal base so the dearest tile wins either way
                    weight = mult[i_after] * 2 + climb
                    if weight > worst:
                        worst, worst_mult, worst_climb = weight, mult[i_after], climb
                else:
                    out.append((nb, bool(dx and dy), worst_mult * 1000 + worst_climb))
        return out

    def can_end(self, pos: Position) -> bool:
        tiles = _footprint_tiles(pos, self.footprint)
        return not any(t in self.allies or t in self.enemies for t in tiles)


def _price(packed: int, diagonal: bool, parity: int, double: bool) -> tuple[int, int]:
    """Cost of a step and the parity after it, from `steps`' packed multiplier and climb."""
    mult, climb = divmod(packed, 1000)
    if diagonal and double:
        return (mult * 2 if parity else mult) + climb, parity ^ 1
    return mult + climb, parity


class MovementSearch:
    """One search from a start tile, read many times: the tool a token drag holds.

    Search once when the drag starts; each mouse move reads `cost(tile)` and `path_to(tile)` from
    the stored predecessors without searching again. `speed` (tiles) decides what is reachable;
    `limit` bounds the search (default: the speed; `None` with no speed: the whole map), so a
    boxed-in token never scans the map.
    """

    def __init__(
        self,
        battle_map: BattleMap,
        start: Position,
        speed: float | None = None,
        *,
        diagonal: str = "double",
        enemies: Iterable[Position] = (),
        allies: Iterable[Position] = (),
        footprint: int = 1,
        limit: float | None = None,
    ) -> None:
        terms = _Terms(battle_map, start, diagonal, enemies, allies, footprint)
        if speed is not None and (
            isinstance(speed, bool)
            or not isinstance(speed, int | float)
            or not math.isfinite(speed)
            or speed < 0
        ):
            raise MovementError(f"speed must be a number of tiles, 0 or more, not {speed!r}")
        if limit is None:
            limit = speed
        elif isinstance(limit, bool) or not isinstance(limit, int | float) or limit < 0:
            raise MovementError(f"search limit must be 0 or more tiles, not {limit!r}")
        self.start = terms.start
        self.speed = speed
        self.diagonal = diagonal
        self.footprint = footprint
        self.limit = limit
        self._terms = terms
        # labels[parity][tile] = cheapest cost; parents[parity][tile] = (previous tile, parity)
        self._labels: tuple[dict[Position, int], dict[Position, int]] = ({}, {})
        self._parents: tuple[dict[Position, tuple[Position, int] | None], ...] = ({}, {})
        self._search()
        self._reachable: dict[Position, int] | None = None

    def _search(self) -> None:
        terms = self._terms
        bound = math.inf if self.limit is None or math.isinf(self.limit) else int(self.limit)
        double = terms.double
        labels, parents = self._labels, self._parents
        labels[0][self.start] = 0
        parents[0][self.start] = None
        buckets: list[list[tuple[Position, int]]] = [[(self.start, 0)]]
        cost = 0
        fast = terms.footprint == 1
        adj, width = terms.adj, terms.width
        mult, elev, enemies = terms.multiplier, terms.elevation, terms.enemies
        while cost < len(buckets):
            for node, parity in buckets[cost]:
                if labels[parity][node] != cost:
                    continue  # a cheaper label for this state was found after this was queued
                if fast:
                    # Footprint 1, the hot path: the step pricing of _Terms.steps, inlined.
                    x, y = node
                    here = elev[y * width + x]
                    for nb in adj[node]:
                        if nb in enemies:
                            continue
                        bx, by = nb
                        index = by * width + bx
                        step = mult[index]
                        next_parity = parity
                        if double and bx != x and by != y:
                            if parity:
                                step += step
                            next_parity = parity ^ 1
                        climb = elev[index] - here
                        total = cost + step + (climb if climb > 0 else -climb)
                        if total > bound:
                            continue
                        table = labels[next_parity]
                        old = table.get(nb)
                        if old is None or total < old:
                            table[nb] = total
                            parents[next_parity][nb] = (node, parity)
                            while len(buckets) <= total:
                                buckets.append([])
                            buckets[total].append((nb, next_parity))
                else:
                    for nb, diagonal, packed in terms.steps(node):
                        step, next_parity = _price(packed, diagonal, parity, double)
                        total = cost + step
                        if total > bound:
                            continue
                        table = labels[next_parity]
                        old = table.get(nb)
                        if old is None or total < old:
                            table[nb] = total
                            parents[next_parity][nb] = (node, parity)
                            while len(buckets) <= total:
                                buckets.append([])
                            buckets[total].append((nb, next_parity))
            buckets[cost] = []
            cost += 1

    @property
    def explored(self) -> int:
        """How many tiles the search labelled: bounded by the speed, not the map."""
        return len(self._labels[0].keys() | self._labels[1].keys())

    def _best(self, pos: Position) -> tuple[int, int] | None:
        even = self._labels[0].get(pos)
        odd = self._labels[1].get(pos)
        if even is None and odd is None:
            return None
        if odd is None or (even is not None and even <= odd):
            return even, 0  # type: ignore[return-value]
        return odd, 1

    def cost(self, pos: Position) -> int | None:
        """The cheapest cost in tiles to move the token to `pos`, or None if the search never got
        there (unreachable, or beyond the search limit)."""
        best = self._best(tuple(pos))  # type: ignore[arg-type]
        return None if best is None else best[0]

    def path_to(self, pos: Position) -> list[Position] | None:
        """The cheapest path start..pos read from the stored search, or None when the token
        cannot end there (unreached, an occupied tile). Beyond the speed it is still given."""
        pos = tuple(pos)  # type: ignore[assignment]
        best = self._best(pos)
        if best is None or not self._terms.can_end(pos):
            return None
        path = [pos]
        state = self._parents[best[1]][pos]
        while state is not None:
            tile, parity = state
            path.append(tile)
            state = self._parents[parity][tile]
        path.reverse()
        return path

    def _within_circle(self, pos: Position) -> bool:
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        return self.speed is None or dx * dx + dy * dy <= self.speed * self.speed

    @property
    def reachable(self) -> dict[Position, int]:
        """Every tile the token can end its move on within its speed, with the cheapest cost."""
        if self._reachable is None:
            speed = math.inf if self.speed is None else self.speed
            found: dict[Position, int] = {}
            for table in self._labels:
                for tile, value in table.items():
                    if value <= speed and value < found.get(tile, math.inf):
                        found[tile] = value
            terms = self._terms
            self._reachable = {
                tile: value
                for tile, value in found.items()
                if terms.can_end(tile) and (terms.double or self._within_circle(tile))
            }
        return self._reachable

    def why_not(self, pos: Position) -> str | None:
        """None when the token can end its move on `pos`; else the reason, for the GM."""
        terms = self._terms
        pos = tuple(pos)  # type: ignore[assignment]
        if not terms.fits(pos):
            return "off the map"
        tiles = _footprint_tiles(pos, terms.footprint)
        if any(t in terms.enemies for t in tiles):
            return "an enemy stands there"
        if any(t in terms.allies for t in tiles):
            return "an ally stands there: pass through, but do not stop"
        if any(self.map_terrain(t) == "blocked" for t in tiles):
            return "the tile is blocked"
        value = self.cost(pos)
        if value is None:
            if self.limit is not None and not math.isinf(self.limit):
                return f"no path within {self.limit:g} tiles"
            return "no path: walls, cliffs or creatures are in the way"
        if self.speed is not None and value > self.speed:
            return f"too far: {value} tiles of movement, speed {self.speed:g}"
        if not terms.double and not self._within_circle(pos):
            return f"outside the movement circle of radius {self.speed:g} (ruling 19)"
        return None

    def map_terrain(self, tile: Position) -> str:
        return self._terms.map.terrain(tile)


def movement_range(
    battle_map: BattleMap,
    start: Position,
    speed: float,
    *,
    diagonal: str = "double",
    enemies: Iterable[Position] = (),
    allies: Iterable[Position] = (),
    footprint: int = 1,
) -> dict[Position, int]:
    """Every tile the creature can end its move on, with the cheapest cost (start at 0)."""
    if speed is None:
        raise MovementError("movement range needs a speed")
    return MovementSearch(
        battle_map,
        start,
        speed,
        diagonal=diagonal,
        enemies=enemies,
        allies=allies,
        footprint=footprint,
    ).reachable


def _heuristic(dx: int, dy: int, parity: int, double: bool) -> int:
    """The open-ground cost to the goal: exact, so admissible and consistent (counts parity)."""
    dx, dy = abs(dx), abs(dy)
    high, low = (dx, dy) if dx >= dy else (dy, dx)
    return high + (low + parity) // 2 if double else high


def find_path(
    battle_map: BattleMap,
    start: Position,
    goal: Position,
    *,
    diagonal: str = "double",
    enemies: Iterable[Position] = (),
    allies: Iterable[Position] = (),
    footprint: int = 1,
) -> tuple[list[Position], float] | None:
    """The cheapest legal path from start to goal and its cost, or None when there is none.

    A* over (tile, diagonal parity) with the parity-aware open-ground heuristic.
    """
    terms = _Terms(battle_map, start, diagonal, enemies, allies, footprint)
    goal = _check_position(battle_map, goal, "goal")
    if not terms.fits(goal) or not terms.can_end(goal):
        return None
    double = terms.double
    gx, gy = goal
    start = terms.start
    labels: tuple[dict[Position, int], dict[Position, int]] = ({start: 0}, {})
    parents: tuple[dict, dict] = ({start: None}, {})
    closed: tuple[set[Position], set[Position]] = (set(), set())
    tie = 0
    heap = [(_heuristic(gx - start[0], gy - start[1], 0, double), 0, tie, start, 0)]
    while heap:
        _, cost, _, node, parity = heapq.heappop(heap)
        if node in closed[parity]:
            continue
        if node == goal:
            path = [node]
            state = parents[parity][node]
            while state is not None:
                tile, p = state
                path.append(tile)
                state = parents[p][tile]
            path.reverse()
            return path, float(cost)
        closed[parity].add(node)
        for nb, diagonal_step, packed in terms.steps(node):
            step, next_parity = _price(packed, diagonal_step, parity, double)
            total = cost + step
            table = labels[next_parity]
            old = table.get(nb)
            if old is None or total < old:
                table[nb] = total
                parents[next_parity][nb] = (node, parity)
                tie += 1
                estimate = total + _heuristic(gx - nb[0], gy - nb[1], next_parity, double)
                heapq.heappush(heap, (estimate, total, tie, nb, next_parity))
    return None


def path_cost(
    battle_map: BattleMap,
    path: list[Position],
    *,
    diagonal: str = "double",
    footprint: int = 1,
) -> float | None:
    """What a given path costs under the rules, or None if one of its steps is not legal."""
    if not path:
        raise MovementError("a path needs at least its start tile")
    terms = _Terms(battle_map, path[0], diagonal, (), (), footprint)
    cost, parity = 0, 0
    for here, there in zip(path, path[1:], strict=False):
        for nb, diagonal_step, packed in terms.steps(here):
            if nb == tuple(there):
                step, parity = _price(packed, diagonal_step, parity, terms.double)
                cost += step
                break
        else:
            return None
    return float(cost)
