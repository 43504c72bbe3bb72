"""What a player does on a phone, as core functions: the same previews and operations the GM's
window uses, seen and done only for the seat's own character.

Previews (read only, JSON-ready dicts):
- `move_preview(encounter, seat, goal, *, actions=None)`: tapping a tile. The move check the
  GM's drag asks (`move_check.py`) and its words (`move_words.py`): `allowed`, `path` (its
  revealed tiles), `cost`, `distance`, `metres`, `left`, `words`, `refusal` ({`kind`,
  `words`} or None). A fogged tile is refused (kind "fogged"), and no refusal names a
  creature the players cannot see.
- `attack_options(encounter, seat, target, weapon=None)`: a target the players can see, with
  the exact chances `attack_preview.py` gives the GM, from where the character stands now:
  `hit`, `critical`, `blocked`, `expression`, `damage`, `damage_type`, `weapon`.

Both are worked out as the players know the fight: a creature they cannot see (hidden, or on
a fogged tile) is not on the map while a phone asks. A path bent round it, a tile refused under
it or the cover it gives would tell the table where it stands; the GM resolves the move and
the attack with it there, as at any table.
- `defense_dice(encounter, seat)`: the defense roll the rules ask for: `expression` and the
  named dice (`dice`: ["bonus d6 #1", "bonus d6 #2"], `sizes`: [6, 6]) for "I rolled".

Operations (each returns a `PhoneAction`: `change`, the encounter's undoable `Change`, and
`event`, the JSON line `serve` prints and the seat's own phone is told):
- `declare(encounter, seat, *, move_to=None, reaction=None, actions=(), free_actions=(),
  target=None, weapon=None, notes="", defensive=None)` -> event {"event": "declared",
  "combatant", "actions", "reaction", "free_actions", "movement" (tiles), "defensive",
  "move_to" ([x, y] or None), "target", "weapon", "notes", "text"}. `defensive`: a Crawler
  defensive movement ("fighting withdrawal", "retreat"). Replaces the seat's declaration, as
  the Declaration dock does; `move_to` declares the movement the tile costs (and "to (4, 6)"
  in the notes the GM reads); `target` becomes the declaration's target, `weapon` and its
  chances go into the notes.
- `roll_defense(encounter, seat, *, faces=None, rng=None)`: "Roll" (faces None: the app's
  dice) or "I rolled" (`faces`, one per named die) -> event {"event": "defense", "combatant",
  "total", "expression", "faces", "locked": True}. Rolling locks the declaration (ruling 16).

Every refusal is a `Refusal` with words for the player; a refused action changes nothing.
`check_own(seat, combatant_id)` refuses a seat acting for another character.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.change import Change
from drase_desktop.encounter.fog import fog_of
from drase_desktop.encounter.move_check import move_check
from drase_desktop.encounter.move_words import move_words
from drase_desktop.encounter.player_projection import player_visible
from drase_desktop.encounter.seat_view import (
    declaration_words,
    seat_combatant,
    unseen_by,
    unseen_names,
    why_not_declaring,
)
from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import dice_faces
from drase_desktop.rules.dice_source import die_names

Position = tuple[int, int]
FOGGED_KIND = "fogged"


class PhoneRefusal(Refusal):
    """A phone's action the app refuses; the words are for the player, nothing changed."""


@dataclass(frozen=True)
class PhoneAction:
    """An accepted phone action: the encounter's `change` (undoable, as the window's own) and
    the `event` line for `serve` and the seat."""

    change: Change[Any]
    event: dict[str, Any]


def check_own(seat: str, combatant_id: str) -> None:
    """A seat acts only for its own character."""
    if combatant_id != seat:
        raise PhoneRefusal("This phone acts only for its own character")


def _unseen_names(encounter: Any, me: Any) -> list[str]:
    return unseen_names(encounter, me, fog_of(encounter))


def guarded(text: str, unseen: Sequence[str], otherwise: str) -> str:
    """`text`, or `otherwise` when it names a creature the players may not know of (its words
    may say where it stands: "full cover from Shade (an enemy) at (3, 1)")."""
    return otherwise if any(name in text for name in unseen) else text


def _tile(value: Any, what: str) -> Position:
    try:
        x, y = value
    except (TypeError, ValueError):
        raise PhoneRefusal(f"{what} is an (x, y) tile") from None
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (x, y)):
        raise PhoneRefusal(f"{what} is a pair of whole numbers")
    return (x, y)


