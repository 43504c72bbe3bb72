"""Crawler spells (crawler-combat-phase.txt): they hit automatically in range or area, and each
target may roll a 1d20 saving throw. One undoable operation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from drase_desktop.encounter import geometry
from drase_desktop.encounter.attack_operations import _refuse_another_attack
from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.rules import crawler as crawler_rules
from drase_desktop.rules.dice_source import DiceSource

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


@operation("caster_id", "target_ids")
def resolve_spell(
    encounter: Encounter,
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
    dice: DiceSource | None = None,
) -> tuple[str, dict[str, int]]:
    """Crawler spells hit automatically in range or area; each target may roll a 1d20 save
    (>= the save number: no damage, or half with `half_on_save`). Damage is rolled once for
    the whole spell, then each target saves. (Drase spells are attacks: resolve them with
    `resolve_attack`.) The dice come from `dice`; `damage_faces` and `save_faces` (by
    target) answer those rolls first."""
    caster = encounter.combatant(caster_id)
    if not encounter.ruleset.spells_hit_automatically:
        raise EncounterError(
            f"{encounter.ruleset.name} spells roll to hit or target a save: give"
            f" {caster.name} the spell as an attack and resolve it as one"
        )
    if encounter.round == 0:
        raise EncounterError("Start the fight before casting")
    if not target_ids:
        raise EncounterError(f"{name} needs at least one target")
    encounter.require_able(caster, "cast")
    error = encounter.ruleset.spell_step_error(encounter.phase, caster)
    if error:
        raise EncounterError(error)
    targets = [encounter.combatant(t) for t in dict.fromkeys(target_ids)]
    probe = Weapon(name, damage, damage_kind, ranged=True, reach=reach or 0)
    for target in targets:
        if reach is not None:
            geometry.attack_situation(encounter, caster, target, probe, reaction=False)
    declaration = encounter.declaration_for_update(caster.id)
    _refuse_another_attack(caster, declaration)
    declaration.attacks += 1
    declaration.used.append("spell")
    source = encounter.dice_source(dice, rng, damage=damage_faces, save=save_faces)
    rolled = encounter.roll_dice(source, damage, "damage", title=f"{caster.name}'s {name}: damage")
    encounter.log_roll(
        f"{caster.name} casts {name}: {rolled.text} (hits automatically)",
        rolled,
        combatant=caster.id,
        roll="spell damage",
    )
    dealt: dict[str, int] = {}
    for target in targets:
        amount = max(0, rolled.total)
        if save_target is not None:
            modifier = target.modifier(save_attribute) if save_attribute else 0
            expression = f"1d20 {modifier:+d}" if modifier else "1d20"
            save = encounter.roll_dice(
                source,
                expression,
                "save",
                subject=target.id,
                title=f"{target.name} saves against {name}",
            )
            outcome = crawler_rules.saving_throw(save.total, save_target)
            encounter.log_event(
                "roll",
                f"{target.name} saves against {name}: {save.text}: {outcome.reason}",
                combatant=target.id,
                total=save.total,
                roll="save",
                saved=outcome.success,
            )
            # Ruling 32: a save is a roll the target makes.
            encounter.lock_declaration(target, "save rolled")
            if outcome.success:
                amount = amount // 2 if half_on_save else 0
        dealt[target.id] = encounter.deal_damage(
            target, amount, damage_kind, unavoidable=False, source=f"{caster.name}'s {name}"
        )
    return f"{caster.name} casts {name}", dealt
