"""mypy passes over the whole package with the settings in pyproject.toml: strict for the headless
core (rules, board, encounter, storage) and the entry modules, basic checking for the window."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ("rules", "board", "encounter", "storage")


def run_mypy(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_mypy_finds_no_errors_in_the_package():
    result = run_mypy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")


def test_the_core_is_checked_strictly_and_only_the_window_is_relaxed():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["packages"] == ["drase_desktop"]
    relaxed = {module for override in mypy["overrides"] for module in override["module"]}
    assert relaxed <= {"drase_desktop.ui", "drase_desktop.ui.*"}
    for part in CORE:
        assert not any(module.startswith(f"drase_desktop.{part}") for module in relaxed)


def test_strict_checking_catches_an_untyped_function(tmp_path):
    # The same settings over a module with a missing annotation and a wrong return must fail,
    # so the pass above means something.
    bad = tmp_path / "drase_desktop_probe.py"
    bad.write_text("def half(value):\n    return value / 2\n\n\ndef name() -> str:\n    return 1\n")
    result = run_mypy("--config-file", str(ROOT / "pyproject.toml"), str(bad))
    assert result.returncode == 1
    assert "[no-untyped-def]" in result.stdout
    assert "[return-value]" in result.stdout


def test_strict_checking_catches_a_misspelled_forwarded_keyword(tmp_path):
    # The terms a function forwards as `**keywords` are typed (PEP 692), so a misspelled or
    # mistyped one fails type checking like any other keyword.
    bad = tmp_path / "drase_desktop_keywords_probe.py"
    bad.write_text(
        "from drase_desktop.encounter import Encounter, ability_check\n"
        "from drase_desktop.rules.npc import average_hits\n\n\n"
        "def probe(fight: Encounter) -> int:\n"
        '    ability_check(fight, "a", "power", 10, carer=1)\n'
        "    return average_hits(14, 2, 3, attacker_bonuses=1.5)\n"
    )
    result = run_mypy("--config-file", str(ROOT / "pyproject.toml"), str(bad))
    assert result.returncode == 1
    assert 'Unexpected keyword argument "carer" for "ability_check"' in result.stdout
    assert 'Argument "attacker_bonuses" to "average_hits" has incompatible type' in result.stdout
