"""An unexpected error shows a report that says the encounter is safe, and the app carries on."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.window_helpers import action, open_window
from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QLabel, QPlainTextEdit, QPushButton

from drase_desktop import __version__
from drase_desktop.storage import paths
from drase_desktop.storage.app_log import AppLog, start_logging
from drase_desktop.ui.window import error_report
from drase_desktop.ui.window.error_report import ErrorReporter


@pytest.fixture
def app_log() -> Iterator[AppLog]:
    log = start_logging()  # the test's own home folder (tests/conftest.py)
    yield log
    log.close()


@pytest.fixture
def reported(qtbot, app_log, monkeypatch) -> Iterator[tuple[Any, ErrorReporter]]:
    """The window with the report installed as the app installs it; the hooks come back after."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", lambda arguments: None)
    window, _dialogs = open_window(qtbot)
    reporter = ErrorReporter(window, app_log.folder, save=window.autosave_now)
    reporter.install()
    yield window, reporter
    reporter.uninstall()


def deliberate_error_in_a_slot(qtbot, window, message: str) -> None:
    """An exception escaping a Qt slot, as a bug in a dock's handler would; returns once the
    report shows it."""

    def broken_slot() -> None:
        raise RuntimeError(message)

    QTimer.singleShot(0, broken_slot)

    def reported() -> bool:
        dialog = window.findChild(QDialog, "errorReport")
        return (
            dialog is not None and message in dialog.findChild(QLabel, "errorReportSummary").text()
        )

    qtbot.waitUntil(reported)


def report_dialog(window) -> QDialog:
    dialog = window.findChild(QDialog, "errorReport")
    assert dialog is not None, "no error report was shown"
    return dialog


def child(dialog: QDialog, kind: type, name: str) -> Any:
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {name} in the error report"
    return found


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_shows_the_report_autosaves_and_the_app_carries_on(
    qtbot, reported, app_log
):
    window, _reporter = reported
    window.autosave.path.unlink(missing_ok=True)
    deliberate_error_in_a_slot(qtbot, window, "deliberate failure in a slot")

    dialog = report_dialog(window)
    qtbot.waitUntil(dialog.isVisible)
    assert not dialog.isModal()  # the map and the docks stay usable
    assert "Your encounter is safe" in child(dialog, QLabel, "errorReportSafe").text()
    summary = child(dialog, QLabel, "errorReportSummary").text()
    assert "RuntimeError: deliberate failure in a slot" in summary
    details = child(dialog, QPlainTextEdit, "errorReportDetails").toPlainText()
    assert details.startswith(f"Drase Desktop {__version__}, Python ")
    assert "in broken_slot" in details and "Traceback" in details

    # The encounter was autosaved again after the error.
    qtbot.waitUntil(window.autosave.path.is_file)

    # The error and its traceback are in the log.
    app_log.handler.flush()
    logged = app_log.path.read_text(encoding="utf-8")
    assert "ERROR drase_desktop.ui.window.error_report: Unexpected error" in logged
    assert "RuntimeError: deliberate failure in a slot" in logged

    copy = child(dialog, QPushButton, "errorReportCopy")
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == details
    assert copy.text() == "Copied"

    # The app is still running: the window still answers, and the GM carries on.
    undo_before = window.model.undo_stack.count()
    window.model.apply(lambda encounter: encounter.advance())
    assert window.model.undo_stack.count() == undo_before + 1
    qtbot.mouseClick(child(dialog, QPushButton, "errorReportCarryOn"), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and window.isVisible()


@pytest.mark.qt_no_exception_capture
def test_errors_while_the_report_is_open_join_it_instead_of_stacking(qtbot, reported):
    window, _reporter = reported
    deliberate_error_in_a_slot(qtbot, window, "first")
    deliberate_error_in_a_slot(qtbot, window, "second")
    dialogs = window.findChildren(QDialog, "errorReport")
    assert len(dialogs) == 1
    summary = child(dialogs[0], QLabel, "errorReportSummary").text()
    assert "RuntimeError: second (2 errors since this box opened)" in summary
    details = child(dialogs[0], QPlainTextEdit, "errorReportDetails").toPlainText()
    assert "RuntimeError: first" in details and "RuntimeError: second" in details


def test_an_error_on_another_thread_is_logged_without_a_dialog(qtbot, reported, app_log):
    window, _reporter = reported

    def background_work() -> None:
        raise OSError("deliberate failure off the GUI thread")

    worker = threading.Thread(target=background_work, name="picture-decoder")
    worker.start()
    worker.join()
    app_log.handler.flush()
    logged = app_log.path.read_text(encoding="utf-8")
    assert "Unexpected error on thread picture-decoder" in logged
    assert "OSError: deliberate failure off the GUI thread" in logged
    assert window.findChild(QDialog, "errorReport") is None


def test_uninstalling_gives_the_hooks_back(qtbot, app_log, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    before = sys.excepthook
    window, _dialogs = open_window(qtbot)
    reporter = ErrorReporter(window, app_log.folder)
    reporter.install()
    assert sys.excepthook == reporter.report
    reporter.uninstall()
    assert sys.excepthook is before


def test_help_opens_the_log_folder(qtbot, monkeypatch):
    opened: list[QUrl] = []

    class DesktopServices:
        @staticmethod
        def openUrl(url: QUrl) -> bool:
            opened.append(url)
            return True

    monkeypatch.setattr(error_report, "QDesktopServices", DesktopServices)
    window, _dialogs = open_window(qtbot)
    action(window, "openLogFolderAction").trigger()
    assert opened == [QUrl.fromLocalFile(str(paths.log_dir()))]
    assert paths.log_dir().is_dir()
