"""Guards against Qt binding releases known to corrupt the interpreter."""

import sys
from importlib.metadata import version

from PySide6.QtCore import QPoint

KNOWN_BROKEN = {"6.12.0"}


def test_installed_pyside_is_not_a_known_broken_release():
    assert version("PySide6-Essentials") not in KNOWN_BROKEN


def test_void_qt_calls_keep_the_reference_count_of_none():
    # PySide6 6.12.0 dropped one reference to None per void call; a scene then aborts.
    point = QPoint()
    before = sys.getrefcount(None)
    for _ in range(1000):
        point.setX(1)
    after = sys.getrefcount(None)
    assert after >= before - 50, f"None lost {before - after} references over 1000 void calls"
