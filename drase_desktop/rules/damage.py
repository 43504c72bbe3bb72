"""The twelve damage types (data in `resources/damage_types.json`), resistance and
vulnerability, immunities, critical damage and unavoidable damage (rulings 8-10)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import Roll, maximised, roll, roll_with_faces
from drase_desktop.rules.resource_data import CatalogueError, load_resource


class DamageError(Refusal):
    """An unknown damage type, a negative amount or an impossible combination."""


@dataclass(frozen=True)
class DamageType:
    name: str
    physical: bool
    critical_effect: str
    lethality: str
    feeling: str
    other_effects: str

    @property
    def lethality_text(self) -> str:
        return LETHALITY_SCALE[self.lethality]


def _load() -> tuple[dict[str, DamageType], dict[str, str], frozenset[str]]:
    data = load_resource("damage_types.json")
    try:
        scale = {str(k): str(v) for k, v in data["lethality_scale"].items()}
        types = {}
        for entry in data["damage_types"]:
            kind = DamageType(
                name=str(entry["name"]).lower(),
                physical=bool(entry["physical"]),
                critical_effect=str(entry["critical_effect"]).lower(),
                lethality=str(entry["lethality"]).lower(),
                feeling=str(entry["feeling"]),
                other_effects=str(entry.get("other_effects", "")),
            )
            if kind.lethality not in scale:
                raise CatalogueError(f"damage type {kind.name}: unknown lethality {kind.lethality}")
            types[kind.name] = kind
        immune = frozenset(str(name).lower() for name in data["object_immunities"])
    except (KeyError, TypeError, AttributeError) as error:
        raise CatalogueError(f"damage_types.json is malformed: {error!r}") from error
    return types, scale, immune


_TYPES, _SCALE, _OBJECT_IMMUNE = _load()

DAMAGE_TYPES: tuple[str, ...] = tuple(_TYPES)
DAMAGE_TYPE_INFO: Mapping[str, DamageType] = MappingProxyType(_TYPES)
PHYSICAL: frozenset[str] = frozenset(name for name, kind in _TYPES.items() if kind.physical)
MAGICAL: frozenset[str] = frozenset(DAMAGE_TYPES) - PHYSICAL
CRITICAL_EFFECT: Mapping[str, str] = MappingProxyType(
    {name: kind.critical_effect for name, kind in _TYPES.items()}
)
LETHALITY: Mapping[str, str] = MappingProxyType(
    {name: kind.lethality for name, kind in _TYPES.items()}
)
LETHALITY_SCALE: Mapping[str, str] = MappingProxyType(_SCALE)
OBJECT_IMMUNITIES: frozenset[str] = _OBJECT_IMMUNE


def damage_type(name: str) -> str:
    """`name` as one of DAMAGE_TYPES (case and spaces free), or a DamageError naming the choices."""
    key = str(name).strip().lower()
    if key not in _TYPES:
        raise DamageError(f"{name!r} is not a damage type; use one of {', '.join(DAMAGE_TYPES)}")
    return key


def is_physical(name: str) -> bool:
    """Ruling 10: cut, pierce and blunt are physical; the other nine are magical."""
    return damage_type(name) in PHYSICAL


def adjust(amount: int, resistances: int = 0, vulnerabilities: int = 0) -> int:
    """Ruling 9: stacks cancel 1:1 and never compound. Net resistance halves (rounded down);
    net vulnerability multiplies by 1.5 (rounded half up: 7 -> 11, 5 -> 8)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise DamageError(f"damage must be a whole number of 0 or more, not {amount!r}")
    if resistances < 0 or vulnerabilities < 0:
        raise DamageError("resistance and vulnerability are counts of stacks, 0 or more")
    net = resistances - vulnerabilities
    if net > 0:
        return amount // 2
    if net < 0:
        return (3 * amount + 1) // 2
    return amount


Stacks = int | Mapping[str, int] | Iterable[str]


def stacks_of(stacks: Stacks, kind: str) -> int:
    """How many stacks of `kind` a creature has, given a count per type or a list of names
    (a name listed twice is two stacks)."""
    if isinstance(stacks, int):
        return stacks
    if isinstance(stacks, Mapping):
        return sum(int(n) for name, n in stacks.items() if str(name).lower() == kind)
    return Counter(str(name).lower() for name in stacks)[kind]


@dataclass(frozen=True)
class DamageTaken:
    """What a hit does after resistances, vulnerabilities and immunities, and why."""

    amount: int
    damage_type: str
    rolled: int
    reason: str
    # What the creature's defences did, as data: IMMUNE, HALVED, INCREASED, or "" (nothing).
    effect: str = ""


IMMUNE, HALVED, INCREASED = "immune", "halved", "increased"


