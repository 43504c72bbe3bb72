"""One garbage-collection policy for the whole app: automatic collection off, the due
collections run on the window's thread by a timer, and no other code switches the collector."""

from __future__ import annotations

import gc
import re
import weakref
from pathlib import Path

import pytest
from helpers.fresh_python import fresh_python
from helpers.window_helpers import open_window

from drase_desktop.ui.gc_policy import MainThreadCollector, install_collector

PACKAGE = Path(__file__).parents[2] / "drase_desktop"


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_window_takes_over_collection_once(qtbot) -> None:
    open_window(qtbot)
    assert not gc.isenabled()
    assert install_collector() is install_collector()
    assert isinstance(install_collector(), MainThreadCollector)


def test_due_collections_run_on_the_timer_and_free_cycles(qtbot) -> None:
    install_collector()
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    del cycle
    # Automatic collection is off (enough new objects to pass the threshold change nothing),
    # so only the timer can free the cycle.
    junk = [[] for _ in range(gc.get_threshold()[0] * 2)]
    assert not gc.isenabled()
    qtbot.waitUntil(lambda: gone() is None, timeout=5000)
    assert len(junk) == gc.get_threshold()[0] * 2


def test_full_collections_freeze_their_survivors_until_another_encounter_opens(qtbot) -> None:
    """A full collection's survivors are skipped by the next ones (no 60 ms rescans of a big
    map's graph per edit) until a new encounter opens, when they are scanned again."""
    window, _ = open_window(qtbot)
    collector = install_collector()
    gc.unfreeze()
    survivors = [_Cycle() for _ in range(50)]
    collector._collect_all()
    assert gc.get_freeze_count() > len(survivors)
    window.model.set_encounter(window.model.encounter)
    assert gc.get_freeze_count() == 0


def test_no_other_code_switches_the_collector() -> None:
    switching = re.compile(r"\bgc\.(disable|enable)\(")
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "gc_policy.py" and switching.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_collector_freezes_what_exists_when_it_is_installed(qapp) -> None:
    """The app's modules and classes, made before the window, are not scanned again."""
    gc.unfreeze()
    before = _Cycle()
    collector = MainThreadCollector()
    try:
        assert gc.get_freeze_count() > 0
        frozen = gc.get_freeze_count()
        after = _Cycle()
        gone = weakref.ref(after)
        del after
        collector.collect_due()  # the young generation: what was made after the freeze
        assert gone() is None and gc.get_freeze_count() == frozen
        assert before.me is before
    finally:
        collector.deleteLater()
        gc.unfreeze()


LAUNCH = """
import gc, sys, types
ran = types.ModuleType("drase_desktop.app")
ran.run = lambda path: print(gc.isenabled(), "PySide6.QtWidgets" in sys.modules) or 0
sys.modules["drase_desktop.app"] = ran
from drase_desktop.__main__ import main
print(gc.isenabled())
main([])
"""


@pytest.mark.subprocess
def test_the_launch_holds_collection_before_it_imports_the_app(tmp_path) -> None:
    result = fresh_python(LAUNCH, home=tmp_path, timeout=60, check=True)
    assert result.stdout.split() == ["True", "False", "False"]
