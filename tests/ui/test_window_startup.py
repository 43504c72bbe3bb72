"""Start-up: which file opens, the offer to recover after a crash, and the autosave writer that
keeps the GUI thread free."""

from __future__ import annotations

import sys
import textwrap
import threading

import pytest
from helpers.crashes import crash
from helpers.fresh_python import fresh_python
from helpers.window_helpers import open_window

from drase_desktop.app import DISCARD, LATER, RECOVER, offer_recovery, start_path
from drase_desktop.storage.autosave import Autosave, pending_recovery
from drase_desktop.storage.encounter_bytes import encounter_bytes
from drase_desktop.storage.encounter_file import encounter_to_dict, save_encounter
from drase_desktop.storage.paths import autosave_dir
from drase_desktop.storage.settings import Settings, save_settings
from drase_desktop.ui.files.autosave_worker import AutosaveWriter
from drase_desktop.ui.files.documents import load_sample


def test_start_opens_the_file_asked_for_then_the_last_encounter_then_the_sample(tmp_path):
    settings = Settings()
    assert start_path(None, settings) is None  # first run: the sample
    last = tmp_path / "last.drase"
    settings.last_encounter = str(last)
    assert start_path(None, settings) is None  # gone from disk: the sample, not an error
    save_encounter(load_sample(), last)
    assert start_path(None, settings) == last
    assert start_path(str(tmp_path / "asked.drase"), settings) == tmp_path / "asked.drase"


def _crashed_session(tmp_path, source=None) -> dict:
    """A session that wrote an autosave and never closed, from a process that is gone."""
    encounter = load_sample()
    aldric = encounter.combatants["aldric"]
    encounter.set_hp(aldric.id, 3)
    crashed = Autosave()
    crashed.set_source(source)
    crashed.write(encounter_bytes(encounter))
    crash(crashed)
    return encounter_to_dict(encounter)


@pytest.mark.parametrize("answer", [RECOVER, DISCARD, LATER])
def test_after_a_crash_the_next_start_offers_the_work_back(qtbot, tmp_path, answer):
    source = tmp_path / "ford.drase"
    expected = _crashed_session(tmp_path, source)
    window, _ = open_window(qtbot)
    info = window.autosave.pending_recovery()
    assert info is not None and info.source == str(source)
    asked = []

    def ask(_window, offered):
        asked.append(offered.path)
        return answer

    assert offer_recovery(window, window.autosave, info, ask) == answer
    assert asked == [info.path]
    if answer == RECOVER:
        assert encounter_to_dict(window.model.encounter) == expected
        assert window.current_path == source
        assert window.isWindowModified()  # back on screen, not yet in the file
    else:
        assert window.model.encounter.combatants["aldric"].hp != 3
    still_pending = pending_recovery(autosave_dir(), exclude=window.autosave.session_dir)
    assert (still_pending is not None) == (answer == LATER)


def test_autosave_writes_off_the_gui_thread_and_keeps_the_newest_snapshot(qtbot):
    written: list[bytes] = []
    threads: list[str] = []
    release = threading.Event()

    def slow_write(data: bytes) -> None:
        threads.append(threading.current_thread().name)
        release.wait(5)
        written.append(data)

    writer = AutosaveWriter(slow_write)
    for number in range(50):
        writer.schedule(b"snapshot %d" % number)
    assert written == []  # every schedule returned while the first write was still held
    release.set()
    assert writer.wait(5000)
    assert threading.main_thread().name not in threads
    assert written[-1] == b"snapshot 49"
    assert len(written) <= 3  # a burst is coalesced, not queued write by write


def test_autosave_flushes_to_the_disk_off_the_writes_and_before_close(qtbot):
    """A flush makes the disk's journal commit, which held the writes beside it back: a burst
    is flushed at most once a second, and `wait` (at close) leaves none owed."""
    written: list[bytes] = []
    flushes: list[int] = []
    writer = AutosaveWriter(written.append, flush=lambda: flushes.append(len(written)))
    for number in range(5):
        with qtbot.waitSignal(writer.written, timeout=5000):
            writer.schedule(b"snapshot %d" % number)
    assert len(written) == 5
    assert flushes == []  # not one per write: the first is a second away
    assert writer.wait(5000)
    assert flushes == [5]
    writer.schedule(b"snapshot 5")
    qtbot.waitUntil(lambda: flushes == [5, 6], timeout=5000)  # on its own, within the second


def test_autosave_failure_is_reported_not_raised(qtbot):
    def broken(_data: bytes) -> None:
        raise OSError("disk full")

    writer = AutosaveWriter(broken)
    with qtbot.waitSignal(writer.failed, timeout=5000) as blocker:
        writer.schedule(b"x")
    assert "disk full" in blocker.args[0]


def _run_and_capture(qtbot, monkeypatch, path=None) -> dict:
    """`app.run()` for real, looked at once its window is up, then closed. What `run` leaves
    behind for the rest of the process is put back, so later tests run as if it never ran: the
    error reporter's hooks, and a second quit still posted (the last window closing quits
    too), which would end every later event loop (qtbot.wait, waitUntil) at once."""
    from PySide6.QtCore import QCoreApplication, QEvent, QTimer
    from PySide6.QtWidgets import QApplication

    from drase_desktop.app import run
    from drase_desktop.ui.main_window import MainWindow

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    seen: dict = {}

    def look() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        window = next(w for w in windows if w.isVisible())
        seen["path"] = window.current_path
        seen["name"] = window.model.encounter.name
        window.ask_save_changes = lambda: "discard"
        window.close()
        QApplication.instance().quit()

    QTimer.singleShot(0, look)  # the first turn of run's event loop: its window is shown
    seen["exit"] = run(path)
    QCoreApplication.removePostedEvents(QApplication.instance(), QEvent.Type.Quit)
    return seen


def test_run_opens_the_last_encounter_on_the_next_start(qtbot, tmp_path, monkeypatch):
    from drase_desktop.storage.settings import load_settings, save_settings

    last = tmp_path / "last.drase"
    encounter = load_sample()
    encounter.name = "Last night's fight"
    save_encounter(encounter, last)
    settings, _ = load_settings()
    settings.last_encounter = str(last)
    save_settings(settings)
    seen = _run_and_capture(qtbot, monkeypatch)
    assert seen["exit"] == 0
    assert seen["path"] == last
    assert seen["name"] == "Last night's fight"


def test_the_app_icon_loads_from_the_package_at_every_size(qtbot) -> None:
    from drase_desktop.app import ICON_SIZES, app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert {size.width() for size in icon.availableSizes()} == set(ICON_SIZES)


_START = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import run

    QApplication.exec = lambda self: 0  # start, show, and return instead of running
    sys.exit(run(None))
    """
)


@pytest.mark.subprocess
def test_the_start_removes_what_a_killed_save_left_beside_a_recent_file(tmp_path):
    recent = tmp_path / "siege.drase"
    save_encounter(load_sample(), recent)
    leftover = tmp_path / ".siege.drase.k1ll3d_x"
    leftover.write_bytes(b"half a save")
    settings = Settings()
    settings.add_recent_file(recent)
    save_settings(settings)  # in this test's private home, which the start reads too
    result = fresh_python(_START)
    assert result.returncode == 0, result.stderr[-2000:]
    assert not leftover.exists()
    assert recent.exists()
