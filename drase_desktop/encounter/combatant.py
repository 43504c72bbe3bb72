"""A creature or object in a fight: its numbers, its weapons, its statuses and where it stands.

Plain data. Every change to a combatant inside an encounter goes through an `Encounter`
operation (so it can be undone and is logged); the dataclasses here only hold and check values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from drase_desktop.file_limits import MAX_NAME_CHARACTERS, MAX_NOTES_CHARACTERS
from drase_desktop.refusal import Refusal
from drase_desktop.rules.attack import AttackError, attack_attribute
from drase_desktop.rules.character import ATTRIBUTES, attribute_modifier
from drase_desktop.rules.damage import OBJECT_IMMUNITIES, DamageError, damage_type
from drase_desktop.rules.dice import DiceError, parse
from drase_desktop.rules.rest import Resources
from drase_desktop.rules.status import StatusInstance, status_name

Position = tuple[int, int]

ATTRIBUTE_NAMES = ATTRIBUTES

# Ordinal sizes of the brief's contract; footprint is tiles per side.
SIZES = {1: "tiny", 2: "small", 3: "medium", 4: "large", 5: "huge", 6: "gargantuan"}
_FOOTPRINT = {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 4}

DEFAULT_LIMBS = ("head", "torso", "left arm", "right arm", "left leg", "right leg")

__all__ = ["Combatant", "CombatantError", "Preparation", "StatusInstance", "Weapon"]

INCAPACITATED = "incapacitated"
SURPRISED = "surprised"


_COPY: dict[type, Callable[[Any], Any]] = {list: list, dict: dict, set: set}
# Resources and counts that are never below zero (HP can be: a creature falls below 0).
_NEVER_NEGATIVE = (
    "mana",
    "max_mana",
    "focus",
    "max_focus",
    "defense_bonuses",
    "defense_maluses",
)
_WHOLE_NUMBERS = ("size", "hp", "max_hp", "speed", "level", "ac_bonus", *_NEVER_NEGATIVE)


class CombatantError(Refusal):
    """A combatant's values do not make sense (a GM-readable message)."""


# Text held to what it is for, as the file holds it (file_limits.py).
_TEXT_LIMITS = {
    "id": MAX_NAME_CHARACTERS,
    "name": MAX_NAME_CHARACTERS,
    "side": MAX_NAME_CHARACTERS,
    "notes": MAX_NOTES_CHARACTERS,
}


@dataclass(frozen=True)
class Weapon:
    """An attack a combatant can make: a weapon, a natural attack or an attack spell.

    `damage` is the dice of the weapon itself (`1d12 + 1d4`); the attacking attribute modifier
    is added on top when `adds_modifier` is set (Drase: "1d12 + 3 from power").
    `reach` is in tiles: melee reach, or the range of a ranged weapon.
    `save` names the attribute a save-targeting attack goes against (never crits, ruling 2).
    `spell`: an attack spell; it rolls `attribute`, Intelligence when that is empty (ruling 41).
    A weapon rolls Power, or Finesse when `finesse` allows it and it is higher.
    """

    name: str
    damage: str
    damage_type: str
    finesse: bool = False
    ranged: bool = False
    reach: int = 1
    to_hit: int = 0
    magic: int = 0
    adds_modifier: bool = True
    save: str | None = None
    unavoidable: bool = False
    non_lethal: bool = False
    critical_effect: str | None = None
    notes: str = ""
    spell: bool = False
    attribute: str | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise CombatantError("A weapon needs a name")
        try:
            parse(self.damage)
        except DiceError as error:
            raise CombatantError(f"{self.name}: damage {self.damage!r}: {error}") from error
        try:
            object.__setattr__(self, "damage_type", damage_type(self.damage_type))
        except DamageError as error:
            raise CombatantError(f"{self.name}: {error}") from error
        if self.reach < 0:
            raise CombatantError(f"{self.name}: reach cannot be negative ({self.reach})")
        if self.attribute is not None and not self.spell:
            raise CombatantError(
                f"{self.name}: a weapon rolls Power, or Finesse when it allows it; only an attack"
                f" spell names its attribute (ruling 41), not {self.attribute!r}"
            )
        if self.attribute is not None and self.attribute not in ATTRIBUTE_NAMES:
            raise CombatantError(
                f"{self.name}: a spell rolls one of {', '.join(ATTRIBUTE_NAMES)},"
                f" not {self.attribute!r}"
            )
        if self.save is not None and self.save not in ATTRIBUTE_NAMES:
            raise CombatantError(
                f"{self.name}: a save must target one of {', '.join(ATTRIBUTE_NAMES)},"
                f" not {self.save!r}"
            )


