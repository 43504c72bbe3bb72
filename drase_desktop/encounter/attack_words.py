"""The words the GM reads about an attack, made in one place from what the core computed (its
preview, its result): the attack panel shows them, and so can any other view of the fight.

Nothing here decides a rule: each word reads a field the rules filled in (`natural_hit` from the
ruleset's judge, `damage_effect` from the damage rules, the chances from the ruleset)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.declaration import SPELL_ACTIONS
from drase_desktop.encounter.sides import side_words
from drase_desktop.rules.damage import HALVED, IMMUNE, INCREASED
from drase_desktop.rules.health import is_incapacitated

if TYPE_CHECKING:
    from drase_desktop.encounter.attack_preview import AttackPreview
    from drase_desktop.encounter.combatant import Combatant, Weapon
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.encounter.results import AttackResult
    from drase_desktop.rules.working import Part

# What an outcome is, for the colour it is shown in.
CRITICAL, HIT, MISS, BLOCKED, NEUTRAL = "critical", "hit", "miss", "blocked", "neutral"

_EFFECT_WORDS = {IMMUNE: "is immune", HALVED: "resists: halved", INCREASED: "is vulnerable: x1.5"}


@dataclass(frozen=True)
class Row:
    """One line of an attack's working: a term and its value, or a note (value empty)."""

    label: str
    value: str = ""
    note: bool = False


@dataclass(frozen=True)
class PreviewWords:
    """What the panel shows for an attack before the roll, line by line."""

    blocked: str
    expression: str
    target: str
    chances: str
    damage: str
    rows: tuple[Row, ...]


def verdict(result: AttackResult) -> tuple[str, str]:
    """The big word for one attack result and its outcome."""
    if result.total is None:
        return "UNAVOIDABLE HIT", HIT
    if result.critical:
        return "CRITICAL HIT", CRITICAL
    if result.hit and result.natural_hit:
        return "NATURAL 20: HIT", HIT
    if result.hit:
        return "HIT", HIT
    return "MISS", MISS


def verdicts(results: Sequence[AttackResult]) -> tuple[str, str]:
    """The big word for one attack at one or several targets ("2 OF 3 HIT")."""
    if len(results) == 1:
        return verdict(results[0])
    hits = sum(1 for r in results if r.hit)
    outcome = CRITICAL if any(r.critical for r in results) else HIT if hits else MISS
    return f"{hits} OF {len(results)} HIT", outcome


def result_line(encounter: Encounter, result: AttackResult) -> str:
    """What a GM reads aloud: whose roll against whose number, then what the target took
    ("Mira rolls 1d20 (8) + 5 = 13 vs Bandit 1's 12" / "→ Bandit 1: 8 pierce, 3/11 HP")."""
    target = encounter.combatants.get(result.target_id)
    name = target.name if target is not None else result.target_id
    attacker = encounter.combatants.get(result.attacker_id)
    who = attacker.name if attacker is not None else result.attacker_id
    if result.total is None:
        line = f"{who} needs no attack roll against {name}"
    else:
        line = f"{who} rolls {result.roll_text} vs\u00a0{name}'s {result.target_number}"
    if result.hit:
        line += f"\n→ {name}: {result.damage_dealt} {result.damage_type}"
        if result.damage_dealt != result.damage_rolled:
            line += f" (rolled {result.damage_rolled})"
        if target is not None:
            line += f", {target.hp}/{target.max_hp} HP"
            if is_incapacitated(target.hp) and not target.incapacitated:
                line += " (0 or below: Incapacitated when this phase ends)"
        if result.status_applied:
            line += f", {result.status_applied.title()}"
    return line


def result_lines(encounter: Encounter, results: Sequence[AttackResult]) -> list[str]:
    """Each target's line; at several targets each starts with its own verdict."""
    lines = [result_line(encounter, r) for r in results]
    if len(results) > 1:
        lines = [f"{verdict(r)[0]}: {line}" for r, line in zip(results, lines, strict=True)]
    return lines


def part_value(part: Part) -> str:
    """A term's value: "+3", or "+1 bonus", "−2 maluses" for bonus/malus dice."""
    if part.kind == "flat":
        return f"{part.amount:+d}"
    sign = "+" if part.kind == "bonus" else "−"
    noun = "bonus" if part.kind == "bonus" else "malus"
    plural = "es" if part.amount != 1 else ""
    return f"{sign}{part.amount} {noun}{plural}"


def combatant_label(combatant: Combatant) -> str:
    """A creature in a list of attackers or targets: name, side, HP and what marks it."""
    tags = []
    if combatant.is_object:
        tags.append("object")
    if combatant.incapacitated:
        tags.append("down")
    if combatant.hidden:
        tags.append("hidden")
    extra = f" [{', '.join(tags)}]" if tags else ""
    side = side_words(combatant.side)
    return f"{combatant.name} ({side}) {combatant.hp}/{combatant.max_hp} HP{extra}"


