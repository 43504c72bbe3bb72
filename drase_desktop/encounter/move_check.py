"""Whether a creature may end a move on a tile, and what the move costs: one answer for every
place a move is asked for (the GM's drag and its drop, the arrow keys, the players' touch table
and phones) and for `Encounter.move` itself, which refuses exactly when this says refused.

    check = move_check(encounter, "aria", (4, 6))
    check.allowed, check.path, check.cost, check.distance, check.metres, check.left
    check.refusal.kind, check.refusal.words()

A move that is not forced and not a placing (Setup, or a creature not on the map) is priced
under rulings 18-21 and 27: the cheapest path from the encounter's own movement search (the
round's diagonal alternation and movement circle included), or the path given. A forced move
(a push, a fall, the GM's override) and a placing only need somewhere to stand. Nothing here
knows a window: a refusal is data (`MoveRefusal.kind`) with the GM's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from drase_desktop.board.distance import (
    map_distance,
    metres,
    movement_and_metres,
    short_number,
)
from drase_desktop.board.pathfinding import MovementSearch, path_cost, path_length
from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import Combatant, Position
from drase_desktop.encounter.errors import EncounterError

if TYPE_CHECKING:
    from drase_desktop.encounter.state import EncounterState

# A move is priced past the movement left, so a refusal can say how far over it goes ("Too far:
# 9 tiles"); bounded so a token on a 200 x 200 map never searches the whole map.
PRICED_BEYOND_FACTOR = 2
PRICED_BEYOND_EXTRA = 12
# How a script or a log line is told that forcing the move would carry it.
OVERRIDE_HINT = "force the move to override"


class MoveRefusalKind(Enum):
    """Why a move is refused, as data: a window or a phone decides what to do with each kind."""

    OFF_MAP = "off the map"
    OCCUPIED = "occupied"
    BLOCKED = "blocked ground"
    STRANDED = "stranded"  # where it stands it cannot move from (a token off a shrunk map)
    UNABLE = "unable to move"  # incapacitated, or surprised in round 1
    NOT_NOW = "not in this step"  # the ruleset's step forbids moving now (Crawler)
    ENGAGED = "engaged in melee"  # Crawler: only a declared defensive movement may move
    BAD_PATH = "bad path"  # a given path that does not start where it stands, or cannot be taken
    NO_WAY = "no way"  # walls, cliffs or enemies close every way there
    TOO_FAR = "too far"  # beyond the movement left this round
    OUTSIDE_CIRCLE = "outside the movement circle"  # the circle rule (rulings 19, 27)


# What a forced move does not override: it still needs somewhere on the map to stand.
_UNFORCEABLE = frozenset(
    {MoveRefusalKind.OFF_MAP, MoveRefusalKind.OCCUPIED, MoveRefusalKind.BLOCKED}
)


@dataclass(frozen=True)
class MoveRefusal:
    """Why a move is refused: its `kind`, and the `reason` in the GM's words (one sentence
    without its full stop, e.g. "Too far: 7 tiles, 14 m for Aria, speed 6")."""

    kind: MoveRefusalKind
    reason: str

    @property
    def forceable(self) -> bool:
        """True when the same move, forced, would be made."""
        return self.kind not in _UNFORCEABLE

    def words(self, force_hint: str = "") -> str:
        """The sentence a reader gets: the reason, then `force_hint` in brackets when forcing
        would carry the move (a window names its own way, "hold Shift to force the move"; a
        player who cannot force passes none), and a full stop."""
        hint = f" ({force_hint})" if force_hint and self.forceable else ""
        return f"{self.reason}{hint}."


class MoveRefused(EncounterError):
    """`Encounter.move` refused: `refusal` is the move check's reason, as data."""

    def __init__(self, refusal: MoveRefusal) -> None:
        super().__init__(refusal.words(OVERRIDE_HINT))
        self.refusal = refusal


