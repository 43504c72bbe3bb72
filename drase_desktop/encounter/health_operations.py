"""HP, damage, healing, wounds and falls: typed damage through resistances, vulnerabilities
and immunities (rulings 9, 10), falls (ruling 24)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from drase_desktop.encounter import fall_preview
from drase_desktop.encounter.combatant import (
    Combatant,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import falls, health
from drase_desktop.rules.damage import DamageError, DamageTaken, damage_taken
from drase_desktop.rules.dice import Roll
from drase_desktop.rules.dice_source import DiceSource


def damage_against(
    combatant: Combatant, amount: int, kind: str, *, unavoidable: bool = False
) -> DamageTaken:
    """What `amount` of `kind` does to `combatant` after its resistances, vulnerabilities and
    immunities (rulings 9, 10, 30): the hit itself, and the attack preview's "resists"."""
    try:
        return damage_taken(
            amount,
            kind,
            resistances=combatant.resistances,
            vulnerabilities=combatant.vulnerabilities,
            immunities=combatant.immunities,
            is_object=combatant.is_object,
            unavoidable=unavoidable,
        )
    except DamageError as error:
        raise EncounterError(str(error)) from error


class HealthOperations(EncounterState):
    """HP operations of `Encounter` (mixed into it; each returns a `Change`)."""

    @operation("combatant_id")
    def set_hp(self, combatant_id: str, hp: int) -> tuple[str, None]:
        combatant = self.combatant(combatant_id)
        if isinstance(hp, bool) or not isinstance(hp, int):
            raise EncounterError(f"HP must be a whole number, not {hp!r}")
        old = combatant.hp
        combatant.hp = hp
        self.log_event(
            "hp",
            f"{combatant.name}: HP set {old} -> {hp}",
            combatant=combatant_id,
            before=old,
            after=hp,
        )
        return f"Set {combatant.name}'s HP", None

    @operation("combatant_id")
    def heal(
        self,
        combatant_id: str,
        amount: int | str,
        *,
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> tuple[str, int]:
        """Heal a number or a rolled expression, up to max HP; healing never lowers HP a
        creature has above its max (ruling 49, rules.health.heal)."""
        combatant = self.combatant(combatant_id)
        value = self._amount(amount, "healing", rng, faces, combatant)
        old = combatant.hp
        try:
            combatant.hp = health.heal(old, combatant.max_hp, value).after
        except health.HealthError as error:
            raise EncounterError(f"{combatant.name}: {error}") from error
        text = f"{combatant.name} heals {combatant.hp - old} ({old} -> {combatant.hp} HP)"
        if old > combatant.max_hp:
            text += f"; above max {combatant.max_hp}, healing leaves it (ruling 49)"
        elif old + value > combatant.max_hp:
            text += f"; healing raises HP at most to max {combatant.max_hp} (ruling 49)"
        if combatant.incapacitated and not health.is_incapacitated(combatant.hp):
            text += "; still incapacitated until the GM removes it"
        self.log_event("heal", text, combatant=combatant_id, before=old, after=combatant.hp)
        return f"Heal {combatant.name}", combatant.hp - old

    @operation("combatant_id")
    def apply_damage(
        self,
        combatant_id: str,
        amount: int | str,
        damage_kind: str,
        *,
        unavoidable: bool = False,
        source: str = "",
        rng: random.Random | None = None,
        faces: Sequence[int] | None = None,
    ) -> tuple[str, int]:
        """Typed damage (a number or an expression to roll) after immunities, resistances and
        vulnerabilities (rulings 9, 10). Incapacitation waits for the phase's check (ruling 11)."""
        combatant = self.combatant(combatant_id)
        value = self._amount(amount, "damage", rng, faces, combatant)
        dealt = self.deal_damage(
            combatant, value, damage_kind, unavoidable=unavoidable, source=source
        )
        return f"Damage {combatant.name}", dealt

    def _amount(
        self,
        amount: int | str,
        what: str,
        rng: random.Random | None,
        faces: Sequence[int] | None,
        combatant: Combatant,
    ) -> int:
        if isinstance(amount, bool):
            raise EncounterError(f"{what} must be a number or a dice expression")
        if isinstance(amount, int):
            if amount < 0:
                raise EncounterError(f"{what} cannot be negative ({amount})")
            return amount
        if not isinstance(amount, str):
            raise EncounterError(f"{what} must be a number or a dice expression, not {amount!r}")
        rolled = self.roll_expression(amount, rng, faces)
        self.log_roll(
            f"{what} for {combatant.name}: {rolled.text}",
            rolled,
            combatant=combatant.id,
        )
        return max(0, rolled.total)

    def deal_damage(
        self, combatant: Combatant, amount: int, kind: str, *, unavoidable: bool, source: str
    ) -> int:
        taken = damage_against(combatant, amount, kind, unavoidable=unavoidable)
        old = combatant.hp
        combatant.hp = health.take_damage(old, taken.amount).after
        why = f" ({taken.reason})" if taken.reason else ""
        tag = " unavoidable" if unavoidable else ""
        origin = f" from {source}" if source else ""
        self.log_event(
            "damage",
            f"{combatant.name} takes {taken.amount}{tag} {taken.damage_type}{origin}{why}:"
            f" {old} -> {combatant.hp} HP",
            combatant=combatant.id,
            rolled=amount,
            dealt=taken.amount,
            damage_type=taken.damage_type,
            unavoidable=unavoidable,
            before=old,
            after=combatant.hp,
        )
        return taken.amount

    @operation("combatant_id")
    def add_wound(self, combatant_id: str, limb: str, wounds: int = 1) -> tuple[str, int]:
        """Add (or with a negative number, heal) wounds on one limb."""
        combatant = self.combatant(combatant_id)
        key = " ".join(limb.lower().split())
        if not key:
            raise EncounterError("A wound needs a limb")
        if isinstance(wounds, bool) or not isinstance(wounds, int) or wounds == 0:
            raise EncounterError(f"Wounds must be a whole number other than 0, not {wounds!r}")
        now = combatant.wounds.get(key, 0) + wounds
        if now < 0:
            raise EncounterError(f"{combatant.name}'s {key} has only {now - wounds} wound(s)")
        combatant.wounds[key] = now
        self.log_event(
            "damage",
            f"{combatant.name}: {key} {wounds:+d} wound(s), now {now}",
            combatant=combatant_id,
            limb=key,
            wounds=now,
        )
        return f"Wound {combatant.name}", now

    @operation("combatant_id")
    def apply_fall(
        self,
        combatant_id: str,
        tiles: int,
        *,
        surface: str | None = None,
        size_factor: int = 1,
        grab: str | None = None,
        grab_faces: Sequence[int] | None = None,
        damage_faces: Sequence[int] | None = None,
        rng: random.Random | None = None,
        dice: DiceSource | None = None,
    ) -> tuple[str, Any]:
        """A fall of `tiles` (ruling 24): prone from 1 tile, d6s from 2, the surface under the
        creature (water, soft) negating short falls; `grab` ("hold" or "cap") rolls the DC 10
        Power or Finesse check of a creature by a surface; leg wounds for heavy falls. Fall
        damage is typed blunt (ruling 31). The dice come from `dice`; `grab_faces` and
        `damage_faces` answer those rolls first."""
        combatant = self.combatant(combatant_id)
        planned = fall_preview.fall_preview(
            self, combatant_id, tiles, surface=surface, size_factor=size_factor, grab=grab
        )
        where, result = planned.surface, planned.fall
        source = self.dice_source(dice, rng, grab=grab_faces, damage=damage_faces)
        if grab is not None:
            check = self._fall_roll(
                source,
                combatant,
                planned.grab_roll,
                "grab",
                f"{combatant.name} grabs (DC {falls.GRAB_DC})",
                f"{combatant.name} grabs for a hold (DC 10 Power or Finesse)",
            )
            # Ruling 32: the grab is a roll the combatant makes, so it locks its declaration.
            self.lock_declaration(combatant, "fall grab rolled")
            result = falls.after_grab(result, check.total, hold_on=grab == "hold")
        self.log_event(
            "note",
            f"{combatant.name} falls {tiles} tile(s) onto {where}: {result.reason}",
            combatant=combatant_id,
            tiles=tiles,
            dice=result.dice,
        )
        if result.held_on:
            return f"{combatant.name} holds on", result
        if result.prone:
            self.apply_status_effect(combatant, "prone", source="the fall")
        if result.dice:
            words = f"Fall damage for {combatant.name}"
            rolled = self._fall_roll(source, combatant, result.expression, "damage", words, words)
            before = combatant.hp
            self.deal_damage(combatant, rolled.total, "blunt", unavoidable=False, source="the fall")
            lost = before - combatant.hp
            legs = [limb for limb in combatant.wounds if "leg" in limb]
            # Ruling 31: only a fall that takes it from above 0 HP to 0 or below
            # incapacitates it; one already down gets the 50% rule alone.
            count = falls.leg_wounds(
                lost, combatant.max_hp, incapacitated=before > 0 >= combatant.hp
            )
            if count and legs:
                for limb in legs:
                    combatant.wounds[limb] += count
                self.log_event(
                    "damage",
                    f"{combatant.name}: {count} wound(s) on every leg from the fall",
                    combatant=combatant_id,
                    limbs=legs,
                    wounds=count,
                )
        return f"{combatant.name} falls", result

    def _fall_roll(
        self,
        dice: DiceSource,
        combatant: Combatant,
        expression: str,
        purpose: str,
        title: str,
        logged: str,
    ) -> Roll:
        """One roll of a fall (the grab's check, the damage), asked for under `title` and
        logged as `logged` with its dice."""
        rolled = self.roll_dice(dice, expression, purpose, subject=combatant.id, title=title)
        self.log_event(
            "roll",
            f"{logged}: {rolled.text}",
            combatant=combatant.id,
            total=rolled.total,
            roll=f"fall {purpose}",
        )
        return rolled
