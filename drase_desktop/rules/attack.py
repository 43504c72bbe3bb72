"""Drase attack rolls and ability checks: target numbers, the judge, exact chances, and the
labelled working of an attack roll (rulings 1, 2, 6, 7)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Protocol

from drase_desktop.refusal import Refusal
from drase_desktop.rules.character import ATTRIBUTES, attribute_modifier, level_bonus
from drase_desktop.rules.damage import PHYSICAL, damage_type
from drase_desktop.rules.dice import Roll, bonus_malus, roll
from drase_desktop.rules.resource_data import CatalogueError, load_resource
from drase_desktop.rules.working import Working

CRITICAL_MARGIN = 10
# What the map adds to a Drase attack, the one table of it (the board names the levels; the
# hover, the attack and a perception roll read the numbers here): cover (ruling 22), what stops
# an attack outright, obscuration (ruling 23; total: cannot be targeted) and a lower target
# (ruling 20: bonus dice).
COVER_PENALTY: Mapping[str, int] = MappingProxyType({"none": 0, "half": -2, "three-quarter": -5})
BLOCKING_COVER = frozenset({"full", "embrasure"})
OBSCURATION_MALUSES: Mapping[str, int] = MappingProxyType({"none": 0, "light": 1, "heavy": 2})
UNTARGETABLE_OBSCURATION = "total"
LOWER_TARGET_BONUSES = 1


class AttackError(Refusal):
    """An attack the rules forbid (a target that cannot be targeted, non-lethal magic, ...)."""


@dataclass(frozen=True)
class Outcome:
    """The judgement of a roll: `.hit` (success) and `.critical`, with the reason in words."""

    hit: bool
    critical: bool
    reason: str = ""
    # A hit only because the die showed a natural 20 (Drase's rule 1; the Crawler has none).
    by_natural_20: bool = False

    @property
    def success(self) -> bool:
        return self.hit


class AttackJudge(Protocol):
    """The seam between rulesets: Drase's `judge` and the Crawler's `crawler.judge` fit it."""

    def __call__(
        self, total: int, target: int, natural: int | None, *, save_targeting: bool = False
    ) -> Outcome: ...


def target_number(ac_bonus: int, defense: int = 0) -> int:
    """Ruling 7: AC = 10 + AC bonus, shifted by the defender's rolled defense bonus/malus."""
    return 10 + ac_bonus + defense


def save_target(modifier: int, defense: int = 0) -> int:
    """Ruling 7: a save-targeting attack aims at 10 + the attribute modifier (and the defense
    roll of the round shifts saves too)."""
    return 10 + modifier + defense


def judge(total: int, target: int, natural: int | None, *, save_targeting: bool = False) -> Outcome:
    """Rulings 1 and 2: hit when total > target, or on a natural 20 whatever the target;
    critical when total >= target + 10, never for a save-targeting attack. A save-targeting
    attack is still an attack roll, so its natural 20 hits too (program ruling, shown in the
    reason)."""
    exceeds = total > target
    critical = exceeds and total >= target + CRITICAL_MARGIN and not save_targeting
    if exceeds:
        reason = f"{total} beats {target}"
        if critical:
            reason += f" by {CRITICAL_MARGIN} or more: critical"
        elif save_targeting and total >= target + CRITICAL_MARGIN:
            reason += " (save-targeting attacks cannot crit)"
        return Outcome(True, critical, reason)
    if natural == 20:
        reason = f"natural 20 hits although {total} does not beat {target}"
        if save_targeting:
            reason += " (a save-targeting attack is an attack roll too)"
        return Outcome(True, False, reason, by_natural_20=True)
    return Outcome(False, False, f"{total} does not beat {target}")


def check(total: int, dc: int) -> Outcome:
    """An ability check: success when total > DC (ruling 1; a natural 20 does not force it).
    Critical when total >= DC + 10 (ruling 2), which the text says seldom matters."""
    if total > dc:
        critical = total >= dc + CRITICAL_MARGIN
        return Outcome(
            True, critical, f"{total} beats DC {dc}" + (": critical" if critical else "")
        )
    return Outcome(False, False, f"{total} does not beat DC {dc}")


def _load_difficulty_classes() -> Mapping[str, int]:
    data = load_resource("difficulty_classes.json")
    try:
        table = {str(e["name"]).lower(): int(e["target"]) for e in data["difficulty_classes"]}
    except (KeyError, TypeError, ValueError) as error:
        raise CatalogueError(f"difficulty_classes.json is malformed: {error!r}") from error
    return MappingProxyType(table)


DIFFICULTY_CLASSES: Mapping[str, int] = _load_difficulty_classes()


