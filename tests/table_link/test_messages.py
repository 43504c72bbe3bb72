"""The Table Link protocol: each message kind is a record, checked on arrival."""

import json

import pytest

from drase_desktop.encounter.sample import build_sample_encounter
from drase_desktop.refusal import Refusal
from drase_desktop.table_link.messages import (
    MAX_MESSAGE_BYTES,
    Declare,
    MessageError,
    PreviewMove,
    RollDefense,
    app_message,
    encode,
    read_phone_message,
)
from drase_desktop.table_link.seat_requests import answer_message


def test_each_phone_kind_reads_as_its_record():
    declare = read_phone_message(
        '{"kind": "declare", "move_to": [3, 4], "actions": ["attack"], "target": "b1"}'
    )
    assert isinstance(declare, Declare)
    assert (declare.move_to, declare.actions, declare.target) == ((3, 4), ["attack"], "b1")
    assert read_phone_message('{"kind": "preview_move", "goal": [0, 9]}') == PreviewMove(
        goal=(0, 9)
    )
    assert read_phone_message('{"kind": "roll_defense", "faces": [2, 6]}') == RollDefense(
        faces=[2, 6]
    )


def test_a_declaration_gives_every_field_but_whose_it_is():
    declare = read_phone_message(
        '{"kind": "declare", "combatant": "a1", "move_to": [3, 4], "actions": ["attack"],'
        ' "target": "b1", "defensive": "retreat"}'
    )
    assert isinstance(declare, Declare)
    assert declare.declared() == {
        "move_to": (3, 4),
        "reaction": None,
        "actions": ["attack"],
        "free_actions": [],
        "target": "b1",
        "weapon": None,
        "notes": "",
        "defensive": "retreat",
    }


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("not json", "a message must be one JSON object"),
        ("[1, 2]", "a message must be one JSON object"),
        ('{"kind": "teleport"}', "kind 'teleport' is not a message kind"),
        ('{"goal": [1, 1]}', "a message needs a kind: one of view"),
        ('{"kind": "declare", "sneaky": 1}', "a declare message has no field 'sneaky'"),
        ('{"kind": "declare", "actions": ["a", "b", "c"]}', "actions: holds 3 entries"),
        ('{"kind": "preview_move", "goal": [1]}', "goal: expected a list of 2 items"),
        ('{"kind": "preview_move", "goal": [1, true]}', "goal[1]: expected a whole number"),
        ('{"kind": "roll_defense", "faces": [0]}', "faces[0]: expected a whole number, 1 or more"),
        ('{"kind": "declare", "notes": 5}', "notes: expected text"),
    ],
)
def test_a_garbled_message_is_refused_in_words(raw, words):
    with pytest.raises(MessageError) as refused:
        read_phone_message(raw)
    assert isinstance(refused.value, Refusal)
    assert str(refused.value).startswith(words)


def test_a_message_over_the_size_limit_is_refused_before_it_is_read():
    raw = json.dumps({"kind": "declare", "notes": "x" * MAX_MESSAGE_BYTES})
    with pytest.raises(MessageError, match="at most"):
        read_phone_message(raw)


def test_app_messages_are_checked_too():
    message = app_message("refused", request="declare", words="Too far")
    assert json.loads(encode(message)) == {
        "kind": "refused",
        "words": "Too far",
        "request": "declare",
    }
    with pytest.raises(ValueError):
        app_message("refused", request="declare")  # no words: a bug of the app


def test_a_garbled_message_or_another_seat_changes_nothing_and_is_logged():
    encounter = build_sample_encounter()
    encounter.advance()
    before = len(encounter.log)
    garbled = answer_message(encounter, "aldric", "{{{")
    other = answer_message(encounter, "aldric", '{"kind": "declare", "combatant": "mira"}')
    for answer in (garbled, other):
        assert answer.reply["kind"] == "refused" and answer.action is None and answer.logged
    assert len(encounter.log) == before
    accepted = answer_message(encounter, "aldric", '{"kind": "declare", "actions": ["attack"]}')
    assert accepted.reply["kind"] == "accepted"
    assert accepted.reply["event"]["combatant"] == "aldric"
    assert encounter.declaration("aldric").actions == ["attack"]