@contextmanager
def _as_declared(encounter: Any, me: Any, actions: Sequence[str] | None) -> Iterator[None]:
    """While the seat declares, a move is priced against the round's movement with the actions
    being declared (a Dash doubles it), not against a movement declared earlier: the new
    declaration replaces it. Read only: the declaration is put back as it was."""
    if why_not_declaring(encounter, me):
        yield
        return
    declarations = encounter.round_state.declarations
    had = me.id in declarations
    current = encounter.declaration(me.id)
    chosen = current.actions if actions is None else [str(a).strip().lower() for a in actions]
    declarations[me.id] = replace(current, actions=list(chosen), movement=None)
    try:
        yield
    finally:
        if had:
            declarations[me.id] = current
        else:
            del declarations[me.id]


@contextmanager
def _as_the_players_know(encounter: Any, me: Any) -> Iterator[None]:
    """While a phone asks, the creatures the players cannot see stand nowhere (see the module's
    text). Read only: each is put back where it stood."""
    lifted = [
        (creature, creature.position)
        for creature in unseen_by(encounter, me, fog_of(encounter))
        if creature.position is not None
    ]
    try:
        for creature, _ in lifted:
            creature.position = None
        yield
    finally:
        for creature, position in lifted:
            creature.position = position


# -- previews -------------------------------------------------------------------------------
def move_preview(
    encounter: Any, seat: str, goal: Any, *, actions: Sequence[str] | None = None
) -> dict[str, Any]:
    """What moving the seat's character to `goal` would cost, or why it cannot (see the
    module's text). While declaring, `actions` are the actions being declared (None: those
    declared so far)."""
    me = seat_combatant(encounter, seat)
    with _as_declared(encounter, me, actions), _as_the_players_know(encounter, me):
        return _move_preview(encounter, me, goal)


def _move_preview(encounter: Any, me: Any, goal: Any) -> dict[str, Any]:
    tile = _tile(goal, "The tile")
    fog = fog_of(encounter)
    covered = [(tile[0] + i, tile[1] + j) for j in range(me.footprint) for i in range(me.footprint)]
    if not all(fog.is_revealed(t) for t in covered):
        words = f"({tile[0]}, {tile[1]}) is in the fog: ask the GM."
        return {
            "goal": list(tile),
            "allowed": False,
            "path": [],
            "cost": 0.0,
            "distance": 0.0,
            "metres": 0.0,
            "left": encounter.movement_allowance(me.id) if encounter.started else 0.0,
            "words": words,
            "refusal": {"kind": FOGGED_KIND, "words": words},
        }
    check = move_check(encounter, me.id, tile)
    unseen = _unseen_names(encounter, me)
    refusal = check.refusal
    cannot = f"Cannot end on ({tile[0]}, {tile[1]})."
    return {
        "goal": list(tile),
        "allowed": check.allowed,
        "path": [list(t) for t in check.path if fog.is_revealed(t)],
        "cost": check.cost,
        "distance": check.distance,
        "metres": check.metres,
        "left": check.left,
        "words": guarded(move_words(check), unseen, cannot),
        "refusal": None
        if refusal is None
        else {"kind": refusal.kind.value, "words": guarded(refusal.words(), unseen, cannot)},
    }


def _visible_target(encounter: Any, me: Any, target_id: Any) -> Any:
    fog = fog_of(encounter)
    target = encounter.combatants.get(target_id) if isinstance(target_id, str) else None
    if target is None or target is me or not player_visible(target, fog):
        # The same words for a hidden creature as for none: a phone learns nothing by asking.
        raise PhoneRefusal("No creature the players can see has that id")
    return target


def attack_options(
    encounter: Any, seat: str, target_id: Any, weapon: str | None = None
) -> dict[str, Any]:
    """The seat's attack on a creature the players can see, with the GM's exact chances."""
    me = seat_combatant(encounter, seat)
    target = _visible_target(encounter, me, target_id)
    if weapon is not None and not isinstance(weapon, str):
        raise PhoneRefusal("A weapon is named by its name")
    unseen = _unseen_names(encounter, me)
    no_attack = f"No attack on {target.name} from here: ask the GM"
    try:
        with _as_the_players_know(encounter, me):
            preview = attack_preview(encounter, me.id, target.id, weapon=weapon)
    except Refusal as error:
        raise PhoneRefusal(guarded(str(error), unseen, no_attack)) from error
    return {
        "target": target.id,
        "target_name": target.name,
        "weapon": preview.weapon,
        "hit": preview.hit,
        "critical": preview.critical,
        "blocked": guarded(preview.blocked, unseen, no_attack) if preview.blocked else "",
        "expression": preview.expression,
        "damage": preview.damage_expression,
        "damage_type": preview.damage_type,
    }


