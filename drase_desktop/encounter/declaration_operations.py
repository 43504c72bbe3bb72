"""Declarations and the rolls that lock them (ruling 16): declaring, locking, defense rolls,
other rolls, notes, the GM's own actions (ruling 15)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from drase_desktop.encounter.combatant import (
    Combatant,
)
from drase_desktop.encounter.declaration import (
    Declaration,
    DeclarationError,
    check_declaration,
    defense_bonus_from,
    movement_multiplier,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.gm_entries import add_gm_entry
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.sides import side_words
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules.crawler import FIGHTING_WITHDRAWAL
from drase_desktop.rules.dice import (
    Roll,
    bonus_malus,
)


class DeclarationOperations(EncounterState):
    def declares_now(self, combatant: Combatant) -> bool:
        """Whether the combatant's side declares in this phase (a declaration phase of its
        side, once the fight has started); able or not."""
        phase = self.phase
        return self.started and phase.declares and combatant.side in self.phase_sides(phase)

    def why_not_declaring(self, combatant: Combatant) -> str:
        """Empty when the combatant may declare now, else the reason in the GM's words (the
        refusal `declare` gives). A locked declaration is a state of its own, not asked here."""
        if not self.started:
            return "Start the fight before declaring actions"
        if not self.declares_now(combatant):
            return (
                f"{combatant.name} ({side_words(combatant.side)}) cannot declare during"
                f" {self.phase.title}"
            )
        return self.inability(combatant, "declare actions") or ""

    """Declaration and roll operations of `Encounter` (mixed into it; each returns a `Change`)."""

    @operation("combatant_id")
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
        targets: Sequence[str] = (),
    ) -> tuple[str, None]:
        """Replace the combatant's declaration for this round (refused once locked). `targets`
        are the creatures it means to attack, first aimed first."""
        combatant = self.combatant(combatant_id)
        why = self.why_not_declaring(combatant)
        if why:
            raise EncounterError(why)
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
            targets=self._declared_targets(combatant, targets),
            used=list(current.used),
            moved=current.moved,
            attacks=current.attacks,
        )
        try:
            self._check_declaration(combatant, new)
        except (DeclarationError, action_rules.ActionError) as error:
            raise EncounterError(f"{combatant.name}: {error}") from error
        self.round_state.declarations[combatant_id] = new
        self.log_event(
            "declare",
            f"{combatant.name} declares: {describe_declaration(new, self.target_names(new))}",
            combatant=combatant_id,
            **declaration_data(new),
        )
        return f"Declare for {combatant.name}", None

    def target_names(self, declaration: Declaration) -> dict[str, str]:
        """The declared targets' names by id (one that left the fight keeps its id)."""
        found = self.combatants
        return {t: found[t].name if t in found else t for t in declaration.targets}

    def _declared_targets(self, combatant: Combatant, targets: Sequence[str]) -> list[str]:
        chosen = list(dict.fromkeys(targets))
        for target_id in chosen:
            target = self.combatant(target_id)
            if target.id == combatant.id:
                raise EncounterError(f"{combatant.name} cannot aim at itself")
        return chosen

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
            if declaration.defensive == FIGHTING_WITHDRAWAL and self.blocked_behind(combatant.id):
                raise DeclarationError(
                    "fighting withdrawal is not possible with creatures or terrain behind"
                    " (no free tile leads away from its opponents): retreat instead"
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

    @operation("combatant_id")
    def lock(self, combatant_id: str) -> tuple[str, None]:
        """Lock a declaration by hand (e.g. the player rolled physical dice)."""
        combatant = self.combatant(combatant_id)
        if self.round == 0:
            raise EncounterError("Nothing to lock before the fight starts")
        if self.declaration(combatant_id).locked:
            raise EncounterError(f"{combatant.name}'s declaration is already locked")
        self.lock_declaration(combatant, "locked by the GM")
        return f"Lock {combatant.name}", None

    # ------------------------------------------------------------------ rolls
    @operation("combatant_id")
    def roll_defense(
        self,
        combatant_id: str,
        *,
        bonuses: int | None = None,
        maluses: int | None = None,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> tuple[str, int]:
        """Roll the round's defense bonus/malus (ruling 7): it shifts AC and saves this round."""
        combatant = self.combatant(combatant_id)
        if not self.ruleset.has_defense_roll:
            raise EncounterError(f"{self.ruleset.name} has no defense roll")
        if not self.declares_now(combatant):
            raise EncounterError(
                f"{combatant.name} rolls defense in its own side's declaration phase, not"
                f" in {self.phase.title}"
            )
        self.require_able(combatant, "roll defense")
        if combatant_id in self.round_state.defense:
            raise EncounterError(f"{combatant.name} already rolled defense this round")
        expression = self.defense_expression(combatant_id, bonuses=bonuses, maluses=maluses)
        if expression:
            rolled = self.roll_expression(expression, rng, faces)
            value = rolled.total
            text = rolled.text
        else:
            value, text = 0, "no net bonus or malus: 0"
        self.round_state.defense[combatant_id] = value
        self.log_roll_total(
            "defense",
            f"{combatant.name} rolls defense: {text} (AC and saves {value:+d} this round)",
            value,
            combatant=combatant_id,
            expression=expression,
        )
        self.lock_declaration(combatant, "defense rolled")
        return f"Roll defense for {combatant.name}", value

    def defense_expression(
        self, combatant_id: str, *, bonuses: int | None = None, maluses: int | None = None
    ) -> str:
        """The dice of the combatant's defense roll this round ("+2d6k1", "-1d6k1", or "" for
        none): unless the GM gives the counts, its standing ones plus 1 bonus per declared
        Defend (ruling 7). Reads only."""
        combatant = self.combatant(combatant_id)
        b = (
            combatant.defense_bonuses + defense_bonus_from(self.declaration(combatant_id).actions)
            if bonuses is None
            else bonuses
        )
        m = combatant.defense_maluses if maluses is None else maluses
        if b < 0 or m < 0:
            raise EncounterError("Defense bonuses and maluses are counts, 0 or more")
        return bonus_malus(b, m)

    @operation("combatant_id")
    def roll_for(
        self,
        combatant_id: str | None,
        expression: str,
        *,
        label: str = "roll",
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> tuple[str, Roll]:
        """Any other roll (an ability check, a save). A roll for a combatant locks it."""
        combatant = self.combatant(combatant_id) if combatant_id else None
        rolled = self.roll_expression(expression, rng, faces)
        who = f"{combatant.name}: " if combatant else ""
        self.log_roll(
            f"{who}{label}: {rolled.text}",
            rolled,
            combatant=combatant_id,
            roll=label,
        )
        if combatant is not None:
            self.lock_declaration(combatant, f"{label} rolled")
        return f"Roll {label}", rolled

    @operation()
    def note(self, text: str) -> tuple[str, None]:
        if not text.strip():
            raise EncounterError("A note needs some text")
        self.log_event("note", text.strip())
        return "Note", None

    @operation()
    def define_action(
        self,
        name: str,
        cost: str,
        *,
        attack: bool = False,
        damage_kind: str | None = None,
        rule: str = "",
    ) -> tuple[str, None]:
        """Add a GM action to this encounter's catalogue (ruling 15): a name, a cost (full,
        half, free, reaction, movement), whether it is an attack, its damage type, its rule."""
        action = add_gm_entry(
            lambda: action_rules.Action(name, cost, attack, damage_kind, rule),
            self.action_catalogue,
            self.custom_actions,
        )
        self.log_event(
            "setting",
            f"New {action.cost} action {action.name!r} defined",
            action=action.to_dict(),
        )
        return f"Define action {action.name}", None


def describe_declaration(declaration: Declaration, names: Mapping[str, str] | None = None) -> str:
    """The declaration in one line; `names` (id -> name) words its targets."""
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
    if declaration.targets:
        named = names or {}
        parts.append("at " + ", ".join(named.get(t, t) for t in declaration.targets))
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
        "targets": list(declaration.targets),
    }
