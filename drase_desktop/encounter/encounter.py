"""The encounter: a battle map, its combatants, a ruleset, the round and phase, and the log.

Every public method that changes anything is an operation: it checks its input, changes the
encounter, logs what it did and returns a `Change` (see `change.py`) whose `undo()`/`redo()` the
window wraps in one QUndoCommand. If anything goes wrong midway the encounter is restored and the
error (a ValueError subclass with a GM-readable message) propagates: bad input never leaves a
half-done change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from drase_desktop.board.distance import footprint_gap
from drase_desktop.board.pathfinding import MovementSearch
from drase_desktop.encounter import geometry
from drase_desktop.encounter.change import Change, take_snapshot
from drase_desktop.encounter.combatant import (
    INCAPACITATED,
    SURPRISED,
    Combatant,
    CombatantError,
    Position,
    Weapon,
)
from drase_desktop.encounter.declaration import (
    Declaration,
    DeclarationError,
    RoundState,
    check_declaration,
    defense_bonus_from,
    movement_multiplier,
)
from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.log import Log, LogEntry
from drase_desktop.encounter.phase import (
    DAMAGE_OVER_TIME,
    INCAPACITATION_CHECK,
    INITIATIVE,
    SETUP,
    TICKDOWN,
    Phase,
)
from drase_desktop.encounter.ruleset import RETREAT, Ruleset, ruleset_for
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules import crawler as crawler_rules
from drase_desktop.rules import falls
from drase_desktop.rules import npc as npc_rules
from drase_desktop.rules import status as status_rules
from drase_desktop.rules.attack import AttackError
from drase_desktop.rules.damage import DamageError, damage_taken, roll_damage
from drase_desktop.rules.dice import (
    DiceError,
    Roll,
    bonus_malus,
    maximum,
    minimum,
    roll,
    roll_with_faces,
)

T = TypeVar("T")

DIAGONAL_RULES = ("double", "circle")


class EncounterError(ValueError):
    """An operation the encounter refuses; the message says why, the encounter is unchanged."""


@dataclass
class EncounterSettings:
    """Per-encounter GM settings. `diagonal`: "double" (standard) or "circle" (rulings 18, 19)."""

    diagonal: str = "double"
    third_party_turn: bool = False


@dataclass(frozen=True)
class MoveResult:
    """A move: its cost in tiles (0 when forced), the path, and how many tiles the creature
    dropped (ground height lost; a forced drop of 1+ tiles opens the fall rules, ruling 20)."""

    cost: float
    path: tuple[Position, ...]
    drop: int = 0


@dataclass(frozen=True)
class AttackResult:
    attacker_id: str
    target_id: str
    weapon: str
    expression: str
    roll_text: str
    total: int | None
    natural: int | None
    target_number: int | None
    hit: bool
    critical: bool
    damage_rolled: int = 0
    damage_dealt: int = 0
    damage_type: str = ""
    status_applied: str | None = None
    reason: str = ""


class Encounter:
    def __init__(
        self,
        battle_map: Any,
        combatants: Iterable[Combatant] = (),
        ruleset: str | Ruleset = "drase",
        *,
        name: str = "",
        settings: EncounterSettings | None = None,
        rng: random.Random | None = None,
        status_catalogue: status_rules.StatusCatalogue | None = None,
    ) -> None:
        self.battle_map = battle_map
        self.combatants: dict[str, Combatant] = {}
        for combatant in combatants:
            if combatant.id in self.combatants:
                raise EncounterError(f"Two combatants share the id {combatant.id!r}")
            self.combatants[combatant.id] = combatant
        self.ruleset: Ruleset = ruleset_for(ruleset)
        self.name = name
        self.settings = settings or EncounterSettings()
        if self.settings.diagonal not in DIAGONAL_RULES:
            raise EncounterError("Diagonal rule must be 'double' or 'circle'")
        self.round = 0
        self.phase_index = 0
        self.round_state = RoundState()
        self.log = Log()
        self.rng = rng if rng is not None else random.Random()
        self._base_statuses = status_catalogue or status_rules.default_catalogue()
        # GM-added status effects (ruling 14), kept in the encounter file.
        self.custom_statuses: list[status_rules.StatusEffect] = []
        self._base_actions = action_rules.default_catalogue()
        # GM-added actions (ruling 15), kept in the encounter file.
        self.custom_actions: list[action_rules.Action] = []
        # What the players have seen; its own undoable operations (fog.py). All revealed at first.
        self.fog = Fog.for_map(battle_map) if hasattr(battle_map, "width") else None

    # ------------------------------------------------------------------ reading
    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases of the current round (just Setup before the fight starts)."""
        if self.round == 0:
            return (SETUP,)
        return self.ruleset.phases(
            third_party_turn=self.settings.third_party_turn,
            initiative=self.round_state.initiative,
        )

    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def elapsed_seconds(self) -> int:
        """Seconds of fight before the current round (a round is 10 s)."""
        return max(0, self.round - 1) * self.ruleset.round_seconds

    @property
    def clock_text(self) -> str:
        if self.round == 0:
            return "Setup"
        start = self.elapsed_seconds
        end = start + self.ruleset.round_seconds
        return f"Round {self.round} ({start}-{end} s)"

    @property
    def status_catalogue(self) -> status_rules.StatusCatalogue:
        catalogue = self._base_statuses
        for effect in self.custom_statuses:
            catalogue = catalogue.with_effect(effect, replace_existing=True)
        return catalogue

    @property
    def action_catalogue(self) -> action_rules.ActionCatalogue:
        """The shipped actions plus the GM's own (a GM entry replaces a shipped one)."""
        catalogue = self._base_actions
        for action in self.custom_actions:
            catalogue = catalogue.with_action(action, replace_existing=True)
        return catalogue

    @property
    def _actions(self) -> action_rules.ActionCatalogue:
        return self.action_catalogue

    def combatant(self, combatant_id: str) -> Combatant:
        try:
            return self.combatants[combatant_id]
        except KeyError:
            raise EncounterError(f"No combatant with id {combatant_id!r}") from None

    def side_group(self, side: str) -> str:
        """ "players", "gm" or "third-party": whose phases a side acts and ticks in."""
        if side == "players":
            return "players"
        if side == "gm" or not self.settings.third_party_turn:
            return "gm"
        return "third-party"

    def sides(self) -> list[str]:
        return sorted({c.side for c in self.combatants.values()})

    def phase_sides(self, phase: Phase | None = None) -> set[str]:
        phase = phase or self.phase
        if phase.actors == "nobody":
            return set()
        if phase.actors == "all":
            return set(self.sides())
        if phase.actors == "sides":
            return set(phase.sides)
        return {s for s in self.sides() if self.side_group(s) == phase.actors}

    def declaration(self, combatant_id: str) -> Declaration:
        """This round's declaration (an empty one when nothing is declared yet)."""
        self.combatant(combatant_id)
        return self.round_state.declarations.get(combatant_id, Declaration())

    def defense(self, combatant_id: str) -> int:
        return self.round_state.defense.get(combatant_id, 0)

    def occupied(self, exclude: str | None = None) -> dict[Position, str]:
        tiles: dict[Position, str] = {}
        for combatant in self.combatants.values():
            if combatant.id != exclude:
                for tile in combatant.tiles():
                    tiles[tile] = combatant.id
        return tiles

    def movement_allowance(self, combatant_id: str) -> float:
        """Tiles the combatant may still move this round (ignoring forced moves)."""
        combatant = self.combatant(combatant_id)
        declaration = self.declaration(combatant_id)
        allowance = float(combatant.speed)
        if declaration.defensive == "fighting withdrawal":
            allowance = combatant.speed / 2
        elif self.ruleset.declares_actions:
            allowance = float(combatant.speed) * movement_multiplier(declaration.actions)
            if declaration.movement is not None:
                allowance = min(allowance, float(declaration.movement))
        return max(0.0, allowance - declaration.moved)

    # ------------------------------------------------------------------ machinery
    def _run(self, operation: Callable[[], tuple[str, T]]) -> Change:
        before = take_snapshot(self)
        log_start = len(self.log)
        try:
            description, result = operation()
        except Exception:
            from drase_desktop.encounter.change import restore_snapshot

            restore_snapshot(self, before)
            self.log.truncate(log_start)
            raise
        after = take_snapshot(self)
        return Change(
            self, description, before, after, log_start, self.log.since(log_start), result
        )

    def _set_ruleset_key(self, key: str) -> None:
        self.ruleset = ruleset_for(key)

    def _log(self, kind: str, text: str, **data: Any) -> LogEntry:
        return self.log.append(LogEntry(self.round, self.phase.key, kind, text, data))

    def _rng(self, rng: random.Random | None) -> random.Random:
        return rng if rng is not None else self.rng

    def _roll(
        self, expression: str, rng: random.Random | None, faces: Sequence[int] | None
    ) -> Roll:
        try:
            if faces is not None:
                return roll_with_faces(expression, faces)
            return roll(expression, self._rng(rng))
        except DiceError as error:
            raise EncounterError(str(error)) from error

    def _declaration_for_update(self, combatant_id: str) -> Declaration:
        return self.round_state.declarations.setdefault(combatant_id, Declaration())

    def _lock(self, combatant: Combatant, why: str) -> None:
        """Ruling 16: a roll for the combatant locks its declaration for the round."""
        if self.round == 0:
            return
        declaration = self._declaration_for_update(combatant.id)
        if not declaration.locked:
            declaration.locked = True
            self._log(
                "lock",
                f"{combatant.name}'s declaration is locked ({why}; ruling 16)",
                combatant=combatant.id,
            )

    def _require_able(self, combatant: Combatant, doing: str) -> None:
        if combatant.incapacitated:
            raise EncounterError(f"{combatant.name} is incapacitated and cannot {doing}")
        if combatant.has_status(SURPRISED) and self.round <= 1:
            raise EncounterError(
                f"{combatant.name} is surprised and loses its actions in round 1, so it cannot"
                f" {doing}"
            )

    # ------------------------------------------------------------------ combatants
    def add_combatant(self, combatant: Combatant) -> Change:
        def operation() -> tuple[str, None]:
            if combatant.id in self.combatants:
                raise EncounterError(f"A combatant with id {combatant.id!r} already exists")
            combatant.validate()
            self._check_placement(combatant, combatant.position)
            for status in combatant.statuses:
                self._status_effect(status.name)
            self.combatants[combatant.id] = combatant
            self._log(
                "combatant",
                f"{combatant.name} joins the fight on side {combatant.side!r}",
                combatant=combatant.id,
                side=combatant.side,
            )
            return f"Add {combatant.name}", None

        return self._run(operation)

    def remove_combatant(self, combatant_id: str) -> Change:
        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            del self.combatants[combatant_id]
            self.round_state.declarations.pop(combatant_id, None)
            self.round_state.defense.pop(combatant_id, None)
            self._log("combatant", f"{combatant.name} leaves the fight", combatant=combatant_id)
            return f"Remove {combatant.name}", None

        return self._run(operation)

    def update_combatant(self, combatant_id: str, **values: Any) -> Change:
        """Edit fields (name, side, max_hp, ac_bonus, attributes, weapons, hidden, notes, ...).
        Position, HP and statuses have their own operations so they are logged as such."""
        own = {"position", "hp", "statuses", "id"}
        known = {f.name for f in fields(Combatant)}

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            bad = set(values) - known
            if bad:
                raise EncounterError(f"Unknown combatant fields: {', '.join(sorted(bad))}")
            if set(values) & own:
                raise EncounterError(
                    "Use move, set_hp and apply_status for position, HP and statuses"
                )
            try:
                edited = replace(combatant, **values)
            except CombatantError as error:
                raise EncounterError(str(error)) from error
            if edited.size != combatant.size:
                self._check_placement(edited, edited.position)
            vars(combatant).update(vars(edited))
            changes = ", ".join(f"{k} = {v!r}" for k, v in values.items())
            self._log("combatant", f"{combatant.name}: {changes}", combatant=combatant_id)
            return f"Edit {combatant.name}", None

        return self._run(operation)

    def _check_placement(self, combatant: Combatant, position: Position | None) -> None:
        if position is None:
            return
        probe = replace(combatant, position=position)
        taken = self.occupied(exclude=combatant.id)
        for tile in probe.tiles():
            if not self.battle_map.in_bounds(tile):
                raise EncounterError(f"{combatant.name} would stand off the map at {tile}")
            if self.battle_map.terrain(tile) == "blocked":
                raise EncounterError(f"{combatant.name} cannot stand on a blocked tile {tile}")
            if tile in taken:
                other = self.combatants[taken[tile]].name
                raise EncounterError(f"{combatant.name} cannot end on {tile}: {other} is there")

    # ------------------------------------------------------------------ movement
    def move(self, combatant_id: str, path: Sequence[Position], *, forced: bool = False) -> Change:
        """Move along `path` (start tile first, destination last; a single tile means "find the
        cheapest path there"). A forced move (a push, a fall, a GM override, or placing a token
        in Setup) ignores speed and cost and spends no movement."""

        def operation() -> tuple[str, MoveResult]:
            combatant = self.combatant(combatant_id)
            tiles = [(int(p[0]), int(p[1])) for p in path]
            if not tiles:
                raise EncounterError(f"{combatant.name}: a move needs at least one tile")
            destination = tiles[-1]
            placing = forced or self.round == 0 or combatant.position is None
            self._check_placement(combatant, destination)
            start = combatant.position
            if placing:
                if start is not None and tiles[0] != start:
                    tiles.insert(0, start)
                combatant.position = destination
                drop = self._drop(start, destination)
                verb = "placed at" if self.round == 0 or start is None else "forced to"
                text = f"{combatant.name} {verb} {destination}"
                if drop and verb == "forced to":
                    text += f", dropping {drop} tile(s): apply the fall if it fell (ruling 24)"
                self._log(
                    "move",
                    text,
                    combatant=combatant_id,
                    path=[list(t) for t in tiles],
                    cost=0,
                    forced=True,
                    drop=drop,
                )
                title = (
                    f"Place {combatant.name}"
                    if verb == "placed at"
                    else f"Force-move {combatant.name}"
                )
                return title, MoveResult(0.0, tuple(tiles), drop)
            self._require_able(combatant, "move")
            error = self.ruleset.movement_step_error(self.phase, combatant)
            if error:
                raise EncounterError(error)
            self._check_engaged(combatant)
            assert start is not None
            route, cost = geometry.route(self, combatant, tiles)
            allowance = self.movement_allowance(combatant_id)
            if cost > allowance + 1e-9:
                raise EncounterError(
                    f"{combatant.name} cannot move there: it costs {cost:g} tiles and"
                    f" {allowance:g} remain this round"
                )
            combatant.position = destination
            declaration = self._declaration_for_update(combatant_id)
            declaration.moved += cost
            self._log(
                "move",
                f"{combatant.name} moves {start} -> {destination} ({cost:g} tiles, {cost * 2:g} m)",
                combatant=combatant_id,
                path=[list(t) for t in route],
                cost=cost,
                forced=False,
                drop=0,
            )
            return f"Move {combatant.name}", MoveResult(cost, tuple(route), 0)

        return self._run(operation)

    def _drop(self, start: Position | None, destination: Position) -> int:
        if start is None:
            return 0
        return max(0, self.battle_map.elevation(start) - self.battle_map.elevation(destination))

    def engaged_with(self, combatant_id: str) -> list[str]:
        """Able enemies within 1 tile (in melee with the combatant)."""
        combatant = self.combatant(combatant_id)
        if combatant.position is None:
            return []
        engaged: list[str] = []
        for other in self.combatants.values():
            if other.side == combatant.side or other.position is None or other.incapacitated:
                continue
            dx, dy = footprint_gap(
                combatant.position, other.position, combatant.footprint, other.footprint
            )
            if max(dx, dy) <= 1:
                engaged.append(other.id)
        return engaged

    def _check_engaged(self, combatant: Combatant) -> None:
        """Crawler: once engaged in melee only a declared defensive movement may move."""
        if not self.ruleset.defensive_movements:
            return
        if self.declaration(combatant.id).defensive:
            return
        foes = self.engaged_with(combatant.id)
        if foes:
            names = ", ".join(self.combatants[f].name for f in foes)
            raise EncounterError(
                f"{combatant.name} is engaged in melee with {names}: only a declared fighting"
                " withdrawal or retreat lets it move (force the move to override)"
            )

    def movement_search(self, combatant_id: str) -> MovementSearch:
        """The board search a move of this combatant is checked with (its remaining movement,
        the diagonal rule, enemies and allies, its footprint): a drag preview reads this."""
        combatant = self.combatant(combatant_id)
        if combatant.position is None:
            raise EncounterError(f"{combatant.name} is not on the map")
        return geometry.movement_search(self, combatant)

    def round_start_position(self, combatant_id: str) -> Position | None:
        """Where the combatant stood before its first move of this round (None: not moved)."""
        self.combatant(combatant_id)
        for entry in self.log:
            if (
                entry.round == self.round
                and entry.kind == "move"
                and entry.data.get("combatant") == combatant_id
                and entry.data.get("path")
            ):
                first = entry.data["path"][0]
                return (int(first[0]), int(first[1]))
        return None

    def reset_move(self, combatant_id: str) -> Change:
        """Put the combatant back where it started this round and give back its movement
        (the GM's "reset to start of turn")."""

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            start = self.round_start_position(combatant_id)
            if start is None:
                raise EncounterError(f"{combatant.name} has not moved this round")
            self._check_placement(combatant, start)
            now = combatant.position
            combatant.position = start
            if combatant_id in self.round_state.declarations:
                self.round_state.declarations[combatant_id].moved = 0.0
            self._log(
                "move",
                f"{combatant.name}'s move is reset: back from {now} to {start}",
                combatant=combatant_id,
                path=[list(start)],
                cost=0,
                forced=True,
                reset=True,
            )
            return f"Reset {combatant.name}'s move", None

        return self._run(operation)

    # ------------------------------------------------------------------ HP
    def set_hp(self, combatant_id: str, hp: int) -> Change:
        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            if isinstance(hp, bool) or not isinstance(hp, int):
                raise EncounterError(f"HP must be a whole number, not {hp!r}")
            old = combatant.hp
            combatant.hp = hp
            self._log(
                "hp",
                f"{combatant.name}: HP set {old} -> {hp}",
                combatant=combatant_id,
                before=old,
                after=hp,
            )
            return f"Set {combatant.name}'s HP", None

        return self._run(operation)

    def heal(
        self,
        combatant_id: str,
        amount: int | str,
        *,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> Change:
        """Heal a number or a rolled expression, up to max HP."""

        def operation() -> tuple[str, int]:
            combatant = self.combatant(combatant_id)
            value = self._amount(amount, "healing", rng, faces, combatant)
            old = combatant.hp
            combatant.hp = min(combatant.max_hp, combatant.hp + value)
            text = f"{combatant.name} heals {combatant.hp - old} ({old} -> {combatant.hp} HP)"
            if combatant.incapacitated and combatant.hp > 0:
                text += "; still incapacitated until the GM removes it"
            self._log("heal", text, combatant=combatant_id, before=old, after=combatant.hp)
            return f"Heal {combatant.name}", combatant.hp - old

        return self._run(operation)

    def apply_damage(
        self,
        combatant_id: str,
        amount: int | str,
        damage_kind: str,
        *,
        unavoidable: bool = False,
        source: str = "",
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> Change:
        """Typed damage (a number or an expression to roll) after immunities, resistances and
        vulnerabilities (rulings 9, 10). Incapacitation waits for the phase's check (ruling 11)."""

        def operation() -> tuple[str, int]:
            combatant = self.combatant(combatant_id)
            value = self._amount(amount, "damage", rng, faces, combatant)
            dealt = self._damage(
                combatant, value, damage_kind, unavoidable=unavoidable, source=source
            )
            return f"Damage {combatant.name}", dealt

        return self._run(operation)

    def _amount(
        self,
        amount: int | str,
        what: str,
        rng: random.Random | None,
        faces: Sequence[int] | None,
        combatant: Combatant,
    ) -> int:
        if isinstance(amount, bool):
            raise EncounterError(f"{what} must be a number or a dice expression")
        if isinstance(amount, int):
            if amount < 0:
                raise EncounterError(f"{what} cannot be negative ({amount})")
            return amount
        if not isinstance(amount, str):
            raise EncounterError(f"{what} must be a number or a dice expression, not {amount!r}")
        rolled = self._roll(amount, rng, faces)
        self._log(
            "roll",
            f"{what} for {combatant.name}: {rolled.text}",
            combatant=combatant.id,
            expression=rolled.expression,
            total=rolled.total,
        )
        return max(0, rolled.total)

    def _damage(
        self, combatant: Combatant, amount: int, kind: str, *, unavoidable: bool, source: str
    ) -> int:
        try:
            taken = damage_taken(
                amount,
                kind,
                resistances=combatant.resistances,
                vulnerabilities=combatant.vulnerabilities,
                immunities=combatant.immunities,
                is_object=combatant.is_object,
            )
        except DamageError as error:
            raise EncounterError(str(error)) from error
        old = combatant.hp
        combatant.hp -= taken.amount
        why = f" ({taken.reason})" if taken.reason else ""
        tag = " unavoidable" if unavoidable else ""
        origin = f" from {source}" if source else ""
        self._log(
            "damage",
            f"{combatant.name} takes {taken.amount}{tag} {taken.damage_type}{origin}{why}:"
            f" {old} -> {combatant.hp} HP",
            combatant=combatant.id,
            rolled=amount,
            dealt=taken.amount,
            damage_type=taken.damage_type,
            unavoidable=unavoidable,
            before=old,
            after=combatant.hp,
        )
        return taken.amount

    def add_wound(self, combatant_id: str, limb: str, wounds: int = 1) -> Change:
        """Add (or with a negative number, heal) wounds on one limb."""

        def operation() -> tuple[str, int]:
            combatant = self.combatant(combatant_id)
            key = " ".join(limb.lower().split())
            if not key:
                raise EncounterError("A wound needs a limb")
            if isinstance(wounds, bool) or not isinstance(wounds, int) or wounds == 0:
                raise EncounterError(f"Wounds must be a whole number other than 0, not {wounds!r}")
            now = combatant.wounds.get(key, 0) + wounds
            if now < 0:
                raise EncounterError(f"{combatant.name}'s {key} has only {now - wounds} wound(s)")
            combatant.wounds[key] = now
            self._log(
                "damage",
                f"{combatant.name}: {key} {wounds:+d} wound(s), now {now}",
                combatant=combatant_id,
                limb=key,
                wounds=now,
            )
            return f"Wound {combatant.name}", now

        return self._run(operation)

    def apply_fall(
        self,
        combatant_id: str,
        tiles: int,
        *,
        surface: str | None = None,
        size_factor: int = 1,
        grab: str | None = None,
        grab_faces: Sequence[int] | None = None,
        damage_faces: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> Change:
        """A fall of `tiles` (ruling 24): prone from 1 tile, d6s from 2, the surface under the
        creature (water, soft) negating short falls; `grab` ("hold" or "cap") rolls the DC 10
        Power or Finesse check of a creature by a surface; leg wounds for heavy falls. Fall
        damage is typed blunt (a ruling: the text gives falls no type)."""

        def operation() -> tuple[str, Any]:
            combatant = self.combatant(combatant_id)
            where = surface
            if where is None:
                where = (
                    self.battle_map.fall_surface(combatant.position)
                    if combatant.position is not None
                    else "ground"
                )
            try:
                result = falls.fall(tiles, surface=where, size_factor=size_factor)
            except falls.FallError as error:
                raise EncounterError(f"{combatant.name}: {error}") from error
            if grab is not None:
                if grab not in ("hold", "cap"):
                    raise EncounterError(
                        "grab is 'hold' (a ledge to hold) or 'cap' (slow the fall)"
                    )
                best = max(combatant.modifier("power"), combatant.modifier("finesse"))
                check = self._roll(f"1d20 {best:+d}" if best else "1d20", rng, grab_faces)
                self._log(
                    "roll",
                    f"{combatant.name} grabs for a hold (DC 10 Power or Finesse): {check.text}",
                    combatant=combatant_id,
                    total=check.total,
                    roll="fall grab",
                )
                result = falls.after_grab(result, check.total, hold_on=grab == "hold")
            self._log(
                "note",
                f"{combatant.name} falls {tiles} tile(s) onto {where}: {result.reason}",
                combatant=combatant_id,
                tiles=tiles,
                dice=result.dice,
            )
            if result.held_on:
                return f"{combatant.name} holds on", result
            if result.prone:
                self._apply_status(combatant, "prone", source="the fall")
            if result.dice:
                rolled = self._roll(result.expression, rng, damage_faces)
                self._log(
                    "roll",
                    f"Fall damage for {combatant.name}: {rolled.text}",
                    combatant=combatant_id,
                    total=rolled.total,
                    roll="fall damage",
                )
                before = combatant.hp
                self._damage(combatant, rolled.total, "blunt", unavoidable=False, source="the fall")
                lost = before - combatant.hp
                legs = [limb for limb in combatant.wounds if "leg" in limb]
                count = falls.leg_wounds(lost, combatant.max_hp, incapacitated=combatant.hp <= 0)
                if count and legs:
                    for limb in legs:
                        combatant.wounds[limb] += count
                    self._log(
                        "damage",
                        f"{combatant.name}: {count} wound(s) on every leg from the fall",
                        combatant=combatant_id,
                        limbs=legs,
                        wounds=count,
                    )
            return f"{combatant.name} falls", result

        return self._run(operation)

    # ------------------------------------------------------------------ statuses
    def _status_effect(self, name: str) -> status_rules.StatusEffect:
        try:
            return self.status_catalogue.effect(name)
        except status_rules.StatusError as error:
            raise EncounterError(str(error)) from error

    def define_status(
        self,
        name: str,
        *,
        duration: int | None = 1,
        stackable: bool = False,
        damage: str | None = None,
        damage_kind: str | None = None,
        description: str = "",
    ) -> Change:
        """Add a GM status effect to this encounter's catalogue (ruling 14)."""

        def operation() -> tuple[str, None]:
            try:
                effect = status_rules.StatusEffect(
                    name, duration, stackable, damage, damage_kind, description
                )
            except status_rules.StatusError as error:
                raise EncounterError(str(error)) from error
            if effect.name in self.status_catalogue:
                raise EncounterError(f"A status effect named {effect.name!r} already exists")
            self.custom_statuses.append(effect)
            self._log(
                "status", f"New status effect {effect.name!r} defined", effect=effect.to_dict()
            )
            return f"Define status {effect.name}", None

        return self._run(operation)

    def define_action(
        self,
        name: str,
        cost: str,
        *,
        attack: bool = False,
        damage_kind: str | None = None,
        rule: str = "",
    ) -> Change:
        """Add a GM action to this encounter's catalogue (ruling 15): a name, a cost (full,
        half, free, reaction, movement), whether it is an attack, its damage type, its rule."""

        def operation() -> tuple[str, None]:
            try:
                action = action_rules.Action(name, cost, attack, damage_kind, rule)
            except action_rules.ActionError as error:
                raise EncounterError(str(error)) from error
            if action.name in self.action_catalogue:
                raise EncounterError(f"An action named {action.name!r} already exists")
            self.custom_actions.append(action)
            self._log(
                "setting",
                f"New {action.cost} action {action.name!r} defined",
                action=action.to_dict(),
            )
            return f"Define action {action.name}", None

        return self._run(operation)

    def apply_status(
        self,
        combatant_id: str,
        name: str,
        *,
        duration: int | None = None,
        source: str = "",
    ) -> Change:
        """Apply a catalogue status (rulings 12, 13): stackable effects add a stack, unstackable
        ones keep the longer remaining duration; it does not tick down this round."""

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            self._apply_status(combatant, name, duration=duration, source=source)
            return f"{name.capitalize()} on {combatant.name}", None

        return self._run(operation)

    def _apply_status(
        self, combatant: Combatant, name: str, *, duration: int | None = None, source: str = ""
    ) -> None:
        effect = self._status_effect(name)
        try:
            statuses = status_rules.apply_status(
                combatant.statuses, effect, self.round, duration=duration
            )
        except status_rules.StatusError as error:
            raise EncounterError(str(error)) from error
        combatant.statuses = list(statuses)
        mine = [s for s in statuses if s.name == effect.name]
        lasting = mine[-1].remaining if mine else None
        length = "until removed" if lasting is None else f"{lasting} round(s)"
        origin = f" from {source}" if source else ""
        self._log(
            "status",
            f"{combatant.name} gains {effect.name}{origin} ({length}; stacks: {len(mine)})",
            combatant=combatant.id,
            status=effect.name,
            remaining=lasting,
            stacks=len(mine),
        )

    def remove_status(self, combatant_id: str, name: str, *, stacks: int | None = None) -> Change:
        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            try:
                statuses = status_rules.remove_status(combatant.statuses, name, stacks=stacks)
            except status_rules.StatusError as error:
                raise EncounterError(f"{combatant.name}: {error}") from error
            combatant.statuses = list(statuses)
            self._log(
                "status", f"{combatant.name} loses {name}", combatant=combatant_id, status=name
            )
            return f"Remove {name} from {combatant.name}", None

        return self._run(operation)

    def set_surprised(self, combatant_id: str, surprised: bool = True) -> Change:
        """Surprise attack: the surprised lose their ability to act in round 1 (set in Setup)."""

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            if self.round != 0:
                raise EncounterError("Surprise is set before the fight starts (in Setup)")
            if surprised:
                if not combatant.has_status(SURPRISED):
                    self._apply_status(combatant, SURPRISED, source="surprise attack")
            elif combatant.has_status(SURPRISED):
                combatant.statuses = [s for s in combatant.statuses if s.name != SURPRISED]
                self._log(
                    "status",
                    f"{combatant.name} is no longer surprised",
                    combatant=combatant_id,
                    status=SURPRISED,
                )
            return f"{'Surprise' if surprised else 'Unsurprise'} {combatant.name}", None

        return self._run(operation)

    # ------------------------------------------------------------------ declarations
    def declare(
        self,
        combatant_id: str,
        *,
        actions: Sequence[str] = (),
        reaction: str | None = None,
        free_actions: Sequence[str] = (),
        movement: int | None = None,
        defensive: str | None = None,
        notes: str = "",
    ) -> Change:
        """Replace the combatant's declaration for this round (refused once locked)."""

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            phase = self.phase
            if self.round == 0:
                raise EncounterError("Start the fight before declaring actions")
            if not phase.declares or combatant.side not in self.phase_sides(phase):
                raise EncounterError(
                    f"{combatant.name} (side {combatant.side!r}) cannot declare during"
                    f" {phase.title}"
                )
            self._require_able(combatant, "declare actions")
            current = self.declaration(combatant_id)
            if current.locked:
                raise EncounterError(
                    f"{combatant.name}'s declaration is locked: a roll was already made for it"
                    " this round (ruling 16)"
                )
            new = Declaration(
                actions=[a.strip().lower() for a in actions],
                reaction=reaction.strip().lower() if reaction else None,
                free_actions=[a.strip().lower() for a in free_actions],
                movement=movement,
                defensive=defensive.strip().lower() if defensive else None,
                notes=notes,
                used=list(current.used),
                moved=current.moved,
                attacks=current.attacks,
            )
            try:
                self._check_declaration(combatant, new)
            except (DeclarationError, action_rules.ActionError) as error:
                raise EncounterError(f"{combatant.name}: {error}") from error
            self.round_state.declarations[combatant_id] = new
            self._log(
                "declare",
                f"{combatant.name} declares: {describe_declaration(new)}",
                combatant=combatant_id,
                **declaration_data(new),
            )
            return f"Declare for {combatant.name}", None

        return self._run(operation)

    def _check_declaration(self, combatant: Combatant, declaration: Declaration) -> None:
        if declaration.movement is not None:
            if declaration.movement < 0:
                raise DeclarationError("declared movement cannot be negative")
        if not self.ruleset.declares_actions:
            if declaration.actions or declaration.reaction or declaration.free_actions:
                raise DeclarationError(
                    f"{self.ruleset.name} has no action declarations; only defensive movement"
                )
            if declaration.defensive and declaration.defensive not in (
                self.ruleset.defensive_movements
            ):
                raise DeclarationError(
                    f"unknown defensive movement {declaration.defensive!r}; choose"
                    f" {' or '.join(self.ruleset.defensive_movements)}"
                )
            return
        if declaration.defensive:
            raise DeclarationError(f"{self.ruleset.name} has no defensive movement declarations")
        check_declaration(self._actions, declaration)
        if declaration.movement is not None:
            most = combatant.speed * movement_multiplier(declaration.actions)
            if declaration.movement > most:
                raise DeclarationError(
                    f"declared movement {declaration.movement} tiles is more than its speed"
                    f" allows ({most:g})"
                )

    def lock(self, combatant_id: str) -> Change:
        """Lock a declaration by hand (e.g. the player rolled physical dice)."""

        def operation() -> tuple[str, None]:
            combatant = self.combatant(combatant_id)
            if self.round == 0:
                raise EncounterError("Nothing to lock before the fight starts")
            if self.declaration(combatant_id).locked:
                raise EncounterError(f"{combatant.name}'s declaration is already locked")
            self._lock(combatant, "locked by the GM")
            return f"Lock {combatant.name}", None

        return self._run(operation)

    # ------------------------------------------------------------------ rolls
    def roll_defense(
        self,
        combatant_id: str,
        *,
        bonuses: int | None = None,
        maluses: int | None = None,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> Change:
        """Roll the round's defense bonus/malus (ruling 7): it shifts AC and saves this round."""

        def operation() -> tuple[str, int]:
            combatant = self.combatant(combatant_id)
            if not self.ruleset.has_defense_roll:
                raise EncounterError(f"{self.ruleset.name} has no defense roll")
            phase = self.phase
            if not phase.declares or combatant.side not in self.phase_sides(phase):
                raise EncounterError(
                    f"{combatant.name} rolls defense in its own side's declaration phase, not"
                    f" in {phase.title}"
                )
            self._require_able(combatant, "roll defense")
            if combatant_id in self.round_state.defense:
                raise EncounterError(f"{combatant.name} already rolled defense this round")
            # Unless the GM gives the counts: the standing ones plus 1 bonus per declared Defend.
            b = (
                combatant.defense_bonuses
                + defense_bonus_from(self.declaration(combatant_id).actions)
                if bonuses is None
                else bonuses
            )
            m = combatant.defense_maluses if maluses is None else maluses
            if b < 0 or m < 0:
                raise EncounterError("Defense bonuses and maluses are counts, 0 or more")
            expression = bonus_malus(b, m)
            if expression:
                rolled = self._roll(expression, rng, faces)
                value = rolled.total
                text = rolled.text
            else:
                value, text = 0, "no net bonus or malus: 0"
            self.round_state.defense[combatant_id] = value
            self._log(
                "roll",
                f"{combatant.name} rolls defense: {text} (AC and saves {value:+d} this round)",
                combatant=combatant_id,
                expression=expression,
                total=value,
                roll="defense",
            )
            self._lock(combatant, "defense rolled")
            return f"Roll defense for {combatant.name}", value

        return self._run(operation)

    def roll_for(
        self,
        combatant_id: str | None,
        expression: str,
        *,
        label: str = "roll",
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> Change:
        """Any other roll (an ability check, a save). A roll for a combatant locks it."""

        def operation() -> tuple[str, Roll]:
            combatant = self.combatant(combatant_id) if combatant_id else None
            rolled = self._roll(expression, rng, faces)
            who = f"{combatant.name}: " if combatant else ""
            self._log(
                "roll",
                f"{who}{label}: {rolled.text}",
                combatant=combatant_id,
                expression=rolled.expression,
                total=rolled.total,
                roll=label,
            )
            if combatant is not None:
                self._lock(combatant, f"{label} rolled")
            return f"Roll {label}", rolled

        return self._run(operation)

    def note(self, text: str) -> Change:
        def operation() -> tuple[str, None]:
            if not text.strip():
                raise EncounterError("A note needs some text")
            self._log("note", text.strip())
            return "Note", None

        return self._run(operation)

    # ------------------------------------------------------------------ attacks
    def resolve_attack(
        self,
        attacker_id: str,
        target_id: str,
        *,
        weapon: str | None = None,
        action: str = "attack",
        reaction: bool = False,
        bonuses: int = 0,
        maluses: int = 0,
        modifier: int = 0,
        non_lethal: bool = False,
        attack_faces: Sequence[int] | None = None,
        damage_faces: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> Change:
        """One attack, whole: checks, the roll built from the rules, the judge, damage, the
        critical effect. `.result` is an `AttackResult`."""

        def operation() -> tuple[str, AttackResult]:
            attacker = self.combatant(attacker_id)
            target = self.combatant(target_id)
            if attacker_id == target_id:
                raise EncounterError(f"{attacker.name} cannot attack itself")
            if self.round == 0:
                raise EncounterError("Start the fight before attacking")
            self._require_able(attacker, "attack")
            chosen = self._weapon(attacker, weapon)
            if bonuses < 0 or maluses < 0:
                raise EncounterError("Bonuses and maluses are counts, 0 or more")
            self._spend_attack(attacker, chosen, action, reaction)
            result = self._attack(
                attacker,
                target,
                chosen,
                action=action,
                reaction=reaction,
                bonuses=bonuses,
                maluses=maluses,
                modifier=modifier,
                non_lethal=non_lethal,
                attack_faces=attack_faces,
                damage_faces=damage_faces,
                rng=rng,
            )
            return f"{attacker.name} attacks {target.name}", result

        return self._run(operation)

    def _weapon(self, attacker: Combatant, name: str | None) -> Weapon:
        if not attacker.weapons:
            raise EncounterError(f"{attacker.name} has no weapons or attacks to use")
        if name is None:
            return attacker.weapons[0]
        try:
            return attacker.weapon(name)
        except CombatantError as error:
            raise EncounterError(str(error)) from error

    def _spend_attack(
        self, attacker: Combatant, weapon: Weapon, action: str, reaction: bool
    ) -> None:
        declaration = self._declaration_for_update(attacker.id)
        action = action.strip().lower()
        if self.ruleset.declares_actions:
            try:
                entry = self._actions.action(action)
            except action_rules.ActionError as error:
                raise EncounterError(str(error)) from error
            if not entry.attack:
                raise EncounterError(f"{action!r} is not an attack action")
            if reaction:
                if declaration.reaction != action:
                    raise EncounterError(
                        f"{attacker.name} did not declare {action!r} as its reaction this round"
                        " (declare before rolling)"
                    )
                if declaration.times_used(action) >= 1:
                    raise EncounterError(f"{attacker.name} already used its reaction this round")
            else:
                if declaration.times_used(action) >= declaration.times_declared(action):
                    declared = declaration.times_declared(action)
                    raise EncounterError(
                        f"{attacker.name} declared {action!r} {declared} time(s) this round and"
                        " has used them (declare before rolling)"
                    )
        else:
            error = self.ruleset.attack_step_error(self.phase, attacker, weapon)
            if error:
                raise EncounterError(error)
            if declaration.defensive == RETREAT:
                raise EncounterError(f"{attacker.name} is retreating and cannot attack this round")
            if attacker.is_player_character and declaration.attacks >= 1:
                raise EncounterError(
                    f"{attacker.name} already attacked this round (party characters attack once)"
                )
        declaration.used.append(action)
        declaration.attacks += 1

    def _attack(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        *,
        action: str,
        reaction: bool,
        bonuses: int,
        maluses: int,
        modifier: int,
        non_lethal: bool,
        attack_faces: Sequence[int] | None,
        damage_faces: Sequence[int] | None,
        rng: random.Random | None,
    ) -> AttackResult:
        situation = geometry.attack_situation(self, attacker, target, weapon, reaction=reaction)
        non_lethal = non_lethal or weapon.non_lethal
        if weapon.unavoidable:
            self._lock(attacker, "attack rolled")
            return self._hit(
                attacker,
                target,
                weapon,
                critical=False,
                rng=rng,
                damage_faces=damage_faces,
                base=AttackResult(
                    attacker.id,
                    target.id,
                    weapon.name,
                    "",
                    "unavoidable: no roll",
                    None,
                    None,
                    None,
                    True,
                    False,
                    reason="unavoidable damage needs no attack roll",
                ),
            )
        defending = self.round_state.declarations.get(target.id)
        try:
            working = self.ruleset.attack_working(
                attacker,
                target,
                weapon,
                cover=situation.cover,
                obscuration=situation.obscuration,
                lower_target=situation.lower_target,
                non_lethal=non_lethal,
                reaction=reaction,
                target_retreating=bool(defending and defending.defensive == RETREAT),
                bonuses=bonuses,
                maluses=maluses,
                modifier=modifier,
            )
        except (AttackError, DamageError) as error:
            raise EncounterError(f"{attacker.name} cannot attack {target.name}: {error}") from error
        rolled = self._roll(working.expression, rng, attack_faces)
        defense = self.defense(target.id) if self.ruleset.has_defense_roll else 0
        number, made = self.ruleset.target_number(target, weapon, defense)
        outcome = self.ruleset.judge(
            rolled.total, number, rolled.natural, save_targeting=weapon.save is not None
        )
        self._log(
            "roll",
            f"{attacker.name} attacks {target.name} with {weapon.name}: {rolled.text}",
            combatant=attacker.id,
            target=target.id,
            expression=rolled.expression,
            total=rolled.total,
            natural=rolled.natural,
            working=working.lines(),
            roll="attack",
        )
        verdict = "critical hit" if outcome.critical else "hit" if outcome.hit else "miss"
        self._log(
            "attack",
            f"{verdict.capitalize()}: {outcome.reason} ({made})",
            combatant=attacker.id,
            target=target.id,
            hit=outcome.hit,
            critical=outcome.critical,
            target_number=number,
            reaction=reaction,
            action=action,
        )
        self._lock(attacker, "attack rolled")
        base = AttackResult(
            attacker.id,
            target.id,
            weapon.name,
            rolled.expression,
            rolled.text,
            rolled.total,
            rolled.natural,
            number,
            outcome.hit,
            outcome.critical,
            reason=outcome.reason,
        )
        if not outcome.hit:
            return base
        return self._hit(
            attacker,
            target,
            weapon,
            critical=outcome.critical,
            rng=rng,
            damage_faces=damage_faces,
            base=base,
            non_lethal=non_lethal,
        )

    def _hit(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        *,
        critical: bool,
        rng: random.Random | None,
        damage_faces: Sequence[int] | None,
        base: AttackResult,
        non_lethal: bool = False,
    ) -> AttackResult:
        expression = self.ruleset.damage_expression(attacker, weapon)
        try:
            damage = roll_damage(
                expression,
                weapon.damage_type,
                critical=critical,
                player_character=attacker.is_player_character,
                save_targeting=weapon.save is not None,
                rng=self._rng(rng),
                faces=damage_faces,
            )
        except (DiceError, DamageError) as error:
            raise EncounterError(f"{weapon.name}: {error}") from error
        how = " (critical: every die maximised)" if damage.maximised else ""
        self._log(
            "roll",
            f"{weapon.name} damage: {damage.roll.text}{how}",
            combatant=attacker.id,
            target=target.id,
            expression=damage.roll.expression,
            total=damage.total,
            roll="damage",
        )
        dealt = self._damage(
            target,
            damage.total,
            weapon.damage_type,
            unavoidable=weapon.unavoidable,
            source=f"{attacker.name}'s {weapon.name}",
        )
        status = None
        if critical:
            status = weapon.critical_effect or damage.critical_effect
            if status:
                self._apply_status(target, status, source=f"critical {damage.damage_type} hit")
        if non_lethal and target.hp <= 0:
            self._log(
                "note",
                f"{target.name} was brought down by a non-lethal attack: likely to"
                " survive with prompt care",
                combatant=target.id,
            )
        return replace(
            base,
            damage_rolled=damage.total,
            damage_dealt=dealt,
            damage_type=damage.damage_type,
            status_applied=status,
        )

    def resolve_spell(
        self,
        caster_id: str,
        target_ids: Sequence[str],
        *,
        name: str,
        damage: str,
        damage_kind: str,
        reach: int | None = None,
        save_target: int | None = None,
        save_attribute: str | None = None,
        half_on_save: bool = False,
        save_faces: dict[str, Sequence[int]] | None = None,
        damage_faces: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> Change:
        """Crawler spells hit automatically in range or area; each target may roll a 1d20 save
        (>= the save number: no damage, or half with `half_on_save`). Damage is rolled once for
        the whole spell. (Drase spells are attacks: resolve them with `resolve_attack`.)"""

        def operation() -> tuple[str, dict[str, int]]:
            caster = self.combatant(caster_id)
            if not self.ruleset.spells_hit_automatically:
                raise EncounterError(
                    f"{self.ruleset.name} spells roll to hit or target a save: give"
                    f" {caster.name} the spell as an attack and resolve it as one"
                )
            if self.round == 0:
                raise EncounterError("Start the fight before casting")
            if not target_ids:
                raise EncounterError(f"{name} needs at least one target")
            self._require_able(caster, "cast")
            error = self.ruleset.spell_step_error(self.phase, caster)
            if error:
                raise EncounterError(error)
            targets = [self.combatant(t) for t in dict.fromkeys(target_ids)]
            probe = Weapon(name, damage, damage_kind, ranged=True, reach=reach or 0)
            for target in targets:
                if reach is not None:
                    geometry.attack_situation(self, caster, target, probe, reaction=False)
            declaration = self._declaration_for_update(caster.id)
            if declaration.defensive == RETREAT:
                raise EncounterError(f"{caster.name} is retreating and cannot attack this round")
            if caster.is_player_character and declaration.attacks >= 1:
                raise EncounterError(
                    f"{caster.name} already attacked this round (party characters attack once)"
                )
            declaration.attacks += 1
            declaration.used.append("spell")
            rolled = self._roll(damage, rng, damage_faces)
            self._log(
                "roll",
                f"{caster.name} casts {name}: {rolled.text} (hits automatically)",
                combatant=caster.id,
                expression=rolled.expression,
                total=rolled.total,
                roll="spell damage",
            )
            dealt: dict[str, int] = {}
            for target in targets:
                amount = max(0, rolled.total)
                if save_target is not None:
                    modifier = target.modifier(save_attribute) if save_attribute else 0
                    expression = f"1d20 {modifier:+d}" if modifier else "1d20"
                    faces = (save_faces or {}).get(target.id)
                    save = self._roll(expression, rng, faces)
                    outcome = crawler_rules.saving_throw(save.total, save_target)
                    self._log(
                        "roll",
                        f"{target.name} saves against {name}: {save.text}: {outcome.reason}",
                        combatant=target.id,
                        total=save.total,
                        roll="save",
                        saved=outcome.success,
                    )
                    if outcome.success:
                        amount = amount // 2 if half_on_save else 0
                dealt[target.id] = self._damage(
                    target, amount, damage_kind, unavoidable=False, source=f"{caster.name}'s {name}"
                )
            return f"{caster.name} casts {name}", dealt

        return self._run(operation)

    def resolve_group_attack(
        self,
        attacker_ids: Sequence[str],
        target_id: str,
        *,
        weapon: str | None = None,
        attacker_bonuses: int = 0,
        attacker_maluses: int = 0,
        defender_bonuses: int = 0,
        defender_maluses: int = 0,
    ) -> Change:
        """GM mechanic "NPC Average Hit" (ruling 25): a group of like NPCs attacking one target
        scores hits from the chart, no rolls; each hit deals the weapon's static (average,
        rounded down) damage. Each attacker spends one declared attack."""

        def operation() -> tuple[str, int]:
            if not self.ruleset.declares_actions:
                raise EncounterError(
                    f"The NPC average-hit chart is a Drase rule, not {self.ruleset.name}"
                )
            if self.round == 0:
                raise EncounterError("Start the fight before attacking")
            attackers = [self.combatant(a) for a in dict.fromkeys(attacker_ids)]
            if not attackers:
                raise EncounterError("A group attack needs at least one attacker")
            target = self.combatant(target_id)
            modifiers: set[int] = set()
            expressions: set[str] = set()
            chosen: Weapon | None = None
            for attacker in attackers:
                if attacker.id == target.id:
                    raise EncounterError(f"{attacker.name} cannot attack itself")
                if attacker.is_player_character:
                    raise EncounterError(f"{attacker.name} is a PC: the chart is for NPCs")
                self._require_able(attacker, "attack")
                chosen = self._weapon(attacker, weapon)
                self._spend_attack(attacker, chosen, "attack", False)
                situation = geometry.attack_situation(
                    self, attacker, target, chosen, reaction=False
                )
                try:
                    working = self.ruleset.attack_working(
                        attacker,
                        target,
                        chosen,
                        cover=situation.cover,
                        obscuration=situation.obscuration,
                        lower_target=False,
                        non_lethal=False,
                        reaction=False,
                        target_retreating=False,
                        bonuses=0,
                        maluses=0,
                        modifier=0,
                    )
                except (AttackError, DamageError) as error:
                    raise EncounterError(f"{attacker.name}: {error}") from error
                modifiers.add(working.modifier)
                expressions.add(self.ruleset.damage_expression(attacker, chosen))
                self._lock(attacker, "group attack")
            if len(modifiers) > 1 or len(expressions) > 1:
                raise EncounterError(
                    "The average-hit chart needs like attackers: these differ in attack bonus"
                    " or damage"
                )
            assert chosen is not None
            bonus = modifiers.pop()
            expression = expressions.pop()
            number, made = self.ruleset.target_number(target, chosen, self.defense(target.id))
            try:
                hits = npc_rules.average_hits(
                    number,
                    bonus,
                    len(attackers),
                    attacker_bonuses=attacker_bonuses,
                    attacker_maluses=attacker_maluses,
                    defender_bonuses=defender_bonuses,
                    defender_maluses=defender_maluses,
                )
                result = npc_rules.chart_result(
                    number,
                    bonus,
                    attacker_bonuses=attacker_bonuses,
                    attacker_maluses=attacker_maluses,
                    defender_bonuses=defender_bonuses,
                    defender_maluses=defender_maluses,
                )
            except npc_rules.NpcError as error:
                raise EncounterError(str(error)) from error
            _, row = npc_rules.chart_row(result)
            static = (minimum(expression) + maximum(expression)) // 2
            self._log(
                "attack",
                f"{len(attackers)} x {chosen.name} at {target.name} ({made}, attack {bonus:+d}):"
                f" chart {result} ({row}): {hits} hit(s) of {static} ({expression} static)",
                target=target.id,
                attackers=[a.id for a in attackers],
                hits=hits,
                static=static,
                chart=result,
            )
            total = 0
            for _ in range(hits):
                total += self._damage(
                    target,
                    max(0, static),
                    chosen.damage_type,
                    unavoidable=False,
                    source=f"{chosen.name} (average hits)",
                )
            return f"Group attack on {target.name}", total

        return self._run(operation)

    # ------------------------------------------------------------------ the round
    def start(self) -> Change:
        """Leave Setup: round 1 begins with the ruleset's first phase."""

        def operation() -> tuple[str, None]:
            if self.round != 0:
                raise EncounterError("The fight has already started")
            self._begin_round(1)
            return "Start the fight", None

        return self._run(operation)

    def advance(self) -> Change:
        """Go to the next phase (the next round after the last), running the automatic steps
        of the phase left and the phase entered."""

        def operation() -> tuple[str, None]:
            if self.round == 0:
                self._begin_round(1)
                return "Start the fight", None
            leaving = self.phase
            self._run_steps(leaving.on_exit, leaving)
            if self.phase_index + 1 < len(self.phases):
                self.phase_index += 1
                entering = self.phase
                self._log("phase", f"{entering.title}", phase_title=entering.title)
                self._run_steps(entering.on_enter, entering)
                return f"Go to {entering.title}", None
            self._begin_round(self.round + 1)
            return f"Start round {self.round}", None

        return self._run(operation)

    def _begin_round(self, number: int) -> None:
        self.round = number
        self.phase_index = 0
        self.round_state = RoundState()
        start = self.elapsed_seconds
        self._log(
            "round",
            f"Round {number} begins ({start}-{start + self.ruleset.round_seconds} s of the fight)",
            clock=start,
        )
        entering = self.phase
        self._log("phase", entering.title, phase_title=entering.title)
        self._run_steps(entering.on_enter, entering)

    def _run_steps(self, steps: Sequence[str], phase: Phase) -> None:
        for step in steps:
            if step == DAMAGE_OVER_TIME:
                self._damage_over_time(self.phase_sides(phase))
            elif step == TICKDOWN:
                self._tick_down(self.phase_sides(phase))
            elif step == INCAPACITATION_CHECK:
                self._incapacitation_check()
            elif step == INITIATIVE:
                self._roll_initiative()

    def _damage_over_time(self, sides: set[str]) -> None:
        catalogue = self.status_catalogue
        for combatant in list(self.combatants.values()):
            if combatant.side not in sides:
                continue
            earlier = [s for s in combatant.statuses if s.applied_round < self.round]
            try:
                dots = status_rules.damage_over_time(earlier, catalogue)
            except status_rules.StatusError as error:
                raise EncounterError(f"{combatant.name}: {error}") from error
            for dot in dots:
                rolled = self._roll(dot.expression, None, None)
                self._log(
                    "roll",
                    f"{dot.status} on {combatant.name}: {rolled.text}",
                    combatant=combatant.id,
                    expression=rolled.expression,
                    total=rolled.total,
                    roll="damage over time",
                )
                self._damage(
                    combatant,
                    max(0, rolled.total),
                    dot.damage_type,
                    unavoidable=False,
                    source=dot.status,
                )

    def _tick_down(self, sides: set[str]) -> None:
        for combatant in self.combatants.values():
            if combatant.side not in sides or not combatant.statuses:
                continue
            result = status_rules.tick_down(combatant.statuses, self.round)
            if tuple(combatant.statuses) == result.remaining:
                continue
            combatant.statuses = list(result.remaining)
            for expired in result.expired:
                self._log(
                    "status",
                    f"{expired.name} on {combatant.name} expires",
                    combatant=combatant.id,
                    status=expired.name,
                    expired=True,
                )
            left = [f"{s.name} ({s.remaining})" for s in result.remaining if s.remaining]
            if left:
                self._log(
                    "status",
                    f"{combatant.name} ticks down: {', '.join(left)}",
                    combatant=combatant.id,
                    statuses=[[s.name, s.remaining] for s in result.remaining],
                )

    def _incapacitation_check(self) -> None:
        for combatant in self.combatants.values():
            if combatant.hp <= 0 and not combatant.incapacitated:
                self._apply_status(combatant, INCAPACITATED, source="0 HP or below")
                self._log(
                    "incapacitated",
                    f"{combatant.name} is at {combatant.hp} HP and becomes Incapacitated"
                    " (ruling 11)",
                    combatant=combatant.id,
                    hp=combatant.hp,
                )

    def _roll_initiative(self) -> None:
        able = sorted({c.side for c in self.combatants.values() if not c.incapacitated})
        if not able:
            return
        for side, value in crawler_rules.roll_initiative(able, self.rng).items():
            self.round_state.initiative[side] = value
            self._log(
                "roll",
                f"Initiative for {side}: 1d6 ({value}) = {value}",
                side=side,
                expression="1d6",
                total=value,
                roll="initiative",
            )

    def set_initiative(self, side: str, value: int) -> Change:
        """Overwrite a side's initiative with the die rolled at the table (1-6)."""

        def operation() -> tuple[str, None]:
            if self.phase.key != "initiative":
                raise EncounterError("Initiative is set during the Initiative phase")
            if side not in self.round_state.initiative:
                raise EncounterError(f"No side {side!r} rolled initiative this round")
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise EncounterError(f"Initiative is a d6: 1 to 6, not {value!r}")
            self.round_state.initiative[side] = value
            self._log(
                "roll",
                f"Initiative for {side} set to {value}",
                side=side,
                total=value,
                roll="initiative",
            )
            return f"Initiative {side} = {value}", None

        return self._run(operation)

    def check_morale(
        self,
        combatant_id: str,
        *,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> Change:
        """Crawler morale: 2d6 against the morale score; over it, the creature breaks (the GM
        handles the surrender or retreat). A ruling: the text names no numbers."""

        def operation() -> tuple[str, bool]:
            combatant = self.combatant(combatant_id)
            if combatant.morale is None:
                raise EncounterError(f"{combatant.name} has no morale score")
            if self.phase.step != "morale":
                raise EncounterError(f"Morale is checked in a morale step, not {self.phase.title}")
            rolled = self._roll("2d6", rng, faces)
            holds = rolled.total <= combatant.morale
            self._log(
                "roll",
                f"{combatant.name} morale: {rolled.text} vs {combatant.morale}: "
                + ("holds" if holds else "breaks (GM: surrender or retreat)"),
                combatant=combatant_id,
                total=rolled.total,
                roll="morale",
                holds=holds,
            )
            return f"Morale for {combatant.name}", holds

        return self._run(operation)

    # ------------------------------------------------------------------ settings
    def set_diagonal_rule(self, rule: str) -> Change:
        def operation() -> tuple[str, None]:
            if rule not in DIAGONAL_RULES:
                raise EncounterError(f"Diagonal rule must be 'double' or 'circle', not {rule!r}")
            self.settings.diagonal = rule
            self._log("setting", f"Diagonal rule: {rule}", diagonal=rule)
            return f"Diagonal rule {rule}", None

        return self._run(operation)

    def set_third_party_turn(self, enabled: bool) -> Change:
        def operation() -> tuple[str, None]:
            if self.round != 0 and self.phase_index != 0:
                raise EncounterError("Add or remove the third-party turn at the start of a round")
            self.settings.third_party_turn = bool(enabled)
            self._log(
                "setting",
                f"Third-party turn {'on' if enabled else 'off'}",
                third_party_turn=bool(enabled),
            )
            return "Third-party turn", None

        return self._run(operation)

    def set_ruleset(self, key: str) -> Change:
        def operation() -> tuple[str, None]:
            if self.round != 0:
                raise EncounterError("The ruleset is chosen before the fight starts")
            self.ruleset = ruleset_for(key)
            self._log("setting", f"Ruleset: {self.ruleset.name}", ruleset=self.ruleset.key)
            return f"Ruleset {self.ruleset.name}", None

        return self._run(operation)


def describe_declaration(declaration: Declaration) -> str:
    parts: list[str] = []
    if declaration.actions:
        parts.append(", ".join(declaration.actions))
    if declaration.reaction:
        parts.append(f"reaction {declaration.reaction}")
    if declaration.free_actions:
        parts.append("free " + ", ".join(declaration.free_actions))
    if declaration.movement is not None:
        parts.append(f"move {declaration.movement} tiles")
    if declaration.defensive:
        parts.append(declaration.defensive)
    if declaration.notes:
        parts.append(f"({declaration.notes})")
    return "; ".join(parts) or "nothing"


def declaration_data(declaration: Declaration) -> dict[str, Any]:
    return {
        "actions": list(declaration.actions),
        "reaction": declaration.reaction,
        "free_actions": list(declaration.free_actions),
        "movement": declaration.movement,
        "defensive": declaration.defensive,
    }
