"""Fight operations the GM's tools need beyond `Encounter`'s own: an attack's preview (its
working, target number and exact chances, read before any roll), an area attack on several
targets as one step, resolving a declared action by hand or skipping it, ability checks against
the DC table, perception against stealth, rests, and displacement stacking.

Each operation runs through `Encounter._run`, so it is one undoable `Change` like the encounter's
own operations; it reuses the encounter's helpers so rolls, locks and the log behave the same.
Rulings made here are written to the log where they apply (RULES-NOTES: never silent).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import Combatant, Position, Weapon
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.ruleset import AttackChoices
from drase_desktop.rules import actions as action_rules
from drase_desktop.rules import displacement as displacement_rules
from drase_desktop.rules import rest as rest_rules
from drase_desktop.rules.attack import (
    AttackError,
    check,
    check_chance,
    fixed_dc,
)
from drase_desktop.rules.character import (
    CharacterError,
    ability_check_working,
    perception_working,
)
from drase_desktop.rules.damage import DamageError
from drase_desktop.rules.dice import DiceError, roll
from drase_desktop.rules.working import Working

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import AttackResult, Encounter


def _error(encounter: Encounter) -> type[ValueError]:
    # Refusals are the encounter's own error type (EncounterError), so callers catch one kind.
    from drase_desktop.encounter.encounter import EncounterError

    return EncounterError


# ---------------------------------------------------------------------------------- preview
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

    @property
    def expression(self) -> str:
        return self.working.expression if self.working is not None else ""


def weapon_of(encounter: Encounter, attacker: Combatant, name: str | None) -> Weapon:
    return encounter._weapon(attacker, name)


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
) -> AttackPreview:
    """The working of an attack exactly as `resolve_attack` would build it, with the chances.
    Reads only; never changes the encounter."""
    attacker = encounter.combatant(attacker_id)
    target = encounter.combatant(target_id)
    chosen = weapon_of(encounter, attacker, weapon)
    ruleset = encounter.ruleset
    damage = ruleset.damage_expression(attacker, chosen)
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
    )
    if attacker.id == target.id:
        return replace(empty, blocked=f"{attacker.name} cannot attack itself")
    refused = ruleset.attack_option_error(bonuses=bonuses, maluses=maluses, non_lethal=non_lethal)
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
        )
        working = encounter._attack_working(attacker, target, chosen, situation, choices)
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


# ---------------------------------------------------------------------------------- area attack
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
    failure = _error(encounter)
    attacker = encounter.combatant(attacker_id)
    targets = [encounter.combatant(t) for t in dict.fromkeys(target_ids)]
    if not targets:
        raise failure("An area attack needs at least one target")
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
        raise failure(str(error)) from error
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


# ---------------------------------------------------------------------------------- resolve by hand
RESOLUTIONS = ("resolved by hand", "skipped")


@operation("combatant_id")
def resolve_by_hand(
    encounter: Encounter,
    combatant_id: str,
    action: str,
    *,
    outcome: str = "resolved by hand",
    note: str = "",
    reaction: bool = False,
) -> tuple[str, None]:
    """Mark one declared action (or the reaction) as done without the app rolling it: the GM
    resolved it at the table, or skipped it. It counts as used for the round."""
    failure = _error(encounter)
    combatant = encounter.combatant(combatant_id)
    if outcome not in RESOLUTIONS:
        raise failure(f"outcome must be one of {', '.join(RESOLUTIONS)}")
    if encounter.round == 0:
        raise failure("Nothing is declared before the fight starts")
    name = " ".join(action.lower().split())
    declaration = encounter.declaration(combatant_id)
    declared = (
        (1 if declaration.reaction == name else 0) if reaction else declaration.times_declared(name)
    )
    if declaration.times_used(name) >= declared:
        kind = "reaction" if reaction else "action"
        raise failure(f"{combatant.name} has no unresolved {kind} {name!r} this round")
    encounter._declaration_for_update(combatant_id).used.append(name)
    extra = f": {note.strip()}" if note.strip() else ""
    encounter._log(
        "note",
        f"{combatant.name}'s {name} {outcome}{extra}",
        combatant=combatant_id,
        action=name,
        outcome=outcome,
        reaction=reaction,
    )
    return f"{combatant.name}: {name} {outcome}", None


@dataclass(frozen=True)
class QueueItem:
    """One declared reaction or action to resolve in a resolution phase."""

    combatant_id: str
    name: str
    action: str
    reaction: bool
    attack: bool
    index: int  # the n-th use of this action by this combatant this round (0-based)
    done: bool

    @property
    def key(self) -> tuple[str, str, bool, int]:
        return (self.combatant_id, self.action, self.reaction, self.index)


def resolution_queue(encounter: Encounter) -> list[QueueItem]:
    """The declared reactions, then actions, of the sides whose declarations the current
    resolution phase resolves (GM Resolution: the players'; GM End Round Resolution: the GM's).
    Movement entries are left out: the GM moves tokens on the map."""
    if encounter.round == 0 or not encounter.ruleset.declares_actions:
        return []
    phase = encounter.phase
    # GM Resolution and GM End Round Resolution; a third-party turn declares and resolves in
    # one phase.
    third_party = phase.declares and phase.actors == "third-party"
    if not third_party and (phase.declares or "resolution" not in phase.key):
        return []
    sides = encounter.phase_sides(phase)
    catalogue = encounter.action_catalogue
    reactions: list[QueueItem] = []
    actions: list[QueueItem] = []
    for combatant in encounter.combatants.values():
        if combatant.side not in sides:
            continue
        declaration = encounter.declaration(combatant.id)
        if declaration.reaction:
            name = declaration.reaction
            reactions.append(
                QueueItem(
                    combatant.id,
                    combatant.name,
                    name,
                    True,
                    _is_attack(catalogue, name),
                    0,
                    declaration.times_used(name) >= 1,
                )
            )
        seen: dict[str, int] = {}
        for name in declaration.actions:
            if _cost(catalogue, name) == "movement":
                continue
            index = seen.get(name, 0)
            seen[name] = index + 1
            used = declaration.times_used(name) - (1 if declaration.reaction == name else 0)
            actions.append(
                QueueItem(
                    combatant.id,
                    combatant.name,
                    name,
                    False,
                    _is_attack(catalogue, name),
                    index,
                    used > index,
                )
            )
    return reactions + actions


def _is_attack(catalogue: action_rules.ActionCatalogue, name: str) -> bool:
    try:
        return catalogue.action(name).attack
    except action_rules.ActionError:
        return False


def _cost(catalogue: action_rules.ActionCatalogue, name: str) -> str:
    try:
        return catalogue.action(name).cost
    except action_rules.ActionError:
        return ""


# ---------------------------------------------------------------------------------- checks
@dataclass(frozen=True)
class CheckResult:
    """An ability check or perception roll: the roll, the number it had to beat, the verdict."""

    combatant_id: str
    label: str
    roll_text: str
    total: int
    dc: int
    success: bool
    critical: bool
    reason: str
    chance: float


def check_working(
    encounter: Encounter,
    combatant_id: str,
    attribute: str,
    *,
    career: int = 0,
    career_applies: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
) -> Working:
    combatant = encounter.combatant(combatant_id)
    try:
        return ability_check_working(
            attribute,
            combatant.attributes[attribute],
            career=career,
            career_applies=career_applies,
            bonuses=bonuses,
            maluses=maluses,
        )
    except (CharacterError, KeyError) as error:
        raise _error(encounter)(f"{combatant.name}: {error}") from error


@operation("combatant_id")
def ability_check(
    encounter: Encounter,
    combatant_id: str,
    attribute: str,
    dc: int,
    *,
    career: int = 0,
    career_applies: bool = False,
    bonuses: int = 0,
    maluses: int = 0,
    label: str = "",
    faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> tuple[str, CheckResult]:
    """An ability check against a DC (5-30, the DC table): success when the total beats it
    (ruling 1; a natural 20 does not force it). A roll for a combatant locks its declaration."""
    failure = _error(encounter)
    combatant = encounter.combatant(combatant_id)
    try:
        fixed_dc(dc)
    except AttackError as error:
        raise failure(str(error)) from error
    working = check_working(
        encounter,
        combatant_id,
        attribute,
        career=career,
        career_applies=career_applies,
        bonuses=bonuses,
        maluses=maluses,
    )
    title = label.strip() or f"{attribute.capitalize()} check"
    result = _judged_roll(encounter, combatant, working, dc, title, faces, rng)
    return f"{combatant.name}: {title}", result


def _judged_roll(
    encounter: Encounter,
    combatant: Combatant,
    working: Working,
    dc: int,
    title: str,
    faces: Sequence[int] | None,
    rng: random.Random | None,
) -> CheckResult:
    rolled = encounter._roll(working.expression, rng, faces)
    outcome = check(rolled.total, dc)
    verdict = "success" if outcome.success else "failure"
    encounter._log(
        "roll",
        f"{combatant.name}: {title} vs DC {dc}: {rolled.text}: {verdict} ({outcome.reason})",
        combatant=combatant.id,
        expression=rolled.expression,
        total=rolled.total,
        roll=title,
        dc=dc,
        success=outcome.success,
        working=working.lines(),
    )
    encounter._lock(combatant, f"{title} rolled")
    chance = check_chance(working.modifier, dc, bonuses=working.bonuses, maluses=working.maluses)
    return CheckResult(
        combatant.id,
        title,
        rolled.text,
        rolled.total,
        dc,
        outcome.success,
        outcome.critical,
        outcome.reason,
        chance,
    )


def perception_check_working(
    encounter: Encounter,
    perceiver_id: str,
    *,
    hider_id: str | None = None,
    career: int = 0,
    perception_bonus: int = 0,
    bonuses: int = 0,
    maluses: int = 0,
) -> Working:
    """1d20 + Intelligence + perception bonuses + level bonus (in combat) or career bonus (out
    of combat); maluses for the obscuration at either end, the stronger (rulings 23, 28)."""
    perceiver = encounter.combatant(perceiver_id)
    obscured = 0
    if hider_id is not None:
        hider = encounter.combatant(hider_id)
        if hider.position is not None and perceiver.position is not None:
            # Ruling 28: the stronger of the perceiver's and the hider's obscuration counts.
            seen = geometry.obscuration_between(encounter.battle_map, perceiver, hider)
            if seen.level == "total":
                raise _error(encounter)(
                    f"{hider.name} cannot be perceived by sight: total obscuration"
                    f" ({'; '.join(seen.reasons)})"
                )
            obscured = seen.maluses
    try:
        return perception_working(
            perceiver.attributes["intelligence"],
            in_combat=encounter.started,
            level=perceiver.level,
            career=career,
            perception_bonus=perception_bonus,
            bonuses=bonuses,
            obscuration_maluses=obscured,
            maluses=maluses,
        )
    except CharacterError as error:
        raise _error(encounter)(f"{perceiver.name}: {error}") from error


def stealth_working(encounter: Encounter, hider_id: str, *, bonuses: int = 0) -> Working:
    """The hider's roll that sets the perception DC. The text names no stealth formula; the
    program rules it is 1d20 + Finesse modifier (+ bonus dice), logged as a ruling."""
    hider = encounter.combatant(hider_id)
    return ability_check_working("finesse", hider.attributes["finesse"], bonuses=bonuses)


@operation("perceiver_id", "hider_id")
def perception_check(
    encounter: Encounter,
    perceiver_id: str,
    *,
    hider_id: str | None = None,
    dc: int | None = None,
    career: int = 0,
    perception_bonus: int = 0,
    bonuses: int = 0,
    maluses: int = 0,
    stealth_bonuses: int = 0,
    perception_faces: Sequence[int] | None = None,
    stealth_faces: Sequence[int] | None = None,
    reveal: bool = True,
    rng: random.Random | None = None,
) -> tuple[str, CheckResult]:
    """Perception against a hider's stealth roll (or a fixed DC). On success a hidden hider is
    revealed (shown to players) when `reveal` is set."""
    failure = _error(encounter)
    perceiver = encounter.combatant(perceiver_id)
    if hider_id is None and dc is None:
        raise failure("Perception needs a hider or a DC to beat")
    if dc is not None:
        try:
            fixed_dc(dc)
        except AttackError as error:
            raise failure(str(error)) from error
    working = perception_check_working(
        encounter,
        perceiver_id,
        hider_id=hider_id,
        career=career,
        perception_bonus=perception_bonus,
        bonuses=bonuses,
        maluses=maluses,
    )
    target = dc
    hider = encounter.combatant(hider_id) if hider_id else None
    if target is None:
        assert hider is not None
        stealth = stealth_working(encounter, hider.id, bonuses=stealth_bonuses)
        rolled = encounter._roll(stealth.expression, rng, stealth_faces)
        target = rolled.total
        encounter._log(
            "roll",
            f"{hider.name} stealth: {rolled.text} (ruling: 1d20 + Finesse; the text names"
            " no stealth roll)",
            combatant=hider.id,
            expression=rolled.expression,
            total=rolled.total,
            roll="stealth",
        )
        # Ruling 32: the stealth roll is the hider's own roll.
        encounter._lock(hider, "stealth rolled")
    title = f"perception vs {hider.name}" if hider else "perception"
    result = _judged_roll(encounter, perceiver, working, target, title, perception_faces, rng)
    if result.success and hider is not None and hider.hidden and reveal:
        hider.hidden = False
        encounter._log(
            "combatant",
            f"{perceiver.name} spots {hider.name}: no longer hidden",
            combatant=hider.id,
        )
    return f"{perceiver.name}: {title}", result


# ---------------------------------------------------------------------------------- rests
REST_KINDS = ("short", "long")


def mana_regained_since_long_rest(encounter: Encounter, combatant_id: str) -> int:
    """Mana regained by short rests since the last long rest, read from the rest log entries
    (so undo forgets it with the entry)."""
    total = 0
    for entry in encounter.log:
        if entry.data.get("rest") is None or entry.data.get("combatant") != combatant_id:
            continue
        if entry.data["rest"] == "long":
            total = 0
        else:
            total += int(entry.data.get("mana_gained", 0))
    return total


@operation("combatant_ids")
def rest(
    encounter: Encounter,
    combatant_ids: Sequence[str],
    kind: str,
    *,
    well_rested: bool = True,
) -> tuple[str, dict[str, tuple[str, ...]]]:
    """A short (15 min) or long (8 h) rest for the chosen creatures (rules/rest.py)."""
    failure = _error(encounter)
    if kind not in REST_KINDS:
        raise failure(f"A rest is short or long, not {kind!r}")
    chosen = [encounter.combatant(c) for c in dict.fromkeys(combatant_ids)]
    if not chosen:
        raise failure("Choose who rests")
    notes: dict[str, tuple[str, ...]] = {}
    for combatant in chosen:
        try:
            before = combatant.rest_resources(
                mana_regained_since_long_rest(encounter, combatant.id)
            )
        except rest_rules.RestError as error:
            raise failure(f"{combatant.name}: {error}") from error
        done = (
            rest_rules.short_rest(before)
            if kind == "short"
            else rest_rules.long_rest(before, well_rested=well_rested)
        )
        after = done.after
        gained = after.mana - before.mana
        if kind == "long":
            combatant.hp = max(combatant.hp, after.hp)
        combatant.mana = after.mana
        combatant.focus = after.focus
        text = "; ".join(done.notes) or "nothing to regain"
        encounter._log(
            "heal",
            f"{combatant.name} takes a {kind} rest: {text}",
            combatant=combatant.id,
            rest=kind,
            mana_gained=gained,
        )
        notes[combatant.id] = done.notes
    return f"{kind.capitalize()} rest", notes


# ---------------------------------------------------------------------------------- displacement
@dataclass(frozen=True)
class DisplacementHit:
    """A displacement that landed on a creature this round: tiles pushed, a direction (dx, dy)
    of unit steps, the attack roll total and the source."""

    degree: int
    vector: tuple[int, int]
    roll: int
    source: str = ""


@operation("target_id")
def apply_displacements(
    encounter: Encounter, target_id: str, hits: Sequence[DisplacementHit]
) -> tuple[str, Position | None]:
    """Displacement stacking: of several displacements on one creature in a round only the
    strongest degree takes effect, then the highest roll, then the last rolled. The winner
    pushes the creature up to `degree` tiles along its vector, stopping before a tile it cannot
    stand on (a forced move: no movement spent)."""
    failure = _error(encounter)
    target = encounter.combatant(target_id)
    if not hits:
        raise failure("No displacement to apply")
    if target.position is None:
        raise failure(f"{target.name} is not on the map")
    try:
        resolution = displacement_rules.resolve(
            [
                displacement_rules.Displacement(h.degree, h.vector, h.roll, i, h.source)
                for i, h in enumerate(hits)
            ]
        )
    except displacement_rules.DisplacementError as error:
        raise failure(str(error)) from error
    winner = resolution.winner
    dx, dy = (max(-1, min(1, v)) for v in winner.vector)
    if (dx, dy) == (0, 0) and winner.degree:
        raise failure("A displacement needs a direction")
    start = target.position
    end = start
    for step in range(1, winner.degree + 1):
        tile = (start[0] + dx * step, start[1] + dy * step)
        try:
            encounter._check_placement(target, tile)
        except ValueError:
            break
        end = tile
    encounter._log(
        "ruling",
        f"{len(hits)} displacement(s) on {target.name}: {winner.source or 'one'} takes"
        f" effect ({resolution.reason})",
        combatant=target.id,
    )
    if end != start:
        encounter.move(target_id, [start, end], forced=True)
    else:
        encounter._log("note", f"{target.name} cannot be pushed: no room", combatant=target.id)
    return f"Displace {target.name}", end
