"""One attack at several targets (an area spell, a sweep) as one undoable step."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.ruleset import AttackChoices
from drase_desktop.rules.dice import DiceError, roll

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import AttackResult, Encounter


@operation("attacker_id", "target_ids")
def resolve_area_attack(
    encounter: Encounter,
    attacker_id: str,
    target_ids: Sequence[str],
    *,
    weapon: str | None = None,
    action: str = "attack",
    reaction: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
    modifier: int = 0,
    non_lethal: bool = False,
    attack_faces: Mapping[str, Sequence[int]] | None = None,
    damage_faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> tuple[str, list[AttackResult]]:
    """One attack at several targets (an area spell, a sweep), spending one declared action.

    Rulings (logged): each target gets its own attack roll, since cover, obscuration, height and
    defense differ per target; the damage is rolled once and dealt to every target hit, each
    after its own resistances; a PC's critical maximises it for that target only (ruling 8).
    `.result` is the list of `AttackResult`s in target order."""
    attacker = encounter.combatant(attacker_id)
    targets = [encounter.combatant(t) for t in dict.fromkeys(target_ids)]
    if not targets:
        raise EncounterError("An area attack needs at least one target")
    choices = AttackChoices(action, reaction, bonuses, maluses, modifier, non_lethal)
    chosen = encounter._ready_attack(attacker, targets, weapon, choices)
    expression = encounter.ruleset.damage_expression(attacker, chosen)
    try:
        faces = (
            list(damage_faces)
            if damage_faces is not None
            else list(roll(expression, encounter._rng(rng)).faces)
        )
    except DiceError as error:
        raise EncounterError(str(error)) from error
    names = ", ".join(t.name for t in targets)
    encounter._log(
        "ruling",
        f"{attacker.name}'s {chosen.name} at {len(targets)} targets ({names}): one attack"
        " roll per target, one damage roll for every target hit",
        combatant=attacker.id,
        targets=[t.id for t in targets],
    )
    results = []
    for target in targets:
        results.append(
            encounter._attack(
                attacker,
                target,
                chosen,
                choices,
                attack_faces=(attack_faces or {}).get(target.id),
                damage_faces=faces,
                rng=rng,
            )
        )
    return f"{attacker.name}'s {chosen.name} at {len(targets)} targets", results
