"""One attack at several targets (an area spell, a sweep) as one undoable step."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.ruleset import AttackChoices
from drase_desktop.rules.dice import Roll
from drase_desktop.rules.dice_source import DiceRequest, DiceSource

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import AttackResult, Encounter


class DamageOnce:
    """The dice of one area attack: its damage is rolled once, and every hit deals that roll
    (each after its own resistances)."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.damage: Roll | None = None

    def roll(self, request: DiceRequest) -> Roll:
        if request.purpose != "damage":
            return self.dice.roll(request)
        if self.damage is None:
            self.damage = self.dice.roll(request)
        return self.damage


@operation("attacker_id", "target_ids")
def resolve_area_attack(
    encounter: Encounter,
    /,
    attacker_id: str,
    target_ids: Sequence[str],
    *,
    weapon: str | None = None,
    attack_faces: Mapping[str, Sequence[int]] | None = None,
    damage_faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
    dice: DiceSource | None = None,
    **options: Any,
) -> tuple[str, list[AttackResult]]:
    """One attack at several targets (an area spell, a sweep), spending one declared action;
    the GM's choices are given by the names of `AttackChoices` (action, reaction, bonuses,
    maluses, modifier, non_lethal, cover), as `resolve_attack` takes them.

    Rulings (logged): each target gets its own attack roll, since cover, obscuration, height and
    defense differ per target; then the damage is rolled once, if a hit needs it, and dealt to
    every target hit, each after its own resistances; a PC's critical maximises it for that
    target only (ruling 8). The dice come from `dice`; `attack_faces` (by target) and
    `damage_faces` answer those rolls first. `.result` is the list of `AttackResult`s in
    target order."""
    attacker = encounter.combatant(attacker_id)
    targets = [encounter.combatant(t) for t in dict.fromkeys(target_ids)]
    if not targets:
        raise EncounterError("An area attack needs at least one target")
    choices = AttackChoices(**options)
    chosen = encounter.ready_attack(attacker, targets, weapon, choices)
    source = DamageOnce(encounter.dice_source(dice, rng, attack=attack_faces, damage=damage_faces))
    names = ", ".join(t.name for t in targets)
    encounter.log_event(
        "ruling",
        f"{attacker.name}'s {chosen.name} at {len(targets)} targets ({names}): one attack"
        " roll per target, one damage roll for every target hit",
        combatant=attacker.id,
        targets=[t.id for t in targets],
    )
    rolled = [
        encounter.roll_attack(attacker, target, chosen, choices, source) for target in targets
    ]
    if any(encounter.damage_dice_needed(attacker, chosen, attack) for attack in rolled):
        expression, title = encounter.damage_request(attacker, chosen)
        encounter.roll_dice(source, expression, "damage", title=title)  # the one damage roll
    results = [
        encounter.settle_attack(attacker, target, chosen, choices, attack, source)
        for target, attack in zip(targets, rolled, strict=True)
    ]
    return f"{attacker.name}'s {chosen.name} at {len(targets)} targets", results
