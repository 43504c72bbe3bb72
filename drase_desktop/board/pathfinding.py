"""Movement under the Drase rules over the map's networkx movement graph.

The graph (grid_graph.py) says which single steps are legal; this module prices them and searches.
networkx's own shortest-path functions keep one label per node, but ruling 18's "double" diagonal
rule needs two (the next diagonal costs 1 or 2 depending on how many came before), so the searches
here run over the graph's adjacency with the parity in the state: at most two labels per tile.
Costs are whole tiles, so Dijkstra uses a bucket queue (Dial's algorithm) bounded by the speed.

Step cost (rulings 18-20): base x terrain + |height difference|, where base is 1 for an orthogonal
step and, under "double", 1 or 2 for a diagonal (alternating along the move, starting with 1); under
"circle" every step's base is 1 and the tile must also lie within the circle (ruling 19). A round's
movement is one move however many drags it takes (ruling 27): a search can start on an odd
diagonal, and its circle can stay centred where the round's move began.
A token of footprint n covers n x n tiles from its top-left position; it may step when each of its
tiles may, and the step costs the dearest of its tiles' steps.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import cast

from drase_desktop.board.battle_map import BattleMap, BoardError
from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT, DOUBLE
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import movement_graph


class MovementError(BoardError):
    pass


def _check_position(battle_map: BattleMap, pos: object, what: str) -> Position:
    try:
        x, y = cast(Position, pos)
    except (TypeError, ValueError):
        raise MovementError(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool):
        raise MovementError(f"{what} must be a pair of whole numbers, not {pos!r}")
    if not battle_map.in_bounds((x, y)):
        raise MovementError(f"{what} ({x}, {y}) is off the map")
    return (x, y)


def _check_parity(parity: object) -> int:
    if parity not in (0, 1) or isinstance(parity, bool):
        raise MovementError(f"the diagonal parity is 0 or 1, not {parity!r}")
    return int(parity)


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
            raise MovementError(f"diagonal rule must be {DIAGONAL_RULES_TEXT}, not {diagonal!r}")
        if isinstance(footprint, bool) or not isinstance(footprint, int) or not 1 <= footprint <= 4:
            raise MovementError(f"a token's footprint is 1 to 4 tiles a side, not {footprint!r}")
        self.map = battle_map
        self.start = _check_position(battle_map, start, "start")
        self.footprint = footprint
        if not self.fits(self.start):
            raise MovementError(f"a {footprint} x {footprint} token at {start} runs off the map")
        own = set(_footprint_tiles(self.start, footprint))
        # The mover's own tiles are where it stands: never an obstacle to itself.
        self.enemies = {cast(Position, tuple(p)) for p in enemies} - own
        self.allies = {cast(Position, tuple(p)) for p in allies} - own
        self.double = diagonal == DOUBLE
        self.graph = movement_graph(battle_map)
        self.adj = self.graph.graph._adj
        self.width = battle_map.width
        self.multiplier = self.graph.step_cost
        self.elevation = self.graph.heights

    def fits(self, pos: Position) -> bool:
        n = self.footprint
        return (
            0 <= pos[0]
            and 0 <= pos[1]
            and pos[0] + n <= self.map.width
            and pos[1] + n <= self.map.height
        )

    def steps(self, node: Position) -> list[tuple[Position, bool, int, int]]:
        """(next position, diagonal?, terrain multiplier, climb) for each legal step."""
        width, mult, elev = self.width, self.multiplier, self.elevation
        x, y = node
        n = self.footprint
        out = []
        if n == 1:
            here = elev[y * width + x]
            for nb in self.adj[node]:
                if nb in self.enemies:
                    continue
                bx, by = nb
                index = by * width + bx
                out.append((nb, bx != x and by != y, mult[index], abs(elev[index] - here)))
            return out
        adj, enemies = self.adj, self.enemies
        map_width, map_height = self.map.width, self.map.height
        footprint = [
            (tile, adj[tile], tile[1] * width + tile[0]) for tile in _footprint_tiles(node, n)
        ]
        for dx, dy in _DIRECTIONS:
            if not (0 <= x + dx <= map_width - n and 0 <= y + dy <= map_height - n):
                continue
            shift = dy * width + dx
            worst_mult, worst_climb, worst = 0, 0, -1
            for (tx, ty), steps, index in footprint:
                after = (tx + dx, ty + dy)
                if after not in steps or after in enemies:
                    break
                climb = elev[index + shift] - elev[index]
                if climb < 0:
                    climb = -climb
                # Ranked at the dearer diagonal base: the dearest tile wins at either base.
                weight = mult[index + shift] * 2 + climb
                if weight > worst:
                    worst, worst_mult, worst_climb = weight, mult[index + shift], climb
            else:
                out.append(((x + dx, y + dy), bool(dx and dy), worst_mult, worst_climb))
        return out

    def can_end(self, pos: Position) -> bool:
        tiles = _footprint_tiles(pos, self.footprint)
        return not any(t in self.allies or t in self.enemies for t in tiles)


_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
# Dial's ring of buckets: a step costs at most 2 (terrain) x 2 (diagonal) + 1 (climb) = 5,
# and an A* estimate moves by at most 2 more, so 16 buckets never wrap onto a live one.
_RING = 16
_MASK = _RING - 1


def _price(mult: int, climb: int, diagonal: bool, parity: int, double: bool) -> tuple[int, int]:
    """Cost of one step and the diagonal parity after it (ruling 18, 19, 20)."""
    if diagonal and double:
        return (mult * 2 if parity else mult) + climb, parity ^ 1
    return mult + climb, parity


Labels = tuple[dict[Position, int], dict[Position, int]]
Parents = tuple[dict[Position, Position | None], dict[Position, Position | None]]


def _trace(parents: Parents, node: Position, parity: int, double: bool) -> list[Position]:
    """Walk the predecessors back to the start; a parent's parity follows from the step."""
    path = [node]
    parent = parents[parity][node]
    while parent is not None:
        if double and parent[0] != node[0] and parent[1] != node[1]:
            parity ^= 1
        node = parent
        path.append(node)
        parent = parents[parity][node]
    path.reverse()
    return path


