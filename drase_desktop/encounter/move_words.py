"""A move check in words: the label beside a dragged token, on the GM's map, on the players'
touch table and on a phone, made here and nowhere else from a `MoveCheck`.

    "4 tiles, 8 m (speed 6: 2 left)"
    "6 tiles of movement (10 m), speed 6: 0 left"  (through mud: movement is not ground)
    "9 tiles, 18 m (speed 12 with Dash: 3 left)"
    "3 tiles, 6 m (2 of speed 6 left: 1 over)"
    "Forced move: 6 tiles, 12 m\\nfalls 2 tiles"
    "Place at (10, 6)"
    "No way to (9, 0) for Aria: a wall, a cliff or an enemy is in the way."
"""

from __future__ import annotations

from drase_desktop.board.distance import movement_and_metres, short_number, tiles_and_metres
from drase_desktop.encounter.move_check import MoveCheck, MoveRefusalKind, allowance_name


def move_words(check: MoveCheck, *, force_hint: str = "") -> str:
    """The label for `check`: its price (or what a forced move or a placing does), and why it
    is refused when it is (`force_hint` as in `MoveRefusal.words`). "Too far" shows as the
    budget's "N over" alone."""
    refusal = check.refusal
    if not check.priced or not check.found:
        if refusal is not None:
            return refusal.words(force_hint)
        if check.forced:
            return forced_words(check)
        return f"Place at ({check.goal[0]}, {check.goal[1]})"
    text = budget_words(check)
    if refusal is not None and refusal.kind is not MoveRefusalKind.TOO_FAR:
        text += f"\n{refusal.words(force_hint)}"
    return text


def budget_words(check: MoveCheck) -> str:
    """ "7 tiles, 14 m (speed 6: 1 over)", "(speed 6: 2 left)", or once some movement is spent
    this round "3 tiles, 6 m (4 of speed 6 left: 1 left)"."""
    left = check.left
    budget = f"{short_number(left)} left" if left >= 0 else f"{short_number(-left)} over"
    name, spent = allowance_name(check.speed, check.round_allowance, check.allowance)
    where = f"{short_number(check.allowance)} of {name} left" if spent else name
    moved = movement_and_metres(check.cost, check.distance)
    if round(check.cost, 1) != round(check.distance, 1):
        return f"{moved}, {where}: {budget}"
    return f"{moved} ({where}: {budget})"


def forced_words(check: MoveCheck) -> str:
    """ "Forced move: 6 tiles, 12 m", and the drop when it falls: "\\nfalls 2 tiles"."""
    text = f"Forced move: {tiles_and_metres(check.distance)}"
    if check.drop > 0:
        text += f"\nfalls {check.drop} {'tile' if check.drop == 1 else 'tiles'}"
    return text
