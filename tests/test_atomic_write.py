import os

import pytest

from drase_desktop.atomic_write import write_atomically, write_text_atomically


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
