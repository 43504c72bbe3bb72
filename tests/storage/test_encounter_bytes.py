"""An encounter's file bytes with a large picture spliced in equal the plain JSON encoding."""

from __future__ import annotations

import base64
import json
import os
import random

from helpers.big_battle import big_battle
from helpers.encounter_builders import fight, random_operation

from drase_desktop.board import BackgroundImage
from drase_desktop.file_document import document_bytes
from drase_desktop.storage.encounter_bytes import AutosaveEncoder, autosave_bytes, encounter_bytes
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.storage.save_copy import copy_for_saving


def test_a_large_picture_spliced_in_gives_the_same_bytes_as_encoding_it():
    encounter = fight()
    picture = b"\xff\xd8\xff" + os.urandom(300_000)
    encounter.battle_map.background = BackgroundImage(picture, "image/jpeg", 64.0)
    encoded = encounter_bytes(encounter)
    assert encoded == document_bytes(encounter_to_dict(encounter))
    data = json.loads(encoded)["map"]["background"]["data_base64"]
    assert base64.b64decode(data) == picture


def test_small_or_no_pictures_are_encoded_the_plain_way():
    encounter = fight()
    assert encounter_bytes(encounter) == document_bytes(encounter_to_dict(encounter))
    encounter.battle_map.background = BackgroundImage(b"\x89PNG tiny", "image/png", 32.0)
    assert encounter_bytes(encounter) == document_bytes(encounter_to_dict(encounter))


def test_the_autosave_is_the_same_document_on_one_line():
    encounter = fight()
    picture = b"\xff\xd8\xff" + os.urandom(300_000)
    encounter.battle_map.background = BackgroundImage(picture, "image/jpeg", 64.0)
    compact = autosave_bytes(encounter)
    assert compact.count(b"\n") == 1
    assert json.loads(compact) == json.loads(encounter_bytes(encounter))


def test_a_big_fights_autosave_reads_back_as_the_document_a_saved_file_holds():
    """The autosave's encoder is not the saved file's: every value (floats of lights and walls,
    text beyond ASCII, a long log) must read back the same."""
    encounter = big_battle()
    encounter.combatants["c3"].name = 'Ægir «the Old» 🐺 \\ "quoted"\n'
    for _ in range(9):
        encounter.advance()
    compact = autosave_bytes(encounter)
    assert compact.count(b"\n") == 1
    assert json.loads(compact) == json.loads(encounter_bytes(encounter))


def test_the_autosave_encoder_writes_each_snapshot_as_a_fresh_encoding_would():
    """The encoder keeps the documents of combatant copies shared between snapshots; through
    a series of changes each snapshot it writes reads back as `autosave_bytes` of it does."""
    encounter = fight()
    encoder = AutosaveEncoder()
    rng = random.Random(11)
    snapshot = None
    changed = 0
    for step in range(40):
        snapshot = copy_for_saving(encounter, snapshot)
        assert json.loads(encoder(snapshot)) == json.loads(autosave_bytes(snapshot)), step
        if step % 4 == 0:
            encounter.advance()
        elif random_operation(encounter, rng) is not None:
            changed += 1
    assert changed > 10
