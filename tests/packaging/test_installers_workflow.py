"""The hosted CI workflow for the Windows and macOS installers (it cannot run here): each job
builds from the recipe in packaging/ and runs `--smoke` on what it built."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"


def _jobs() -> dict[str, str]:
    """Each job's text, split at the two-space-indented job names under `jobs:`."""
    text = WORKFLOW.read_text(encoding="utf-8")
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([a-z][a-z0-9_-]*):\n", body, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_workflow_has_a_windows_and_a_macos_job():
    jobs = _jobs()
    assert set(jobs) == {"windows", "macos"}
    assert re.search(r"runs-on: windows-", jobs["windows"])
    # Both Mac architectures: Apple silicon and Intel.
    assert re.search(r"runner: \[macos-\d+, macos-\d+-intel\]", jobs["macos"])


@pytest.mark.parametrize(
    ("job", "recipe"),
    [("windows", r"packaging\windows\build.ps1"), ("macos", "packaging/macos/build.sh")],
)
def test_each_job_builds_with_the_recipe_and_smokes_the_result(job, recipe):
    text = _jobs()[job]
    assert recipe in text
    assert (ROOT / recipe.replace("\\", "/")).is_file()
    build = text.index(recipe)
    smoke = text.index("--smoke")
    assert smoke > build, "the smoke run comes after the build"


def test_windows_job_waits_for_the_windowed_app_and_checks_its_exit_code():
    text = _jobs()["windows"]
    assert text.count('"--smoke"') >= 2  # the bundle, then the installed app
    assert "Start-Process" in text and "-Wait" in text and "ExitCode" in text


def test_installer_names_match_what_the_recipes_write():
    jobs = _jobs()
    iss = (ROOT / "packaging" / "windows" / "drase-desktop.iss").read_text(encoding="utf-8")
    assert "OutputBaseFilename=drase-desktop-{#AppVersion}-windows-x64-setup" in iss
    assert "dist/drase-desktop-*-windows-x64-setup.exe" in jobs["windows"]
    macos_recipe = (ROOT / "packaging" / "macos" / "build.sh").read_text(encoding="utf-8")
    assert '"dist/drase-desktop-$version-macos-$(uname -m).dmg"' in macos_recipe
    assert "dist/drase-desktop-*-macos-*.dmg" in jobs["macos"]


def test_readme_marks_the_workflow_untried():
    readme = (ROOT / "packaging" / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/installers.yml" in readme
    assert "**Untried here:**" in readme
