"""The path search: the cheapest legal path from one tile to another, by A* over (tile,
diagonal parity) states with the parity-aware open-ground estimate and a bucket queue."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import chain, repeat

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.distance import DOUBLE
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import BAND_ROWS, DIRECTIONS
from drase_desktop.board.movement_steps import (
    NO_PARENT,
    RING,
    RING_MASK,
    SearchTerms,
    check_parity,
    check_position,
    price_step,
)


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
    terms = SearchTerms(battle_map, start, diagonal, enemies, allies, footprint)
    goal = check_position(battle_map, goal, "goal")
    if not terms.fits(goal) or not terms.can_end(goal):
        return None
    found = _astar(terms, terms.index(goal), check_parity(start_parity))
    if found is None:
        return None
    cost, state, parents = found
    path = []
    while state != NO_PARENT:
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


def _astar(
    terms: SearchTerms, goal: int, start_parity: int = 0
) -> tuple[int, int, list[int]] | None:
    """A* over (tile, parity) states, each one number (tile index * 2 + parity), with a bucket
    queue on the (whole-tile) estimate. Returns the goal's cost, its state and every state's
    predecessor, or None when the goal cannot be reached.

    The estimate is consistent, so estimates never fall along a path: buckets are taken in
    order, last in first out within one (deeper first), and the first time a state is taken
    its cost is final. The graph's bands are worked out as the search reaches them.

    A 1 x 1 token's steps from a tile with no climb around it are the quick way: the step's
    state offsets from a table, its price the entered tile's multiplier (doubled for an even
    diagonal under the double rule), read from lists made for this search, where an enemy's
    tile costs `_NEVER`. Every other step is priced by `SearchTerms.steps`.
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
    parents = [NO_PARENT] * len(best)
    taken = bytearray(len(best))
    best[first] = 0
    enter = list(terms.multiplier)
    enter_twice = list(terms.multiplier.translate(_TWICE)) if double else enter
    for enemy in terms.enemy_indices:
        enter[enemy] = enter_twice[enemy] = _NEVER
    ring: list[list[int]] = [[] for _ in range(RING)]
    push = [bucket.append for bucket in ring]
    estimate = _heuristic(gx - terms.start[0], gy - terms.start[1], parity, double)
    push[estimate & RING_MASK](first)
    steps, climbs, ready = graph.steps, graph.climbs, graph._bands_ready
    moves = _state_steps(width, double)
    band_tiles = width * BAND_ROWS
    quick = terms.footprint == 1
    empty = 0
    while empty < RING:  # a whole turn of the ring empty: nothing is left to take
        bucket = ring[estimate & RING_MASK]
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
                        push[(total + a + ((b + parity) >> half)) & RING_MASK](key)
                for offset in diagonal:
                    key = state + offset
                    total = cost + diagonal_price[key >> 1]
                    if total < best[key]:
                        best[key] = total
                        parents[key] = state
                        a, b = far_x[key >> 1], far_y[key >> 1]
                        if a < b:
                            a, b = b, a
                        push[(total + a + ((b + after) >> half)) & RING_MASK](key)
                continue
            for nb, diagonal_step, m, climb in terms.steps(node):
                step, np_ = price_step(m, climb, diagonal_step, state & 1, double)
                total = cost + step
                key = nb * 2 + np_
                if total < best[key]:
                    best[key] = total
                    parents[key] = state
                    a, b = far_x[nb], far_y[nb]
                    if a < b:
                        a, b = b, a
                    push[(total + a + ((b + np_) >> half)) & RING_MASK](key)
        estimate += 1
    return None
