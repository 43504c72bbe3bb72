"""A creature template: a stat block the GM keeps in the library and places on any map.

A template is a `Combatant` at rest (full HP, mana and focus, no statuses, no wounds, off the
map) plus the library group it is filed under and an optional portrait. Placing it makes a fresh
combatant with its own id, name and tile (`placement.py`); editing the placed creature never
changes the template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from drase_desktop.encounter.combatant import DEFAULT_LIMBS, Combatant, CombatantError
from drase_desktop.refusal import Refusal

PLAYER_CHARACTERS = "player characters"
MONSTERS = "monsters"
NPCS = "npcs"
TEMPLATE_GROUPS = (PLAYER_CHARACTERS, MONSTERS, NPCS)
GROUP_LABELS = {PLAYER_CHARACTERS: "Player characters", MONSTERS: "Monsters", NPCS: "NPCs"}

__all__ = [
    "GROUP_LABELS",
    "MONSTERS",
    "NPCS",
    "PLAYER_CHARACTERS",
    "TEMPLATE_GROUPS",
    "CreatureTemplate",
    "TemplateError",
    "default_group",
    "slug",
]


class TemplateError(Refusal):
    """A template that cannot be kept or placed (a GM-readable message)."""


def slug(name: str) -> str:
    """`name` as an id fragment: lowercase words joined by hyphens ("Bandit Captain" ->
    "bandit-captain"); "creature" when nothing of it is a letter or digit."""
    text = re.sub(r"[^0-9a-z]+", "-", name.strip().lower()).strip("-")
    return text or "creature"


def default_group(creature: Combatant) -> str:
    """Player characters file under their own group; creatures on the GM's side are monsters;
    anyone on a third side (townsfolk, a rival band) is an NPC."""
    if creature.is_player_character:
        return PLAYER_CHARACTERS
    return MONSTERS if creature.side == "gm" else NPCS


def _at_rest(creature: Combatant, template_id: str) -> Combatant:
    rested = creature.copy()
    vars(rested).update(
        id=template_id,
        position=None,
        hp=creature.max_hp,
        mana=creature.max_mana,
        focus=creature.max_focus,
        statuses=[],
        wounds=dict.fromkeys(DEFAULT_LIMBS, 0),
        defense_bonuses=0,
        defense_maluses=0,
        hidden=False,
        portrait=None,
        prepared=[],
    )
    return rested


@dataclass(frozen=True)
class CreatureTemplate:
    """`creature` holds the numbers; `group` is one of TEMPLATE_GROUPS; `portrait` the picture's
    bytes (PNG, JPEG or WebP, checked where it is read) or None for the initials."""

    creature: Combatant
    group: str
    description: str = ""
    portrait: bytes | None = None

    def __post_init__(self) -> None:
        if self.group not in TEMPLATE_GROUPS:
            raise TemplateError(
                f"{self.creature.name}: the group must be one of"
                f" {', '.join(GROUP_LABELS.values())}, not {self.group!r}"
            )
        if not isinstance(self.description, str):
            raise TemplateError(f"{self.creature.name}: the description must be text")
        try:
            self.creature.validate()
        except CombatantError as error:
            raise TemplateError(str(error)) from error
        object.__setattr__(self, "creature", _at_rest(self.creature, slug(self.creature.name)))

    @property
    def name(self) -> str:
        return self.creature.name

    @property
    def key(self) -> str:
        """Library identity: two templates with the same name (in any case) are the same entry."""
        return self.creature.name.strip().casefold()

    @classmethod
    def from_combatant(
        cls,
        creature: Combatant,
        *,
        group: str | None = None,
        description: str = "",
        portrait: bytes | None = None,
    ) -> CreatureTemplate:
        """The template of a creature in a fight ("Save to library"): its stat block at rest.
        A numbered copy ("Bandit 3") files under its base name ("Bandit")."""
        base = re.sub(r"\s+\d+$", "", creature.name.strip()) or creature.name
        stats = replace(creature.copy(), name=base) if base != creature.name else creature
        return cls(stats, group or default_group(creature), description, portrait)

    def matches(self, query: str) -> bool:
        """Whether every word of `query` appears in the name, group, description, notes or a
        weapon's name or damage type (case free; an empty query matches everything)."""
        words = query.casefold().split()
        if not words:
            return True
        creature = self.creature
        haystack = " ".join(
            [
                creature.name,
                GROUP_LABELS[self.group],
                self.description,
                creature.notes,
                *(f"{w.name} {w.damage_type}" for w in creature.weapons),
            ]
        ).casefold()
        return all(word in haystack for word in words)

    def instantiate(
        self, combatant_id: str, name: str, position: tuple[int, int] | None
    ) -> Combatant:
        """A fresh combatant of this template (the template itself is never handed out)."""
        fresh = self.creature.copy()
        vars(fresh).update(id=combatant_id, name=name, position=position)
        fresh.validate()
        return fresh
