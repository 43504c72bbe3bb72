"""Two Drase Desktop windows at once: opening an encounter another running window has open says
so (whichever saves last would replace the other's work), and says nothing once it is closed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from helpers.window_helpers import open_window

from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.files.documents import load_sample

_OTHER_WINDOW = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication
    from drase_desktop.app import create_main_window

    app = QApplication([])
    window = create_main_window(sys.argv[1])
    print("open", flush=True)
    sys.stdin.read()
    window.close()
    """
)


@pytest.mark.subprocess
def test_opening_an_encounter_another_window_has_open_says_so(qtbot, tmp_path):
    path = tmp_path / "siege.drase"
    save_encounter(load_sample(), path)
    other = subprocess.Popen(
        [sys.executable, "-c", _OTHER_WINDOW, str(path)],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},  # the same home as this test
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert other.stdout is not None and other.stdin is not None
    try:
        assert other.stdout.readline().strip() == "open"
        window, dialogs = open_window(qtbot)
        assert window.open_path(path, wait=True)
        title, message = dialogs.errors[-1]
        assert title == "Open in another window"
        assert "siege.drase" in message and "another Drase Desktop window" in message
    finally:
        other.stdin.close()
        other.wait(timeout=60)
        other.stdout.close()
    dialogs.errors.clear()
    assert window.open_path(path, wait=True)  # the other window is closed now
    assert dialogs.errors == []