# Ruling 35: a fixed DC is a number of the table's span (5 to 30); the GM may fine-tune inside it.
LOWEST_DC = min(DIFFICULTY_CLASSES.values())
HIGHEST_DC = max(DIFFICULTY_CLASSES.values())


def difficulty_table_text() -> str:
    """The DC table in one line ("Very Easy 5, Easy 10, ...")."""
    return ", ".join(f"{name.title()} {dc}" for name, dc in DIFFICULTY_CLASSES.items())


def fixed_dc(dc: object) -> int:
    """A fixed ability-check DC, checked against the table's span (ruling 35); a contested roll
    sets its own number and does not come here."""
    if isinstance(dc, bool) or not isinstance(dc, int) or not LOWEST_DC <= dc <= HIGHEST_DC:
        raise AttackError(
            f"A fixed DC is {LOWEST_DC} to {HIGHEST_DC} (ruling 35), not {dc!r}:"
            f" {difficulty_table_text()}"
        )
    return dc


def difficulty_class(name: str) -> int:
    """The DC of a named difficulty ("medium" -> 15)."""
    key = name.strip().lower()
    if key not in DIFFICULTY_CLASSES:
        raise AttackError(
            f"{name!r} is not a difficulty; use one of {', '.join(DIFFICULTY_CLASSES)}"
        )
    return DIFFICULTY_CLASSES[key]


def _net_dice(bonuses: int, maluses: int) -> dict[int, Fraction]:
    """Exact distribution of the signed net bonus/malus die: the highest of N d6."""
    if bonuses < 0 or maluses < 0:
        raise AttackError(f"bonuses and maluses are counts: got {bonuses} and {maluses}")
    net = bonuses - maluses
    if net == 0:
        return {0: Fraction(1)}
    n = abs(net)
    sign = 1 if net > 0 else -1
    return {sign * m: Fraction(m**n - (m - 1) ** n, 6**n) for m in range(1, 7)}


@functools.lru_cache(maxsize=4096)
def hit_probabilities(
    modifier: int,
    target: int,
    *,
    bonuses: int = 0,
    maluses: int = 0,
    save_targeting: bool = False,
    natural_twenty_hits: bool = True,
) -> tuple[Fraction, Fraction]:
    """Exact (hit, critical) of `1d20 + modifier +/- Nd6k1` against `target`, by enumeration
    of the d20 against the distribution of the net bonus/malus die. Cached: the window asks
    again for every hovered target."""
    extra = _net_dice(bonuses, maluses)
    hit = Fraction(0)
    critical = Fraction(0)
    for natural in range(1, 21):
        for shift, chance in extra.items():
            total = natural + modifier + shift
            if total > target or (natural == 20 and natural_twenty_hits):
                hit += chance
            if total > target and total >= target + CRITICAL_MARGIN and not save_targeting:
                critical += chance
    return hit / 20, critical / 20


def hit_chance(
    modifier: int,
    target: int,
    *,
    bonuses: int = 0,
    maluses: int = 0,
    save_targeting: bool = False,
) -> tuple[float, float]:
    """Exact probabilities (hit, critical) of an attack, shown to the GM before the roll."""
    hit, critical = hit_probabilities(
        modifier, target, bonuses=bonuses, maluses=maluses, save_targeting=save_targeting
    )
    return float(hit), float(critical)


def check_chance(modifier: int, dc: int, *, bonuses: int = 0, maluses: int = 0) -> float:
    """Exact probability that an ability check beats `dc` (no natural-20 rule for checks)."""
    success, _ = hit_probabilities(
        modifier, dc, bonuses=bonuses, maluses=maluses, natural_twenty_hits=False
    )
    return float(success)


def roll_defense(bonuses: int, maluses: int, rng: random.Random | None = None) -> Roll | None:
    """The defender's defense bonus/malus for the round (ruling 7), or None when they cancel."""
    expression = bonus_malus(bonuses, maluses)
    return roll(expression, rng) if expression else None


# Ruling 41: what an attack spell rolls when its entry names no attribute.
DEFAULT_SPELL_ATTRIBUTE = "intelligence"


