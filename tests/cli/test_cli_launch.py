"""`drase-desktop COMMAND` launched as a GM's shell launches it: no display, exit codes, one line
on stderr for a bad file and never a traceback, and no Qt loaded by `check`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from drase_desktop.board import save_map
from drase_desktop.encounter.sample import build_sample_map

pytestmark = pytest.mark.subprocess


def _run(*arguments: str, home: Path, code: str | None = None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, DRASE_DESKTOP_HOME=str(home))
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        environment.pop(name, None)  # the commands must need no display, and say so themselves
    command = (
        [sys.executable, "-c", code, *arguments]
        if code
        else [sys.executable, "-m", "drase_desktop", *arguments]
    )
    return subprocess.run(command, capture_output=True, text=True, env=environment, timeout=180)


def _bad_file_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_print_runs_without_a_display_and_writes_the_pdf(tmp_path):
    source = tmp_path / "ford.drase-map"
    save_map(build_sample_map(), source)
    pdf = tmp_path / "ford.pdf"
    result = _run("print", str(source), "-o", str(pdf), "--view", "gm", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "sheet(s) at 1 inch per tile" in result.stdout
    assert pdf.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "home").exists()  # printing touches none of the GM's settings


def test_each_command_refuses_a_broken_file_in_one_line(tmp_path):
    broken = tmp_path / "broken.drase"
    broken.write_bytes(b"\xff\xfe{ definitely not an encounter")
    home = tmp_path / "home"
    for arguments in (
        ("check", str(broken)),
        ("print", str(broken), "-o", str(tmp_path / "out.pdf")),
        ("convert", str(broken), str(tmp_path / "out.drase-map")),
    ):
        line = _bad_file_line(_run(*arguments, home=home))
        assert line.startswith(f"drase-desktop {arguments[0]}: broken.drase"), line
    assert not (tmp_path / "out.pdf").exists() and not (tmp_path / "out.drase-map").exists()


def test_a_bad_argument_is_one_line_and_help_exits_0(tmp_path):
    line = _bad_file_line(_run("convert", "only-one.dd2vtt", home=tmp_path / "home"))
    assert "required" in line and "--help" in line
    for command in ("print", "check", "convert"):
        result = _run(command, "--help", home=tmp_path / "home")
        assert result.returncode == 0 and f"drase-desktop {command}" in result.stdout


CHECK_WITHOUT_QT = """
import sys
from drase_desktop.cli import main
code = main(sys.argv[1:])
assert not any(name.startswith("PySide6") for name in sys.modules), "check loaded Qt"
sys.exit(code)
"""


def test_check_starts_without_loading_qt(tmp_path):
    source = tmp_path / "ford.drase-map"
    save_map(build_sample_map(), source)
    result = _run("check", str(source), home=tmp_path / "home", code=CHECK_WITHOUT_QT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ford.drase-map: ok, map")
