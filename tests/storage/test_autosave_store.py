"""Autosave: atomic snapshots, rotating backups, crash detection and recovery, thread safety."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers.crashes import crash as _crash

from drase_desktop.storage.autosave import (
    CLEAN_MARKER,
    Autosave,
    pending_recoveries,
    pending_recovery,
)


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def _record_pid(session_dir: Path, pid: int) -> None:
    info_path = session_dir / "session.json"
    info_path.write_text(json.dumps({**json.loads(info_path.read_text()), "pid": pid}))


def test_default_folder_is_under_the_user_data_folder(isolated_home: Path):
    autosave = Autosave()
    autosave.write(b"round 1")
    assert autosave.path.is_relative_to(isolated_home / "data" / "autosave")
    assert autosave.path.read_bytes() == b"round 1"


def test_nothing_is_written_before_the_first_change(tmp_path: Path):
    autosave = Autosave(tmp_path)
    autosave.close()
    assert list(tmp_path.iterdir()) == []


def test_write_replaces_the_snapshot_and_leaves_no_temporary_files(tmp_path: Path):
    autosave = Autosave(tmp_path, backups=0)
    for text in (b"one", b"two", b"three"):
        autosave.write(text)
    assert autosave.path.read_bytes() == b"three"
    assert sorted(p.name for p in autosave.session_dir.iterdir()) == [
        "autosave.drase",
        "session.json",
        "session.lock",
    ]


def test_backups_rotate_and_are_capped(tmp_path: Path):
    autosave = Autosave(tmp_path, backups=2, backup_interval=0)
    for number in range(1, 6):
        autosave.write(f"change {number}".encode())
    folder = autosave.session_dir
    assert autosave.path.read_bytes() == b"change 5"
    assert (folder / "autosave.1.drase").read_bytes() == b"change 4"
    assert (folder / "autosave.2.drase").read_bytes() == b"change 3"
    assert not (folder / "autosave.3.drase").exists()


def test_backups_reach_back_in_time_not_keystrokes(tmp_path: Path):
    autosave = Autosave(tmp_path, backups=3, backup_interval=3600)
    for number in range(1, 6):
        autosave.write(f"change {number}".encode())
    folder = autosave.session_dir
    # Only the first change was rotated away within the hour.
    assert (folder / "autosave.1.drase").read_bytes() == b"change 1"
    assert not (folder / "autosave.2.drase").exists()


@pytest.mark.subprocess
def test_a_crashed_session_is_offered_for_recovery(tmp_path: Path):
    before = datetime.now(UTC) - timedelta(seconds=2)
    crashed = Autosave(tmp_path, backup_interval=0)
    crashed.set_source(tmp_path / "crypt.drase")
    crashed.write(b"older")
    crashed.write(b"newest")
    _crash(crashed)

    next_start = Autosave(tmp_path)
    info = next_start.pending_recovery()
    assert info is not None
    assert info.path.read_bytes() == b"newest"
    assert info.source == str(tmp_path / "crypt.drase")
    assert before <= info.saved_at <= datetime.now(UTC) + timedelta(seconds=2)
    assert [p.read_bytes() for p in info.backups] == [b"older"]
    next_start.discard_recovery(info)
    assert next_start.pending_recovery() is None
    assert not crashed.session_dir.exists()


@pytest.mark.subprocess
def test_a_real_process_that_dies_without_closing_leaves_a_recovery(tmp_path: Path):
    script = (
        "import sys; from drase_desktop.storage.autosave import Autosave;"
        "a = Autosave(sys.argv[1]); a.write(b'unsaved fight'); print(a.path)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=True
    )
    info = pending_recovery(tmp_path)
    assert info is not None
    assert str(info.path) == result.stdout.strip()
    assert info.path.read_bytes() == b"unsaved fight"


@pytest.mark.subprocess
def test_a_clean_shutdown_is_not_a_crash(tmp_path: Path):
    first = Autosave(tmp_path)
    first.write(b"saved and closed")
    first.close()
    _crash(first)  # the process is gone, but it said goodbye (close let go of the lock)
    assert (first.session_dir / CLEAN_MARKER).exists()
    assert Autosave(tmp_path).pending_recovery() is None
    assert first.path.read_bytes() == b"saved and closed"  # kept as a safety net


def test_a_write_after_close_reopens_the_session(tmp_path: Path):
    autosave = Autosave(tmp_path)
    autosave.write(b"a")
    autosave.close()
    autosave.write(b"late change")
    assert not (autosave.session_dir / CLEAN_MARKER).exists()


@pytest.mark.subprocess
def test_another_running_window_is_not_a_crash(tmp_path: Path):
    running = Autosave(tmp_path)
    running.write(b"still open in another window")  # this process is alive
    _record_pid(running.session_dir, _dead_pid())  # whatever its record says
    other = Autosave(tmp_path)
    assert other.pending_recovery() is None
    assert running.path.exists()


@pytest.mark.subprocess
def test_own_session_is_never_offered(tmp_path: Path):
    autosave = Autosave(tmp_path)
    autosave.write(b"mine")
    _crash(autosave)
    assert autosave.pending_recovery() is None


def _crashed_one_after_the_other(
    folder: Path, older: bytes, newer: bytes, source: Path | None = None
) -> None:
    """Two sessions that wrote `older` and `newer` and were killed, the first ten minutes
    before the second."""
    sessions = []
    for label in (older, newer):
        session = Autosave(folder)
        if source is not None:
            session.set_source(source)
        session.write(label)
        _crash(session)
        sessions.append(session)
    old = datetime.now(UTC).timestamp() - 600
    os.utime(sessions[0].path, (old, old))


@pytest.mark.subprocess
def test_the_newest_crash_is_offered(tmp_path: Path):
    _crashed_one_after_the_other(tmp_path, b"first crash", b"second crash")
    info = pending_recovery(tmp_path)
    assert info is not None and info.path.read_bytes() == b"second crash"


@pytest.mark.subprocess
def test_crash_between_rotation_and_write_offers_the_backup(tmp_path: Path):
    session = Autosave(tmp_path, backup_interval=0)
    session.write(b"one")
    session.write(b"two")
    _crash(session)
    session.path.unlink()  # the rename happened, the new write did not
    info = pending_recovery(tmp_path)
    assert info is not None and info.path.name == "autosave.1.drase"
    assert info.path.read_bytes() == b"one"


def test_unreadable_session_info_still_offers_recovery(tmp_path: Path):
    session = Autosave(tmp_path)
    session.write(b"data")
    _crash(session)
    (session.session_dir / "session.json").write_text("{broken")
    info = pending_recovery(tmp_path)
    assert info is not None and info.source is None


def test_old_clean_sessions_are_pruned(tmp_path: Path):
    for _ in range(6):
        session = Autosave(tmp_path)
        session.write(b"x")
        session.close()
    Autosave(tmp_path).write(b"new")
    clean = [p for p in tmp_path.iterdir() if (p / CLEAN_MARKER).exists()]
    assert len(clean) == 3


def test_concurrent_writes_never_tear_a_snapshot(tmp_path: Path):
    autosave = Autosave(tmp_path, backups=2, backup_interval=0)
    payloads = [bytes([n]) * 50_000 for n in range(8)]
    errors: list[BaseException] = []

    def writer(payload: bytes) -> None:
        try:
            for _ in range(25):
                autosave.write(payload)
        except BaseException as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(p,)) for p in payloads]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for snapshot in autosave.session_dir.glob("autosave*.drase"):
        assert snapshot.read_bytes() in payloads
    assert not [p for p in autosave.session_dir.iterdir() if p.name.startswith(".")]


def test_write_refuses_anything_but_bytes(tmp_path: Path):
    with pytest.raises(TypeError, match="bytes"):
        Autosave(tmp_path).write("text")  # type: ignore[arg-type]


@pytest.mark.subprocess
def test_adopting_a_recovery_survives_a_second_crash(tmp_path: Path):
    crashed = Autosave(tmp_path)
    crashed.set_source(tmp_path / "siege.drase")
    crashed.write(b"the siege, round 4")
    _crash(crashed)

    recovering = Autosave(tmp_path)
    info = recovering.pending_recovery()
    assert info is not None
    assert recovering.adopt_recovery(info) == b"the siege, round 4"
    assert not crashed.session_dir.exists()
    # The recovering session crashes before the GM changes anything: the work is still there.
    _crash(recovering)
    again = pending_recovery(tmp_path)
    assert again is not None
    assert again.path.read_bytes() == b"the siege, round 4"
    assert again.source == str(tmp_path / "siege.drase")


# --- a lock the operating system lets go of, never a process id ---------------------------
_HOLD = (
    "import sys; from drase_desktop.storage.autosave import Autosave;"
    "a = Autosave(sys.argv[1]); a.set_source(sys.argv[2]); a.write(b'still running');"
    "print(a.session_dir, flush=True); sys.stdin.read()"
)


def _running_app(root: Path, source: Path) -> tuple[subprocess.Popen, Path]:
    """Another app running on `source`, until its standard input closes."""
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(root), str(source)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    return child, Path(child.stdout.readline().strip())


def _end(child: subprocess.Popen) -> None:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.close()
    child.wait()
    child.stdout.close()


@pytest.mark.subprocess
def test_a_crash_whose_process_id_belongs_to_a_running_process_again_is_offered(tmp_path):
    """After a reboot the crashed session's process id was another's: it was hidden until
    that process ended."""
    script = (
        "import sys; from drase_desktop.storage.autosave import Autosave;"
        "a = Autosave(sys.argv[1]); a.write(b'lost fight'); print(a.session_dir)"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=True
    )
    _record_pid(Path(run.stdout.strip()), os.getpid())  # the number is alive again
    info = pending_recovery(tmp_path)
    assert info is not None and info.path.read_bytes() == b"lost fight"


@pytest.mark.subprocess
def test_a_running_app_is_never_offered_whatever_its_record_says(tmp_path):
    child, session = _running_app(tmp_path, tmp_path / "ford.drase")
    try:
        _record_pid(session, _dead_pid())
        assert pending_recoveries(tmp_path) == []
        assert Autosave(tmp_path).running_elsewhere(tmp_path / "ford.drase") != []
    finally:
        _end(child)
    # It ended without closing: a crash now, and offered.
    assert [info.session for info in pending_recoveries(tmp_path)] == [session]


def test_every_crashed_session_is_offered_on_its_own(tmp_path):
    """Two windows on the same encounter, both killed: recovering one discarded the other."""
    _crashed_one_after_the_other(
        tmp_path, b"window one", b"window two", source=tmp_path / "siege.drase"
    )
    found = pending_recoveries(tmp_path)
    assert [info.path.read_bytes() for info in found] == [b"window two", b"window one"]

    recovering = Autosave(tmp_path)
    assert recovering.adopt_recovery(found[0]) == b"window two"
    left = recovering.pending_recoveries()
    assert [info.path.read_bytes() for info in left] == [b"window one"]
    recovering.discard_recovery(left[0])
    assert recovering.pending_recoveries() == []
    assert recovering.path.read_bytes() == b"window two"


def test_a_crash_offered_in_one_window_is_not_offered_in_another_meanwhile(tmp_path):
    crashed = Autosave(tmp_path)
    crashed.write(b"one fight")
    _crash(crashed)
    first, second = Autosave(tmp_path), Autosave(tmp_path)
    info = first.pending_recovery()
    assert info is not None and first.claim_recovery(info)
    assert second.pending_recovery() is None
    assert not second.claim_recovery(info)
    second.discard_recovery(info)  # held by the first: nothing happens
    assert info.path.exists()
    first.release_recovery(info)  # the GM said later
    assert second.pending_recovery() == info


def test_a_write_never_renames_over_a_file_nor_waits_for_the_disk(tmp_path: Path, monkeypatch):
    """On ext4 a rename over an existing file, like an fsync, waits for the disk (20-150 ms on
    a busy one): a burst of fast clicks then outran the autosave by two changes (CI)."""
    autosave = Autosave(tmp_path, backups=2, backup_interval=0)
    autosave.write(b"change 1")  # the session record is written (and synced) once, here
    real_replace = os.replace
    over_a_file: list[str] = []
    synced: list[int] = []

    def replace(source, target):
        if Path(target).exists():
            over_a_file.append(Path(target).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "fsync", synced.append)
    for number in range(2, 7):
        autosave.write(f"change {number}".encode())
    assert over_a_file == []
    assert synced == []
    assert autosave.path.read_bytes() == b"change 6"
    assert (autosave.session_dir / "autosave.1.drase").read_bytes() == b"change 5"


def test_flush_has_the_newest_snapshot_reach_the_disk(tmp_path: Path, monkeypatch):
    autosave = Autosave(tmp_path)
    autosave.write(b"round 2")
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    autosave.flush()
    assert len(synced) == 1
    autosave.path.unlink()
    autosave.flush()  # replaced meanwhile: nothing to flush, no error
    assert len(synced) == 1


def test_a_kill_between_the_two_renames_offers_the_snapshot_put_aside(tmp_path: Path):
    crashed = Autosave(tmp_path, backups=0)
    crashed.write(b"change 1")
    # Killed after the old snapshot went aside, before the new one took its name.
    os.replace(crashed.path, crashed.session_dir / "autosave.previous.drase")
    _crash(crashed)
    info = pending_recovery(tmp_path)
    assert info is not None and info.path.read_bytes() == b"change 1"


def test_an_empty_newest_snapshot_is_passed_over_for_the_one_before(tmp_path: Path):
    """A power cut before a write reached the disk can leave the newest snapshot empty."""
    crashed = Autosave(tmp_path, backups=2, backup_interval=0)
    crashed.write(b"change 1")
    crashed.write(b"change 2")
    crashed.path.write_bytes(b"")
    _crash(crashed)
    info = pending_recovery(tmp_path)
    assert info is not None and info.path.read_bytes() == b"change 1"