def attack_attribute(
    scores: Mapping[str, int],
    *,
    finesse_weapon: bool = False,
    spell: bool = False,
    named: str | None = None,
) -> tuple[str, str]:
    """Ruling 41: the attribute an attack rolls with, and why. A weapon uses Power, or Finesse
    when the weapon allows it and Finesse is higher; an attack spell uses the attribute its
    entry names, Intelligence when it names none."""
    if spell:
        if named is None:
            return DEFAULT_SPELL_ATTRIBUTE, "attack spell naming no attribute: Intelligence"
        if named not in ATTRIBUTES:
            raise AttackError(f"a spell rolls one of {', '.join(ATTRIBUTES)}, not {named!r}")
        return named, f"attack spell: rolls {named.capitalize()}"
    if named is not None:
        raise AttackError(
            f"a weapon rolls Power, or Finesse when it allows it, not {named!r} (ruling 41)"
        )
    if finesse_weapon and scores.get("finesse", 0) > scores.get("power", 0):
        return "finesse", "finesse weapon: Finesse is higher than Power"
    return "power", ""


def attack_working(
    *,
    attribute: str | None = None,
    score: int | None = None,
    attribute_note: str = "",
    power: int | None = None,
    finesse: int | None = None,
    level: int | None = None,
    to_hit: int | None = None,
    finesse_weapon: bool = False,
    weapon_bonus: int = 0,
    weapon: str = "weapon",
    lower_target: bool = False,
    non_lethal: bool = False,
    damage: str | None = None,
    cover: str = "none",
    obscuration: str = "none",
    reaction: bool = False,
    bonuses: Sequence[tuple[str, int]] = (),
    maluses: Sequence[tuple[str, int]] = (),
    gm_modifier: int = 0,
) -> Working:
    """Every modifier of an attack roll with its source, and the expression to roll.

    A creature with attributes adds the attack's attribute (`attribute` and its `score`, chosen
    by `attack_attribute`; or, given only `power` and `finesse`, Power, or Finesse with a finesse
    weapon if higher) and its level bonus; a creature with a flat `to_hit` (NPC stat blocks)
    adds that instead. Then the
    weapon, cover (`COVER_PENALTY`; reactions ignore partial cover, ruling 29; full cover and
    embrasures stop every attack), 1 bonus against a lower target,
    1 malus for a non-lethal (physical) attack, obscuration maluses, and the GM's own."""
    working = Working()
    if to_hit is not None:
        working = working.with_part("to hit", to_hit)
    elif attribute is not None:
        if score is None:
            raise AttackError(f"an attack rolling {attribute} needs the attacker's score")
        working = working.with_part(f"{attribute.capitalize()} {score}", attribute_modifier(score))
        if attribute_note:
            working = working.with_note(attribute_note)
        if level is not None:
            working = working.with_part(f"level {level} bonus", level_bonus(level))
    else:
        if power is None:
            raise AttackError("an attack needs the attacker's Power score (or a flat to-hit)")
        use_finesse = finesse_weapon and finesse is not None and finesse > power
        if use_finesse:
            assert finesse is not None
            working = working.with_part(f"Finesse {finesse}", attribute_modifier(finesse))
            working = working.with_note("finesse weapon: Finesse is higher than Power")
        else:
            working = working.with_part(f"Power {power}", attribute_modifier(power))
        if level is not None:
            working = working.with_part(f"level {level} bonus", level_bonus(level))
    working = working.with_part(weapon, weapon_bonus)

    if cover in BLOCKING_COVER:
        # Ruling 29: reactions ignore partial cover, not what stops an attack outright.
        also = ", not even by a reaction (ruling 29)" if reaction else ""
        raise AttackError(f"the target is behind {cover} cover and cannot be attacked{also}")
    if cover not in COVER_PENALTY and cover not in BLOCKING_COVER:
        raise AttackError(
            f"unknown cover {cover!r}; use none, half, three-quarter, full, embrasure"
        )
    if reaction:
        if cover != "none":
            working = working.with_note(f"reaction: {cover} cover ignored")
    else:
        working = working.with_part(f"{cover} cover", COVER_PENALTY[cover])

    if obscuration == UNTARGETABLE_OBSCURATION:
        raise AttackError("total obscuration: the target cannot be targeted")
    if obscuration not in OBSCURATION_MALUSES:
        raise AttackError(f"unknown obscuration {obscuration!r}; use none, light, heavy, total")

    if lower_target:
        working = working.with_part("target is lower", LOWER_TARGET_BONUSES, "bonus")
    if non_lethal:
        if damage is None or damage_type(damage) not in PHYSICAL:
            raise AttackError(
                "only a physical attack (cut, pierce, blunt) can be declared non-lethal"
            )
        working = working.with_part("non-lethal", 1, "malus")
    working = working.with_part(
        f"{obscuration} obscuration", OBSCURATION_MALUSES[obscuration], "malus"
    )
    for label, count in bonuses:
        working = working.with_part(label, count, "bonus")
    for label, count in maluses:
        working = working.with_part(label, count, "malus")
    return working.with_part("GM", gm_modifier)