def _dijkstra(terms: _Terms, bound: float, start_parity: int = 0) -> tuple[Labels, Parents]:
    """Every (tile, parity) state within `bound` with its cheapest cost and predecessor.
    `start_parity` 1: the round's movement so far ended on an odd diagonal (ruling 27)."""
    start = terms.start
    l0: dict[Position, int] = {}
    l1: dict[Position, int] = {}
    p0: dict[Position, Position | None] = {}
    p1: dict[Position, Position | None] = {}
    (l1 if start_parity else l0)[start] = 0
    (p1 if start_parity else p0)[start] = None
    ring: list[list[tuple[Position, int]]] = [[] for _ in range(_RING)]
    ring[0].append((start, start_parity))
    pending = 1
    cost = 0
    double = terms.double
    adj, width = terms.adj, terms.width
    mult, elev, enemies = terms.multiplier, terms.elevation, terms.enemies
    has_enemies = bool(enemies)
    fast = terms.footprint == 1
    while pending and cost <= bound:
        bucket = ring[cost & _MASK]
        ring[cost & _MASK] = []
        pending -= len(bucket)
        for node, parity in bucket:
            if (l1[node] if parity else l0[node]) != cost:
                continue  # a cheaper label for this state came later
            if not fast:
                for nb, diagonal, m, climb in terms.steps(node):
                    step, np_ = _price(m, climb, diagonal, parity, double)
                    total = cost + step
                    if total > bound:
                        continue
                    table = l1 if np_ else l0
                    old = table.get(nb)
                    if old is None or total < old:
                        table[nb] = total
                        (p1 if np_ else p0)[nb] = node
                        ring[total & _MASK].append((nb, np_))
                        pending += 1
                continue
            # Footprint 1, the hot path: Terms.steps and _price, inlined.
            x, y = node
            here = elev[y * width + x]
            for nb in adj[node]:
                if has_enemies and nb in enemies:
                    continue
                bx, by = nb
                index = by * width + bx
                step = mult[index]
                climb = elev[index] - here
                if climb:
                    step += climb if climb > 0 else -climb
                np_ = parity
                if double and bx != x and by != y:
                    if parity:
                        step += mult[index]
                    np_ = parity ^ 1
                total = cost + step
                if total > bound:
                    continue
                if np_:
                    old = l1.get(nb)
                    if old is None or total < old:
                        l1[nb] = total
                        p1[nb] = node
                        ring[total & _MASK].append((nb, 1))
                        pending += 1
                else:
                    old = l0.get(nb)
                    if old is None or total < old:
                        l0[nb] = total
                        p0[nb] = node
                        ring[total & _MASK].append((nb, 0))
                        pending += 1
        cost += 1
    return (l0, l1), (p0, p1)


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
        diagonal: str = DOUBLE,
        enemies: Iterable[Position] = (),
        allies: Iterable[Position] = (),
        footprint: int = 1,
        limit: float | None = None,
        start_parity: int = 0,
        circle_centre: Position | None = None,
        circle_radius: float | None = None,
    ) -> None:
        terms = _Terms(battle_map, start, diagonal, enemies, allies, footprint)
        start_parity = _check_parity(start_parity) if terms.double else 0
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
        self.start_parity = start_parity
        # Ruling 27: a round's movement is one move, so its circle (ruling 19) stays where the
        # creature stood at the start of the round, with its whole allowance as the radius.
        self.circle_centre = self.start if circle_centre is None else tuple(circle_centre)
        self.circle_radius = speed if circle_radius is None else circle_radius
        self._terms = terms
        bound = math.inf if limit is None else limit
        # labels[parity][tile] = cheapest cost; parents[parity][tile] = the tile before
        self._revision = terms.graph.revision
        self._labels, self._parents = _dijkstra(terms, bound, start_parity)
        self._reachable: dict[Position, int] | None = None

    @property
    def stale(self) -> bool:
        """True once a tile, wall or door of the map changed after this search was made."""
        return self._terms.graph.revision != self._revision

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
        return _trace(self._parents, pos, best[1], self._terms.double)

    def outside_circle(self, pos: Position) -> bool:
        """True when the circle rule (ruling 19) puts `pos` beyond this move's circle (never
        under the double rule)."""
        return not self._terms.double and not self._within_circle(tuple(pos))  # type: ignore[arg-type]

    def _within_circle(self, pos: Position) -> bool:
        radius = self.circle_radius
        dx, dy = pos[0] - self.circle_centre[0], pos[1] - self.circle_centre[1]
        return radius is None or dx * dx + dy * dy <= radius * radius + 1e-9

    @property
    def reachable(self) -> dict[Position, int]:
        """Every tile the token can end its move on within its speed, with the cheapest cost."""
        if self._reachable is None:
            speed = math.inf if self.speed is None else self.speed
            even, odd = self._labels
            found = {tile: value for tile, value in odd.items() if value <= speed}
            for tile, value in even.items():
                if value <= speed and value <= found.get(tile, value):
                    found[tile] = value
            terms = self._terms
            occupied = terms.allies | terms.enemies
            if terms.footprint == 1:
                for tile in occupied & found.keys():
                    del found[tile]
            elif occupied:
                found = {tile: value for tile, value in found.items() if terms.can_end(tile)}
            if not terms.double:
                found = {tile: value for tile, value in found.items() if self._within_circle(tile)}
            self._reachable = found
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
        if self.outside_circle(pos):
            centre = self.circle_centre
            where = "" if centre == self.start else f" round {centre}, where the round's move began"
            return (
                f"outside the movement circle of radius {self.circle_radius:g}{where}"
                " (rulings 19, 27)"
            )
        return None

    def map_terrain(self, tile: Position) -> str:
        return self._terms.map.terrain(tile)


