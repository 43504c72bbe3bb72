"""Saving checks the same total limits as loading, and tells the GM before anything is lost.

60 creatures with their own 4 MB token pictures (each within the limits) saved a 319 MB file
that the loader refuses (over 277 MB): Save said it worked and the file never opened again."""

from __future__ import annotations

import struct
import zlib

import pytest
from helpers.encounter_builders import fight
from helpers.storage_samples import png_bytes

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.portraits import (
    MAX_ART_BYTES,
    MAX_PORTRAIT_BYTES,
    PortraitError,
    set_portrait,
)
from drase_desktop.storage import encounter_file
from drase_desktop.storage.encounter_bytes import AutosaveEncoder, autosave_bytes
from drase_desktop.storage.encounter_file import (
    EncounterLimitError,
    load_encounter,
    save_encounter,
)

_MB = 1024 * 1024


def _picture(number: int, size: int) -> bytes:
    """A whole PNG of `size` bytes, told apart by `number` (a text chunk pads it)."""
    small = png_bytes(2, 2)
    text = b"Comment\x00" + number.to_bytes(4, "big")
    text += bytes(size - len(small) - 12 - len(text))
    chunk = struct.pack(">I", len(text)) + b"tEXt" + text
    chunk += struct.pack(">I", zlib.crc32(b"tEXt" + text))
    return small[:33] + chunk + small[33:]


def _crowd(count: int) -> list[str]:
    return [f"bandit-{n}" for n in range(count)]


def _with_art(encounter, pictures: int, size: int) -> None:
    for number, cid in enumerate(_crowd(pictures)):
        encounter.add_combatant(Combatant(id=cid, name=f"Bandit {number}", position=None))
        set_portrait(encounter, cid, _picture(number, size))


def test_token_art_beyond_what_a_file_holds_is_refused_when_it_is_given():
    encounter = fight()
    whole = MAX_ART_BYTES // MAX_PORTRAIT_BYTES
    _with_art(encounter, whole, MAX_PORTRAIT_BYTES)
    encounter.add_combatant(Combatant(id="one-more", name="One more", position=None))
    with pytest.raises(PortraitError) as refused:
        set_portrait(encounter, "one-more", _picture(999, MAX_PORTRAIT_BYTES))
    message = str(refused.value)
    assert f"{MAX_ART_BYTES // _MB} MB" in message and "One more" in message
    assert encounter.combatants["one-more"].portrait is None  # nothing changed
    # A picture the encounter already shows costs nothing more.
    set_portrait(encounter, "one-more", _picture(0, MAX_PORTRAIT_BYTES))


def test_a_file_the_loader_would_refuse_is_not_saved_and_the_old_one_stays(tmp_path, monkeypatch):
    encounter = fight()
    path = tmp_path / "siege.drase"
    save_encounter(encounter, path)
    before = path.read_bytes()
    _with_art(encounter, 6, 100_000)
    # The limits are tens of megabytes; the same check, shown on a small file.
    monkeypatch.setattr(encounter_file, "MAX_FILE_BYTES", len(before) + 400_000)
    with pytest.raises(EncounterLimitError) as refused:
        save_encounter(encounter, path)
    message = str(refused.value)
    assert "cannot be opened again" in message and "token art" in message
    assert len(message) < 400
    assert path.read_bytes() == before
    load_encounter(path)
    # Whatever it does save, it opens again.
    for cid in _crowd(5):
        set_portrait(encounter, cid, None)
    save_encounter(encounter, path)
    load_encounter(path)


def test_the_autosave_checks_the_same_limit(monkeypatch):
    encounter = fight()
    _with_art(encounter, 6, 100_000)
    monkeypatch.setattr(encounter_file, "MAX_FILE_BYTES", len(autosave_bytes(fight())) + 400_000)
    with pytest.raises(EncounterLimitError):
        autosave_bytes(encounter)
    with pytest.raises(EncounterLimitError):
        AutosaveEncoder()(encounter)