@dataclass(frozen=True)
class MoveCheck:
    """What `move_check` found for one creature ending a move on `goal`.

    - `path`: start tile first, `goal` last (a move with no way there: just start and goal).
    - `cost`: tiles of movement the move spends (0 when forced or placing).
    - `distance`: tiles of ground covered: the path walked on open ground under the diagonal
      rule for a priced move (through mud 6 tiles of movement may be 5 tiles, 10 m), the range
      from start to goal with their heights for a forced move. `metres` is the same in metres.
    - `allowance`: tiles of movement left before this move (Dash included); `left` after it;
      `round_allowance`: the whole round's (Dash doubles it, a fighting withdrawal halves it).
    - `over_from`: the index in `path` of the first tile past the allowance (len(path): none).
    - `placing`: Setup, or a creature not on the map: the token is put down, movement unspent.
    - `drop`: tiles of height a forced move drops (a fall may follow, ruling 24).
    - `found`: a priced move found a walkable path to the goal (`cost` is its price).
    - `refusal`: None when the move is allowed.
    """

    combatant_id: str
    goal: Position
    path: tuple[Position, ...]
    cost: float
    distance: float
    allowance: float
    speed: int
    over_from: int
    forced: bool
    placing: bool
    drop: int
    found: bool
    refusal: MoveRefusal | None
    round_allowance: float = 0.0

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def priced(self) -> bool:
        """True for a move the rules price (not forced, not a placing)."""
        return not (self.forced or self.placing)

    @property
    def metres(self) -> float:
        return metres(self.distance)

    @property
    def left(self) -> float:
        """Tiles of movement left after this move (negative: how far over)."""
        return self.allowance - self.cost


def move_check(
    encounter: EncounterState,
    combatant_id: str,
    goal: Position,
    *,
    path: Sequence[Position] | None = None,
    forced: bool = False,
) -> MoveCheck:
    """Whether `combatant_id` may end a move on `goal` (the top-left tile of its footprint) and
    what it costs. `path` is the whole way, start first and `goal` last; None (or the goal
    alone) takes the cheapest path. `forced`: a push, a fall or the GM's override (no speed,
    no movement spent). Raises EncounterError only for an unknown combatant."""
    combatant = encounter.combatant(combatant_id)
    goal = (int(goal[0]), int(goal[1]))
    tiles = [(int(p[0]), int(p[1])) for p in path] if path is not None else []
    check = _Checking(encounter, combatant, goal, forced)
    where = check.where_to_stand()
    if not check.priced:
        return check.put_down(tiles, where)
    start = combatant.position
    assert start is not None
    search = check.search()
    refusal = search if isinstance(search, MoveRefusal) else where
    if refusal is not None:
        # Stuck where it stands, or nowhere to stand: no path (the line shows red from start).
        return check.result([start, goal], over_from=1, refusal=refusal)
    assert isinstance(search, MovementSearch)
    found = check.along(tiles, search) if len(tiles) > 1 else check.cheapest(search)
    why = check.unable()
    # Unable to move at all comes first; the price is still shown beside it.
    return found if why is None else replace(found, refusal=why)


def allowance_name(speed: int, round_allowance: float, allowance: float) -> tuple[str, bool]:
    """What a move's budget is called, and whether some of it is spent this round: "speed 6",
    or with Dash the doubled allowance, "speed 12 with Dash"."""
    if round_allowance > speed + 1e-9:
        return f"speed {short_number(round_allowance)} with Dash", allowance < round_allowance
    return f"speed {speed}", allowance < speed


def priced_search(encounter: EncounterState, combatant: Combatant) -> MovementSearch:
    """The search a priced move of `combatant` reads: the encounter's own (ruling 27
    included), searching past the movement left so a refusal can say how far over it goes.
    The same terms give the same (shared) search, so a drag asking tile after tile, and the
    drop after it, search once."""
    allowance = encounter.movement_allowance(combatant.id)
    limit = allowance * PRICED_BEYOND_FACTOR + PRICED_BEYOND_EXTRA
    return geometry.movement_search(encounter, combatant, limit=limit)