# Searches a map keeps to be asked again: the selected token's, its drag's, a few others'.
KEPT_SEARCHES = 4


def _typed(value: object) -> object:
    """A value with its type, inside tuples too: True equals 1, but a search refuses it."""
    if isinstance(value, tuple):
        return tuple(_typed(item) for item in value), tuple
    return value, type(value)


def shared_movement_search(
    battle_map: BattleMap,
    start: Position,
    speed: float | None = None,
    *,
    diagonal: str = DOUBLE,
    enemies: Iterable[Position] = (),
    allies: Iterable[Position] = (),
    footprint: int = 1,
    limit: float | None = None,
    start_parity: int = 0,
    circle_centre: Position | None = None,
    circle_radius: float | None = None,
) -> MovementSearch:
    """`MovementSearch` with these terms, or the one already made with the same terms while the
    map's movement graph has not changed since (`stale`): a search reads nothing else, so its
    answer is the same. A fight's reach overlay asks again at every phase and at every change
    of another creature; with hundreds on the map a search is most of such a change's cost."""
    # Frozen sets come as they are: a caller asking again with the same sets hashes them once.
    if not isinstance(enemies, frozenset):
        enemies = frozenset(cast(Position, tuple(p)) for p in enemies)
    if not isinstance(allies, frozenset):
        allies = frozenset(cast(Position, tuple(p)) for p in allies)
    try:
        terms = (
            tuple(start),
            speed,
            diagonal,
            footprint,
            limit,
            start_parity,
            None if circle_centre is None else tuple(circle_centre),
            circle_radius,
        )
        key: object = (_typed(terms), enemies, allies)
        hash(key)
    except TypeError:  # terms a search refuses: it says why
        key = None
    kept: dict[object, MovementSearch] = battle_map._derived.setdefault("movement_searches", {})
    found = kept.get(key) if key is not None else None
    if found is not None and not found.stale and found._terms.graph is movement_graph(battle_map):
        return found
    search = MovementSearch(
        battle_map,
        start,
        speed,
        diagonal=diagonal,
        enemies=enemies,
        allies=allies,
        footprint=footprint,
        limit=limit,
        start_parity=start_parity,
        circle_centre=circle_centre,
        circle_radius=circle_radius,
    )
    if key is not None:
        kept.pop(key, None)
        kept[key] = search
        while len(kept) > KEPT_SEARCHES:
            del kept[next(iter(kept))]
    return search


