"""An attack's preview: its working, target number and exact chances, read before any roll
and without changing the encounter (the same working `resolve_attack` builds)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from drase_desktop.board.distance import footprint_gap
from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.health_operations import damage_against
from drase_desktop.encounter.ruleset import AttackChoices
from drase_desktop.encounter.sides import allied
from drase_desktop.rules.actions import ActionError
from drase_desktop.rules.attack import AttackError
from drase_desktop.rules.damage import DamageError
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


@dataclass(frozen=True)
class AttackPreview:
    """What an attack would be, before rolling: every labelled term, the expression, the target
    number and how it was made, and the exact chances. `blocked` is the reason no attack can be
    made (full cover, total obscuration, out of reach); then the numbers are empty."""

    attacker_id: str
    target_id: str
    weapon: str
    working: Working | None
    target_number: int | None
    target_text: str
    hit: float
    critical: float
    blocked: str = ""
    unavoidable: bool = False
    save_targeting: bool = False
    damage_expression: str = ""
    damage_type: str = ""
    situation_notes: tuple[str, ...] = field(default=())
    # What the target's defences do to the damage (rules.damage: IMMUNE, HALVED, INCREASED or
    # ""), and what a critical does for this attacker ("" when the system has no crits).
    damage_effect: str = ""
    critical_note: str = ""

    @property
    def expression(self) -> str:
        return self.working.expression if self.working is not None else ""


def weapon_of(encounter: Encounter, attacker: Combatant, name: str | None) -> Weapon:
    return encounter.weapon_named(attacker, name)


def is_reaction(encounter: Encounter, action: str) -> bool:
    """Whether the catalogue's `action` is a reaction (a system without declared actions has
    none; an unknown action is none)."""
    if not encounter.ruleset.declares_actions:
        return False
    try:
        return encounter.action_catalogue.action(action).cost == "reaction"
    except ActionError:
        return False


def likely_targets(encounter: Encounter, attacker_id: str) -> list[Combatant]:
    """Everyone the attacker could aim at, in the order an attack is usually aimed: creatures
    of other sides first, able ones first, nearest first (tiles between their nearest tiles;
    off the map last)."""
    attacker = encounter.combatants.get(attacker_id)
    others = [c for c in encounter.combatants.values() if attacker is None or c.id != attacker.id]
    if attacker is None:
        return others

    def gap(other: Combatant) -> int:
        if attacker.position is None or other.position is None:
            return 10**6
        dx, dy = footprint_gap(
            attacker.position, other.position, attacker.footprint, other.footprint
        )
        return max(dx, dy)

    return sorted(others, key=lambda c: (allied(c, attacker), c.incapacitated, gap(c)))


def attack_preview(
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    *,
    weapon: str | None = None,
    reaction: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
    modifier: int = 0,
    non_lethal: bool = False,
    cover: int = 0,
) -> AttackPreview:
    """The working of an attack exactly as `resolve_attack` would build it, with the chances;
    `cover` is the GM's figure for a Crawler attack (ruling 48). Reads only; never changes the
    encounter."""
    attacker = encounter.combatant(attacker_id)
    target = encounter.combatant(target_id)
    chosen = weapon_of(encounter, attacker, weapon)
    ruleset = encounter.ruleset
    damage = ruleset.damage_expression(attacker, chosen)
    save_targeting = chosen.save is not None and not chosen.unavoidable
    empty = AttackPreview(
        attacker.id,
        target.id,
        chosen.name,
        None,
        None,
        "",
        0.0,
        0.0,
        damage_expression=damage,
        damage_type=chosen.damage_type,
        save_targeting=chosen.save is not None,
        damage_effect=damage_against(
            target, 0, chosen.damage_type, unavoidable=chosen.unavoidable
        ).effect,
        # Ruling 8 (a PC's crit maximises every die); a save-targeting attack never crits.
        critical_note="" if save_targeting else ruleset.critical_text(attacker),
    )
    if attacker.id == target.id:
        return replace(empty, blocked=f"{attacker.name} cannot attack itself")
    refused = ruleset.attack_option_error(
        bonuses=bonuses, maluses=maluses, non_lethal=non_lethal, cover=cover
    )
    if refused:
        return replace(empty, blocked=f"No attack: {refused}")
    try:
        situation = geometry.attack_situation(
            encounter, attacker, target, chosen, reaction=reaction
        )
    except geometry.GeometryError as error:
        return replace(empty, blocked=f"No attack: {error}")
    notes = []
    if situation.distance is not None:
        notes.append(f"distance {situation.distance:g} tiles ({situation.distance * 2:g} m)")
    if situation.cover != "none" or any("ruling 29" in r for r in situation.cover_reasons):
        notes.extend(situation.cover_reasons)
    notes.extend(situation.obscuration_reasons)
    if chosen.unavoidable:
        return replace(
            empty,
            target_text="unavoidable: no attack roll",
            hit=1.0,
            unavoidable=True,
            save_targeting=False,  # no roll at all, so no save is targeted
            situation_notes=tuple(notes),
        )
    try:
        choices = AttackChoices(
            reaction=reaction,
            bonuses=bonuses,
            maluses=maluses,
            modifier=modifier,
            non_lethal=non_lethal or chosen.non_lethal,
            cover=cover,
        )
        working = encounter.build_attack_working(attacker, target, chosen, situation, choices)
    except (AttackError, DamageError) as error:
        return replace(empty, blocked=f"No attack: {error}")
    defense = encounter.defense(target.id) if ruleset.has_defense_roll else 0
    number, made = ruleset.target_number(target, chosen, defense)
    hit, critical = _chances(encounter, working, number, chosen.save is not None)
    return replace(
        empty,
        working=working,
        target_number=number,
        target_text=made,
        hit=hit,
        critical=critical,
        situation_notes=tuple(notes),
    )


def _chances(
    encounter: Encounter, working: Working, number: int, save_targeting: bool
) -> tuple[float, float]:
    """Exact chances under the encounter's own judge (its ruleset decides: Drase beats the
    number with a natural 20 hitting; Crawler reaches it)."""
    return encounter.ruleset.chances(working, number, save_targeting=save_targeting)
