"""Moving tokens: moves as `move_check` allows and prices them, forced moves and drops,
melee engagement (Crawler), the movement search, resetting a move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from drase_desktop.board.distance import DOUBLE, footprint_gap, short_number, tiles_and_metres
from drase_desktop.board.pathfinding import MovementSearch
from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import (
    Combatant,
    Position,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.move_check import MoveRefused, move_check
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.results import MoveResult
from drase_desktop.encounter.sides import allied
from drase_desktop.encounter.state import EncounterState


def tiles_words(tiles: float) -> str:
    """ "1 tile", "4 tiles", "2.5 tiles"."""
    number = short_number(tiles)
    return f"{number} {'tile' if number == '1' else 'tiles'}"


@dataclass(frozen=True)
class RoundMove:
    """A creature's movement this round seen as one move (ruling 27): `start`, where it stood
    before its first move of the round (None: not moved yet), and `diagonal_parity`, 1 when the
    double rule's next diagonal costs 2."""

    start: Position | None
    diagonal_parity: int


class MovementOperations(EncounterState):
    """Movement operations of `Encounter` (mixed into it; each returns a `Change`)."""

    @operation("combatant_id")
    def move(
        self, combatant_id: str, path: Sequence[Position], *, forced: bool = False
    ) -> tuple[str, MoveResult]:
        """Move along `path` (start tile first, destination last; a single tile means "find the
        cheapest path there"). A forced move (a push, a fall, a GM override, or placing a token
        in Setup) ignores speed and cost and spends no movement. Refused (MoveRefused, its
        `refusal` the reason as data) exactly when `move_check` refuses it."""
        combatant = self.combatant(combatant_id)
        tiles = [(int(p[0]), int(p[1])) for p in path]
        if not tiles:
            raise EncounterError(f"{combatant.name}: a move needs at least one tile")
        check = move_check(self, combatant_id, tiles[-1], path=tiles, forced=forced)
        if check.refusal is not None:
            raise MoveRefused(check.refusal)
        start, destination = combatant.position, check.goal
        combatant.position = destination
        route = [list(tile) for tile in check.path]
        if not check.priced:
            verb = "placed at" if check.placing else "forced to"
            text = f"{combatant.name} {verb} {destination}"
            if check.drop and not check.placing:
                text += f", dropping {check.drop} tile(s): apply the fall if it fell (ruling 24)"
            if not check.placing:
                text += "; not its own movement, its round's move goes on unchanged (ruling 45)"
            self.log_event(
                "move",
                text,
                combatant=combatant_id,
                path=route,
                cost=0,
                forced=True,
                drop=check.drop,
            )
            title = f"Place {combatant.name}" if check.placing else f"Force-move {combatant.name}"
            return title, MoveResult(0.0, check.path, check.drop, placed=check.placing)
        declaration = self.declaration_for_update(combatant_id)
        declaration.moved += check.cost
        self.log_event(
            "move",
            f"{combatant.name} moves {start} -> {destination} ({tiles_and_metres(check.cost)})",
            combatant=combatant_id,
            path=route,
            cost=check.cost,
            forced=False,
            drop=0,
        )
        # The undo step names how far it went: "Move Kara 4 tiles" (Edit > Undo, the status bar).
        return f"Move {combatant.name} {tiles_words(check.distance)}", MoveResult(
            check.cost, check.path, 0
        )

    def drop_height(self, combatant_id: str, destination: Position) -> int:
        """Tiles the combatant would drop, forced from where it stands to `destination` (0 when
        it is off the map or would not go down): from the height it stands at to the height it
        would stand at, each its footprint's highest tile (ruling 42)."""
        combatant = self.combatant(combatant_id)
        return self._drop(combatant, combatant.position, (int(destination[0]), int(destination[1])))

    def _drop(self, combatant: Combatant, start: Position | None, destination: Position) -> int:
        if start is None:
            return 0
        drop = geometry.standing_height(self.battle_map, combatant, start) - (
            geometry.standing_height(self.battle_map, combatant, destination)
        )
        return max(0, drop)

    def engaged_with(self, combatant_id: str) -> list[str]:
        """Able enemies within 1 tile (in melee with the combatant)."""
        combatant = self.combatant(combatant_id)
        if combatant.position is None:
            return []
        engaged: list[str] = []
        for other in self.combatants.values():
            if allied(other, combatant) or other.position is None or other.incapacitated:
                continue
            dx, dy = footprint_gap(
                combatant.position, other.position, combatant.footprint, other.footprint
            )
            if max(dx, dy) <= 1:
                engaged.append(other.id)
        return engaged

    def blocked_behind(self, combatant_id: str) -> bool:
        """Crawler: no free tile next to the combatant leads away from every opponent it is in
        melee with (creatures or terrain behind), so no fighting withdrawal. A ruling on "behind":
        a step that takes it further from each engaged foe."""
        combatant = self.combatant(combatant_id)
        foes = [self.combatants[f] for f in self.engaged_with(combatant_id)]
        if not foes or combatant.position is None:
            return False
        x, y = combatant.position
        n = combatant.footprint
        taken = self.occupied(exclude=combatant.id)

        def gap(position: Position, foe: Combatant) -> int:
            assert foe.position is not None
            return max(footprint_gap(position, foe.position, n, foe.footprint))

        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                step = (x + dx, y + dy)
                if (dx, dy) == (0, 0):
                    continue
                if not all(gap(step, foe) > gap(combatant.position, foe) for foe in foes):
                    continue
                tiles = [(step[0] + i, step[1] + j) for i in range(n) for j in range(n)]
                if all(
                    self.battle_map.in_bounds(t)
                    and self.battle_map.terrain(t) not in ("blocked", "water")
                    and t not in taken
                    for t in tiles
                ):
                    return False
        return True

    def engaged_refusal(self, combatant_id: str) -> str | None:
        """Crawler: once engaged in melee only a declared defensive movement may move; the
        reason it may not, or None."""
        combatant = self.combatant(combatant_id)
        if not self.ruleset.defensive_movements or self.declaration(combatant_id).defensive:
            return None
        foes = self.engaged_with(combatant_id)
        if not foes:
            return None
        names = ", ".join(self.combatants[f].name for f in foes)
        return (
            f"{combatant.name} is engaged in melee with {names}: only a declared fighting"
            " withdrawal or retreat lets it move"
        )

    def movement_search(self, combatant_id: str, *, limit: float | None = None) -> MovementSearch:
        """The board search a move of this combatant is checked with (its remaining movement,
        the diagonal rule and where this round's move stands in it, enemies and allies, its
        footprint): the reachable overlay and a drag preview read this. `limit` searches past
        the remaining movement (a drag shows how far over a path goes)."""
        combatant = self.combatant(combatant_id)
        if combatant.position is None:
            raise EncounterError(f"{combatant.name} is not on the map")
        return geometry.movement_search(self, combatant, limit=limit)

    def round_start_position(self, combatant_id: str) -> Position | None:
        """Where the combatant stood before its first move of this round (None: not moved)."""
        return self.round_move(combatant_id).start

    def round_move(self, combatant_id: str) -> RoundMove:
        """This round's movement so far as one move (ruling 27), read from the log so undo,
        Reset move and a new round all restart it: where it began, and the double rule's
        diagonal parity after its last diagonal. A forced move is not its own movement (ruling
        45): it spends nothing, leaves the parity, and the circle's centre stays where the round
        began."""
        self.combatant(combatant_id)
        start: Position | None = None
        diagonals = 0
        counting = True
        # Newest first, stopping at an earlier round: only this round's entries are read.
        for entry in reversed(self.log):
            if entry.round != self.round:
                break
            if entry.kind != "move" or entry.data.get("combatant") != combatant_id:
                continue
            path = entry.data.get("path")
            if not path:
                continue
            start = (int(path[0][0]), int(path[0][1]))
            if entry.data.get("reset"):
                counting = False
            if counting and not entry.data.get("forced"):
                diagonals += sum(
                    1 for a, b in zip(path, path[1:], strict=False) if a[0] != b[0] and a[1] != b[1]
                )
        parity = diagonals % 2 if self.settings.diagonal == DOUBLE else 0
        return RoundMove(start, parity)

    @operation("combatant_id")
    def reset_move(self, combatant_id: str) -> tuple[str, None]:
        """Put the combatant back where it started this round and give back its movement
        (the GM's "reset to start of turn")."""
        combatant = self.combatant(combatant_id)
        start = self.round_start_position(combatant_id)
        if start is None:
            raise EncounterError(f"{combatant.name} has not moved this round")
        self.check_placement(combatant, start)
        now = combatant.position
        combatant.position = start
        if combatant_id in self.round_state.declarations:
            self.round_state.declarations[combatant_id].moved = 0.0
        self.log_event(
            "move",
            f"{combatant.name}'s move is reset: back from {now} to {start}",
            combatant=combatant_id,
            path=[list(start)],
            cost=0,
            forced=True,
            reset=True,
        )
        return f"Reset {combatant.name}'s move", None
