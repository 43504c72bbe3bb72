"""What the GM sees when the app hits an error nobody expected: a dialog, not a vanished window.

`ErrorReporter.install()` makes it Python's `sys.excepthook`, which PySide6 also calls for an
exception escaping a slot or an event handler. An unexpected error is written to the log, the
encounter is autosaved again, and a dialog says the encounter is safe, shows the details, offers
to copy them and to open the log folder, and lets the GM carry on: the event loop keeps running.
Errors that come while the dialog is open are added to it rather than stacking dialogs. An error
on another thread is logged only (a window belongs to the GUI thread).
"""

from __future__ import annotations

import logging
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from drase_desktop import __version__

log = logging.getLogger(__name__)

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]

SAFE_TEXT = (
    "Your encounter is safe: Drase Desktop autosaves it after every change, and saved it again"
    " just now. You can carry on; if the last step looks wrong, Undo (Ctrl+Z) takes it back."
)


def open_folder(folder: Path) -> bool:
    """Show `folder` in the desktop's file manager (made first if it is missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def error_details(
    kind: type[BaseException], value: BaseException, trace: TracebackType | None
) -> str:
    """The text a GM copies into a bug report: versions, then the traceback."""
    # platform.platform() would run `uname -p` in a process of its own; these read os.uname().
    header = (
        f"Drase Desktop {__version__}, Python {platform.python_version()},"
        f" {platform.system()} {platform.release()} {platform.machine()}\n"
    )
    return header + "".join(traceback.format_exception(kind, value, trace))


class ErrorReportDialog(QDialog):
    """The encounter is safe; here is what went wrong; copy it, or carry on."""

    def __init__(
        self, parent: QWidget | None, summary: str, details: str, log_folder: Path | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("errorReport")
        self.setWindowTitle("Something went wrong")
        self.log_folder = log_folder
        self.errors = 0

        message = QLabel(SAFE_TEXT)
        message.setObjectName("errorReportSafe")
        message.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("errorReportSummary")
        self.summary.setWordWrap(True)
        self.details = QPlainTextEdit()
        self.details.setObjectName("errorReportDetails")
        self.details.setReadOnly(True)
        self.details.setMinimumSize(520, 180)
        where = QLabel(f"The log folder holds these details too: {log_folder}")
        where.setObjectName("errorReportLogFolder")
        where.setWordWrap(True)
        where.setVisible(log_folder is not None)

        buttons = QDialogButtonBox()
        self.copy_button = QPushButton("&Copy details")
        self.copy_button.setObjectName("errorReportCopy")
        self.copy_button.clicked.connect(self.copy_details)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_button = QPushButton("Open &log folder")
        self.folder_button.setObjectName("errorReportOpenLogFolder")
        self.folder_button.setVisible(log_folder is not None)
        self.folder_button.clicked.connect(self._open_log_folder)
        buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        carry_on = QPushButton("C&arry on")
        carry_on.setObjectName("errorReportCarryOn")
        carry_on.setDefault(True)
        buttons.addButton(carry_on, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)

        layout = QVBoxLayout(self)
        layout.addWidget(message)
        layout.addWidget(self.summary)
        layout.addWidget(self.details)
        layout.addWidget(where)
        layout.addWidget(buttons)
        self.add_error(summary, details)

    def add_error(self, summary: str, details: str) -> None:
        """Show one more error in this dialog (the newest summary, every error's details)."""
        self.errors += 1
        more = f" ({self.errors} errors since this box opened)" if self.errors > 1 else ""
        self.summary.setText(f"What went wrong: {summary}{more}")
        text = self.details.toPlainText()
        self.details.setPlainText(f"{text}\n{details}" if text else details)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details.toPlainText())
        self.copy_button.setText("Copied")

    def _open_log_folder(self) -> None:
        if self.log_folder is not None:
            open_folder(self.log_folder)


class ErrorReporter(QObject):
    """Turns unexpected errors into a logged report and the dialog above."""

    def __init__(
        self,
        window: QWidget,
        log_folder: Path | None,
        save: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.log_folder = log_folder
        self.save = save
        self.dialog: ErrorReportDialog | None = None
        self._previous: ExceptHook | None = None
        self._previous_thread_hook: Callable[[threading.ExceptHookArgs], object] | None = None
        self._reporting = False

    def install(self) -> None:
        """Report through `sys.excepthook`; log errors that end a Python thread."""
        self._previous = sys.excepthook
        sys.excepthook = self.report
        self._previous_thread_hook = threading.excepthook
        threading.excepthook = self._thread_error

    def uninstall(self) -> None:
        if self._previous is not None and sys.excepthook == self.report:
            sys.excepthook = self._previous
        if self._previous_thread_hook is not None and threading.excepthook == self._thread_error:
            threading.excepthook = self._previous_thread_hook
        self._previous = self._previous_thread_hook = None

    def _thread_error(self, arguments: threading.ExceptHookArgs) -> None:
        if arguments.exc_value is not None:
            log.error(
                "Unexpected error on thread %s",
                arguments.thread.name if arguments.thread is not None else "?",
                exc_info=(arguments.exc_type, arguments.exc_value, arguments.exc_traceback),
            )
        if self._previous_thread_hook is not None:
            self._previous_thread_hook(arguments)

    def report(
        self, kind: type[BaseException], value: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            (self._previous or sys.__excepthook__)(kind, value, trace)
            return
        log.error("Unexpected error", exc_info=(kind, value, trace))
        if threading.current_thread() is not threading.main_thread() or self._reporting:
            return
        self._reporting = True  # an error inside the report must not report itself forever
        try:
            self._save()
            self._show(f"{kind.__name__}: {value}", error_details(kind, value, trace))
        except Exception:  # noqa: BLE001 - the report of last resort must not raise
            log.exception("The error report itself failed")
            sys.__excepthook__(kind, value, trace)
        finally:
            self._reporting = False

    def _save(self) -> None:
        if self.save is None:
            return
        try:
            self.save()
        except Exception:  # noqa: BLE001 - the earlier autosave still holds the encounter
            log.exception("Autosave after the error failed")

    def _show(self, summary: str, details: str) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.add_error(summary, details)
        else:
            if self.dialog is not None:
                self.dialog.deleteLater()
            self.dialog = ErrorReportDialog(self.window, summary, details, self.log_folder)
            # Not modal: the map and the docks stay usable while the box is open.
            self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
