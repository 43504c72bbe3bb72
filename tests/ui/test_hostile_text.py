"""Texts from a file or the GM are shown as plain text everywhere: a combatant, an encounter, a
map and a log line named `<img src="PIPE">Aldric` never make Qt open PIPE.

Qt loads an `<img>` of a text it takes for rich text when it lays the text out (a label, a
message box, a tooltip); aimed at a named pipe, that froze the window for good. PIPE here is a
named pipe watched for readers (helpers.pipe_watch), and the window runs in a child process,
so a window that freezes fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.fresh_python import fresh_python
from helpers.pipe_watch import PipeWatch
from helpers.window_helpers import action, dock, open_window
from PySide6.QtCore import QEvent, QPoint, Qt, QTimer
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGraphicsView,
    QLabel,
    QMessageBox,
    QTableView,
    QToolTip,
    QWidget,
)

from drase_desktop.app import create_main_window
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.ui.files.documents import load_sample
from drase_desktop.ui.main_window import MainWindow
from drase_desktop.ui.widgets.plain_text import allow_rich_text, escaped

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes")


def _hostile_file(tmp_path, name: str):
    document = encounter_to_dict(load_sample())
    document["name"] = name
    document["map"]["name"] = name[:200]
    for combatant in document["combatants"]:
        combatant["name"] = name
        combatant["notes"] = name
        for weapon in combatant["weapons"]:
            weapon["name"] = name
    document["log"].append(
        {"round": document["round"], "phase": document["phase"], "kind": "damage", "text": name}
    )
    path = tmp_path / "hostile.drase"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _hover(widget: QWidget, point: QPoint) -> None:
    event = QHelpEvent(QEvent.Type.ToolTip, point, widget.mapToGlobal(point))
    QApplication.sendEvent(widget, event)


def _tooltip_label() -> QLabel:
    """Qt's label of the tooltip shown now."""
    shown = [each for each in QApplication.topLevelWidgets() if each.inherits("QTipLabel")]
    assert len(shown) == 1, "no tooltip shown"
    label = shown[0]
    assert isinstance(label, QLabel)
    return label


def _hover_every_cell(view: QAbstractItemView) -> int:
    model = view.model()
    shown = 0
    root = view.rootIndex()
    for row in range(model.rowCount(root)):
        for column in range(model.columnCount(root) if isinstance(view, QTableView) else 1):
            rect = view.visualRect(model.index(row, column))
            if rect.isValid():
                _hover(view.viewport(), rect.center())
                shown += 1
    return shown


def run_scenario(folder: Path) -> bool:
    """Open a file full of hostile names and show them every way the window can; True when
    Qt opened the pipe named in them."""
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    pipe = PipeWatch(folder / "pipe")
    name = f'<img src="{pipe.path}">Aldric'
    window = create_main_window(_hostile_file(folder, name))
    assert isinstance(window, MainWindow)
    window.resize(1400, 900)
    window.show()
    for each in window.docks:
        each.show()
    window.model.select(next(iter(window.model.encounter.combatants)))
    QTest.qWait(200)

    labels = [label for label in window.findChildren(QLabel) if "Aldric" in label.text()]
    assert labels, "no label showed the name"
    for label in labels:
        label.sizeHint()  # lays the text out now, as showing it would

    # Tooltips: the combatants table, the log, the tokens on the map.
    table = dock(window, "combatantsDock").findChild(QAbstractItemView, "combatantsTable")
    assert _hover_every_cell(table) > 0
    log = dock(window, "logDock").findChild(QAbstractItemView, "logHistory")
    assert _hover_every_cell(log) > 0
    view = window.findChild(QGraphicsView, "mapView")
    tokens = [item for item in view.scene().items() if "Aldric" in item.toolTip()]
    assert tokens, "no token showed the name in its tooltip"
    for token in tokens:
        _hover(view.viewport(), view.mapFromScene(token.sceneBoundingRect().center()))
    assert QToolTip.text() == tokens[-1].toolTip()
    assert _tooltip_label().textFormat() == Qt.TextFormat.PlainText

    # The player display, a message box naming the combatant, the status bar.
    action(window, "showPlayerDisplayAction").trigger()
    QTest.qWait(200)
    QTimer.singleShot(300, lambda: QApplication.activeModalWidget().close())
    QMessageBox.warning(window, name, f"{name} cannot be moved there.")
    window.statusBar().showMessage(name)
    QTest.qWait(200)
    window.close()
    QTest.qWait(100)
    pipe.close()
    return pipe.read


_CHILD = """
import runpy, sys
from pathlib import Path
scenario = runpy.run_path(sys.argv[1])["run_scenario"]
print("read" if scenario(Path(sys.argv[2])) else "not read", flush=True)
"""


@pytest.mark.subprocess
def test_hostile_names_are_never_loaded_as_images(tmp_path):
    """In a child process: a window that freezes on the pipe is killed, not waited for."""
    tests = Path(__file__).resolve().parents[1]
    path = os.pathsep.join([str(tests), os.environ.get("PYTHONPATH", "")])
    try:
        result = fresh_python(
            _CHILD, __file__, tmp_path, home=tmp_path / "home", timeout=90, env={"PYTHONPATH": path}
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the window froze on a name that names a pipe")
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "not read", "Qt read the file named in an <img> of a name"


def test_labels_added_anywhere_show_markup_as_written(qtbot):
    window, _ = open_window(qtbot)
    plain = QLabel("<b>Bram</b> & <i>Mira</i>")
    rich = allow_rich_text(QLabel(f"<b>{escaped('<b>Bram</b>')}</b>"))
    holder = dock(window, "logDock").widget()
    holder.layout().addWidget(plain)
    holder.layout().addWidget(rich)
    qtbot.waitUntil(plain.isVisible)
    assert plain.textFormat() == Qt.TextFormat.PlainText
    assert rich.textFormat() == Qt.TextFormat.RichText  # the program's own markup stays


def test_tooltips_show_markup_as_written(qtbot):
    window, _ = open_window(qtbot)
    button = dock(window, "combatantsDock").findChild(QWidget, "combatantsAddButton")
    button.setToolTip("<b>Bram</b>\nsecond line")
    _hover(button, QPoint(2, 2))
    assert QToolTip.text() == "<b>Bram</b>\nsecond line"
    assert _tooltip_label().textFormat() == Qt.TextFormat.PlainText
