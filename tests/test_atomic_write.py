import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from drase_desktop.atomic_write import (
    remove_stale_temporaries,
    write_atomically,
    write_text_atomically,
)


def test_replaces_the_file_whole(tmp_path):
    target = tmp_path / "sub" / "map.drase-map"
    write_text_atomically(target, "first")
    write_text_atomically(target, "second")
    assert target.read_text() == "second"
    assert [p.name for p in target.parent.iterdir()] == ["map.drase-map"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "enc.drase"
    write_atomically(target, b"old")

    def broken_replace(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["enc.drase"]


def test_a_new_file_gets_the_usual_mode_and_an_old_file_keeps_its_own(tmp_path):
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.drase"
        write_atomically(fresh, b"x")
        assert fresh.stat().st_mode & 0o777 == 0o644
        shared = tmp_path / "shared.drase"
        shared.write_bytes(b"old")
        shared.chmod(0o664)
        write_atomically(shared, b"new")
        assert shared.stat().st_mode & 0o777 == 0o664
    finally:
        os.umask(old_umask)


# --- a save killed while it writes ----------------------------------------------------------
_KILLED_MID_SAVE = textwrap.dedent(
    """
    import os, sys, time
    from drase_desktop.atomic_write import write_atomically

    def stuck(_descriptor):
        print("writing", flush=True)
        time.sleep(600)  # killed here, its temporary file beside the target

    os.fsync = stuck
    write_atomically(sys.argv[1], b"half a save")
    """
)


def _kill_mid_save(target: Path) -> subprocess.Popen:
    """A save of `target` stopped as it writes; kill() it to leave its temporary behind."""
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED_MID_SAVE, str(target)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "writing"
    return child


def _stop(child: subprocess.Popen) -> None:
    child.kill()
    child.wait()
    assert child.stdout is not None
    child.stdout.close()


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.subprocess
def test_the_next_save_removes_what_a_killed_save_left_and_nothing_else(tmp_path):
    """A Save As killed while writing left a hidden temporary file beside the GM's file."""
    target = tmp_path / "siege.drase"
    write_atomically(target, b"saved")
    others = [".siege.drase.backup", ".siege.drase", ".other.drase.abcd1234", ".siege.drase.ab12"]
    for name in others:
        (tmp_path / name).write_bytes(b"not ours")
    _stop(_kill_mid_save(target))
    assert len(_hidden(tmp_path)) == len(others) + 1
    write_atomically(target, b"saved again")
    assert _hidden(tmp_path) == sorted(others)
    assert target.read_bytes() == b"saved again"


@pytest.mark.subprocess
def test_a_save_being_written_is_never_taken_for_a_leftover(tmp_path):
    target = tmp_path / "siege.drase"
    child = _kill_mid_save(target)
    try:
        remove_stale_temporaries(target)
        assert len(_hidden(tmp_path)) == 1  # still being written by the other app
    finally:
        _stop(child)
    remove_stale_temporaries(target)  # as the next start does for the recent files
    assert _hidden(tmp_path) == []


def test_a_file_written_beside_replaces_the_target_only_when_the_block_ends(tmp_path):
    from drase_desktop.atomic_write import replaced_when_written

    target = tmp_path / "map.pdf"
    target.write_bytes(b"old")
    target.chmod(0o644)
    with replaced_when_written(target) as temporary:
        assert temporary.parent == tmp_path and temporary.name.startswith(".map.pdf.")
        temporary.write_bytes(b"new")
        assert target.read_bytes() == b"old"
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.pdf"]


def test_a_file_written_beside_is_dropped_when_the_block_fails(tmp_path):
    from drase_desktop.atomic_write import replaced_when_written

    target = tmp_path / "map.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), replaced_when_written(target) as temporary:
        temporary.write_bytes(b"half")
        raise RuntimeError("the writer failed")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.pdf"]
    with pytest.raises(FileNotFoundError), replaced_when_written(tmp_path / "no" / "x.pdf"):
        pass  # an export makes no folders