def movement_range(
    battle_map: BattleMap,
    start: Position,
    speed: float,
    *,
    diagonal: str = DOUBLE,
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
    diagonal: str = DOUBLE,
    enemies: Iterable[Position] = (),
    allies: Iterable[Position] = (),
    footprint: int = 1,
    start_parity: int = 0,
) -> tuple[list[Position], float] | None:
    """The cheapest legal path from start to goal and its cost, or None when there is none.

    A* over (tile, diagonal parity) with the parity-aware open-ground heuristic. `start_parity`
    1 carries on an alternation begun earlier in the round (ruling 27).
    """
    terms = _Terms(battle_map, start, diagonal, enemies, allies, footprint)
    goal = _check_position(battle_map, goal, "goal")
    if not terms.fits(goal) or not terms.can_end(goal):
        return None
    found = _astar(terms, goal, _check_parity(start_parity))
    if found is None:
        return None
    cost, parity, parents = found
    return _trace(parents, goal, parity, terms.double), float(cost)


def _astar(terms: _Terms, goal: Position, start_parity: int = 0) -> tuple[int, int, Parents] | None:
    """A* over (tile, parity) states with a bucket queue on the (whole-tile) estimate.

    The estimate is consistent, so estimates never fall along a path: buckets are taken in
    order, last in first out within one (deeper first), and the first goal taken is cheapest.
    """
    start = terms.start
    double = terms.double
    gx, gy = goal
    parity = start_parity if double else 0
    l0: dict[Position, int] = {}
    l1: dict[Position, int] = {}
    p0: dict[Position, Position | None] = {}
    p1: dict[Position, Position | None] = {}
    (l1 if parity else l0)[start] = 0
    (p1 if parity else p0)[start] = None
    ring: list[list[tuple[Position, int, int]]] = [[] for _ in range(_RING)]
    estimate = _heuristic(gx - start[0], gy - start[1], parity, double)
    ring[estimate & _MASK].append((start, parity, 0))
    pending = 1
    adj, width = terms.adj, terms.width
    mult, elev, enemies = terms.multiplier, terms.elevation, terms.enemies
    has_enemies = bool(enemies)
    fast = terms.footprint == 1
    while pending:
        bucket = ring[estimate & _MASK]
        while bucket:
            node, parity, cost = bucket.pop()
            pending -= 1
            if (l1[node] if parity else l0[node]) != cost:
                continue
            if node == goal:
                return cost, parity, (p0, p1)
            if fast:
                x, y = node
                here = elev[y * width + x]
                moves = []
                for nb in adj[node]:
                    if has_enemies and nb in enemies:
                        continue
                    bx, by = nb
                    index = by * width + bx
                    moves.append((nb, bx != x and by != y, mult[index], abs(elev[index] - here)))
            else:
                moves = terms.steps(node)
            for nb, diagonal, m, climb in moves:
                if diagonal and double:
                    total = cost + (m + m if parity else m) + climb
                    np_ = parity ^ 1
                else:
                    total = cost + m + climb
                    np_ = parity
                table = l1 if np_ else l0
                old = table.get(nb)
                if old is None or total < old:
                    table[nb] = total
                    (p1 if np_ else p0)[nb] = node
                    dx = gx - nb[0]
                    dy = gy - nb[1]
                    dx = dx if dx > 0 else -dx
                    dy = dy if dy > 0 else -dy
                    if dx < dy:
                        dx, dy = dy, dx
                    guess = total + (dx + ((dy + np_) >> 1) if double else dx)
                    ring[guess & _MASK].append((nb, np_, total))
                    pending += 1
        estimate += 1
    return None


