"""`drase-desktop --smoke` and `--version`, run as a GM's machine would run them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from drase_desktop import __version__
from drase_desktop.board import save_map
from drase_desktop.encounter.sample import build_sample_map

pytestmark = pytest.mark.subprocess


def _run(*arguments: str, home) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, DRASE_DESKTOP_HOME=str(home))
    environment.pop("QT_QPA_PLATFORM", None)  # the smoke mode must pick offscreen by itself
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-m", "drase_desktop", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


def test_smoke_opens_the_sample_renders_saves_and_reopens(tmp_path):
    result = _run("--smoke", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert "smoke: ok" in result.stdout
    assert "reopened equal" in result.stdout
    assert not (tmp_path / "home").exists()  # the GM's home is never touched


def test_smoke_opens_a_map_file(tmp_path):
    map_file = tmp_path / "ford.drase-map"
    save_map(build_sample_map(), map_file)
    result = _run("--smoke", str(map_file), home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert "0 combatants" in result.stdout


def test_smoke_fails_with_a_message_for_a_broken_file(tmp_path):
    broken = tmp_path / "broken.drase"
    broken.write_text("{ not json")
    result = _run("--smoke", str(broken), home=tmp_path / "home")
    assert result.returncode == 1
    assert "smoke: FAILED" in result.stderr
    assert "broken.drase" in result.stderr


def test_version_prints_the_version(tmp_path):
    result = _run("--version", home=tmp_path / "home")
    assert result.returncode == 0
    assert __version__ in result.stdout
