"""A refusal stays short whatever the file holds and whatever it is called: its file's name is
part of the 400 characters (it was added after the cut: 412-449 characters), and what it quotes
of a broken picture is printable (a PNG chunk's name reached the GM as raw control characters)."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from helpers.storage_samples import png_bytes, uvtt_document

from drase_desktop.board import load_map
from drase_desktop.board.battle_map import BattleMap
from drase_desktop.board.map_file import map_to_dict
from drase_desktop.file_limits import MAX_MESSAGE_CHARACTERS
from drase_desktop.storage.creature_library import read_library
from drase_desktop.storage.encounter_file import load_encounter
from drase_desktop.storage.image_import import load_image
from drase_desktop.storage.uvtt import read_uvtt

ROOT = Path(__file__).resolve().parents[2]
LONG_STEM = "the goblin warrens beneath the old mill, second level, " * 3
# A rule's own message quotes a long value twice: its refusal is cut at the limit.
LONG_DAMAGE = "1d6" + " + 1d6kz" * 120


def _encounter() -> dict:
    document = json.loads((ROOT / "maps" / "sample.drase").read_text(encoding="utf-8"))
    document["combatants"][0]["weapons"][0]["damage"] = LONG_DAMAGE
    return document


def _library() -> dict:
    from drase_desktop.storage.creature_library import library_to_dict, starter_bestiary

    document = library_to_dict(starter_bestiary()[:1])
    document["creatures"][0]["creature"]["weapons"][0]["damage"] = LONG_DAMAGE
    return document


def _map() -> dict:
    document = map_to_dict(BattleMap(4, 3))
    document["terrain"] = {"legend": {"x" * 300: "y" * 300}, "rows": ["x" * 300] * 3}
    return document


def _uvtt() -> dict:
    return uvtt_document(resolution={"map_origin": {"x": 0, "y": 0}, "map_size": "x" * 500})


CASES = {
    ".drase": (_encounter, load_encounter),
    ".json": (_library, read_library),
    ".drase-map": (_map, load_map),
    ".dd2vtt": (_uvtt, read_uvtt),
}


@pytest.mark.parametrize("suffix", list(CASES))
def test_a_refusal_with_its_long_file_name_stays_short(tmp_path, suffix):
    make, load = CASES[suffix]
    path = tmp_path / (LONG_STEM.strip()[:140] + suffix)
    path.write_text(json.dumps(make()), encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        load(path)
    message = str(refused.value)
    assert message.startswith(path.name), message[:200]
    assert len(message) <= MAX_MESSAGE_CHARACTERS, len(message)


def _png_with_broken_chunk(kind: bytes) -> bytes:
    picture = png_bytes(4, 4)
    body = b"any"
    bad = struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body) ^ 1)
    return picture[:33] + bad + picture[33:]


@pytest.mark.parametrize("kind", [b"\x01\x1b[2J", b"\x00\x07\x08\x7f", b"\xff\xfe\r\n"])
def test_a_broken_png_chunk_is_named_in_printable_characters(tmp_path, kind):
    path = tmp_path / "token.png"
    path.write_bytes(_png_with_broken_chunk(kind))
    with pytest.raises(ValueError) as refused:
        load_image(path)
    message = str(refused.value)
    assert "checksum" in message
    assert message.isprintable(), repr(message)
