"""File > Export Universal VTT: the map the GM has open goes out as a .dd2vtt that imports again
as the same map, and a place that cannot be written says why."""

from __future__ import annotations

from helpers.storage_samples import SAMPLE_DD2VTT
from helpers.window_helpers import action, open_window
from PySide6.QtWidgets import QFileDialog, QMenu

from drase_desktop.storage.uvtt import read_uvtt


def test_export_universal_vtt_from_the_file_menu_writes_the_same_map(qtbot, tmp_path, monkeypatch):
    window, dialogs = open_window(qtbot, SAMPLE_DD2VTT)
    shown = window.model.encounter.battle_map
    assert shown.objects and shown.doors
    export = action(window, "exportUvttAction")
    file_menu = next(m for m in window.menuBar().findChildren(QMenu) if export in m.actions())
    assert file_menu.title() == "&File"
    target = tmp_path / "out"  # the suffix is added
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kw: (str(target), ""))
    )
    export.trigger()
    written = tmp_path / "out.dd2vtt"
    assert written.is_file()
    again = read_uvtt(written).battle_map
    assert (again.walls, again.doors, again.windows) == (shown.walls, shown.doors, shown.windows)
    assert (again.objects, again.lights) == (shown.objects, shown.lights)
    assert again.background.data == shown.background.data
    assert "Exported out.dd2vtt" in window.statusBar().currentMessage()
    assert dialogs.errors == []


def test_exporting_where_no_file_can_be_written_says_why(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    (tmp_path / "a file").write_text("not a folder")
    assert not window.file_tools.export_uvtt_to(tmp_path / "a file" / "map.dd2vtt")
    assert dialogs.errors and dialogs.errors[0][0] == "Cannot export the map"
