"""The log's entries are sized once each (Qt laid every entry out again at each new one); the
list stands exactly as a list Qt sizes itself, through new entries, a narrower dock and a
bigger font."""

from __future__ import annotations

from helpers.encounter_builders import fight
from helpers.shown_widget import shown_widget
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QListWidget

from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.docks.log_dock import LogDock
from drase_desktop.ui.encounter_model import EncounterModel


def qt_sized(history: QListWidget) -> QListWidget:
    """The same entries in a list Qt sizes itself, as wide and in the same font."""
    plain = QListWidget()
    plain.setWordWrap(True)
    plain.setAlternatingRowColors(True)
    plain.setFont(history.font())
    plain.setVerticalScrollBarPolicy(history.verticalScrollBarPolicy())
    plain.resize(history.size())
    for row in range(history.count()):
        plain.addItem(history.item(row).text())
    plain.show()
    return plain


def assert_laid_out_alike(qtbot, history: QListWidget) -> None:
    """Waits until both lists have laid their entries out (Qt does it on a later turn of the
    event loop), and each entry of ours stands where Qt puts it in the plain list."""
    plain = qt_sized(history)
    qtbot.addWidget(plain)
    qtbot.waitExposed(plain)
    qtbot.waitUntil(lambda: _alike(history, plain))


def _alike(history: QListWidget, plain: QListWidget) -> None:
    assert plain.viewport().width() == history.viewport().width()
    ours_first = history.visualRect(history.model().index(0, 0)).top()
    theirs_first = plain.visualRect(plain.model().index(0, 0)).top()
    for row in range(history.count()):  # each where Qt puts it (ours is scrolled to the end)
        ours = history.visualRect(history.model().index(row, 0))
        theirs = plain.visualRect(plain.model().index(row, 0))
        assert (ours.top() - ours_first, ours.height()) == (
            theirs.top() - theirs_first,
            theirs.height(),
        ), row


def test_the_log_lays_its_entries_out_as_qt_would(qtbot):
    model = EncounterModel(fight())
    dock = shown_widget(qtbot, LogDock(model), 260, 500)
    history = dock.history
    for number in range(12):
        model.push(ChangeCommand.run(model, lambda e: e.advance()))
        model.apply(lambda e, n=number: e.note(f"Note {n}: " + "a longer line that wraps " * n))
    qtbot.waitUntil(
        lambda: any(
            history.visualRect(history.model().index(row, 0)).height() > 40
            for row in range(history.count())
        )
    )
    assert_laid_out_alike(qtbot, history)
    dock.resize(180, 500)  # narrower: every entry wraps anew
    assert_laid_out_alike(qtbot, history)
    big = QFont(history.font())
    big.setPointSize(big.pointSize() + 4)
    history.setFont(big)
    assert_laid_out_alike(qtbot, history)
    model.undo_stack.undo()
    model.apply(lambda e: e.note("After the undo " * 6))
    assert_laid_out_alike(qtbot, history)
