"""The terms of one move and the price of its steps, shared by the reach search
(reach_search.py) and the path search (path_search.py).

Step cost (rulings 18-20): base x terrain + |height difference|, where base is 1 for an orthogonal
step and, under "double", 1 or 2 for a diagonal (alternating along the move, starting with 1); under
"circle" every step's base is 1 and the tile must also lie within the circle (ruling 19).
A token of footprint n covers n x n tiles from its top-left position; it may step when each of its
tiles may, and the step costs the dearest of its tiles' steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from drase_desktop.board.battle_map import BattleMap, BoardError
from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT, DOUBLE
from drase_desktop.board.geometry import Position
from drase_desktop.board.grid_graph import DIRECTIONS, movement_graph


class MovementError(BoardError):
    pass


def check_position(battle_map: BattleMap, pos: object, what: str) -> Position:
    try:
        x, y = cast(Position, pos)
    except (TypeError, ValueError):
        raise MovementError(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool):
        raise MovementError(f"{what} must be a pair of whole numbers, not {pos!r}")
    if not battle_map.in_bounds((x, y)):
        raise MovementError(f"{what} ({x}, {y}) is off the map")
    return (x, y)


def check_parity(parity: object) -> int:
    if parity not in (0, 1) or isinstance(parity, bool):
        raise MovementError(f"the diagonal parity is 0 or 1, not {parity!r}")
    return int(parity)


def footprint_tiles(pos: Position, footprint: int) -> list[Position]:
    return [(pos[0] + i, pos[1] + j) for j in range(footprint) for i in range(footprint)]


class SearchTerms:
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
        self.start = check_position(battle_map, start, "start")
        self.footprint = footprint
        if not self.fits(self.start):
            raise MovementError(f"a {footprint} x {footprint} token at {start} runs off the map")
        own = set(footprint_tiles(self.start, footprint))
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
        tiles = footprint_tiles(pos, self.footprint)
        return not any(t in self.allies or t in self.enemies for t in tiles)


# Dial's ring of buckets: a step costs at most 2 (terrain) x 2 (diagonal) + 1 (climb) = 5,
# and an A* estimate moves by at most 2 more, so 16 buckets never wrap onto a live one.
RING = 16
RING_MASK = RING - 1


def price_step(mult: int, climb: int, diagonal: bool, parity: int, double: bool) -> tuple[int, int]:
    """Cost of one step and the diagonal parity after it (ruling 18, 19, 20)."""
    if diagonal and double:
        return (mult * 2 if parity else mult) + climb, parity ^ 1
    return mult + climb, parity


# The start state's predecessor: a traced path ends there.
NO_PARENT = -1


def path_length(path: list[Position], *, diagonal: str = DOUBLE, start_parity: int = 0) -> float:
    """The ground a path covers, in tiles: its steps priced as on open, level ground (ruling
    18's alternating diagonals carried on from `start_parity`, ruling 19's king moves). Through
    mud a path of 5 tiles costs more movement but covers the same 5 tiles."""
    if diagonal not in DIAGONAL_RULES:
        raise MovementError(f"diagonal rule must be {DIAGONAL_RULES_TEXT}, not {diagonal!r}")
    double = diagonal == DOUBLE
    length, parity = 0, check_parity(start_parity) if double else 0
    for here, there in zip(path, path[1:], strict=False):
        step, parity = price_step(1, 0, here[0] != there[0] and here[1] != there[1], parity, double)
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
    terms = SearchTerms(battle_map, path[0], diagonal, (), (), footprint)
    cost, parity = 0, check_parity(start_parity) if terms.double else 0
    width, height = terms.width, battle_map.height
    for here, there in zip(path, path[1:], strict=False):
        tx, ty = there
        target = ty * width + tx if 0 <= tx < width and 0 <= ty < height else None
        for nb, diagonal_step, m, climb in terms.steps(terms.index(tuple(here))):  # type: ignore[arg-type]
            if nb == target:
                step, parity = price_step(m, climb, diagonal_step, parity, terms.double)
                cost += step
                break
        else:
            return None
    return float(cost)
