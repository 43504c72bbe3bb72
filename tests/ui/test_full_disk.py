"""A full disk: a failed save or autosave tells the GM, keeps the last good autosave, and never
stops the window working or closing.

The disk fills by an injected error: writing a file's bytes (what a full disk refuses) and
flushing them to the disk (os.fsync) fail with ENOSPC.
"""

from __future__ import annotations

import errno
import io
import os

import pytest
from helpers.crashes import crash
from helpers.window_helpers import open_window

from drase_desktop.app import RECOVER, offer_recovery
from drase_desktop.storage.autosave import Autosave
from drase_desktop.storage.encounter_bytes import encounter_bytes
from drase_desktop.storage.encounter_file import load_encounter
from drase_desktop.ui.files.documents import load_sample


@pytest.fixture
def disk(monkeypatch):
    class Disk:
        full = False

    def refuse() -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_fdopen, real_fsync = os.fdopen, os.fsync

    class FullFile(io.BufferedWriter):
        def write(self, data):  # type: ignore[override]
            if Disk.full:
                refuse()
            return super().write(data)

    def fdopen(descriptor: int, mode: str = "r", *args, **kwargs):
        if mode == "wb":
            return FullFile(io.FileIO(descriptor, "wb"))
        return real_fdopen(descriptor, mode, *args, **kwargs)

    def fsync(descriptor: int) -> None:
        if Disk.full:
            refuse()
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr(os, "fsync", fsync)
    return Disk


def _newest_snapshot_hp(window, combatant_id: str) -> int:
    session = window.autosave.session_dir
    snapshots = sorted(session.glob("autosave*.drase"), key=lambda p: p.stat().st_mtime)
    assert snapshots, "no autosave at all"
    return load_encounter(snapshots[-1]).combatants[combatant_id].hp


def _status(window) -> str:
    return window.statusBar().currentMessage()


def test_a_failed_autosave_tells_the_gm_and_keeps_the_last_good_one(qtbot, disk):
    window, _ = open_window(qtbot)
    target = next(iter(window.model.encounter.combatants))
    window.model.apply(lambda e: e.set_hp(target, 5))
    qtbot.waitUntil(lambda: window.autosave.path.exists())
    window.autosave_writer.wait()
    assert _newest_snapshot_hp(window, target) == 5

    disk.full = True
    window.model.apply(lambda e: e.set_hp(target, 6))
    qtbot.waitUntil(lambda: "Autosave failed" in _status(window))
    assert "No space left on device" in _status(window)
    assert "kept" in _status(window)
    assert _newest_snapshot_hp(window, target) == 5  # the last good autosave is whole
    assert not list(window.autosave.session_dir.glob(".autosave*"))  # no half-written leftovers

    disk.full = False  # space again: the window keeps working and autosaving
    window.model.apply(lambda e: e.set_hp(target, 7))
    qtbot.waitUntil(lambda: _newest_snapshot_hp(window, target) == 7)


def test_the_window_closes_on_a_full_disk(qtbot, disk):
    window, _ = open_window(qtbot)
    target = next(iter(window.model.encounter.combatants))
    window.model.apply(lambda e: e.set_hp(target, 5))
    window.model.undo_stack.setClean()  # nothing to ask about: only the autosave is pending
    disk.full = True
    assert window.close()  # settings, the last autosave and the clean-shutdown mark all fail
    assert not window.isVisible()


def test_a_failed_save_says_why_and_the_file_on_disk_stays_whole(qtbot, disk, tmp_path):
    window, dialogs = open_window(qtbot)
    target = next(iter(window.model.encounter.combatants))
    path = tmp_path / "ford.drase"
    assert window.save_to(path)
    before = path.read_bytes()
    window.model.apply(lambda e: e.set_hp(target, 5))
    disk.full = True
    assert not window.save_to(path)
    title, message = dialogs.errors[-1]
    assert title == "Cannot save" and "No space left on device" in message
    assert "Errno" not in message and ".ford.drase." not in message  # no temporary file name
    assert path.read_bytes() == before
    assert window.isWindowModified()


def test_recovering_onto_a_full_disk_keeps_the_crashed_sessions_work(qtbot, disk):
    crashed = Autosave()
    encounter = load_sample()
    target = next(iter(encounter.combatants))
    encounter.set_hp(target, 3)
    crashed.write(encounter_bytes(encounter))
    crash(crashed)

    window, dialogs = open_window(qtbot)
    info = window.autosave.pending_recovery()
    assert info is not None
    disk.full = True
    assert offer_recovery(window, window.autosave, info, lambda *_: RECOVER) == RECOVER
    title, message = dialogs.errors[-1]
    assert title == "Cannot keep the recovered work" and "No space left on device" in message
    assert window.model.encounter.combatants[target].hp == 3  # the work is on screen
    disk.full = False
    assert window.autosave.pending_recovery() is not None  # and still on disk to recover
