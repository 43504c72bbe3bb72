"""The resolution phases' queue: the declared reactions and actions still to resolve, and
resolving one by hand (the GM rolled it at the table) or skipping it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.declaration import SPELL_ACTIONS
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.rules import actions as action_rules

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant
    from drase_desktop.encounter.encounter import Encounter


RESOLUTIONS = ("resolved by hand", "skipped")


@operation("combatant_id")
def resolve_by_hand(
    encounter: Encounter,
    combatant_id: str,
    action: str,
    *,
    outcome: str = "resolved by hand",
    note: str = "",
    reaction: bool = False,
) -> tuple[str, None]:
    """Mark one declared action (or the reaction) as done without the app rolling it: the GM
    resolved it at the table, or skipped it. It counts as used for the round."""
    combatant = encounter.combatant(combatant_id)
    if outcome not in RESOLUTIONS:
        raise EncounterError(f"outcome must be one of {', '.join(RESOLUTIONS)}")
    if encounter.round == 0:
        raise EncounterError("Nothing is declared before the fight starts")
    name = " ".join(action.lower().split())
    declaration = encounter.declaration(combatant_id)
    declared = (
        (1 if declaration.reaction == name else 0) if reaction else declaration.times_declared(name)
    )
    if declaration.times_used(name) >= declared:
        kind = "reaction" if reaction else "action"
        raise EncounterError(f"{combatant.name} has no unresolved {kind} {name!r} this round")
    encounter.declaration_for_update(combatant_id).used.append(name)
    extra = f": {note.strip()}" if note.strip() else ""
    encounter.log_event(
        "note",
        f"{combatant.name}'s {name} {outcome}{extra}",
        combatant=combatant_id,
        action=name,
        outcome=outcome,
        reaction=reaction,
    )
    return f"{combatant.name}: {name} {outcome}", None


@dataclass(frozen=True)
class QueueItem:
    """One declared reaction or action to resolve in a resolution phase."""

    combatant_id: str
    name: str
    action: str
    reaction: bool
    attack: bool
    index: int  # the n-th use of this action by this combatant this round (0-based)
    done: bool
    # What the attack uses when the action names it: a declared cast aims the caster's first
    # attack spell (None: the attacker's own choice, its first weapon).
    weapon: str | None = None

    @property
    def key(self) -> tuple[str, str, bool, int]:
        return (self.combatant_id, self.action, self.reaction, self.index)


def resolution_queue(encounter: Encounter) -> list[QueueItem]:
    """The declared reactions, then actions, of the sides whose declarations the current
    resolution phase resolves (GM Resolution: the players'; GM End Round Resolution: the GM's).
    Movement entries are left out: the GM moves tokens on the map."""
    if encounter.round == 0 or not encounter.ruleset.declares_actions:
        return []
    phase = encounter.phase
    # GM Resolution and GM End Round Resolution; a third-party turn declares and resolves in
    # one phase.
    if not phase.resolves:
        return []
    sides = encounter.phase_sides(phase)
    catalogue = encounter.action_catalogue
    reactions: list[QueueItem] = []
    actions: list[QueueItem] = []
    for combatant in encounter.combatants.values():
        if combatant.side not in sides:
            continue
        declaration = encounter.declaration(combatant.id)
        if declaration.reaction:
            name = declaration.reaction
            spell = _attack_spell(combatant, name)
            reactions.append(
                QueueItem(
                    combatant.id,
                    combatant.name,
                    name,
                    True,
                    _is_attack(catalogue, name) or spell is not None,
                    0,
                    declaration.times_used(name) >= 1,
                    spell,
                )
            )
        seen: dict[str, int] = {}
        for name in declaration.actions:
            if _cost(catalogue, name) == "movement":
                continue
            index = seen.get(name, 0)
            seen[name] = index + 1
            used = declaration.times_used(name) - (1 if declaration.reaction == name else 0)
            spell = _attack_spell(combatant, name)
            actions.append(
                QueueItem(
                    combatant.id,
                    combatant.name,
                    name,
                    False,
                    _is_attack(catalogue, name) or spell is not None,
                    index,
                    used > index,
                    spell,
                )
            )
    return reactions + actions


def _attack_spell(combatant: Combatant, action: str) -> str | None:
    """The attack spell a declared cast resolves with (the caster's first), or None."""
    if action not in SPELL_ACTIONS:
        return None
    return next((w.name for w in combatant.weapons if w.spell), None)


def _is_attack(catalogue: action_rules.ActionCatalogue, name: str) -> bool:
    try:
        return catalogue.action(name).attack
    except action_rules.ActionError:
        return False


def _cost(catalogue: action_rules.ActionCatalogue, name: str) -> str:
    try:
        return catalogue.action(name).cost
    except action_rules.ActionError:
        return ""