class _Checking:
    """One move_check's reading of the encounter, and the MoveCheck it ends with."""

    def __init__(
        self, encounter: EncounterState, combatant: Combatant, goal: Position, forced: bool
    ) -> None:
        self.encounter = encounter
        self.combatant = combatant
        self.goal = goal
        self.forced = forced
        self.placing = not encounter.started or combatant.position is None
        self.priced = not (forced or self.placing)
        self.allowance = encounter.movement_allowance(combatant.id)
        self.round_allowance = encounter.round_allowance(combatant.id)
        self.name = combatant.name
        self.place = f"({goal[0]}, {goal[1]})"

    def result(
        self,
        path: Sequence[Position],
        *,
        cost: float = 0.0,
        distance: float = 0.0,
        over_from: int | None = None,
        drop: int = 0,
        found: bool = False,
        refusal: MoveRefusal | None = None,
    ) -> MoveCheck:
        route = tuple((int(tile[0]), int(tile[1])) for tile in path)
        return MoveCheck(
            combatant_id=self.combatant.id,
            goal=self.goal,
            path=route,
            cost=float(cost),
            distance=float(distance),
            allowance=self.allowance,
            speed=self.combatant.speed,
            over_from=len(route) if over_from is None else over_from,
            forced=self.forced,
            placing=self.placing,
            drop=drop,
            found=found,
            refusal=refusal,
            round_allowance=self.round_allowance,
        )

    # -- somewhere to stand --------------------------------------------------------------------
    def where_to_stand(self) -> MoveRefusal | None:
        """Every move, forced or not, ends on the map, on open ground, on no other creature."""
        battle_map = self.encounter.battle_map
        size = self.combatant.footprint
        x, y = self.goal
        covered = [(x + dx, y + dy) for dy in range(size) for dx in range(size)]
        outside = next((tile for tile in covered if not battle_map.in_bounds(tile)), None)
        if outside is not None:
            if self.combatant.position is None:
                reason = f"{self.name} would stand off the map at {outside}"
            else:
                reason = f"{self.name} cannot leave the map"
            return MoveRefusal(MoveRefusalKind.OFF_MAP, reason)
        other = geometry.occupant(self.encounter, covered, self.combatant.id)
        if other is not None:
            reason = f"Cannot end on {self.place}: {other.name} is there"
            return MoveRefusal(MoveRefusalKind.OCCUPIED, reason)
        if any(battle_map.terrain(tile) == "blocked" for tile in covered):
            reason = f"Cannot end on {self.place}: the ground is blocked"
            return MoveRefusal(MoveRefusalKind.BLOCKED, reason)
        return None

    def put_down(self, tiles: list[Position], where: MoveRefusal | None) -> MoveCheck:
        """A forced move or a placing: from where it stands straight to the goal."""
        start = self.combatant.position
        route = tiles or [self.goal]
        if route[-1] != self.goal:
            route.append(self.goal)
        if start is not None and route[0] != start:
            route.insert(0, start)
        if where is not None or start is None:
            return self.result(route, refusal=where)
        diagonal = self.encounter.settings.diagonal
        distance = map_distance(self.encounter.battle_map, start, self.goal, diagonal=diagonal)
        drop = self.encounter.drop_height(self.combatant.id, self.goal)
        return self.result(route, distance=distance, drop=drop)

    # -- may it move now ---------------------------------------------------------------------
    def unable(self) -> MoveRefusal | None:
        encounter, combatant = self.encounter, self.combatant
        why = encounter.inability(combatant, "move")
        if why is not None:
            return MoveRefusal(MoveRefusalKind.UNABLE, why)
        why = encounter.ruleset.movement_step_error(encounter.phase, combatant)
        if why:
            return MoveRefusal(MoveRefusalKind.NOT_NOW, why)
        why = encounter.engaged_refusal(combatant.id)
        if why is not None:
            return MoveRefusal(MoveRefusalKind.ENGAGED, why)
        return None

    # -- priced moves --------------------------------------------------------------------------
    def search(self) -> MovementSearch | MoveRefusal:
        try:
            return priced_search(self.encounter, self.combatant)
        except geometry.GeometryError as error:
            return MoveRefusal(MoveRefusalKind.STRANDED, str(error))

    def cheapest(self, search: MovementSearch) -> MoveCheck:
        """The cheapest path from the encounter's search."""
        start = search.start
        path = search.path_to(self.goal)
        cost = search.cost(self.goal) if path else None
        if path is None or cost is None:
            return self.result([start, self.goal], over_from=1, refusal=self.no_way(search))
        over_from = next(
            (i for i, tile in enumerate(path) if (search.cost(tile) or 0) > self.allowance),
            len(path),
        )
        return self.walked(path, float(cost), search, over_from)

    def along(self, tiles: list[Position], search: MovementSearch) -> MoveCheck:
        """A path given tile by tile: it must start where the creature stands and be walkable."""
        why = self.bad_path(tiles)
        costs = self.costs_along(tiles, search.start_parity) if why is None else None
        if costs is None:
            why = why or (
                f"{self.name} cannot take that path: a step crosses a wall, a cliff or a blocked"
                " tile"
            )
            return self.result(tiles, refusal=MoveRefusal(MoveRefusalKind.BAD_PATH, why))
        over_from = next((i for i, cost in enumerate(costs) if cost > self.allowance), len(tiles))
        return self.walked(tiles, costs[-1], search, over_from)

    def bad_path(self, tiles: list[Position]) -> str | None:
        start = self.combatant.position
        if tiles[0] != start:
            return f"{self.name}'s path must start where it stands, {start}, not {tiles[0]}"
        if tiles[-1] != self.goal:
            return f"{self.name}'s path ends on {tiles[-1]}, not on {self.place}"
        blocking, _ = geometry.others(self.encounter, self.combatant)
        size = self.combatant.footprint
        for step in tiles[1:]:
            covered = {(step[0] + dx, step[1] + dy) for dx in range(size) for dy in range(size)}
            if covered & blocking:
                return f"{self.name} cannot pass through an enemy at {step}"
        return None

    def costs_along(self, tiles: list[Position], parity: int) -> list[float] | None:
        """The cost of each prefix of the path (0 at its start), or None if a step is illegal."""
        encounter = self.encounter
        costs = [0.0]
        for end in range(2, len(tiles) + 1):
            cost = path_cost(
                encounter.battle_map,
                tiles[:end],
                diagonal=encounter.settings.diagonal,
                footprint=self.combatant.footprint,
                start_parity=parity,
            )
            if cost is None:
                return None
            costs.append(cost)
        return costs

    def walked(
        self, path: Sequence[Position], cost: float, search: MovementSearch, over_from: int
    ) -> MoveCheck:
        """A walkable path: refused only when too far, or off the round's movement circle."""
        diagonal = self.encounter.settings.diagonal
        distance = path_length(list(path), diagonal=diagonal, start_parity=search.start_parity)
        refusal: MoveRefusal | None = None
        if cost > self.allowance + 1e-9:
            refusal = self.too_far(cost, distance)
        elif search.outside_circle(self.goal):
            reason = f"Cannot end on {self.place}: {search.why_not(self.goal)}"
            refusal = MoveRefusal(MoveRefusalKind.OUTSIDE_CIRCLE, reason)
        return self.result(
            path, cost=cost, distance=distance, over_from=over_from, found=True, refusal=refusal
        )

    def too_far(self, cost: float, distance: float) -> MoveRefusal:
        name, spent = allowance_name(self.combatant.speed, self.round_allowance, self.allowance)
        if spent:
            budget = f"{short_number(self.allowance)} of {name} left this round"
        else:
            budget = name
        reason = f"Too far: {movement_and_metres(cost, distance)} for {self.name}, {budget}"
        return MoveRefusal(MoveRefusalKind.TOO_FAR, reason)

    def no_way(self, search: MovementSearch) -> MoveRefusal:
        start = search.start
        limit = search.limit
        diagonal = self.encounter.settings.diagonal
        battle_map = self.encounter.battle_map
        if (
            limit is not None
            and map_distance(battle_map, start, self.goal, diagonal=diagonal) > limit
        ):
            # Even on open ground it is past what the move was priced to: simply too far.
            reason = (
                f"Too far: {self.place} is more than {short_number(limit)} tiles from {self.name}"
            )
            return MoveRefusal(MoveRefusalKind.TOO_FAR, reason)
        reason = (
            f"No way to {self.place} for {self.name}: a wall, a cliff or an enemy is in the way"
        )
        return MoveRefusal(MoveRefusalKind.NO_WAY, reason)
