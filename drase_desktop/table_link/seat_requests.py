"""A phone's message answered through the core: what the server does with each message kind
once `messages.read_phone_message` has checked it.

    answer = answer_message(encounter, seat, raw_text)     # or answer_request(..., message)
    answer.reply    # the app message for that phone ({"kind": "move_preview", ...})
    answer.action   # None, or the PhoneAction an accepted declare / roll_defense made:
                    #   .change: push it on the window's undo stack (ChangeCommand(model, change));
                    #   .event: the JSON line `serve` prints
    answer.logged   # a refusal worth logging (garbled message, another character's seat)

Run it where the encounter lives (the window's thread): an operation changes the encounter.
Previews and refusals change nothing. After an accepted action every seat gets a fresh
`seat_view` (their own); the event goes to its own seat only (`event_for_seat`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from drase_desktop.encounter.phone_actions import (
    PhoneAction,
    attack_options,
    check_own,
    declare,
    defense_dice,
    move_preview,
    roll_defense,
)
from drase_desktop.encounter.seat_view import seat_combatant, seat_view
from drase_desktop.refusal import Refusal
from drase_desktop.table_link.messages import (
    Declare,
    DefenseDice,
    MessageError,
    PhoneMessage,
    PreviewAttack,
    PreviewMove,
    RollDefense,
    ViewRequest,
    app_message,
    read_phone_message,
)


@dataclass(frozen=True)
class Answer:
    """What to send back to the phone, and what the encounter accepted (if anything)."""

    reply: dict[str, Any]
    action: PhoneAction | None = None
    logged: str = ""


def answer_message(
    encounter: Any,
    seat: str,
    raw: str | bytes,
    *,
    revealed: bool | None = None,
    rng: random.Random | None = None,
) -> Answer:
    """Check `raw` and answer it; a garbled message is refused and logged."""
    try:
        message = read_phone_message(raw)
    except MessageError as error:
        words = str(error)
        return Answer(app_message("refused", words=words), logged=f"garbled message: {words}")
    return answer_request(encounter, seat, message, revealed=revealed, rng=rng)


def answer_request(
    encounter: Any,
    seat: str,
    message: PhoneMessage,
    *,
    revealed: bool | None = None,
    rng: random.Random | None = None,
) -> Answer:
    """Answer one checked message from the phone of `seat`."""
    kind = type(message).__struct_config__.tag
    assert isinstance(kind, str)
    try:
        seat_combatant(encounter, seat)
        combatant = getattr(message, "combatant", None)
        if combatant is not None:
            try:
                check_own(seat, combatant)
            except Refusal as error:
                words = str(error)
                logged = f"seat {seat} asked to act for {combatant!r}"
                return Answer(app_message("refused", request=kind, words=words), logged=logged)
        return _answer(encounter, seat, message, kind, revealed, rng)
    except Refusal as error:
        return Answer(app_message("refused", request=kind, words=str(error)))


def _answer(
    encounter: Any,
    seat: str,
    message: PhoneMessage,
    kind: str,
    revealed: bool | None,
    rng: random.Random | None,
) -> Answer:
    if isinstance(message, ViewRequest):
        return Answer(app_message("view", view=seat_view(encounter, seat, revealed=revealed)))
    if isinstance(message, PreviewMove):
        preview = move_preview(encounter, seat, message.goal, actions=message.actions)
        return Answer(app_message("move_preview", preview=preview))
    if isinstance(message, PreviewAttack):
        options = attack_options(encounter, seat, message.target, message.weapon)
        return Answer(app_message("attack_preview", preview=options))
    if isinstance(message, DefenseDice):
        return Answer(app_message("defense_dice", dice=defense_dice(encounter, seat)))
    if isinstance(message, Declare):
        action = declare(encounter, seat, **message.declared())
        return Answer(app_message("accepted", request=kind, event=action.event), action)
    assert isinstance(message, RollDefense)
    action = roll_defense(encounter, seat, faces=message.faces, rng=rng)
    return Answer(app_message("accepted", request=kind, event=action.event), action)
