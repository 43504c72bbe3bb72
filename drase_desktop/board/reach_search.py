"""The reach search: every tile a token can reach within a bound, searched once and read many
times (a drag's tool), with the few searches a map keeps to be asked again.

networkx's own shortest-path functions keep one label per node, but ruling 18's "double" diagonal
rule needs two (the next diagonal costs 1 or 2 depending on how many came before), so the search
runs over the graph's adjacency with the parity in the state: at most two labels per tile.
Costs are whole tiles, so Dijkstra uses a bucket queue (Dial's algorithm) bounded by the speed.
A round's movement is one move however many drags it takes (ruling 27): a search can start on an
odd diagonal, and its circle can stay centred where the round's move began.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import cast

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.distance import DOUBLE
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import movement_graph
from drase_desktop.board.movement_steps import (
    NO_PARENT,
    RING,
    RING_MASK,
    MovementError,
    SearchTerms,
    check_parity,
    footprint_tiles,
    price_step,
)

Labels = tuple[dict[int, int], dict[int, int]]
Parents = tuple[dict[int, int], dict[int, int]]


def _trace(terms: SearchTerms, parents: Parents, node: int, parity: int) -> list[Position]:
    """Walk the predecessors back to the start; a parent's parity follows from the step."""
    width, double = terms.width, terms.double
    path = [node]
    parent = parents[parity][node]
    while parent != NO_PARENT:
        if double and parent % width != node % width and parent // width != node // width:
            parity ^= 1
        node = parent
        path.append(node)
        parent = parents[parity][node]
    path.reverse()
    return [terms.position(index) for index in path]


def _dijkstra(terms: SearchTerms, bound: float, start_parity: int = 0) -> tuple[Labels, Parents]:
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
    (p1 if start_parity else p0)[start] = NO_PARENT
    ring: list[list[tuple[int, int]]] = [[] for _ in range(RING)]
    ring[0].append((start, start_parity))
    pending = 1
    cost = 0
    double = terms.double
    steps, moves = graph.steps, graph.moves
    mult, elev, enemies = terms.multiplier, terms.elevation, terms.enemy_indices
    has_enemies = bool(enemies)
    fast = terms.footprint == 1
    while pending and cost <= bound:
        bucket = ring[cost & RING_MASK]
        ring[cost & RING_MASK] = []
        pending -= len(bucket)
        for node, parity in bucket:
            if (l1[node] if parity else l0[node]) != cost:
                continue  # a cheaper label for this state came later
            if not fast:
                for nb, diagonal, m, climb in terms.steps(node):
                    step, np_ = price_step(m, climb, diagonal, parity, double)
                    total = cost + step
                    if total > bound:
                        continue
                    table = l1 if np_ else l0
                    old = table.get(nb)
                    if old is None or total < old:
                        table[nb] = total
                        (p1 if np_ else p0)[nb] = node
                        ring[total & RING_MASK].append((nb, np_))
                        pending += 1
                continue
            # Footprint 1, the hot path: SearchTerms.steps and price_step, inlined.
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
                        ring[total & RING_MASK].append((nb, 1))
                        pending += 1
                else:
                    old = l0.get(nb)
                    if old is None or total < old:
                        l0[nb] = total
                        p0[nb] = node
                        ring[total & RING_MASK].append((nb, 0))
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
        terms = SearchTerms(battle_map, start, diagonal, enemies, allies, footprint)
        start_parity = check_parity(start_parity) if terms.double else 0
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
        tiles = footprint_tiles(pos, terms.footprint)
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
    caches = battle_map.derived_caches
    kept: dict[object, MovementSearch] = caches.setdefault("movement_searches", {})
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
