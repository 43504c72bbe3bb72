"""Whatever the window takes in (a file, a file's name, the dice box) it saves, autosaves and opens
again; what it cannot keep is refused in the GM's words before anything is lost."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from helpers.window_helpers import open_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit

from drase_desktop.board import BattleMap, save_map
from drase_desktop.file_limits import MAX_DICE_NUMBER
from drase_desktop.storage.autosave import pending_recovery
from drase_desktop.storage.encounter_file import encounter_to_dict, load_encounter

PYTHON_WORDS = ("codec", "surrogates", "Traceback", "Errno")
SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "sample.drase"


def _autosaved(window) -> bytes:
    window.autosave_now()
    window.autosave_writer.wait()
    return window.autosave.path.read_bytes()


def test_a_name_with_a_lone_surrogate_is_refused_in_the_gm_words(qtbot, tmp_path):
    """It loaded, and then every save and every autosave failed with UnicodeEncodeError."""
    document = encounter_to_dict(load_encounter(SAMPLE))
    document["name"] = "The crypt \ud800"
    path = tmp_path / "crypt.drase"
    path.write_text(json.dumps(document), encoding="ascii")  # JSON spells it "\\ud800"
    window, dialogs = open_window(qtbot)
    assert not window.open_path(path, wait=True)
    title, message = dialogs.errors[-1]
    assert title == "Cannot open the file"
    assert "crypt.drase" in message and "broken character" in message
    assert not any(word in message for word in PYTHON_WORDS), message


@pytest.mark.skipif(sys.platform != "linux", reason="a file name that is not UTF-8")
def test_a_map_whose_file_name_is_not_utf8_opens_saves_and_autosaves(qtbot, tmp_path):
    path = tmp_path / os.fsdecode(b"caf\xe9 cellar.drase-map")
    save_map(BattleMap(8, 6), path)
    window, dialogs = open_window(qtbot)
    assert window.open_path(path, wait=True), dialogs.errors
    assert window.model.encounter.name == "caf\ufffd cellar"
    dialogs.save_path = str(tmp_path / "cellar.drase")
    assert window.save(), dialogs.errors
    assert load_encounter(tmp_path / "cellar.drase").name == "caf\ufffd cellar"
    assert b"cellar" in _autosaved(window)


def _roll(qtbot, window, text: str) -> None:
    entry = window.findChild(QLineEdit, "diceEntry")
    entry.clear()
    qtbot.keyClicks(entry, text)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


def test_the_dice_box_refuses_a_number_no_file_holds(qtbot, tmp_path):
    """`1d20+` and 41 nines rolled, Save said it worked, and the file never opened again."""
    window, dialogs = open_window(qtbot)
    before = window.model.undo_stack.count()
    _roll(qtbot, window, "1d20+" + "9" * 41)
    error = window.findChild(QLabel, "diceError")
    assert error.isVisibleTo(window)
    assert f"{MAX_DICE_NUMBER:,}" in error.text()
    assert window.model.undo_stack.count() == before


def test_the_largest_roll_the_dice_box_takes_saves_and_opens_again(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    before = window.model.undo_stack.count()
    _roll(qtbot, window, f"1d20+{MAX_DICE_NUMBER}")
    assert window.model.undo_stack.count() == before + 1
    dialogs.save_path = str(tmp_path / "rolled.drase")
    assert window.save(), dialogs.errors
    reopened = load_encounter(tmp_path / "rolled.drase")
    assert encounter_to_dict(reopened)["log"] == encounter_to_dict(window.model.encounter)["log"]
    _autosaved(window)
    window.autosave.session_lock.release()  # as a crash releases it
    info = pending_recovery(window.autosave.root)
    assert info is not None
    load_encounter(info.path)


def test_a_save_too_large_to_open_again_says_so_and_loses_nothing(qtbot, tmp_path, monkeypatch):
    """60 creatures with their own 4 MB pictures saved a 319 MB file the loader refuses; the
    same check is shown here on a small file."""
    from drase_desktop.storage import encounter_file

    window, dialogs = open_window(qtbot)
    path = tmp_path / "siege.drase"
    dialogs.save_path = str(path)
    assert window.save()
    before = path.read_bytes()
    target = next(iter(window.model.encounter.combatants))
    window.model.apply(lambda e: e.set_hp(target, 2))
    monkeypatch.setattr(encounter_file, "MAX_FILE_BYTES", len(before) // 2)
    assert not window.save()
    title, message = dialogs.errors[-1]
    assert title == "Cannot save" and "cannot be opened again" in message
    assert path.read_bytes() == before
    assert window.isWindowModified()
    window.autosave_now()
    window.autosave_writer.wait()
    assert "Autosave failed" in window.statusBar().currentMessage()
    assert "cannot be opened again" in window.statusBar().currentMessage()
