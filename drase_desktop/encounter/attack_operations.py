"""Attacks, whole: the roll built from the rules and the map, the judge, damage, the critical
effect. (Crawler spells are in `spells.py`, NPC average hits, ruling 25, in `group_attack.py`.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import (
    Combatant,
    CombatantError,
    Weapon,
)
from drase_desktop.encounter.declaration import SPELL_ACTIONS, Declaration
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.results import AttackResult
from drase_desktop.encounter.ruleset import RETREAT, AttackChoices, AttackTerms
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules.attack import BLOCKING_COVER, AttackError, Outcome
from drase_desktop.rules.damage import DamageError, maximises_damage, roll_damage
from drase_desktop.rules.dice import DiceError, Roll
from drase_desktop.rules.dice_source import DiceSource
from drase_desktop.rules.health import is_incapacitated
from drase_desktop.rules.working import Working


@dataclass(frozen=True)
class RolledAttack:
    """An attack roll judged but not yet logged: its working, the roll, the number it had to
    reach or beat (and how that was made) and the ruleset's outcome."""

    working: Working
    rolled: Roll
    number: int
    made: str
    outcome: Outcome


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
        cover: int = 0,
        attack_faces: Sequence[int] | None = None,
        damage_faces: Sequence[int] | None = None,
        rng: random.Random | None = None,
        dice: DiceSource | None = None,
    ) -> tuple[str, AttackResult]:
        """One attack, whole: checks, the roll built from the rules, the judge, damage, the
        critical effect. `cover` is the GM's figure for a Crawler attack (ruling 48). The dice
        come from `dice` (the app's own when None); faces given as `attack_faces` and
        `damage_faces` answer those rolls first. `.result` is an `AttackResult`."""
        attacker = self.combatant(attacker_id)
        target = self.combatant(target_id)
        choices = AttackChoices(action, reaction, bonuses, maluses, modifier, non_lethal, cover)
        chosen = self.ready_attack(attacker, [target], weapon, choices)
        source = self.dice_source(dice, rng, attack=attack_faces, damage=damage_faces)
        rolled = self.roll_attack(attacker, target, chosen, choices, source)
        result = self.settle_attack(attacker, target, chosen, choices, rolled, source)
        return f"{attacker.name} attacks {target.name}", result

    def ready_attack(
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
        self.require_able(attacker, "attack")
        chosen = self.weapon_named(attacker, weapon)
        if choices.bonuses < 0 or choices.maluses < 0:
            raise EncounterError("Bonuses and maluses are counts, 0 or more")
        refused = self.ruleset.attack_option_error(
            bonuses=choices.bonuses,
            maluses=choices.maluses,
            non_lethal=choices.non_lethal,
            cover=choices.cover,
        )
        if refused:
            raise EncounterError(refused)
        self.spend_attack(attacker, chosen, choices.action, choices.reaction)
        return chosen

    def weapon_named(self, attacker: Combatant, name: str | None) -> Weapon:
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
            self._check_attack_spend(
                attacker, self.weapon_named(attacker, weapon), action, reaction
            )
        except EncounterError as error:
            return str(error)
        return ""

    def spend_attack(
        self, attacker: Combatant, weapon: Weapon, action: str, reaction: bool
    ) -> None:
        action = self._check_attack_spend(attacker, weapon, action, reaction)
        declaration = self.declaration_for_update(attacker.id)
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
            if action in SPELL_ACTIONS and not weapon.spell:
                raise EncounterError(
                    f"{action!r} makes an attack only with an attack spell, not {weapon.name}"
                )
            if not entry.attack and action not in SPELL_ACTIONS:
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

    def roll_attack(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        choices: AttackChoices,
        dice: DiceSource,
    ) -> RolledAttack | None:
        """The attack roll and its judgement, not yet logged (None: unavoidable, no roll). An
        area attack rolls every target's before it asks for the damage dice."""
        situation = geometry.attack_situation(
            self, attacker, target, weapon, reaction=choices.reaction
        )
        if weapon.unavoidable:
            return None
        choices = replace(choices, non_lethal=choices.non_lethal or weapon.non_lethal)
        try:
            working = self.build_attack_working(attacker, target, weapon, situation, choices)
        except (AttackError, DamageError) as error:
            raise EncounterError(f"{attacker.name} cannot attack {target.name}: {error}") from error
        rolled = self.roll_dice(
            dice,
            working.expression,
            "attack",
            subject=target.id,
            title=f"{attacker.name} attacks {target.name} with {weapon.name}",
        )
        defense = self.defense(target.id) if self.ruleset.has_defense_roll else 0
        number, made = self.ruleset.target_number(target, weapon, defense)
        outcome = self.ruleset.judge(
            rolled.total, number, rolled.natural, save_targeting=weapon.save is not None
        )
        return RolledAttack(working, rolled, number, made, outcome)

    def settle_attack(
        self,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        choices: AttackChoices,
        attack: RolledAttack | None,
        dice: DiceSource,
    ) -> AttackResult:
        """Log a rolled attack, lock the attacker's declaration, and deal the damage of a hit."""
        if attack is None:
            self.lock_declaration(attacker, "attack rolled")
            return self._hit(
                attacker,
                target,
                weapon,
                critical=False,
                dice=dice,
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
        rolled, outcome, number = attack.rolled, attack.outcome, attack.number
        self.log_roll(
            f"{attacker.name} attacks {target.name} with {weapon.name}: {rolled.text}",
            rolled,
            combatant=attacker.id,
            target=target.id,
            natural=rolled.natural,
            working=attack.working.lines(),
            roll="attack",
        )
        verdict = "critical hit" if outcome.critical else "hit" if outcome.hit else "miss"
        self.log_event(
            "attack",
            f"{verdict.capitalize()}: {outcome.reason} ({attack.made})",
            combatant=attacker.id,
            target=target.id,
            hit=outcome.hit,
            critical=outcome.critical,
            target_number=number,
            reaction=choices.reaction,
            action=choices.action,
        )
        self.lock_declaration(attacker, "attack rolled")
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
            dice=dice,
            base=base,
            non_lethal=choices.non_lethal or weapon.non_lethal,
        )

    def damage_dice_needed(
        self, attacker: Combatant, weapon: Weapon, attack: RolledAttack | None
    ) -> bool:
        """Whether this attack's damage is rolled: an unavoidable hit, or a hit that is not a
        PC's critical (ruling 8: that one has every die at its highest)."""
        if attack is None:
            return True
        return attack.outcome.hit and not maximises_damage(
            critical=attack.outcome.critical,
            player_character=attacker.is_player_character,
            save_targeting=weapon.save is not None,
        )

    def damage_request(self, attacker: Combatant, weapon: Weapon) -> tuple[str, str]:
        """The damage roll's expression and the GM's words for it."""
        return (
            self.ruleset.damage_expression(attacker, weapon),
            f"{attacker.name}'s {weapon.name}: damage",
        )

    def build_attack_working(
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
        dice: DiceSource,
        base: AttackResult,
        non_lethal: bool = False,
    ) -> AttackResult:
        expression, title = self.damage_request(attacker, weapon)
        save_targeting = weapon.save is not None
        rolled = None
        if not maximises_damage(
            critical=critical,
            player_character=attacker.is_player_character,
            save_targeting=save_targeting,
        ):  # ruling 8: a PC's critical needs no damage dice, every die is at its highest
            rolled = self.roll_dice(dice, expression, "damage", subject=target.id, title=title)
        try:
            damage = roll_damage(
                expression,
                weapon.damage_type,
                critical=critical,
                player_character=attacker.is_player_character,
                save_targeting=save_targeting,
                rolled=rolled,
            )
        except (DiceError, DamageError) as error:
            raise EncounterError(f"{weapon.name}: {error}") from error
        how = " (critical: every die maximised)" if damage.maximised else ""
        self.log_event(
            "roll",
            f"{weapon.name} damage: {damage.roll.text}{how}",
            combatant=attacker.id,
            target=target.id,
            expression=damage.roll.expression,
            total=damage.total,
            roll="damage",
        )
        dealt = self.deal_damage(
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
                self.apply_status_effect(
                    target, status, source=f"critical {damage.damage_type} hit"
                )
        if non_lethal and is_incapacitated(target.hp):
            self.log_event(
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


def _refuse_another_attack(attacker: Combatant, declaration: Declaration) -> None:
    """Crawler limits on attacking (a spell counts as the attack): none while retreating, and a
    party character attacks once a round."""
    if declaration.defensive == RETREAT:
        raise EncounterError(f"{attacker.name} is retreating and cannot attack this round")
    if attacker.is_player_character and declaration.attacks >= 1:
        raise EncounterError(
            f"{attacker.name} already attacked this round (party characters attack once)"
        )
