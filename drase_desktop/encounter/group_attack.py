"""The GM mechanic "NPC Average Hit" (ruling 25): a group of like NPCs attacking one target scores
hits from the chart, with no rolls; each hit deals the weapon's static damage. Its preview (what
the chart gives, before anything changes) and the operation that applies it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter import geometry
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.ruleset import AttackChoices
from drase_desktop.rules import npc as npc_rules
from drase_desktop.rules.attack import AttackError
from drase_desktop.rules.damage import DamageError

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant, Weapon
    from drase_desktop.encounter.encounter import Encounter


@dataclass(frozen=True)
class GroupAttackPreview:
    """What the chart gives a group: their attack bonus against the target's number, the map's
    bonus/malus dice per attacker (they shift the chart as the GM's do), the chart's result and
    row, the hits and the static damage of each."""

    attacker_ids: tuple[str, ...]
    target_id: str
    weapon: str
    attack_bonus: int
    target_number: int
    target_text: str
    map_bonuses: int
    map_maluses: int
    map_dice_text: str
    chart: int
    row: str
    hits: int
    static: int
    damage_expression: str
    damage_type: str

    def text(self) -> str:
        """The preview as the GM reads it before applying the hits."""
        map_dice = (
            f"\nFrom the map: {self.map_bonuses} bonus(es), {self.map_maluses} malus(es) per"
            " attacker"
            if self.map_bonuses or self.map_maluses
            else ""
        )
        return (
            f"{len(self.attacker_ids)} attacker(s), attack {self.attack_bonus:+d} against"
            f" {self.target_text}\n"
            f"Chart {self.target_number} - {self.attack_bonus} (with shifts) = {self.chart}:"
            f" {self.row}\n"
            f"{self.hits} hit(s) x {self.static} ({self.damage_expression} static)"
            f" {self.damage_type}{map_dice}"
        )


def group_attack_preview(
    encounter: Encounter,
    attacker_ids: Sequence[str],
    target_id: str,
    *,
    weapon: str | None = None,
    **dice: int,
) -> GroupAttackPreview:
    """The chart's answer for these attackers and this target, exactly as
    `resolve_group_attack` applies it; the GM's bonus and malus dice given by the names of
    `rules.npc.ChartDice` (attacker_bonuses, attacker_maluses, defender_bonuses,
    defender_maluses). An EncounterError says why the chart cannot be used (PCs, unlike
    attackers, a blocked attack). Reads only."""
    attackers = [encounter.combatant(a) for a in dict.fromkeys(attacker_ids)]
    if not attackers:
        raise EncounterError("A group attack needs at least one attacker")
    target = encounter.combatant(target_id)
    try:
        gm_dice = npc_rules.ChartDice(**dice)
    except npc_rules.NpcError as error:
        raise EncounterError(str(error)) from error
    modifiers: set[int] = set()
    expressions: set[str] = set()
    # The map's bonus/malus dice (lower target, obscuration), as a single attack rolls them:
    # on the chart they shift r like the GM's own (rulings 20, 23, 25).
    map_dice: set[tuple[int, int]] = set()
    dice_text = ""
    chosen: Weapon | None = None
    for attacker in attackers:
        chosen = _chart_weapon(encounter, attacker, target, weapon)
        situation = geometry.attack_situation(encounter, attacker, target, chosen, reaction=False)
        try:
            working = encounter.build_attack_working(
                attacker, target, chosen, situation, AttackChoices()
            )
        except (AttackError, DamageError) as error:
            raise EncounterError(f"{attacker.name}: {error}") from error
        modifiers.add(working.modifier)
        map_dice.add((working.bonuses, working.maluses))
        dice_text = ", ".join(p.describe() for p in working.parts if p.kind != "flat" and p.amount)
        expressions.add(encounter.ruleset.damage_expression(attacker, chosen))
    if len(modifiers) > 1 or len(expressions) > 1 or len(map_dice) > 1:
        raise EncounterError(
            "The average-hit chart needs like attackers: these differ in attack bonus,"
            " bonus/malus dice from the map, or damage"
        )
    assert chosen is not None
    bonus = modifiers.pop()
    expression = expressions.pop()
    map_bonuses, map_maluses = map_dice.pop()
    number, made = encounter.ruleset.target_number(target, chosen, encounter.defense(target.id))
    chart = gm_dice.with_attackers(map_bonuses, map_maluses)
    result = chart.result(number, bonus)
    hits = npc_rules.average_hits(number, bonus, len(attackers), **asdict(chart))
    _, row = npc_rules.chart_row(result)
    return GroupAttackPreview(
        tuple(a.id for a in attackers),
        target.id,
        chosen.name,
        bonus,
        number,
        made,
        map_bonuses,
        map_maluses,
        dice_text,
        result,
        row,
        hits,
        npc_rules.static_damage(expression),
        expression,
        chosen.damage_type,
    )


def _chart_weapon(
    encounter: Encounter, attacker: Combatant, target: Combatant, weapon: str | None
) -> Weapon:
    if attacker.id == target.id:
        raise EncounterError(f"{attacker.name} cannot attack itself")
    if attacker.is_player_character:
        raise EncounterError(f"{attacker.name} is a PC: the chart is for NPCs")
    return encounter.weapon_named(attacker, weapon)


@operation("attacker_ids", "target_id")
def resolve_group_attack(
    encounter: Encounter,
    /,
    attacker_ids: Sequence[str],
    target_id: str,
    *,
    weapon: str | None = None,
    **dice: int,
) -> tuple[str, int]:
    """GM mechanic "NPC Average Hit" (ruling 25): the chart's hits (see `group_attack_preview`,
    which takes the same dice), each dealing the weapon's static (average, rounded down)
    damage. Each attacker spends one declared attack. `.result` is the damage dealt in all."""
    if not encounter.ruleset.has_npc_average_hits:
        raise EncounterError(
            f"The NPC average-hit chart is a Drase rule, not {encounter.ruleset.name}"
        )
    if encounter.round == 0:
        raise EncounterError("Start the fight before attacking")
    preview = group_attack_preview(encounter, attacker_ids, target_id, weapon=weapon, **dice)
    target = encounter.combatant(target_id)
    for attacker_id in preview.attacker_ids:
        attacker = encounter.combatant(attacker_id)
        encounter.require_able(attacker, "attack")
        chosen = encounter.weapon_named(attacker, weapon)
        encounter.spend_attack(attacker, chosen, "attack", False)
        encounter.lock_declaration(attacker, "group attack")
    count = len(preview.attacker_ids)
    encounter.log_event(
        "attack",
        f"{count} x {preview.weapon} at {target.name} ({preview.target_text}, attack"
        f" {preview.attack_bonus:+d}): chart {preview.chart} ({preview.row}): {preview.hits}"
        f" hit(s) of {preview.static} ({preview.damage_expression} static)"
        + (f"; each attacker has {preview.map_dice_text}" if preview.map_dice_text else ""),
        target=target.id,
        attackers=list(preview.attacker_ids),
        hits=preview.hits,
        static=preview.static,
        chart=preview.chart,
    )
    total = 0
    for _ in range(preview.hits):
        total += encounter.deal_damage(
            target,
            max(0, preview.static),
            preview.damage_type,
            unavoidable=False,
            source=f"{preview.weapon} (average hits)",
        )
    return f"Group attack on {target.name}", total
