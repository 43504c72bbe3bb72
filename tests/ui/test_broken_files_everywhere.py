"""A broken file is refused with a message a GM can read from every way into the window: the
command line, File > Open, Open Recent, a drop, and the crash recovery. Deep nesting and numbers
of thousands of digits raised RecursionError and Python's 4300-digit message before."""

from __future__ import annotations

import textwrap

import pytest
from helpers.crashes import crash
from helpers.fresh_python import fresh_python
from helpers.window_helpers import open_window

from drase_desktop.app import LATER, RECOVER, create_main_window, offer_recovery
from drase_desktop.storage.autosave import Autosave
from drase_desktop.ui.files import drops
from drase_desktop.ui.files.documents import DocumentError

BROKEN = {
    "nested": b"[" * 100_000 + b"]" * 100_000,
    "huge number": b'{"format": 0.3, "schema_version": ' + b"9" * 5000 + b"}",
    "nan": b'{"format": "drase-map", "schema_version": 1, "width": NaN}',
    "cut short": b'{"format": "drase-encounter", "schema_version": 1, "combat',
}
SUFFIXES = (".drase", ".drase-map", ".dd2vtt")
CASES = [(kind, suffix) for kind in BROKEN for suffix in SUFFIXES]
PYTHON_WORDS = ("Traceback", "sys.set_int_max_str_digits", "Errno", "RecursionError", "Overflow")


def _readable(message: str, name: str) -> None:
    assert name in message
    assert len(message) < 400, message[:200]
    assert not any(word in message for word in PYTHON_WORDS), message


def _broken(tmp_path, kind: str, suffix: str):
    path = tmp_path / f"broken{suffix}"
    path.write_bytes(BROKEN[kind])
    return path


@pytest.mark.parametrize(("kind", "suffix"), CASES)
def test_open_recent_and_the_command_line_refuse_clearly(qtbot, tmp_path, kind, suffix):
    path = _broken(tmp_path, kind, suffix)
    with pytest.raises(DocumentError) as caught:  # what `drase-desktop FILE` opens with
        create_main_window(path)
    _readable(str(caught.value), path.name)

    window, dialogs = open_window(qtbot)
    assert not window.open_path(path, wait=True)  # File > Open
    title, message = dialogs.errors[-1]
    assert title == "Cannot open the file"
    _readable(message, path.name)

    window.settings.add_recent_file(path)  # File > Open Recent
    window.fill_recent_menu()
    recent = next(a for a in window.recent_menu.actions() if a.text() == path.name)
    recent.trigger()
    assert not window.session.wait_for_open()  # read on a worker, refused once read
    _readable(dialogs.errors[-1][1], path.name)
    assert len(dialogs.errors) == 2


@pytest.mark.parametrize(("kind", "suffix"), CASES)
def test_a_dropped_broken_file_is_refused_clearly(qtbot, tmp_path, kind, suffix):
    path = _broken(tmp_path, kind, suffix)
    window, dialogs = open_window(qtbot)
    before = window.model.encounter
    found = [drops.DroppedFile(drops.file_kind(path), path)]
    # An encounter is taken and read on a worker, then refused; a map is refused at once.
    assert window.file_tools.take_dropped(found) == (suffix == ".drase")
    assert not window.session.wait_for_open()
    _readable(dialogs.errors[-1][1], path.name)
    assert window.model.encounter is before


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_autosave_is_not_recovered_and_is_kept(qtbot, kind):
    crashed = Autosave()
    crashed.write(BROKEN[kind])
    crash(crashed)

    window, dialogs = open_window(qtbot)
    pending = window.autosave.pending_recovery()
    assert pending is not None
    answer = offer_recovery(window, window.autosave, pending, lambda *_: RECOVER)
    assert answer == LATER
    title, message = dialogs.errors[-1]
    assert title == "Cannot recover" and "The autosave is kept" in message
    _readable(message, "autosave.drase")
    assert window.autosave.pending_recovery() is not None


_START = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import run
    from drase_desktop.ui.main_window import MainWindow

    QApplication.exec = lambda self: 0  # start, show, and return instead of running
    MainWindow.show_error = lambda self, title, message: print(title, "|", message, flush=True)
    sys.exit(run(sys.argv[1]))
    """
)


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.subprocess
def test_the_command_line_opens_the_sample_and_says_why(tmp_path, suffix):
    path = _broken(tmp_path, "huge number", suffix)
    result = fresh_python(_START, path, home=tmp_path / "home")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    title, _, message = result.stdout.strip().partition(" | ")
    assert title == "Cannot open the file"
    _readable(message, path.name)
    assert "The sample encounter is open." in message