def weapon_label(weapon: Weapon) -> str:
    kind = "ranged" if weapon.ranged else "melee"
    extras = [f"{weapon.damage} {weapon.damage_type}", f"{kind} {weapon.reach}"]
    if weapon.save:
        extras.append(f"vs {weapon.save.upper()[:3]} save")
    if weapon.unavoidable:
        extras.append("unavoidable")
    return f"{weapon.name} ({', '.join(extras)})"


def attack_actions(encounter: Encounter, *, spells: bool = False) -> list[tuple[str, str]]:
    """The actions an attack may spend, as (name, label); with `spells` (the attacker has an
    attack spell) the casting actions too."""
    if not encounter.ruleset.declares_actions:
        return [("attack", "attack (missile or melee step)")]
    entries = [
        a
        for a in encounter.action_catalogue.values()
        if a.attack or (spells and a.name in SPELL_ACTIONS)
    ]
    return [
        (a.name, f"{a.name} (reaction)" if a.cost == "reaction" else f"{a.name} ({a.cost})")
        for a in entries
    ]


def working_rows(encounter: Encounter, preview: AttackPreview, *, reaction: bool) -> list[Row]:
    """Every term of the roll with its source, then the notes: the defense roll, the map's
    situation, what the attack cannot do."""
    rows: list[Row] = []
    if preview.working is not None:
        rows = [Row(p.label, part_value(p)) for p in preview.working.parts]
        rows += [Row(note, note=True) for note in preview.working.notes]
    rows += _defense_rows(encounter, preview)
    rows += [Row(note, note=True) for note in preview.situation_notes]
    if preview.save_targeting and encounter.ruleset.has_criticals:
        rows.append(Row("save-targeting: never a critical (ruling 2)", note=True))
    if reaction:
        rows.append(Row("reaction: partial cover, reach and range ignored (ruling 29)", note=True))
    return rows


def _defense_rows(encounter: Encounter, preview: AttackPreview) -> list[Row]:
    """The defender's defense roll shifts the number to beat (ruling 7)."""
    target = encounter.combatants.get(preview.target_id)
    if target is None or preview.working is None or not encounter.ruleset.has_defense_roll:
        return []
    rolled = encounter.round_state.defense.get(target.id)
    if rolled is None:
        return [Row(f"{target.name} has not rolled defense this round", note=True)]
    return [Row(f"{target.name}'s defense roll (to the number to beat)", f"{rolled:+d}")]


def damage_line(encounter: Encounter, preview: AttackPreview) -> str:
    """The damage roll and what the target's defences and a critical do to it."""
    text = f"Damage {preview.damage_expression} {preview.damage_type}"
    target = encounter.combatants.get(preview.target_id)
    if target is None:
        return text
    notes = []
    if preview.damage_effect in _EFFECT_WORDS:
        notes.append(f"{target.name} {_EFFECT_WORDS[preview.damage_effect]}")
    if preview.critical_note:
        notes.append(preview.critical_note)
    return text + (" · " + "; ".join(notes) if notes else "")


def other_target_line(encounter: Encounter, target_id: str, other: AttackPreview | str) -> str:
    """One more target of an area attack: its number and chance, or why it cannot be hit
    (`other` is its preview, or the refusal of one)."""
    target = encounter.combatants.get(target_id)
    name = target.name if target is not None else target_id
    if isinstance(other, str):
        return f"{target_id}: {other}"
    if other.blocked:
        return f"{name}: {other.blocked}"
    verb = encounter.ruleset.target_verb
    return f"{name}: {verb} {other.target_number}, hit {other.hit:.1%}"


def preview_words(
    encounter: Encounter,
    preview: AttackPreview,
    *,
    reaction: bool = False,
    others: Sequence[str] = (),
) -> PreviewWords:
    """The panel's words for an attack before the roll; `others` are the lines of an area
    attack's further targets (`other_target_line`)."""
    ruleset = encounter.ruleset
    rows = tuple(working_rows(encounter, preview, reaction=reaction))
    damage = damage_line(encounter, preview)
    if preview.unavoidable:
        return PreviewWords(
            preview.blocked,
            "No attack roll: the damage always lands (ruling 10)",
            "",
            "Hit 100%",
            damage,
            rows,
        )
    if preview.working is None:
        return PreviewWords(preview.blocked, "", "", "", damage, rows)
    target = f"{ruleset.target_word} {preview.target_number}  ({preview.target_text})"
    crit = f"  ·  Crit {preview.critical:.1%}" if ruleset.has_criticals else ""
    chances = f"Hit {preview.hit:.1%}{crit}" + ("\n" + "\n".join(others) if others else "")
    return PreviewWords(
        preview.blocked, f"Roll {preview.expression}", target, chances, damage, rows
    )
