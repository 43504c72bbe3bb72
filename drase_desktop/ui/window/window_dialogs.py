"""The window's questions to the GM in standard dialogs: save the changes or not, which file to
open or save to, and an error that stops what the GM asked. The window asks through one small
method for each, which a test replaces, so no dialog blocks the test."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from drase_desktop.file_reading import short_message
from drase_desktop.ui.files.document_session import CANCEL, DISCARD, SAVE
from drase_desktop.ui.files.documents import ENCOUNTER_SUFFIX, SAVE_FILTER

MAX_ERROR_CHARACTERS = 2000


def ask_save_changes(parent: QWidget, document_name: str) -> str:
    """SAVE, DISCARD or CANCEL for unsaved changes."""
    answer = QMessageBox.question(
        parent,
        "Unsaved changes",
        f"Save the changes to {document_name} before closing it?",
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Save:
        return SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return DISCARD
    return CANCEL


def ask_open_path(parent: QWidget, caption: str, folder: str, name_filter: str) -> str:
    path, _ = QFileDialog.getOpenFileName(parent, caption, folder, name_filter)
    return path


def ask_save_path(parent: QWidget, document_name: str, folder: str) -> str:
    """Where to save the encounter (its suffix added if the GM left it off); "" if cancelled."""
    suggestion = str(Path(folder) / (document_name + ENCOUNTER_SUFFIX))
    path, _ = QFileDialog.getSaveFileName(parent, "Save encounter", suggestion, SAVE_FILTER)
    if path and not path.lower().endswith(ENCOUNTER_SUFFIX):
        path += ENCOUNTER_SUFFIX
    return path


def show_error(parent: QWidget, title: str, message: str) -> None:
    # However long a message grows (a value quoted whole), the box stays a box.
    QMessageBox.warning(parent, title, short_message(message, MAX_ERROR_CHARACTERS))
