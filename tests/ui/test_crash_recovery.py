"""Nothing lost: the app is killed (SIGKILL, in a child process) in the middle of a burst of
gestures, and right after the GM clicks Recover; the next start finds the work.

A gesture here is one undoable change (an HP edit, as a GM clicking through damage makes);
the child prints each gesture's number once it is applied, so the parent knows what was done
before the kill. "The gesture in progress" is the last one printed: it may be lost, no other.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from drase_desktop.storage.autosave import pending_recovery
from drase_desktop.storage.encounter_file import load_encounter

pytestmark = [
    pytest.mark.subprocess,
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL"),
]

GESTURE_GAP_MS = 100  # faster than the old 150 ms autosave wait, as fast hands are
TRIALS = 3

_BURST = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import create_main_window

    app = QApplication([])
    window = create_main_window(None)
    model = window.model
    target = next(iter(model.encounter.combatants))
    model.apply(lambda e: e.set_hp(target, 1))
    count = [1]
    print("target", target, flush=True)
    print(1, flush=True)

    def gesture():
        count[0] += 1
        hp = count[0]
        model.apply(lambda e: e.set_hp(target, hp))
        print(hp, flush=True)

    timer = QTimer()
    timer.timeout.connect(gesture)
    timer.start(int(sys.argv[1]))
    app.exec()
    """
)


def _environment(home: Path) -> dict[str, str]:
    return {**os.environ, "DRASE_DESKTOP_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}


def _kill_mid_burst(home: Path, rng: random.Random) -> tuple[int, int | None]:
    """Run a burst, kill it at a random moment; (last gesture applied, HP the autosave holds)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _BURST, str(GESTURE_GAP_MS)],
        env=_environment(home),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    target = child.stdout.readline().split()[1]
    assert child.stdout.readline().strip() == "1"
    time.sleep(rng.uniform(0.5, 1.5))  # several gestures into the burst, at any phase of one
    child.send_signal(signal.SIGKILL)
    child.wait()
    applied = [int(line) for line in child.stdout.read().split()]
    child.stdout.close()
    last = applied[-1] if applied else 1
    info = pending_recovery(home / "data" / "autosave")
    if info is None:
        return last, None
    return last, load_encounter(info.path).combatants[target].hp


@pytest.mark.parametrize("trial", range(TRIALS))
def test_a_kill_mid_burst_loses_at_most_the_gesture_in_progress(tmp_path, trial):
    last, saved = _kill_mid_burst(tmp_path, random.Random(trial))
    assert last >= 5, "the burst had barely begun"
    assert saved is not None, f"nothing was autosaved after {last} gestures"
    assert last - saved <= 1, f"{last} gestures applied, the autosave holds {saved}"


_RECOVER = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import RECOVER, create_main_window, offer_recovery

    app = QApplication([])
    window = create_main_window(None)
    info = window.autosave.pending_recovery()
    assert info is not None
    offer_recovery(window, window.autosave, info, lambda _window, _info: RECOVER)
    print("recovered", flush=True)
    sys.stdin.read()  # killed here, before any timer of the new session has fired
    """
)


def test_a_second_kill_right_after_recover_still_finds_the_work(tmp_path):
    last, saved = _kill_mid_burst(tmp_path, random.Random(7))
    assert saved is not None
    child = subprocess.Popen(
        [sys.executable, "-c", _RECOVER],
        env=_environment(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "recovered"
    child.send_signal(signal.SIGKILL)
    child.wait()
    for pipe in (child.stdin, child.stdout):
        if pipe is not None:
            pipe.close()
    info = pending_recovery(tmp_path / "data" / "autosave")
    assert info is not None, "the recovered work was lost with the second kill"
    hp = {c.hp for c in load_encounter(info.path).combatants.values()}
    assert saved in hp


_EDIT = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import create_main_window

    app = QApplication([])
    window = create_main_window(sys.argv[1])
    target = next(iter(window.model.encounter.combatants))
    window.model.apply(lambda e: e.set_hp(target, int(sys.argv[2])))
    window.autosave_now()
    window.autosave_writer.wait()
    print(target, flush=True)
    sys.stdin.read()  # killed here
    """
)


def _killed_window(home: Path, path: Path, hp: int) -> str:
    """An app with `path` open and one change made to it, killed; the id of what changed."""
    child = subprocess.Popen(
        [sys.executable, "-c", _EDIT, str(path), str(hp)],
        env=_environment(home),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdin is not None
    target = child.stdout.readline().strip()
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdin.close()
    child.stdout.close()
    return target


def test_two_windows_on_one_encounter_both_killed_each_is_offered_on_its_own(
    qtbot, tmp_path, monkeypatch
):
    """Only the newest crash was offered, and recovering it deleted the other window's work."""
    from helpers.window_helpers import open_window

    from drase_desktop.app import RECOVER, offer_recoveries
    from drase_desktop.storage.encounter_file import save_encounter
    from drase_desktop.ui.files.documents import load_sample

    path = tmp_path / "siege.drase"
    save_encounter(load_sample(), path)
    target = _killed_window(tmp_path, path, 3)
    _killed_window(tmp_path, path, 4)
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path))
    window, dialogs = open_window(qtbot)
    crashed = window.autosave.pending_recoveries()
    assert [load_encounter(info.path).combatants[target].hp for info in crashed] == [4, 3]
    asked = []
    answers = offer_recoveries(
        window, window.autosave, crashed, lambda _w, info: asked.append(info) or RECOVER
    )
    assert answers == [RECOVER] and asked == crashed[:1]
    assert window.model.encounter.combatants[target].hp == 4
    left = window.autosave.pending_recoveries()
    assert [load_encounter(info.path).combatants[target].hp for info in left] == [3]
    assert dialogs.errors == []
