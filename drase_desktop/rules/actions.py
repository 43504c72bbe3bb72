"""The action catalogue (`resources/actions.json`, ruling 15) and the check of one round's
declaration: movement, 1 reaction, 2 half actions or 1 full action, any free actions.
Locking a declaration once a roll is made (ruling 16) is the encounter's job."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from drase_desktop.rules.damage import DamageError, damage_type
from drase_desktop.rules.resource_data import (
    Catalogue,
    CatalogueEntry,
    CatalogueError,
    load_resource,
)

COSTS = ("full", "half", "free", "reaction", "movement")
HALF_ACTIONS_PER_ROUND = 2
REACTIONS_PER_ROUND = 1


class ActionError(CatalogueError):
    """An unknown action, a malformed catalogue entry, or a declaration the round forbids."""


@dataclass(frozen=True)
class Action(CatalogueEntry):
    """A catalogue entry: its cost, whether it is an attack, its default damage type (None:
    from the weapon or spell), and its rule in one line."""

    what = "action"
    error = ActionError
    text_fields = ("rule",)

    name: str
    cost: str
    attack: bool = False
    damage_type: str | None = None
    rule: str = ""

    def __post_init__(self) -> None:
        name = action_name(self.name)
        object.__setattr__(self, "name", name)
        if self.cost not in COSTS:
            raise ActionError(f"{name}: cost {self.cost!r} is not one of {', '.join(COSTS)}")
        if not isinstance(self.attack, bool):
            raise ActionError(f"{name}: attack must be true or false, not {self.attack!r}")
        if self.damage_type is not None:
            try:
                object.__setattr__(self, "damage_type", damage_type(self.damage_type))
            except DamageError as error:
                raise ActionError(f"{name}: {error}") from error

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Action:
        entry = cls.entry_fields(entry)
        if "cost" not in entry:
            raise ActionError(f"action {entry.get('name')!r} needs a cost ({', '.join(COSTS)})")
        return cls.from_fields(entry)


def action_name(name: object) -> str:
    return Action.entry_name(name)


class ActionCatalogue(Catalogue[Action]):
    """Actions by name. Immutable: `with_action` returns an extended copy."""

    kind = Action
    unknown = "{name!r} is not in the action catalogue; known: {known}"

    def __init__(self, actions: Iterable[Action] = (), *, source: str = "") -> None:
        self.source = source
        super().__init__(actions)

    def read_entry(self, data: Mapping[str, Any]) -> Action:
        return Action.from_dict(data)

    def copy_with(self, entries: Iterable[Action]) -> ActionCatalogue:
        return ActionCatalogue(entries, source=self.source)

    def action(self, name: str) -> Action:
        """The entry for `name`, or an ActionError listing what exists."""
        return self.entry(name)

    def by_cost(self, cost: str) -> tuple[Action, ...]:
        if cost not in COSTS:
            raise ActionError(f"cost {cost!r} is not one of {', '.join(COSTS)}")
        return tuple(a for a in self.values() if a.cost == cost)

    def with_action(self, action: Action, *, replace_existing: bool = False) -> ActionCatalogue:
        return self.with_entry(action, replace_existing=replace_existing)


def default_catalogue() -> ActionCatalogue:
    """The shipped defaults; `.source` says they are the program's, not the lost text's."""
    data = load_resource("actions.json")
    if not isinstance(data, Mapping) or not isinstance(data.get("actions"), list):
        raise ActionError("actions.json needs an 'actions' list")
    return ActionCatalogue(
        (Action.from_dict(entry) for entry in data["actions"]), source=str(data.get("source", ""))
    )


@dataclass(frozen=True)
class Budget:
    """What a declaration spends of the round's allowance."""

    full: int = 0
    half: int = 0
    reactions: int = 0
    free: int = 0
    movements: int = 0

    @property
    def half_actions_left(self) -> int:
        if self.full:
            return 0
        return max(0, HALF_ACTIONS_PER_ROUND - self.half)

    @property
    def full_action_left(self) -> bool:
        return self.full == 0 and self.half == 0

    @property
    def reactions_left(self) -> int:
        return max(0, REACTIONS_PER_ROUND - self.reactions)

    def describe(self) -> str:
        parts = []
        if self.full_action_left:
            parts.append("1 full or 2 half actions")
        elif self.half_actions_left:
            parts.append(f"{self.half_actions_left} half action")
        if self.reactions_left:
            parts.append("1 reaction")
        parts.append("movement and free actions")
        return "left: " + ", ".join(parts)


def declaration_errors(names: Sequence[str], catalogue: Mapping[str, Action]) -> list[str]:
    """Every way the declared `names` break the round's allowance; empty when legal."""
    errors: list[str] = []
    actions: list[Action] = []
    for name in names:
        key = " ".join(str(name).lower().split())
        if key not in catalogue:
            errors.append(f"{name!r} is not in the action catalogue")
        else:
            actions.append(catalogue[key])
    full = [a.name for a in actions if a.cost == "full"]
    half = [a.name for a in actions if a.cost == "half"]
    reactions = [a.name for a in actions if a.cost == "reaction"]
    if len(full) > 1:
        errors.append(f"a second full action ({full[1]}): a round allows only 1 full action")
    if full and half:
        errors.append(f"{full[0]} is a full action: it leaves no half action for {', '.join(half)}")
    if len(half) > HALF_ACTIONS_PER_ROUND:
        errors.append(
            f"a third half action ({half[2]}): a round allows only {HALF_ACTIONS_PER_ROUND}"
        )
    if len(reactions) > REACTIONS_PER_ROUND:
        errors.append(f"a second reaction ({reactions[1]}): a round allows only 1 reaction")
    return errors


def budget(names: Sequence[str], catalogue: Mapping[str, Action]) -> Budget:
    """What a legal declaration spends; raises ActionError with every fault otherwise."""
    errors = declaration_errors(names, catalogue)
    if errors:
        raise ActionError("; ".join(errors))
    counts = Counter(catalogue[" ".join(str(n).lower().split())].cost for n in names)
    return Budget(
        full=counts["full"],
        half=counts["half"],
        reactions=counts["reaction"],
        free=counts["free"],
        movements=counts["movement"],
    )


def addition_error(names: Sequence[str], new: str, catalogue: Mapping[str, Action]) -> str | None:
    """Why adding `new` to a declaration would break it, or None if it fits."""
    before = set(declaration_errors(names, catalogue))
    after = [e for e in declaration_errors([*names, new], catalogue) if e not in before]
    return "; ".join(after) if after else None


def revise_declaration(
    current: Sequence[str],
    revised: Sequence[str],
    catalogue: Mapping[str, Action],
    *,
    rolled_this_round: bool,
) -> tuple[str, ...]:
    """The revised declaration if it may replace `current`: refused once any roll for the
    combatant was made this round (ruling 16), and checked against the round's allowance."""
    if rolled_this_round and list(current) != list(revised):
        raise ActionError(
            "the declaration is locked: a roll was made for this combatant this round (ruling 16)"
        )
    budget(revised, catalogue)
    return tuple(" ".join(str(name).lower().split()) for name in revised)