def defense_dice(encounter: Any, seat: str) -> dict[str, Any]:
    """The defense roll the rules ask of the seat now, its dice named for "I rolled"."""
    me = seat_combatant(encounter, seat)
    if not encounter.ruleset.has_defense_roll:
        return {"expression": "", "dice": [], "sizes": [], "rolled": None}
    expression = encounter.defense_expression(me.id)
    return {
        "expression": expression,
        "dice": die_names(expression) if expression else [],
        "sizes": list(dice_faces(expression)) if expression else [],
        "rolled": encounter.round_state.defense.get(me.id),
    }


# -- operations -----------------------------------------------------------------------------
def declare(
    encounter: Any,
    seat: str,
    *,
    move_to: Any = None,
    reaction: str | None = None,
    actions: Sequence[str] = (),
    free_actions: Sequence[str] = (),
    target: str | None = None,
    weapon: str | None = None,
    notes: str = "",
    defensive: str | None = None,
) -> PhoneAction:
    """Declare for the seat's character this round (see the module's text)."""
    me = seat_combatant(encounter, seat)
    movement: int | None = None
    goal: Position | None = None
    parts: list[str] = []
    if move_to is not None:
        preview = move_preview(encounter, seat, move_to, actions=actions)
        if not preview["allowed"]:
            raise PhoneRefusal(preview["refusal"]["words"])
        goal = (preview["goal"][0], preview["goal"][1])
        movement = math.ceil(preview["cost"] - 1e-9)
        parts.append(f"to ({goal[0]}, {goal[1]})")
    aimed: dict[str, Any] | None = None
    if target is not None:
        # Declared now, resolved after the move: an attack blocked from here is not refused;
        # the chances are told only when they hold from where it stands.
        aimed = attack_options(encounter, seat, target, weapon)
        chances = (
            ""
            if aimed["blocked"]
            else f" (hit {aimed['hit']:.0%}, crit {aimed['critical']:.0%} from here)"
        )
        parts.append(f"{aimed['weapon']}{chances}")
    if not isinstance(notes, str):
        raise PhoneRefusal("Notes are text")
    if notes.strip():
        parts.append(notes.strip())
    change = encounter.declare(
        me.id,
        actions=list(actions),
        reaction=reaction,
        free_actions=list(free_actions),
        movement=movement,
        notes="; ".join(parts),
        targets=[aimed["target"]] if aimed else [],
        defensive=defensive,
    )
    declared = encounter.declaration(me.id)
    event = {
        "event": "declared",
        "combatant": me.id,
        "actions": list(declared.actions),
        "reaction": declared.reaction,
        "free_actions": list(declared.free_actions),
        "movement": declared.movement,
        "defensive": declared.defensive,
        "move_to": list(goal) if goal is not None else None,
        "target": aimed["target"] if aimed else None,
        "weapon": aimed["weapon"] if aimed else None,
        "notes": declared.notes,
        "text": declaration_words(encounter, declared, unseen_by(encounter, me, fog_of(encounter))),
    }
    return PhoneAction(change, event)


def roll_defense(
    encounter: Any,
    seat: str,
    *,
    faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> PhoneAction:
    """ "Roll" (`faces` None) or "I rolled" (`faces`: one per die `defense_dice` names)."""
    me = seat_combatant(encounter, seat)
    if faces is not None and (
        not isinstance(faces, list | tuple)
        or any(isinstance(f, bool) or not isinstance(f, int) for f in faces)
    ):
        raise PhoneRefusal("The faces rolled are whole numbers, one per die")
    expression = encounter.defense_expression(me.id) if encounter.ruleset.has_defense_roll else ""
    given = list(faces) if faces is not None and expression else None
    change = encounter.roll_defense(me.id, faces=given, rng=rng)
    event = {
        "event": "defense",
        "combatant": me.id,
        "total": change.result,
        "expression": expression,
        "faces": given,
        "locked": bool(encounter.declaration(me.id).locked),
    }
    return PhoneAction(change, event)


def event_for_seat(event: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The event as the seat may be told it: its own events whole, nobody else's."""
    return event if event.get("combatant") == seat else None
