"""The lock file the bundle is built from: it pins what pyproject.toml asks for, within its ranges,
with hashes, and the check build.sh runs names every package an environment holds otherwise."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging_modules import PACKAGING, ROOT, load

lock_check = load("lock_check")
LOCK_TEXT = (PACKAGING / "requirements.lock").read_text(encoding="utf-8")


def bundle_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = project["dependencies"] + project["optional-dependencies"]["package"]
    return [Requirement(line) for line in listed]


def test_the_lock_pins_every_bundle_requirement_within_its_range():
    pins = lock_check.pins(LOCK_TEXT)
    for requirement in bundle_requirements():
        name = lock_check.canonical(requirement.name)
        assert name in pins, f"{requirement.name} is not in the lock: run pip-compile again"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"the lock pins {name} {pins[name]}, outside pyproject's {requirement.specifier}"
        )


def test_every_pin_carries_the_hashes_of_its_files():
    blocks = re.split(r"\n(?=[A-Za-z0-9])", LOCK_TEXT)
    pinned = [block for block in blocks if lock_check.pins(block)]
    assert len(pinned) == len(lock_check.pins(LOCK_TEXT)) >= 5
    for block in pinned:
        assert "--hash=sha256:" in block, f"no hash for {block.splitlines()[0]}"


def test_the_check_names_each_package_at_another_version_or_missing():
    lock = (
        "networkx==3.6.1 \\\n    --hash=sha256:aa\nPySide6_Essentials==6.11.3\nshiboken6==6.11.3\n"
    )
    installed = {"networkx": "3.5", "pyside6-essentials": "6.11.3"}
    assert lock_check.differences(lock, installed.get) == [
        "networkx: the lock pins 3.6.1, 3.5 is installed",
        "shiboken6: the lock pins 6.11.3, none is installed",
    ]
    assert (
        lock_check.differences(lock, {**installed, "networkx": "3.6.1", "shiboken6": "6.11.3"}.get)
        == []
    )


def test_names_compare_as_pip_compares_them():
    assert lock_check.canonical("PySide6_Essentials") == "pyside6-essentials"
    assert lock_check.canonical("pyinstaller.hooks__contrib") == "pyinstaller-hooks-contrib"


def test_the_pins_print_as_a_constraints_file(capsys):
    assert lock_check.main(["--pins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split("==")[0] for line in lines]
    assert names == sorted(names) and "pyside6-essentials==6.11.3" in lines
    assert all(re.fullmatch(r"[a-z0-9-]+==\S+", line) for line in lines)
