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
from collections.abc import Callable, Iterable
from functools import cache
from itertools import chain, repeat
from typing import Concatenate, ParamSpec, cast

from drase_desktop.board.battle_map import BattleMap, BoardError
from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT, DOUBLE
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import BAND_ROWS, DIRECTIONS, movement_graph


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
    """Checked inputs and the per-search lookups shared by Dijkstra and A*. The searches work
    on tile indices (y * width + x) and the graph's step bytes; positions are made only for
    what a caller reads."""

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
        self.width = width = battle_map.width
        self.enemy_indices = {
            y * width + x for x, y in self.enemies if 0 <= x < width and 0 <= y < battle_map.height
        }
        self.multiplier = self.graph.step_cost
        self.elevation = self.graph.heights

    def index(self, pos: Position) -> int:
        return pos[1] * self.width + pos[0]

    def position(self, index: int) -> Position:
        y, x = divmod(index, self.width)
        return (x, y)

    def fits(self, pos: Position) -> bool:
        n = self.footprint
        return (
            0 <= pos[0]
            and 0 <= pos[1]
            and pos[0] + n <= self.map.width
            and pos[1] + n <= self.map.height
        )

    def steps(self, node: int) -> list[tuple[int, bool, int, int]]:
        """(next index, diagonal?, terrain multiplier, climb) for each legal step of the token
        whose top-left tile is `node`: each of its tiles may take the step (none onto an
        enemy), priced at the dearest of them."""
        graph, width, mult, elev = self.graph, self.width, self.multiplier, self.elevation
        enemies = self.enemy_indices
        n = self.footprint
        y, x = divmod(node, width)
        tiles = [node + j * width + i for j in range(n) for i in range(n)]
        masks = [graph.step_mask(tile) for tile in tiles]
        map_width, map_height = self.map.width, self.map.height
        out = []
        for bit, (dx, dy) in enumerate(DIRECTIONS):
            if not (0 <= x + dx <= map_width - n and 0 <= y + dy <= map_height - n):
                continue
            shift = dy * width + dx
            worst_mult, worst_climb, worst = 0, 0, -1
            for tile, mask in zip(tiles, masks, strict=True):
                after = tile + shift
                if not mask >> bit & 1 or after in enemies:
                    break
                climb = elev[after] - elev[tile]
                if climb < 0:
                    climb = -climb
                # Ranked at the dearer diagonal base: the dearest tile wins at either base.
                weight = mult[after] * 2 + climb
                if weight > worst:
                    worst, worst_mult, worst_climb = weight, mult[after], climb
            else:
                out.append((node + shift, bool(dx and dy), worst_mult, worst_climb))
        return out

    def can_end(self, pos: Position) -> bool:
        tiles = _footprint_tiles(pos, self.footprint)
        return not any(t in self.allies or t in self.enemies for t in tiles)


# Dial's ring of buckets: a step costs at most 2 (terrain) x 2 (diagonal) + 1 (climb) = 5,
# and an A* estimate moves by at most 2 more, so 16 buckets never wrap onto a live one.
_RING = 16
_MASK = _RING - 1


def _price(mult: int, climb: int, diagonal: bool, parity: int, double: bool) -> tuple[int, int]:
    """Cost of one step and the diagonal parity after it (ruling 18, 19, 20)."""
    if diagonal and double:
        return (mult * 2 if parity else mult) + climb, parity ^ 1
    return mult + climb, parity


Labels = tuple[dict[int, int], dict[int, int]]
Parents = tuple[dict[int, int], dict[int, int]]
_NO_PARENT = -1


def _trace(terms: _Terms, parents: Parents, node: int, parity: int) -> list[Position]:
    """Walk the predecessors back to the start; a parent's parity follows from the step."""
    width, double = terms.width, terms.double
    path = [node]
    parent = parents[parity][node]
    while parent != _NO_PARENT:
        if double and parent % width != node % width and parent // width != node // width:
            parity ^= 1
        node = parent
        path.append(node)
        parent = parents[parity][node]
    path.reverse()
    return [terms.position(index) for index in path]


