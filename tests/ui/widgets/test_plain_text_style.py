"""The application's style keeps every label, including those Qt makes itself, plain text from
before its first layout, under every theme (the whole window's case is test_hostile_text).

A name `<img src="PIPE">Aldric` laid out as rich text makes Qt open PIPE, a named pipe that
another process watches for readers and releases them (Qt opens it holding the interpreter, so a
watching thread of this process could not): the test fails instead of hanging when it does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QStyleFactory,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.ui.widgets.plain_text import (
    PlainTextStyle,
    allow_rich_text,
    escaped,
    install_plain_text_guard,
)
from drase_desktop.ui.widgets.theme import THEMES, apply_theme


@pytest.fixture(params=THEMES)
def themed(request, qapp):
    before = QPalette(qapp.palette())
    apply_theme(qapp, request.param)
    yield request.param
    apply_theme(qapp, "system")
    qapp.setPalette(before)


_WATCH = """
import os, sys, time
while True:
    try:
        descriptor = os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        break
    except OSError:  # nobody reads
        time.sleep(0.02)
        continue
    print("read", flush=True)
    os.close(descriptor)
"""


class PipeWatchProcess:
    """A named pipe watched by another process: `read` tells whether anything opened it."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self.read = False
        self._watcher = subprocess.Popen(
            [sys.executable, "-c", _WATCH, str(path)], stdout=subprocess.PIPE, text=True
        )

    def close(self) -> None:
        """Remove the pipe (the watcher then stops) and collect what the watcher saw."""
        if self._watcher.returncode is not None:
            return
        self.path.unlink(missing_ok=True)
        output, _ = self._watcher.communicate(timeout=10)
        self.read = "read" in output


@pytest.fixture
def hostile(tmp_path):
    pipe = PipeWatchProcess(tmp_path / "pipe")
    yield pipe, f'<img src="{pipe.path}">Aldric'
    pipe.close()


def test_every_theme_is_a_plain_text_style(themed, qapp):
    assert isinstance(qapp.style(), PlainTextStyle)
    label = QLabel("<b>Bram</b>")
    label.sizeHint()
    assert label.textFormat() == Qt.TextFormat.PlainText


def test_installing_the_guard_keeps_a_plain_text_style_and_replaces_another(qapp):
    qapp.setStyle(QStyleFactory.create("Fusion"))
    install_plain_text_guard(qapp)
    guarded = qapp.style()
    assert isinstance(guarded, PlainTextStyle)
    install_plain_text_guard(qapp)
    assert qapp.style() is guarded


def _show(widget: QWidget, qtbot) -> None:
    qtbot.addWidget(widget)
    widget.show()
    QTest.qWait(30)


@pytest.mark.subprocess
def test_labels_are_plain_before_their_first_layout(qtbot, qapp, hostile):
    install_plain_text_guard(qapp)
    pipe, name = hostile
    holder = QWidget()
    holder.setLayout(QVBoxLayout())
    _show(holder, qtbot)
    added_later = QLabel(name)
    holder.layout().addWidget(added_later)  # to a window already shown
    sheeted = QLabel(name)
    sheeted.setStyleSheet("color: #b3261e")  # styled by Qt's style sheet style
    holder.layout().addWidget(sheeted)
    inside_sheet = QWidget()
    inside_sheet.setStyleSheet("QLabel { font-weight: bold }")
    QVBoxLayout(inside_sheet).addWidget(QLabel(name))
    holder.layout().addWidget(inside_sheet)
    alone = QLabel(name)
    alone.sizeHint()  # measured before it has a parent
    QTest.qWait(50)
    pipe.close()
    assert not pipe.read, "a label was laid out as rich text"
    labels = [added_later, sheeted, alone, *inside_sheet.findChildren(QLabel)]
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)


@pytest.mark.subprocess
def test_labels_qt_makes_are_plain(qtbot, qapp, hostile):
    install_plain_text_guard(qapp)
    pipe, name = hostile
    form = QWidget()
    QFormLayout(form).addRow(name, QLineEdit())  # Qt makes the row's label
    _show(form, qtbot)
    box = QMessageBox(QMessageBox.Icon.Warning, name, name)
    box.setInformativeText(name)
    _show(box, qtbot)
    dialog = QInputDialog()
    dialog.setLabelText(name)
    _show(dialog, qtbot)
    QToolTip.showText(form.mapToGlobal(QPoint(2, 2)), name, form)
    QTest.qWait(50)
    shown = QToolTip.text()
    QToolTip.hideText()
    box.close()
    dialog.close()
    pipe.close()
    assert not pipe.read, "Qt laid a name out as rich text"
    assert shown == name  # the tooltip shows the name as written


def test_a_label_marked_rich_keeps_its_markup(qtbot, qapp):
    install_plain_text_guard(qapp)
    label = allow_rich_text(QLabel(f"<b>{escaped('<i>Bram</i>')}</b>"))
    _show(label, qtbot)
    assert label.textFormat() == Qt.TextFormat.RichText
