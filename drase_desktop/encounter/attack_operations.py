"""Attacks, whole: the roll built from the rules and the map, the judge, damage, the critical
effect; Crawler spells; NPC average hits (ruling 25)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import (
    Combatant,
    CombatantError,
    Weapon,
)
from drase_desktop.encounter.declaration import Declaration
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.results import AttackResult
from drase_desktop.encounter.ruleset import RETREAT, AttackChoices, AttackTerms
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules import crawler as crawler_rules
from drase_desktop.rules import npc as npc_rules
from drase_desktop.rules.attack import BLOCKING_COVER, AttackError
from drase_desktop.rules.damage import DamageError, roll_damage
from drase_desktop.rules.dice import (
    DiceError,
    maximum,
    minimum,
)
from drase_desktop.rules.working import Working


class AttackOperations(EncounterState):
    """Attack operations of `Encounter` (mixed into it; each returns a `Change`)."""

    @operation("attacker_id", "target_id")
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
    ) -> tuple[str, AttackResult]:
        """One attack, whole: checks, the roll built from the rules, the judge, damage, the
        critical effect. `.result` is an `AttackResult`."""
        attacker = self.combatant(attacker_id)
        target = self.combatant(target_id)
        choices = AttackChoices(action, reaction, bonuses, maluses, modifier, non_lethal)
        chosen = self._ready_attack(attacker, [target], weapon, choices)
        result = self._attack(
            attacker,
            target,
            chosen,
            choices,
            attack_faces=attack_faces,
            damage_faces=damage_faces,
            rng=rng,
        )
        return f"{attacker.name} attacks {target.name}", result

    def _ready_attack(
        self,
        attacker: Combatant,
        targets: Sequence[Combatant],
        weapon: str | None,
        choices: AttackChoices,
    ) -> Weapon:
        """Refuse an attack the fight, the round's bookkeeping or the ruleset does not allow;
        else spend it (one declared action for any number of targets). The weapon it uses."""
        if any(target.id == attacker.id for target in targets):
            raise EncounterError(f"{attacker.name} cannot attack itself")
        if self.round == 0:
            raise EncounterError("Start the fight before attacking")
        self._require_able(attacker, "attack")
        chosen = self._weapon(attacker, weapon)
        if choices.bonuses < 0 or choices.maluses < 0:
            raise EncounterError("Bonuses and maluses are counts, 0 or more")
        refused = self.ruleset.attack_option_error(
            bonuses=choices.bonuses, maluses=choices.maluses, non_lethal=choices.non_lethal
        )
        if refused:
            raise EncounterError(refused)
        self._spend_attack(attacker, chosen, choices.action, choices.reaction)
        return chosen

    def _weapon(self, attacker: Combatant, name: str | None) -> Weapon:
        if not attacker.weapons:
            raise EncounterError(f"{attacker.name} has no weapons or attacks to use")
        if name is None:
            return attacker.weapons[0]
        try:
            return attacker.weapon(name)
        except CombatantError as error:
            raise EncounterError(str(error)) from error

    def attack_refusal(
        self,
        attacker_id: str,
        *,
        weapon: str | None = None,
        action: str = "attack",
        reaction: bool = False,
    ) -> str:
        """Why this round's bookkeeping would refuse the attack now (not declared, already
        used, the wrong Crawler step), or "": the window disables Roll with this reason
        instead of letting the GM press it for a refusal. Changes nothing."""
        try:
            attacker = self.combatant(attacker_id)
            self._check_attack_spend(attacker, self._weapon(attacker, weapon), action, reaction)
        except EncounterError as error:
            return str(error)
        return ""

    def _spend_attack(
        self, attacker: Combatant, weapon: Weapon, action: str, reaction: bool
    ) -> None:
        action = self._check_attack_spend(attacker, weapon, action, reaction)
        declaration = self._declaration_for_update(attacker.id)
        declaration.used.append(action)
        declaration.attacks += 1

    def _check_attack_spend(
        self, attacker: Combatant, weapon: Weapon, action: str, reaction: bool
    ) -> str:
        """Raise EncounterError unless the attacker may spend this attack now; returns the
        action's catalogue name."""
        declaration = self.declaration(attacker.id)
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
            refusal = self.ruleset.attack_step_error(self.phase, attacker, weapon)
            if refusal:
                raise EncounterError(refusal)
            _refuse_another_attack(attacker, declaration)
        return action

    def _attack(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        choices: AttackChoices,
        *,
        attack_faces: Sequence[int] | None,
        damage_faces: Sequence[int] | None,
        rng: random.Random | None,
    ) -> AttackResult:
        situation = geometry.attack_situation(
            self, attacker, target, weapon, reaction=choices.reaction
        )
        choices = replace(choices, non_lethal=choices.non_lethal or weapon.non_lethal)
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
        try:
            working = self._attack_working(attacker, target, weapon, situation, choices)
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
            reaction=choices.reaction,
            action=choices.action,
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
            natural_hit=outcome.by_natural_20,
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
            non_lethal=choices.non_lethal,
        )

    def _attack_working(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        situation: geometry.AttackSituation,
        choices: AttackChoices,
    ) -> Working:
        """The ruleset's working for one attack in the map's situation (the attack, its preview
        and each attacker of a group build it here). A target that declared a retreat counts as
        retreating (a Crawler rule; the Drase working does not use it). Raises the rules'
        AttackError or DamageError; each caller words the refusal its own way."""
        defending = self.round_state.declarations.get(target.id)
        terms = AttackTerms(
            cover=situation.cover,
            obscuration=situation.obscuration,
            lower_target=situation.lower_target,
            target_retreating=bool(defending and defending.defensive == RETREAT),
            choices=choices,
        )
        try:
            return self.ruleset.attack_working(attacker, target, weapon, terms)
        except AttackError as error:
            # Say what on the map stops it: the wall, the enemy in the way, the fog.
            why: tuple[str, ...] = ()
            if situation.cover in BLOCKING_COVER:
                why = situation.cover_reasons
            elif situation.obscuration == "total":
                why = situation.obscuration_reasons
            if not why:
                raise
            raise AttackError(f"{error} ({'; '.join(why)})") from error

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

    @operation("caster_id", "target_ids")
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
    ) -> tuple[str, dict[str, int]]:
        """Crawler spells hit automatically in range or area; each target may roll a 1d20 save
        (>= the save number: no damage, or half with `half_on_save`). Damage is rolled once for
        the whole spell. (Drase spells are attacks: resolve them with `resolve_attack`.)"""
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
        _refuse_another_attack(caster, declaration)
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
                # Ruling 32: a save is a roll the target makes.
                self._lock(target, "save rolled")
                if outcome.success:
                    amount = amount // 2 if half_on_save else 0
            dealt[target.id] = self._damage(
                target, amount, damage_kind, unavoidable=False, source=f"{caster.name}'s {name}"
            )
        return f"{caster.name} casts {name}", dealt

    @operation("attacker_ids", "target_id")
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
    ) -> tuple[str, int]:
        """GM mechanic "NPC Average Hit" (ruling 25): a group of like NPCs attacking one target
        scores hits from the chart, no rolls; each hit deals the weapon's static (average,
        rounded down) damage. Each attacker spends one declared attack."""
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
        gm_counts = {
            "attacker bonuses": attacker_bonuses,
            "attacker maluses": attacker_maluses,
            "defender bonuses": defender_bonuses,
            "defender maluses": defender_maluses,
        }
        for what, count in gm_counts.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise EncounterError(f"{what} must be a count of 0 or more, not {count!r}")
        modifiers: set[int] = set()
        expressions: set[str] = set()
        # The map's bonus/malus dice (lower target, obscuration), as a single attack rolls
        # them: on the chart they shift r like the GM's own (rulings 20, 23, 25).
        dice: set[tuple[int, int]] = set()
        dice_text = ""
        chosen: Weapon | None = None
        for attacker in attackers:
            if attacker.id == target.id:
                raise EncounterError(f"{attacker.name} cannot attack itself")
            if attacker.is_player_character:
                raise EncounterError(f"{attacker.name} is a PC: the chart is for NPCs")
            self._require_able(attacker, "attack")
            chosen = self._weapon(attacker, weapon)
            self._spend_attack(attacker, chosen, "attack", False)
            situation = geometry.attack_situation(self, attacker, target, chosen, reaction=False)
            try:
                working = self._attack_working(attacker, target, chosen, situation, AttackChoices())
            except (AttackError, DamageError) as error:
                raise EncounterError(f"{attacker.name}: {error}") from error
            modifiers.add(working.modifier)
            dice.add((working.bonuses, working.maluses))
            dice_text = ", ".join(
                p.describe() for p in working.parts if p.kind != "flat" and p.amount
            )
            expressions.add(self.ruleset.damage_expression(attacker, chosen))
            self._lock(attacker, "group attack")
        if len(modifiers) > 1 or len(expressions) > 1 or len(dice) > 1:
            raise EncounterError(
                "The average-hit chart needs like attackers: these differ in attack bonus,"
                " bonus/malus dice from the map, or damage"
            )
        assert chosen is not None
        bonus = modifiers.pop()
        expression = expressions.pop()
        map_bonuses, map_maluses = dice.pop()
        all_bonuses = attacker_bonuses + map_bonuses
        all_maluses = attacker_maluses + map_maluses
        number, made = self.ruleset.target_number(target, chosen, self.defense(target.id))
        dice_counts = {
            "attacker_bonuses": all_bonuses,
            "attacker_maluses": all_maluses,
            "defender_bonuses": defender_bonuses,
            "defender_maluses": defender_maluses,
        }
        try:
            hits = npc_rules.average_hits(number, bonus, len(attackers), **dice_counts)
            result = npc_rules.chart_result(number, bonus, **dice_counts)
        except npc_rules.NpcError as error:
            raise EncounterError(str(error)) from error
        _, row = npc_rules.chart_row(result)
        static = (minimum(expression) + maximum(expression)) // 2
        self._log(
            "attack",
            f"{len(attackers)} x {chosen.name} at {target.name} ({made}, attack {bonus:+d}):"
            f" chart {result} ({row}): {hits} hit(s) of {static} ({expression} static)"
            + (f"; each attacker has {dice_text}" if dice_text else ""),
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


def _refuse_another_attack(attacker: Combatant, declaration: Declaration) -> None:
    """Crawler limits on attacking (a spell counts as the attack): none while retreating, and a
    party character attacks once a round."""
    if declaration.defensive == RETREAT:
        raise EncounterError(f"{attacker.name} is retreating and cannot attack this round")
    if attacker.is_player_character and declaration.attacks >= 1:
        raise EncounterError(
            f"{attacker.name} already attacked this round (party characters attack once)"
        )