@dataclass(frozen=True)
class Preparation:
    """A spell or potion prepared before the fight (ruling 40): the status or effect it gives
    (from the encounter's catalogue), its duration in rounds (None: the effect's own) and what
    it is ("potion of haste"). It takes effect at the start of round 1, as if applied then."""

    status: str
    duration: int | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.status, str) or not self.status.strip():
            raise CombatantError("A prepared effect needs the name of a status or effect")
        object.__setattr__(self, "status", status_name(self.status))
        if self.duration is not None and (
            isinstance(self.duration, bool)
            or not isinstance(self.duration, int)
            or self.duration < 1
        ):
            raise CombatantError(
                f"{self.status}: a prepared effect lasts 1 round or more, not {self.duration!r}"
            )
        if not isinstance(self.source, str):
            raise CombatantError(f"{self.status}: what it comes from must be text")

    def describe(self) -> str:
        length = "its own duration" if self.duration is None else f"{self.duration} round(s)"
        origin = f" ({self.source})" if self.source else ""
        return f"{self.status}{origin}, {length}"


@dataclass
class Combatant:
    id: str
    name: str
    side: str = "gm"
    is_player_character: bool = False
    size: int = 3
    position: Position | None = None
    hp: int = 10
    max_hp: int = 10
    speed: int = 6
    statuses: list[StatusInstance] = field(default_factory=list)
    hidden: bool = False
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTE_NAMES, 10))
    level: int = 1
    ac_bonus: int = 0
    mana: int = 0
    max_mana: int = 0
    focus: int = 0
    max_focus: int = 0
    # Stacks per damage type: resistances and vulnerabilities cancel 1:1 (ruling 9).
    resistances: dict[str, int] = field(default_factory=dict)
    vulnerabilities: dict[str, int] = field(default_factory=dict)
    immunities: set[str] = field(default_factory=set)
    wounds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DEFAULT_LIMBS, 0))
    weapons: list[Weapon] = field(default_factory=list)
    is_object: bool = False
    # Standing defense bonus/malus dice rolled each round (Drase), before declared actions.
    defense_bonuses: int = 0
    defense_maluses: int = 0
    # Crawler: 2d6 morale score (checked when required); None when it never checks.
    morale: int | None = None
    notes: str = ""
    # The content key of its picture in the encounter's portraits (portraits.py); None draws
    # the initials.
    portrait: str | None = None
    # Spells and potions prepared in Setup; they become statuses at the start of round 1.
    prepared: list[Preparation] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise CombatantError when a value is of the wrong kind or out of its range."""
        for label in ("id", "name", "side", "notes"):
            if not isinstance(getattr(self, label), str):
                raise CombatantError(f"{label} must be text, not {getattr(self, label)!r}")
        for label in _WHOLE_NUMBERS:
            value = getattr(self, label)
            if isinstance(value, bool) or not isinstance(value, int):
                raise CombatantError(f"{self.name}: {label} must be a whole number, not {value!r}")
        for label in ("is_player_character", "hidden", "is_object"):
            if not isinstance(getattr(self, label), bool):
                raise CombatantError(f"{self.name}: {label} must be true or false")
        if self.morale is not None and (
            isinstance(self.morale, bool) or not isinstance(self.morale, int)
        ):
            raise CombatantError(f"{self.name}: morale must be a whole number or empty")
        if self.portrait is not None and not isinstance(self.portrait, str):
            raise CombatantError(f"{self.name}: portrait must be a picture key or empty")
        if any(not isinstance(w, Weapon) for w in self.weapons):
            raise CombatantError(f"{self.name}: weapons must be Weapon entries")
        if any(not isinstance(p, Preparation) for p in self.prepared):
            raise CombatantError(f"{self.name}: prepared effects must be Preparation entries")
        if any(not isinstance(st, StatusInstance) for st in self.statuses):
            raise CombatantError(f"{self.name}: statuses must be status instances")
        for label in ("attributes", "resistances", "vulnerabilities", "wounds"):
            for key, value in getattr(self, label).items():
                if isinstance(value, bool) or not isinstance(value, int):
                    raise CombatantError(
                        f"{self.name}: {label} {key} must be a whole number, not {value!r}"
                    )
        if any(not isinstance(kind, str) for kind in self.immunities):
            raise CombatantError(f"{self.name}: immunities must be damage type names")
        for label, most in _TEXT_LIMITS.items():
            length = len(getattr(self, label))
            if length > most:
                raise CombatantError(
                    f"{label} is {length:,} characters long; at most {most:,} are kept"
                )
        if not self.id.strip():
            raise CombatantError("A combatant needs an id")
        if not self.name.strip():
            raise CombatantError(f"Combatant {self.id!r} needs a name")
        if not self.side.strip():
            raise CombatantError(f"{self.name}: side cannot be empty")
        if self.size not in SIZES:
            raise CombatantError(
                f"{self.name}: size must be 1 (tiny) to 6 (gargantuan), not {self.size}"
            )
        if self.max_hp < 1:
            raise CombatantError(f"{self.name}: max HP must be at least 1, not {self.max_hp}")
        if self.speed < 0:
            raise CombatantError(f"{self.name}: speed cannot be negative ({self.speed})")
        if not 1 <= self.level <= 20:
            raise CombatantError(f"{self.name}: level must be 1 to 20, not {self.level}")
        unknown = set(self.attributes) - set(ATTRIBUTE_NAMES)
        if unknown:
            raise CombatantError(f"{self.name}: unknown attributes {sorted(unknown)}")
        for name in ATTRIBUTE_NAMES:
            self.attributes.setdefault(name, 10)
        for label, stacks in (
            ("resistance", self.resistances),
            ("vulnerability", self.vulnerabilities),
        ):
            for kind, count in stacks.items():
                if count < 0:
                    raise CombatantError(
                        f"{self.name}: {label} stacks for {kind} cannot be negative"
                    )
        for label in _NEVER_NEGATIVE:
            if getattr(self, label) < 0:
                raise CombatantError(f"{self.name}: {label} cannot be negative")
        for limb, count in self.wounds.items():
            if count < 0:
                raise CombatantError(f"{self.name}: wounds on {limb} cannot be negative")
        for kind in (*self.resistances, *self.vulnerabilities, *self.immunities):
            try:
                damage_type(kind)
            except DamageError as error:
                raise CombatantError(f"{self.name}: {error}") from error
        if self.position is not None:
            try:
                x, y = self.position
            except (TypeError, ValueError):
                raise CombatantError(
                    f"{self.name}: a position is (x, y), not {self.position!r}"
                ) from None
            if any(isinstance(v, bool) or not isinstance(v, int) for v in (x, y)):
                raise CombatantError(
                    f"{self.name}: a position is whole tiles, not {self.position!r}"
                )
            self.position = (x, y)

    @property
    def footprint(self) -> int:
        """Tiles per side of the token: 1 up to medium, 2 large, 3 huge, 4 gargantuan."""
        return _FOOTPRINT[self.size]

    @property
    def incapacitated(self) -> bool:
        return any(status.name == INCAPACITATED for status in self.statuses)

    @property
    def ac(self) -> int:
        """Armour class before the round's defense roll: 10 + AC bonus."""
        return 10 + self.ac_bonus

    def tiles(self) -> list[Position]:
        """Every tile the token covers (none when it is off the map)."""
        if self.position is None:
            return []
        x, y = self.position
        n = self.footprint
        return [(x + dx, y + dy) for dy in range(n) for dx in range(n)]

    def attack_attribute(self, weapon: Weapon) -> tuple[str, str]:
        """The attribute `weapon` rolls with for this creature, and why (ruling 41)."""
        try:
            return attack_attribute(
                self.attributes,
                finesse_weapon=weapon.finesse,
                spell=weapon.spell,
                named=weapon.attribute,
            )
        except AttackError as error:
            raise CombatantError(f"{weapon.name}: {error}") from error

    def modifier(self, attribute: str) -> int:
        """Attribute modifier floor((score - 10) / 2) (ruling 3)."""
        if attribute not in ATTRIBUTE_NAMES:
            raise CombatantError(f"Unknown attribute {attribute!r}")
        return attribute_modifier(self.attributes[attribute])

    def all_immunities(self) -> frozenset[str]:
        """Immunities including those every object has (psychic, poison; ruling 10)."""
        if self.is_object:
            return frozenset(self.immunities) | OBJECT_IMMUNITIES
        return frozenset(self.immunities)

    def rest_resources(self, mana_regained: int = 0) -> Resources:
        """What a rest works from: HP as it is (below 0, or above max: ruling 49), mana and
        focus with their maxima, and the mana short rests gave back since the last long one."""
        return Resources(
            hp=self.hp,
            max_hp=self.max_hp,
            mana=self.mana,
            mana_max=self.max_mana,
            focus=self.focus,
            focus_max=self.max_focus,
            mana_regained=mana_regained,
        )

    def status_names(self) -> list[str]:
        return [status.name for status in self.statuses]

    def has_status(self, name: str) -> bool:
        return any(status.name == name for status in self.statuses)

    def copy(self) -> Combatant:
        """An independent copy, far faster than deepcopy (undo snapshots take two per operation).

        Lists, dicts and sets are copied one level deep; everything inside them and every other
        value is immutable (numbers, text, tuples, frozen Weapons and StatusInstances)."""
        clone = object.__new__(Combatant)
        state = vars(self).copy()
        # Only the fields made by a factory hold containers: looking at those alone keeps a
        # copy to a few microseconds (a phase's undo copies every combatant twice).
        for key in _CONTAINER_FIELDS:
            value = state.get(key)
            if type(value) in _COPY:
                state[key] = _COPY[type(value)](value)
        vars(clone).update(state)
        return clone

    def weapon(self, name: str) -> Weapon:
        for weapon in self.weapons:
            if weapon.name.lower() == name.lower():
                return weapon
        known = ", ".join(w.name for w in self.weapons) or "none"
        raise CombatantError(f"{self.name} has no weapon {name!r} (has: {known})")


_CONTAINER_FIELDS = tuple(f.name for f in fields(Combatant) if f.default_factory is not MISSING)
