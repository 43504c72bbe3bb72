"""File > Open reads the file on a worker: the window keeps answering while a `.drase` file with a
16384 px picture is read, parsed and its picture's base64 text decoded (it stood still for all of
it), and shows the encounter once read."""

from __future__ import annotations

import threading

from helpers.window_helpers import open_window

from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.files import documents
from drase_desktop.ui.files.documents import load_sample


def _saved(tmp_path, name: str):
    encounter = load_sample()
    encounter.name = name
    path = tmp_path / f"{name}.drase"
    save_encounter(encounter, path)
    return path


def test_opening_reads_the_file_off_the_window_thread(qtbot, tmp_path, monkeypatch):
    path = _saved(tmp_path, "Siege")
    window, dialogs = open_window(qtbot)
    readers: list[threading.Thread] = []
    real_load = documents.load_encounter

    def load(*args, **kwargs) -> Encounter:
        readers.append(threading.current_thread())
        return real_load(*args, **kwargs)

    monkeypatch.setattr(documents, "load_encounter", load)
    before = window.model.encounter
    assert window.open_path(path, confirmed=True)
    # Open returned before the encounter replaced the one shown: the window went on answering.
    assert window.model.encounter is before
    qtbot.waitUntil(lambda: window.model.encounter.name == "Siege")
    assert readers and threading.main_thread() not in readers
    assert window.current_path == path.absolute()
    assert dialogs.errors == []
    assert "Opened Siege.drase" in window.statusBar().currentMessage()


def test_of_two_files_opened_quickly_the_last_is_shown(qtbot, tmp_path):
    first, second = _saved(tmp_path, "First"), _saved(tmp_path, "Second")
    window, dialogs = open_window(qtbot)
    shown: list[str] = []
    window.model.encounterReplaced.connect(lambda *_: shown.append(window.model.encounter.name))
    assert window.open_path(first, confirmed=True)
    assert window.open_path(second, confirmed=True)
    qtbot.waitUntil(lambda: not window.session.opening)
    assert shown == ["Second"]
    assert window.current_path == second.absolute()
    assert dialogs.errors == []


def test_a_file_that_cannot_be_read_keeps_the_encounter_shown(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    before = window.model.encounter
    missing = tmp_path / "gone.drase"
    window.settings.add_recent_file(missing)
    assert window.open_path(missing, confirmed=True)
    qtbot.waitUntil(lambda: not window.session.opening)
    assert window.model.encounter is before
    assert [title for title, _ in dialogs.errors] == ["Cannot open the file"]
    assert str(missing.absolute()) not in window.settings.recent_files