def _dijkstra(terms: _Terms, bound: float, start_parity: int = 0) -> tuple[Labels, Parents]:
    """Every (tile, parity) state within `bound` with its cheapest cost and predecessor.
    `start_parity` 1: the round's movement so far ended on an odd diagonal (ruling 27)."""
    graph = terms.graph
    start = terms.index(terms.start)
    if math.isinf(bound):
        graph.ensure_all()
    else:
        # Every step costs at least 1 and moves at most a row: the search stays in these rows.
        reach = int(bound) + 1
        graph.ensure_rows(terms.start[1] - reach, terms.start[1] + terms.footprint + reach)
    l0: dict[int, int] = {}
    l1: dict[int, int] = {}
    p0: dict[int, int] = {}
    p1: dict[int, int] = {}
    (l1 if start_parity else l0)[start] = 0
    (p1 if start_parity else p0)[start] = _NO_PARENT
    ring: list[list[tuple[int, int]]] = [[] for _ in range(_RING)]
    ring[0].append((start, start_parity))
    pending = 1
    cost = 0
    double = terms.double
    steps, moves = graph.steps, graph.moves
    mult, elev, enemies = terms.multiplier, terms.elevation, terms.enemy_indices
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
            here = elev[node]
            for offset, diagonal in moves[steps[node]]:
                nb = node + offset
                if has_enemies and nb in enemies:
                    continue
                step = mult[nb]
                climb = elev[nb] - here
                if climb:
                    step += climb if climb > 0 else -climb
                np_ = parity
                if double and diagonal:
                    if parity:
                        step += mult[nb]
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
        x, y = pos
        if not (0 <= x < self._terms.width and 0 <= y < self._terms.map.height):
            return None
        index = self._terms.index(pos)
        even = self._labels[0].get(index)
        odd = self._labels[1].get(index)
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
        return _trace(self._terms, self._parents, self._terms.index(pos), best[1])

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
            best = {index: value for index, value in odd.items() if value <= speed}
            for index, value in even.items():
                if value <= speed and value <= best.get(index, value):
                    best[index] = value
            terms = self._terms
            width = terms.width
            found = {(index % width, index // width): value for index, value in best.items()}
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


P = ParamSpec("P")

# Searches a map keeps to be asked again: the selected token's, its drag's, a few others'.
KEPT_SEARCHES = 4


def _typed(value: object) -> object:
    """A value with its type, inside tuples too: True equals 1, but a search refuses it. A list
    is keyed as the tuple it stands for (a position)."""
    if isinstance(value, (tuple, list)):
        return tuple(map(_typed, value)), tuple
    return value, type(value)


# Who stands where, a term of the search as a set: the order they are given in is not.
_CROWDS = ("enemies", "allies")


def _crowd(value: object) -> frozenset[Position]:
    # Frozen sets come as they are: a caller asking again with the same sets hashes them once.
    if isinstance(value, frozenset):
        return value
    return frozenset(cast(Position, tuple(p)) for p in cast(Iterable[Iterable[int]], value))


def _kept_on_the_map(
    make: Callable[Concatenate[BattleMap, P], MovementSearch],
) -> Callable[Concatenate[BattleMap, P], MovementSearch]:
    """`make` (the search) asked through the map's kept searches: the same terms, one list."""

    def shared_movement_search(
        battle_map: BattleMap, /, *args: P.args, **kwargs: P.kwargs
    ) -> MovementSearch:
        """`MovementSearch` with these terms, or the one already made with the same terms while
        the map's movement graph has not changed since (`stale`): a search reads nothing else,
        so its answer is the same. A fight's reach overlay asks again at every phase and at
        every change of another creature; with hundreds on the map a search is most of such a
        change's cost."""
        try:
            key: object = (
                _typed(args),
                *[
                    (name, _crowd(value) if name in _CROWDS else _typed(value))
                    for name, value in kwargs.items()
                ],
            )
            hash(key)
        except TypeError:  # terms a search refuses: it says why
            key = None
        caches = battle_map.derived_caches
        kept: dict[object, MovementSearch] = caches.setdefault("movement_searches", {})
        found = kept.get(key) if key is not None else None
        if (
            found is not None
            and not found.stale
            and found._terms.graph is movement_graph(battle_map)
        ):
            return found
        search = make(battle_map, *args, **kwargs)
        if key is not None:
            kept.pop(key, None)
            kept[key] = search
            while len(kept) > KEPT_SEARCHES:
                del kept[next(iter(kept))]
        return search

    return shared_movement_search


shared_movement_search = _kept_on_the_map(MovementSearch)


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
    found = _astar(terms, terms.index(goal), _check_parity(start_parity))
    if found is None:
        return None
    cost, state, parents = found
    path = []
    while state != _NO_PARENT:
        path.append(terms.position(state >> 1))
        state = parents[state]
    path.reverse()
    return path, float(cost)


# A step's cost where no step may go (an enemy's tile): above any label a search keeps.
_NEVER = 1 << 40
_TWICE = bytes(min(2 * cost, 255) for cost in range(256))


@cache
def _state_steps(width: int, double: bool) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each diagonal parity and step byte (index parity * 256 + byte), the state offsets
    (2 * index offset, plus the change of parity) of its straight steps and of its diagonal
    ones: the path search's moves, made once per map width and diagonal rule."""
    table = []
    for parity in (0, 1):
        after_diagonal = parity ^ 1 if double else parity
        for mask in range(256):
            straight, diagonal = [], []
            for bit, (dx, dy) in enumerate(DIRECTIONS):
                if mask >> bit & 1:
                    offset = 2 * (dy * width + dx)
                    if dx and dy:
                        diagonal.append(offset + after_diagonal - parity)
                    else:
                        straight.append(offset)
            table.append((tuple(straight), tuple(diagonal)))
    return tuple(table)


def _astar(terms: _Terms, goal: int, start_parity: int = 0) -> tuple[int, int, list[int]] | None:
    """A* over (tile, parity) states, each one number (tile index * 2 + parity), with a bucket
    queue on the (whole-tile) estimate. Returns the goal's cost, its state and every state's
    predecessor, or None when the goal cannot be reached.

    The estimate is consistent, so estimates never fall along a path: buckets are taken in
    order, last in first out within one (deeper first), and the first time a state is taken
    its cost is final. The graph's bands are worked out as the search reaches them.

    A 1 x 1 token's steps from a tile with no climb around it are the quick way: the step's
    state offsets from a table, its price the entered tile's multiplier (doubled for an even
    diagonal under the double rule), read from lists made for this search, where an enemy's
    tile costs `_NEVER`. Every other step is priced by `_Terms.steps`.
    """
    graph = terms.graph
    width, height = terms.width, terms.map.height
    double = terms.double
    gy, gx = divmod(goal, width)
    # The open-ground estimate (_heuristic) from each tile's column and row distances to the
    # goal: max + (min + parity) >> 1 under the double rule; under the circle rule the shift
    # by 64 leaves nothing of the shorter leg (max alone).
    far_x = [abs(gx - x) for x in range(width)] * height
    far_y = list(chain.from_iterable(repeat(abs(gy - y), width) for y in range(height)))
    half = 1 if double else 64
    parity = start_parity if double else 0
    first = terms.index(terms.start) * 2 + parity
    # Indexed by state: a search reaching far labels a good part of the map, and lists beat
    # dicts there (no hashing, no growing).
    unlabelled = 1 << 30
    best = [unlabelled] * (2 * width * height)
    parents = [_NO_PARENT] * len(best)
    taken = bytearray(len(best))
    best[first] = 0
    enter = list(terms.multiplier)
    enter_twice = list(terms.multiplier.translate(_TWICE)) if double else enter
    for enemy in terms.enemy_indices:
        enter[enemy] = enter_twice[enemy] = _NEVER
    ring: list[list[int]] = [[] for _ in range(_RING)]
    push = [bucket.append for bucket in ring]
    estimate = _heuristic(gx - terms.start[0], gy - terms.start[1], parity, double)
    push[estimate & _MASK](first)
    steps, climbs, ready = graph.steps, graph.climbs, graph._bands_ready
    moves = _state_steps(width, double)
    band_tiles = width * BAND_ROWS
    quick = terms.footprint == 1
    empty = 0
    while empty < _RING:  # a whole turn of the ring empty: nothing is left to take
        bucket = ring[estimate & _MASK]
        if not bucket:
            empty += 1
            estimate += 1
            continue
        empty = 0
        while bucket:
            state = bucket.pop()
            if taken[state]:
                continue  # taken already, at a lower cost
            taken[state] = 1
            cost = best[state]
            node = state >> 1
            if node == goal:
                return cost, state, parents
            if not ready[node // band_tiles]:
                graph.ensure_rows(node // width, node // width)
            if quick and not climbs[node]:
                if state & 1:
                    straight, diagonal = moves[256 + steps[node]]
                    parity, after, diagonal_price = 1, 0 if double else 1, enter_twice
                else:
                    straight, diagonal = moves[steps[node]]
                    parity, after, diagonal_price = 0, 1 if double else 0, enter
                for offset in straight:
                    key = state + offset
                    total = cost + enter[key >> 1]
                    if total < best[key]:
                        best[key] = total
                        parents[key] = state
                        a, b = far_x[key >> 1], far_y[key >> 1]
                        if a < b:
                            a, b = b, a
                        push[(total + a + ((b + parity) >> half)) & _MASK](key)
                for offset in diagonal:
                    key = state + offset
                    total = cost + diagonal_price[key >> 1]
                    if total < best[key]:
                        best[key] = total
                        parents[key] = state
                        a, b = far_x[key >> 1], far_y[key >> 1]
                        if a < b:
                            a, b = b, a
                        push[(total + a + ((b + after) >> half)) & _MASK](key)
                continue
            for nb, diagonal_step, m, climb in terms.steps(node):
                step, np_ = _price(m, climb, diagonal_step, state & 1, double)
                total = cost + step
                key = nb * 2 + np_
                if total < best[key]:
                    best[key] = total
                    parents[key] = state
                    a, b = far_x[nb], far_y[nb]
                    if a < b:
                        a, b = b, a
                    push[(total + a + ((b + np_) >> half)) & _MASK](key)
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
    width, height = terms.width, battle_map.height
    for here, there in zip(path, path[1:], strict=False):
        tx, ty = there
        target = ty * width + tx if 0 <= tx < width and 0 <= ty < height else None
        for nb, diagonal_step, m, climb in terms.steps(terms.index(tuple(here))):  # type: ignore[arg-type]
            if nb == target:
                step, parity = _price(m, climb, diagonal_step, parity, terms.double)
                cost += step
                break
        else:
            return None
    return float(cost)
