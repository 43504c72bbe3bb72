"""The app's log file and the crash file faulthandler writes on a hard crash."""

from __future__ import annotations

import faulthandler
import logging
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from drase_desktop.storage import app_log
from drase_desktop.storage.app_log import CRASH_NAME, LOG_NAME, start_logging


@pytest.fixture
def opened(isolated_home: Path) -> Iterator[app_log.AppLog]:
    log = start_logging()
    yield log
    log.close()


def test_the_log_lives_in_the_user_log_folder_and_records_errors(isolated_home, opened):
    assert opened.path == isolated_home / "log" / LOG_NAME
    try:
        raise KeyError("token 7")
    except KeyError:
        logging.getLogger("drase_desktop.ui.map").exception("Moving a token failed")
    opened.handler.flush()
    text = opened.path.read_text(encoding="utf-8")
    assert "ERROR drase_desktop.ui.map: Moving a token failed" in text
    assert "KeyError: 'token 7'" in text


def test_other_libraries_do_not_write_into_the_log(opened):
    logging.getLogger("PIL").error("not ours")
    opened.handler.flush()
    assert "not ours" not in opened.path.read_text(encoding="utf-8")


def test_the_log_rotates_instead_of_growing(isolated_home, monkeypatch):
    monkeypatch.setattr(app_log, "MAX_LOG_BYTES", 2_000)
    log = start_logging()
    try:
        for line in range(100):
            logging.getLogger("drase_desktop").info("line %d of a long session", line)
    finally:
        log.close()
    folder = isolated_home / "log"
    assert (folder / f"{LOG_NAME}.1").is_file()
    assert not (folder / f"{LOG_NAME}.{app_log.LOG_BACKUPS + 1}").exists()
    assert all(path.stat().st_size <= 2_000 for path in folder.glob(f"{LOG_NAME}*"))


def test_starting_again_replaces_the_open_log(isolated_home, tmp_path):
    first = start_logging()
    second = start_logging(tmp_path / "elsewhere")
    try:
        assert app_log.current_log() is second
        assert first.handler not in logging.getLogger("drase_desktop").handlers
        assert first.crash_file.closed
    finally:
        second.close()
    assert app_log.current_log() is None


def test_closing_gives_faulthandler_back_as_it_was(isolated_home):
    before = faulthandler.is_enabled()
    log = start_logging()
    assert faulthandler.is_enabled()
    log.close()
    assert faulthandler.is_enabled() == before


@pytest.mark.subprocess
def test_a_hard_crash_leaves_its_trace_and_the_next_start_logs_it(isolated_home):
    # A real segmentation fault in a child process, which Python cannot catch or log.
    script = textwrap.dedent(
        """
        import faulthandler
        from drase_desktop.storage.app_log import start_logging
        start_logging()
        faulthandler._sigsegv()
        """
    )
    environment = {**os.environ, "DRASE_DESKTOP_HOME": str(isolated_home)}
    result = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True
    )
    assert result.returncode != 0
    crash = isolated_home / "log" / CRASH_NAME
    assert "Fatal Python error: Segmentation fault" in crash.read_text(encoding="utf-8")

    log = start_logging()
    try:
        log.handler.flush()
        text = log.path.read_text(encoding="utf-8")
        assert "The previous session ended in a hard crash:" in text
        assert "Fatal Python error: Segmentation fault" in text
        assert crash.read_text(encoding="utf-8") == ""
    finally:
        log.close()
