"""The two rulesets behind one interface: the phase machine, the attack judge, the attack working.

The window asks `encounter.ruleset` (its `name`, `phases(...)`, `judge_text`, ...) and never
branches on which system it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from drase_desktop.encounter import crawler_round, drase_round
from drase_desktop.encounter.crawler_round import crawler_phases
from drase_desktop.encounter.drase_round import drase_phases
from drase_desktop.encounter.phase import Phase
from drase_desktop.encounter.sides import side_words
from drase_desktop.refusal import Refusal
from drase_desktop.rules import attack as drase_attack
from drase_desktop.rules import crawler as crawler_rules
from drase_desktop.rules import probability
from drase_desktop.rules.attack import Outcome
from drase_desktop.rules.crawler import DEFENSIVE_MOVEMENTS, RETREAT
from drase_desktop.rules.dice import join, normalise
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.combatant import Combatant, Weapon


class RulesetError(Refusal):
    """An unknown ruleset, or an act the ruleset does not allow at this point."""


@dataclass(frozen=True)
class AttackChoices:
    """What the GM chose for one attack: the declared action it spends (as a reaction or not),
    counted bonuses and maluses, a flat modifier, whether it is non-lethal, and the GM's cover
    figure (a Crawler attack's, ruling 48)."""

    action: str = "attack"
    reaction: bool = False
    bonuses: int = 0
    maluses: int = 0
    modifier: int = 0
    non_lethal: bool = False
    cover: int = 0


@dataclass(frozen=True)
class AttackTerms:
    """What a ruleset builds an attack's working from besides attacker, target and weapon:
    what the map says (cover, obscuration, a lower target, a retreating target) and the GM's
    choices."""

    cover: str
    obscuration: str
    lower_target: bool
    target_retreating: bool
    choices: AttackChoices


class Ruleset:
    """The interface both systems share. Subclasses fill in the differences as data and methods."""

    key = ""
    name = ""
    round_seconds = 10
    judge_text = ""
    # Drase: actions are declared before any roll (and checked against the action catalogue).
    declares_actions = False
    # Drase: each round every creature may roll a defense bonus/malus.
    has_defense_roll = False
    defensive_movements: tuple[str, ...] = ()
    # Crawler: spells hit automatically in range (targets may save); Drase spells are attacks.
    spells_hit_automatically = False
    # The terms, options and outcomes an attack has in this system: the window offers only these.
    # Drase: a critical at 10 over (ruling 2), d6 bonus/malus dice (ruling 6), a non-lethal
    # physical attack for 1 malus. The Crawler text has none of them.
    has_criticals = False
    has_bonus_dice = False
    has_non_lethal = False
    # What an attack does to its number: "beat" it (strictly more, Drase) or "reach" it (Crawler).
    target_verb = "beat"
    # The GM's tools this system has: Drase's NPC average-hit chart (ruling 25); the Crawler's
    # side initiative and morale (ruling 26).
    has_npc_average_hits = False
    has_side_initiative = False
    # What cover on the line costs an attack, by level (Drase: ruling 22's -2 and -5; the
    # Crawler text gives cover no number, so the GM enters a figure).
    cover_penalties: Mapping[str, int] = MappingProxyType({})
    # Crawler: cover has no number in the text, so the GM enters one per attack (ruling 48);
    # Drase cover comes from the map (ruling 22).
    has_gm_cover = False

    @property
    def target_word(self) -> str:
        return f"to {self.target_verb}"

    @property
    def outcomes(self) -> tuple[str, ...]:
        """What an attack roll can come to in this system."""
        return ("miss", "hit", "critical hit") if self.has_criticals else ("miss", "hit")

    def critical_text(self, attacker: Combatant) -> str:
        """What a critical does for this attacker, or "" when the system has none."""
        return ""

    def chances(
        self, working: Working, number: int, *, save_targeting: bool
    ) -> tuple[float, float]:
        """Exact (hit, critical) of `working` against `number` under this system's judge."""
        raise NotImplementedError

    def attack_option_error(
        self, *, bonuses: int, maluses: int, non_lethal: bool, cover: int = 0
    ) -> str | None:
        """Why an attack cannot take these options in this system, or None."""
        if (bonuses or maluses) and not self.has_bonus_dice:
            return f"bonus and malus dice are a Drase rule: {self.name} attacks have none"
        if non_lethal and not self.has_non_lethal:
            return f"{self.name} has no non-lethal attacks"
        return cover_figure_error(cover, offered=self.has_gm_cover, system=self.name)

    def phases(self, *, third_party_turn: bool, initiative: Mapping[str, int]) -> tuple[Phase, ...]:
        raise NotImplementedError

    def judge(
        self, total: int, target: int, natural: int | None, *, save_targeting: bool = False
    ) -> Outcome:
        """The system's judge of an attack roll (each ruleset names its rules' own)."""
        raise NotImplementedError

    def attack_step_error(self, phase: Phase, attacker: Combatant, weapon: Weapon) -> str | None:
        """Why `attacker` may not attack with `weapon` in `phase`, or None when it may."""
        return None

    def movement_step_error(self, phase: Phase, mover: Combatant) -> str | None:
        return None

    def spell_step_error(self, phase: Phase, caster: Combatant) -> str | None:
        return None

    def attack_working(
        self, attacker: Combatant, target: Combatant, weapon: Weapon, terms: AttackTerms
    ) -> Working:
        raise NotImplementedError

    def damage_expression(self, attacker: Combatant, weapon: Weapon) -> str:
        raise NotImplementedError

    def target_number(self, target: Combatant, weapon: Weapon, defense: int) -> tuple[int, str]:
        """The number to beat and how it was made (shown in the log)."""
        raise NotImplementedError


class DraseRuleset(Ruleset):
    key = "drase"
    name = "Drase"
    round_seconds = drase_round.ROUND_SECONDS
    judge_text = "hit when the total is strictly greater than the target (natural 20 always hits)"
    declares_actions = True
    has_defense_roll = True
    has_criticals = True
    has_bonus_dice = True
    has_non_lethal = True
    has_npc_average_hits = True
    cover_penalties = drase_attack.COVER_PENALTY

    def chances(
        self, working: Working, number: int, *, save_targeting: bool
    ) -> tuple[float, float]:
        """Beat the number, a natural 20 hits, a crit at 10 over (rulings 1, 2, 6)."""
        hit, critical = drase_attack.hit_probabilities(
            working.modifier,
            number,
            bonuses=working.bonuses,
            maluses=working.maluses,
            save_targeting=save_targeting,
        )
        return float(hit), float(critical)

    def critical_text(self, attacker: Combatant) -> str:
        """Ruling 8: a PC's crit maximises every die; an NPC's applies the effect only."""
        if attacker.is_player_character:
            return "a crit maximises every die"
        return "an NPC's crit applies the effect only"

    def phases(self, *, third_party_turn: bool, initiative: Mapping[str, int]) -> tuple[Phase, ...]:
        return drase_phases(third_party_turn)

    judge = staticmethod(drase_attack.judge)

    def attack_working(
        self, attacker: Combatant, target: Combatant, weapon: Weapon, terms: AttackTerms
    ) -> Working:
        attribute, why = attacker.attack_attribute(weapon)
        choices = terms.choices
        return drase_attack.attack_working(
            attribute=attribute,
            score=attacker.attributes[attribute],
            attribute_note=why,
            level=attacker.level,
            weapon_bonus=weapon.to_hit,
            weapon=weapon.name,
            lower_target=terms.lower_target,
            non_lethal=choices.non_lethal,
            damage=weapon.damage_type,
            cover=terms.cover,
            obscuration=terms.obscuration,
            reaction=choices.reaction,
            bonuses=(("GM bonus", choices.bonuses),) if choices.bonuses else (),
            maluses=(("GM malus", choices.maluses),) if choices.maluses else (),
            gm_modifier=choices.modifier,
        )

    def damage_expression(self, attacker: Combatant, weapon: Weapon) -> str:
        """Weapon dice plus the modifier of the attribute it rolls ("1d12 + 3", ruling 41)."""
        return _with_modifier(weapon.damage, _attack_modifier(attacker, weapon), weapon)

    def target_number(self, target: Combatant, weapon: Weapon, defense: int) -> tuple[int, str]:
        shift = f" {defense:+d} defense" if defense else ""
        if weapon.save:
            modifier = target.modifier(weapon.save)
            number = drase_attack.save_target(modifier, defense)
            return number, f"{weapon.save} save 10 {modifier:+d}{shift} = {number}"
        number = drase_attack.target_number(target.ac_bonus, defense)
        return number, f"AC 10 {target.ac_bonus:+d}{shift} = {number}"


class CrawlerRuleset(Ruleset):
    key = "crawler"
    name = "Crawler"
    round_seconds = crawler_round.ROUND_SECONDS
    judge_text = "hit when 1d20 + modifiers is greater than or equal to AC"
    target_verb = "reach"
    has_side_initiative = True
    has_gm_cover = True
    declares_actions = False
    has_defense_roll = False
    defensive_movements = DEFENSIVE_MOVEMENTS
    spells_hit_automatically = True

    def phases(self, *, third_party_turn: bool, initiative: Mapping[str, int]) -> tuple[Phase, ...]:
        return crawler_phases(initiative)

    judge = staticmethod(crawler_rules.judge)

    def chances(
        self, working: Working, number: int, *, save_targeting: bool
    ) -> tuple[float, float]:
        """1d20 + modifiers >= AC: the chance the expression reaches the number; no crits."""
        return float(probability.chance_at_least(working.expression, number)), 0.0

    def attack_step_error(self, phase: Phase, attacker: Combatant, weapon: Weapon) -> str | None:
        wanted = crawler_rules.MISSILE if weapon.ranged else crawler_rules.MELEE
        kind = "Missile fire" if weapon.ranged else "Melee"
        return _step_refusal(phase, wanted, attacker, f"{kind} by {attacker.name} happens")

    def spell_step_error(self, phase: Phase, caster: Combatant) -> str | None:
        return _step_refusal(phase, crawler_rules.SPELLS, caster, f"{caster.name} casts")

    def movement_step_error(self, phase: Phase, mover: Combatant) -> str | None:
        # A forced move overrides it: the move's refusal says so (move_check's MoveRefusal).
        return _step_refusal(phase, crawler_rules.MOVEMENT, mover, f"{mover.name} moves")

    def attack_working(
        self, attacker: Combatant, target: Combatant, weapon: Weapon, terms: AttackTerms
    ) -> Working:
        # Range has no number in the Crawler text: the GM enters it as the flat modifier. Cover
        # has none either: the GM's figure for this attack (ruling 48).
        cover = terms.choices.cover
        if weapon.ranged:
            working = crawler_rules.missile_working(
                attacker.modifier("finesse"),
                cover_modifier=cover,
                magic=weapon.magic + weapon.to_hit,
                target_retreating=terms.target_retreating,
                gm_modifier=terms.choices.modifier,
            )
        else:
            if cover:
                raise drase_attack.AttackError(crawler_rules.MELEE_COVER_REFUSAL)
            working = crawler_rules.melee_working(
                attacker.modifier("power"),
                magic_weapon=weapon.magic + weapon.to_hit,
                target_retreating=terms.target_retreating,
                gm_modifier=terms.choices.modifier,
            )
        if terms.cover != "none" and weapon.ranged and not cover:
            working = working.with_note(
                f"{terms.cover} cover on the line: the Crawler text gives cover no number; enter"
                f" the GM's cover figure ({crawler_rules.cover_range_text()}, ruling 48)"
            )
        return working

    def damage_expression(self, attacker: Combatant, weapon: Weapon) -> str:
        """Melee: weapon + str + magic weapon; missile: the weapon's damage alone."""
        if weapon.ranged:
            return crawler_rules.missile_damage(weapon.damage)
        strength = attacker.modifier("power") if weapon.adds_modifier else 0
        return crawler_rules.melee_damage(weapon.damage, strength, weapon.magic)

    def target_number(self, target: Combatant, weapon: Weapon, defense: int) -> tuple[int, str]:
        number = 10 + target.ac_bonus
        return number, f"AC 10 {target.ac_bonus:+d} = {number}"


def cover_figure_error(cover: object, *, offered: bool, system: str) -> str | None:
    """Ruling 48: the GM's cover figure, refused where the system has none (Drase cover comes
    from the map) or outside the Crawler's 0 to -4."""
    if isinstance(cover, bool) or not isinstance(cover, int):
        return f"the GM's cover figure is a whole number, not {cover!r}"
    if not offered:
        return (
            None
            if cover == 0
            else f"{system} cover comes from the map (ruling 22): there is no GM's cover figure"
        )
    return crawler_rules.cover_figure_error(cover)


def _step_refusal(phase: Phase, step: str, combatant: Combatant, doing: str) -> str | None:
    """Crawler: None in `step` of the combatant's own side's turn; else why not, starting
    with `doing` ("Aldric moves")."""
    if phase.step == step and combatant.side in phase.sides:
        return None
    return (
        f"{doing} in the {step} step of its side's turn ({side_words(combatant.side)});"
        f" the current phase is {phase.title}"
    )


def _attack_modifier(attacker: Combatant, weapon: Weapon) -> int:
    """The modifier of the attribute the attack rolls with (ruling 41)."""
    return attacker.modifier(attacker.attack_attribute(weapon)[0])


def _with_modifier(expression: str, modifier: int, weapon: Weapon) -> str:
    return _join_flat(expression, modifier if weapon.adds_modifier else 0)


def _join_flat(expression: str, amount: int) -> str:
    if amount == 0:
        return normalise(expression)
    return join(normalise(expression), f"{amount:+d}")


RULESETS: dict[str, Ruleset] = {r.key: r for r in (DraseRuleset(), CrawlerRuleset())}


def ruleset_for(key: str | Ruleset) -> Ruleset:
    if isinstance(key, Ruleset):
        return key
    try:
        return RULESETS[str(key).lower()]
    except KeyError:
        raise RulesetError(
            f"Unknown ruleset {key!r}; choose one of {', '.join(RULESETS)}"
        ) from None


__all__ = [
    "RETREAT",
    "AttackChoices",
    "AttackTerms",
    "CrawlerRuleset",
    "DraseRuleset",
    "Ruleset",
    "RulesetError",
    "ruleset_for",
]
