"""What a combatant declared for the round, and what it has spent of it.

Drase: movement, one reaction, two half actions or one full action, any free actions; locked once
any roll for the combatant is made in the round (ruling 16). Crawler: defensive movement
(fighting withdrawal or retreat), announced before initiative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from drase_desktop.refusal import Refusal
from drase_desktop.rules.actions import ActionCatalogue, ActionError, declaration_errors


class DeclarationError(Refusal):
    """A declaration the rules do not allow (the message says which rule)."""


@dataclass
class Declaration:
    actions: list[str] = field(default_factory=list)
    reaction: str | None = None
    free_actions: list[str] = field(default_factory=list)
    # Tiles of movement declared (None: not declared, the creature's full allowance applies).
    movement: int | None = None
    defensive: str | None = None
    notes: str = ""
    # The creatures it means to attack, in the order declared (the attack dock aims at the
    # first it can reach).
    targets: list[str] = field(default_factory=list)
    locked: bool = False
    # Spent this round: actions resolved (names, one per use), movement, attacks made.
    used: list[str] = field(default_factory=list)
    moved: float = 0.0
    attacks: int = 0

    def times_declared(self, action: str) -> int:
        return sum(1 for name in self.actions if name == action)

    def times_used(self, action: str) -> int:
        return sum(1 for name in self.used if name == action)


@dataclass
class RoundState:
    """Everything that lasts one round: declarations, defense rolls, Crawler initiative."""

    declarations: dict[str, Declaration] = field(default_factory=dict)
    defense: dict[str, int] = field(default_factory=dict)
    initiative: dict[str, int] = field(default_factory=dict)


# The catalogue has no field for "grants movement"; Dash's rule text is "move up to your speed
# again this round", so each declared dash adds one speed of movement.
EXTRA_MOVEMENT_ACTIONS = frozenset({"dash"})


# Nor for "casts a spell": Cast's rule is "the spell says if it needs ... an attack roll", so a
# declared cast resolves as an attack when the caster aims an attack spell.
SPELL_ACTIONS = frozenset({"cast", "cast (full)"})


# Nor for "grants a defense bonus": Defend's rule is "1 bonus on your defense roll this round".
DEFENSE_BONUS_ACTIONS = frozenset({"defend"})


def defense_bonus_from(actions: Sequence[str]) -> int:
    """Defense bonus dice the declared actions give for this round's defense roll."""
    return sum(1 for name in actions if name in DEFENSE_BONUS_ACTIONS)


def movement_multiplier(actions: Sequence[str]) -> int:
    """How many times its speed a creature may move with these declared actions."""
    return 1 + sum(1 for name in actions if name in EXTRA_MOVEMENT_ACTIONS)


def check_declaration(catalogue: ActionCatalogue, declaration: Declaration) -> None:
    """Raise DeclarationError unless the declaration fits a Drase round: actions are full,
    half or movement entries, the reaction a reaction, free actions free, and together at most
    2 half actions or 1 full action and 1 reaction (the catalogue's own check)."""
    problems: list[str] = []

    def cost_of(name: str) -> str | None:
        try:
            return catalogue.action(name).cost
        except ActionError as error:
            problems.append(str(error))
            return None

    for name in declaration.actions:
        cost = cost_of(name)
        if cost in ("free", "reaction"):
            problems.append(f"{name!r} is a {cost} action, not a full or half action")
    if declaration.reaction is not None:
        cost = cost_of(declaration.reaction)
        if cost not in (None, "reaction"):
            problems.append(f"{declaration.reaction!r} is not a reaction (it is {cost})")
    for name in declaration.free_actions:
        cost = cost_of(name)
        if cost not in (None, "free"):
            problems.append(f"{name!r} is not a free action (it is {cost})")
    if not problems:
        names = [*declaration.actions, *([declaration.reaction] if declaration.reaction else [])]
        problems.extend(declaration_errors(names, catalogue))
    if problems:
        raise DeclarationError("; ".join(dict.fromkeys(problems)))