def path_length(path: list[Position], *, diagonal: str = DOUBLE, start_parity: int = 0) -> float:
    """The ground a path covers, in tiles: its steps priced as on open, level ground (ruling
    18's alternating diagonals carried on from `start_parity`, ruling 19's king moves). Through
    mud a path of 5 tiles costs more movement but covers the same 5 tiles."""
    if diagonal not in DIAGONAL_RULES:
        raise MovementError(f"diagonal rule must be {DIAGONAL_RULES_TEXT}, not {diagonal!r}")
    double = diagonal == DOUBLE
    length, parity = 0, _check_parity(start_parity) if double else 0
    for here, there in zip(path, path[1:], strict=False):
        step, parity = _price(1, 0, here[0] != there[0] and here[1] != there[1], parity, double)
        length += step
    return float(length)


def path_cost(
    battle_map: BattleMap,
    path: list[Position],
    *,
    diagonal: str = DOUBLE,
    footprint: int = 1,
    start_parity: int = 0,
) -> float | None:
    """What a given path costs under the rules, or None if one of its steps is not legal.
    `start_parity` 1: the path carries on a move whose last diagonal was odd (ruling 27)."""
    if not path:
        raise MovementError("a path needs at least its start tile")
    terms = _Terms(battle_map, path[0], diagonal, (), (), footprint)
    cost, parity = 0, _check_parity(start_parity) if terms.double else 0
    for here, there in zip(path, path[1:], strict=False):
        for nb, diagonal_step, m, climb in terms.steps(here):
            if nb == tuple(there):
                step, parity = _price(m, climb, diagonal_step, parity, terms.double)
                cost += step
                break
        else:
            return None
    return float(cost)
