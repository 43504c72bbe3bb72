"""The plain movement search: the reference the board's fast searches are checked against.

Dijkstra with a binary heap over (tile, diagonal parity) states, each step decided on its own
from the map by `MovementGraph.passable` (the single-step rule, read from the map's layers and
`BarrierIndex.step_blocked`), never from the graph's step bytes, and priced as rulings 18-20
say: base x terrain + |height difference|, the double rule's diagonals costing 1, 2, 1, ...
along the move. A token of footprint n steps when each of its tiles may (none onto an enemy)
and pays its dearest tile's step. Slow, but plain enough to trust.
"""

from __future__ import annotations

import heapq
from typing import Any

from drase_desktop.board.grid_graph import MovementGraph

Position = tuple[int, int]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


def plain_costs(
    battle_map: Any,
    start: Position,
    *,
    diagonal: str = "double",
    enemies: Any = (),
    footprint: int = 1,
    start_parity: int = 0,
) -> dict[tuple[Position, int], int]:
    """The cheapest cost of every (top-left tile, parity) state the token can reach."""
    rule = MovementGraph(battle_map, follow=False)  # only its `passable`, the one-step rule
    n = footprint
    own = {(start[0] + i, start[1] + j) for i in range(n) for j in range(n)}
    enemy_tiles = {tuple(tile) for tile in enemies} - own
    double = diagonal == "double"
    parity = start_parity if double else 0
    best: dict[tuple[Position, int], int] = {(start, parity): 0}
    heap = [(0, start, parity)]
    while heap:
        cost, here, parity = heapq.heappop(heap)
        if best.get((here, parity)) != cost:
            continue
        for dx, dy in STEPS:
            there = (here[0] + dx, here[1] + dy)
            if not (
                0 <= there[0] <= battle_map.width - n and 0 <= there[1] <= battle_map.height - n
            ):
                continue
            dearest = None
            for i in range(n):
                for j in range(n):
                    a = (here[0] + i, here[1] + j)
                    b = (a[0] + dx, a[1] + dy)
                    if not rule.passable(a, b) or b in enemy_tiles:
                        dearest = None
                        break
                    terrain = battle_map.movement_cost(b)
                    climb = abs(battle_map.elevation(b) - battle_map.elevation(a))
                    if dearest is None or terrain * 2 + climb > dearest[0] * 2 + dearest[1]:
                        dearest = (terrain, climb)
                else:
                    continue
                break
            if dearest is None:
                continue
            terrain, climb = dearest
            step, after = terrain + climb, parity
            if dx and dy and double:
                step += terrain if parity else 0
                after = parity ^ 1
            total = cost + step
            if total < best.get((there, after), total + 1):
                best[(there, after)] = total
                heapq.heappush(heap, (total, there, after))
    return best


def plain_cheapest(costs: dict[tuple[Position, int], int]) -> dict[Position, int]:
    """Each reached tile's cheapest cost over both parities."""
    found: dict[Position, int] = {}
    for (tile, _parity), cost in costs.items():
        if cost < found.get(tile, cost + 1):
            found[tile] = cost
    return found