def damage_taken(
    amount: int,
    kind: str,
    *,
    resistances: Stacks = (),
    vulnerabilities: Stacks = (),
    immunities: Iterable[str] = (),
    is_object: bool = False,
    unavoidable: bool = False,
) -> DamageTaken:
    """The damage a creature (or an object) takes from `amount` of `kind`. Unavoidable damage
    is not reduced by resistance or immunity, but vulnerability still applies in full (rulings
    30, 44); objects stay immune to psychic and poison, unavoidable or not (ruling 44)."""
    kind = damage_type(kind)
    if is_object and kind in OBJECT_IMMUNITIES:
        reason = f"objects are immune to {kind} (ruling 10)"
        if unavoidable:
            reason += ", unavoidable or not (ruling 44)"
        return DamageTaken(0, kind, amount, reason, IMMUNE)
    if unavoidable:
        vulnerable = stacks_of(vulnerabilities, kind)
        reason = "unavoidable: resistance and immunity do not reduce it (ruling 30)"
        if vulnerable and stacks_of(resistances, kind):
            reason += (
                f"; vulnerable to {kind}: resistance ignored, vulnerability in full,"
                " x1.5 rounded half up (ruling 44)"
            )
        elif vulnerable:
            reason += f"; vulnerable to {kind}: x1.5, rounded half up"
        effect = INCREASED if vulnerable else ""
        return DamageTaken(adjust(amount, 0, vulnerable), kind, amount, reason, effect)
    immune = {str(name).lower() for name in immunities}
    if kind in immune:
        return DamageTaken(0, kind, amount, f"immune to {kind}", IMMUNE)
    resist = stacks_of(resistances, kind)
    vulnerable = stacks_of(vulnerabilities, kind)
    result = adjust(amount, resist, vulnerable)
    net = resist - vulnerable
    effect = HALVED if net > 0 else INCREASED if net < 0 else ""
    if net > 0:
        reason = f"resistant to {kind}: halved, rounded down"
    elif net < 0:
        reason = f"vulnerable to {kind}: x1.5, rounded half up"
    elif resist:
        reason = f"{resist} resistance and {vulnerable} vulnerability to {kind} cancel"
    else:
        reason = ""
    return DamageTaken(result, kind, amount, reason, effect)


def maximises_damage(*, critical: bool, player_character: bool, save_targeting: bool) -> bool:
    """Ruling 8: only a PC's critical hit maximises its damage dice, and never a save-targeting
    one (save-targeting attacks cannot crit at all)."""
    return critical and player_character and not save_targeting


def critical_effect(kind: str) -> str:
    """The status a critical hit of `kind` applies (every crit, PC or NPC, ruling 8)."""
    return CRITICAL_EFFECT[damage_type(kind)]


@dataclass(frozen=True)
class DamageRoll:
    """Rolled damage of one type; on a critical, the status its type applies."""

    roll: Roll
    damage_type: str
    maximised: bool
    critical_effect: str | None

    @property
    def total(self) -> int:
        # A damage roll that sums below 0 (e.g. 1d4 - 3) deals none.
        return max(0, self.roll.total)


def roll_damage(
    expression: str,
    kind: str,
    *,
    critical: bool = False,
    player_character: bool = False,
    save_targeting: bool = False,
    rng: random.Random | None = None,
    faces: Sequence[int] | None = None,
    rolled: Roll | None = None,
) -> DamageRoll:
    """Roll damage (or take `faces` rolled at the table, or the roll already `rolled` from an
    operation's dice), maximised for a PC's critical."""
    kind = damage_type(kind)
    critical = critical and not save_targeting
    maximise = maximises_damage(
        critical=critical, player_character=player_character, save_targeting=save_targeting
    )
    if maximise:
        result = maximised(expression)
    elif rolled is not None:
        result = rolled
    elif faces is not None:
        result = roll_with_faces(expression, faces)
    else:
        result = roll(expression, rng)
    return DamageRoll(result, kind, maximise, CRITICAL_EFFECT[kind] if critical else None)


@dataclass(frozen=True)
class Damage:
    """A packet of damage with its properties. Non-lethal is physical only (one attack malus);
    unavoidable damage needs no attack roll and no reaction can negate it (ruling 10)."""

    amount: int
    damage_type: str
    unavoidable: bool = False
    non_lethal: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage_type", damage_type(self.damage_type))
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise DamageError(f"damage must be a whole number of 0 or more, not {self.amount!r}")
        if self.non_lethal and self.damage_type not in PHYSICAL:
            raise DamageError(
                "only physical damage (cut, pierce, blunt) can be non-lethal, "
                f"not {self.damage_type}"
            )

    @property
    def needs_attack_roll(self) -> bool:
        return not self.unavoidable

    @property
    def negatable_by_reaction(self) -> bool:
        return not self.unavoidable
