"""The lock file (packaging/requirements.lock) and the Python environment a bundle is built in.

The lock pins, with hashes, every package that goes into the bundle or builds it: the app's
dependencies and the `package` extra of pyproject.toml, and theirs. It is made with pip-tools
from the ranges in pyproject.toml (the command is in its header); build.sh installs exactly it.

    python packaging/lock_check.py            exit 1, naming each package this Python has at
                                              another version than the lock (or not at all)
    python packaging/lock_check.py --pins     print the pins as `name==version` lines (a
                                              constraints file: scripts/bootstrap.sh holds the
                                              development environment to the same versions)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

LOCK = Path(__file__).resolve().parent / "requirements.lock"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def canonical(name: str) -> str:
    """A distribution name as pip compares names: case and runs of -_. do not matter."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock_text: str) -> dict[str, str]:
    """Canonical name -> pinned version, for every `name==version` line of a lock file."""
    found: dict[str, str] = {}
    for line in lock_text.splitlines():
        match = _PIN.match(line)
        if match:
            found[canonical(match.group(1))] = match.group(2)
    return found


def installed_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def differences(
    lock_text: str, version_of: Callable[[str], str | None] = installed_version
) -> list[str]:
    """One line per locked package whose installed version is not the pinned one."""
    lines = []
    for name, pinned in sorted(pins(lock_text).items()):
        have = version_of(name)
        if have is None:
            lines.append(f"{name}: the lock pins {pinned}, none is installed")
        elif have != pinned:
            lines.append(f"{name}: the lock pins {pinned}, {have} is installed")
    return lines


def main(arguments: list[str]) -> int:
    lock_text = LOCK.read_text(encoding="utf-8")
    if arguments == ["--pins"]:
        for name, version in sorted(pins(lock_text).items()):
            print(f"{name}=={version}")
        return 0
    if arguments:
        print(__doc__, file=sys.stderr)
        return 2
    found = differences(lock_text)
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
