"""The document a window has open: which file it is, whether changes are not on disk yet, its
autosave, and the GM's ways to open, save and reopen files (File menu, recent files, title).

The session asks the GM through the window's dialog methods (`ask_save_changes`,
`ask_open_path`, `ask_save_path`, `show_error`), which tests replace on the window.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMenu

from drase_desktop.file_reading import readable_name
from drase_desktop.refusal import Refusal
from drase_desktop.storage.autosave import Autosave
from drase_desktop.storage.encounter_bytes import AutosaveEncoder
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.storage.save_copy import copy_for_saving
from drase_desktop.storage.settings import Settings
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.files.autosave_worker import AutosaveWriter
from drase_desktop.ui.files.document_reader import DocumentReader, ReadOutcome
from drase_desktop.ui.files.documents import (
    OPEN_FILTER,
    UVTT_FILTER,
    is_encounter_file,
    is_shipped_sample,
)
from drase_desktop.ui.files.new_encounter_dialog import NewEncounterDialog

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
# The longest a change waits to be autosaved, counted from the first change not yet on disk
# (later changes of a burst join that snapshot but never push it back): shorter than the
# quickest gap between a GM's gestures, so a crash loses at most the gesture in progress.
AUTOSAVE_DELAY_MS = 40


class DocumentWindow(Protocol):
    """What the session needs of its window: the dialogs, the title and the settings file."""

    def ask_save_changes(self) -> str: ...
    def ask_open_path(self, caption: str, name_filter: str) -> str: ...
    def ask_save_path(self) -> str: ...
    def show_error(self, title: str, message: str) -> None: ...
    def save_settings(self) -> None: ...
    def setWindowTitle(self, title: str) -> None: ...  # noqa: N802 (Qt's name)
    def setWindowModified(self, modified: bool) -> None: ...  # noqa: N802 (Qt's name)


class DocumentSession(QObject):
    """One window's open document, from its first file to the window's close."""

    # A new encounter is shown (after Open, New or a drop): the window builds its map view.
    # Just before another encounter replaces the model's (the outgoing map view lets go).
    documentReplacing = Signal()
    documentReplaced = Signal()
    # A sentence for the status bar ("Saved fight.drase").
    statusMessage = Signal(str)

    def __init__(
        self,
        window: Any,
        model: EncounterModel,
        settings: Settings,
        *,
        path: str | os.PathLike[str] | None = None,
        autosave: Autosave | None = None,
        unsaved: bool = False,
    ) -> None:
        super().__init__(window)
        self.setObjectName("documentSession")
        self._window: DocumentWindow = window
        self.model = model
        self.settings = settings
        self.current_path: Path | None = Path(path).absolute() if path else None
        # Set after a recovery or an import: changes exist that no file holds yet.
        self.unsaved_outside_undo = unsaved
        self.autosave = autosave if autosave is not None else Autosave()
        self.autosave_writer = AutosaveWriter(
            self.autosave.write, self, encode=AutosaveEncoder(), flush=self.autosave.flush
        )
        self._last_snapshot: Any = None  # the copy the last autosave took (shares unchanged)
        # The changes of a burst (typing HP, clicking through phases) share snapshots.
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave_now)
        self.autosave_writer.failed.connect(self.statusMessage)
        model.undo_stack.cleanChanged.connect(self.update_title)
        model.undo_stack.indexChanged.connect(self._on_changed)
        self.autosave.set_source(self.current_path if self.is_encounter_path() else None)
        self._reader = DocumentReader(self._show_read, self)
        self._opened = False  # whether the last file read was shown

    # -- state and title ---------------------------------------------------------------------
    def is_modified(self) -> bool:
        return self.unsaved_outside_undo or not self.model.undo_stack.isClean()

    def update_title(self, *_args: Any) -> None:
        encounter = self.model.encounter
        name = self.current_path.name if self.current_path else (encounter.name or "Untitled")
        self._window.setWindowTitle(f"{name}[*] - Drase Desktop")
        self._window.setWindowModified(self.is_modified())

    def document_name(self) -> str:
        if self.current_path is not None:
            return self.current_path.stem
        return self.model.encounter.name or "Untitled"

    def folder(self) -> str:
        """Where a file dialog starts: beside the open file, else the last one opened."""
        if self.current_path is not None:
            return str(self.current_path.parent)
        if self.settings.recent_files:
            return str(Path(self.settings.recent_files[0]).parent)
        return str(Path.home())

    def is_encounter_path(self) -> bool:
        return self.current_path is not None and is_encounter_file(self.current_path)

    # -- autosave ----------------------------------------------------------------------------
    def _on_changed(self, *_args: Any) -> None:
        self.update_title()
        self.schedule_autosave()

    def schedule_autosave(self) -> None:
        """Autosave within AUTOSAVE_DELAY_MS of the first unsaved change. The timer is not
        restarted by the changes after it: a burst faster than the delay would otherwise never
        be saved until it stopped."""
        if not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def autosave_now(self) -> None:
        """Copy here (the encounter lives on this thread; a few milliseconds for a fight of
        hundreds); encode and write on the worker, which reports a failure to the status bar."""
        self._autosave_timer.stop()
        snapshot = copy_for_saving(self.model.encounter, self._last_snapshot)
        self._last_snapshot = snapshot
        self.autosave_writer.schedule(snapshot)

    def close(self) -> None:
        """The window closes: the last changes reach the autosave, then it is let go."""
        if self._autosave_timer.isActive():
            self.autosave_now()
        self.autosave_writer.wait()
        self.autosave.close()

    # -- opening -----------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True when the current encounter may be replaced (saved, or the GM said discard)."""
        if not self.is_modified():
            return True
        answer = self._window.ask_save_changes()
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def open_dialog(self) -> None:
        self._ask_and_open("Open encounter or map", OPEN_FILTER)

    def import_dialog(self) -> None:
        self._ask_and_open("Import Universal VTT map", UVTT_FILTER)

    def _ask_and_open(self, title: str, file_filter: str) -> None:
        """Once the current encounter may go, ask for a file and open it."""
        if not self.confirm_discard():
            return
        path = self._window.ask_open_path(title, file_filter)
        if path:
            self.open_path(path, confirmed=True)

    def open_path(
        self, path: str | os.PathLike[str], *, confirmed: bool = False, wait: bool = False
    ) -> bool:
        """Open an encounter, map or Universal VTT file; on failure say why and keep the
        current encounter. The file is read on a worker and shown once read: the window keeps
        answering meanwhile. Returns whether the read began (False: the GM kept the current
        encounter); with `wait`, waits for it and returns whether it opened (tests, scripts)."""
        if not confirmed and not self.confirm_discard():
            return False
        file = Path(path).absolute()
        self._opened = False
        self.statusMessage.emit(f"Opening {readable_name(file.name)}...")
        self._reader.start(file, self.settings.diagonal_rule)
        if wait:
            self._reader.wait()
            return self._opened
        return True

    @property
    def opening(self) -> bool:
        """Whether a file the GM opened is still being read."""
        return self._reader.reading

    def wait_for_open(self, msecs: int = 60_000) -> bool:
        """Block until the file being read is shown (or refused); whether it opened."""
        self._reader.wait(msecs)
        return self._opened

    def _show_read(self, outcome: ReadOutcome) -> None:
        """The worker has read the file: show it, or say why it cannot be opened."""
        file = outcome.path
        if outcome.crash is not None:
            raise outcome.crash
        if outcome.encounter is None:
            self._window.show_error("Cannot open the file", outcome.refusal)
            if outcome.missing:
                self.settings.forget_recent_file(file)
            return
        # A shipped sample opens as an untitled copy: Save asks where, never into the app.
        is_encounter = is_encounter_file(file) and not is_shipped_sample(file)
        self.set_document(
            outcome.encounter, file if is_encounter else None, unsaved=not is_encounter
        )
        self._opened = True
        if is_encounter:
            self.settings.add_recent_file(file)
            self.settings.last_encounter = str(file)
            self._window.save_settings()
        self.statusMessage.emit(" ".join([f"Opened {file.name}.", *outcome.warnings]))
        if is_encounter:
            self.say_if_open_elsewhere(file)

    def say_if_open_elsewhere(self, path: str | os.PathLike[str]) -> None:
        """Tell the GM when another running Drase Desktop has this encounter open too."""
        if not self.autosave.running_elsewhere(path):
            return
        name = readable_name(Path(path).name)
        self._window.show_error(
            "Open in another window",
            f"{name} is also open in another Drase Desktop window. Whichever saves it last"
            " replaces what the other saved; close one of them, or save this one under"
            " another name.",
        )

    def set_document(self, encounter: Any, path: Path | None, *, unsaved: bool = False) -> None:
        """Show `encounter` (from `path`, or not yet saved anywhere)."""
        self.documentReplacing.emit()
        self.model.set_encounter(encounter)
        self.current_path = path
        self.unsaved_outside_undo = unsaved
        self.autosave.set_source(path)
        self.documentReplaced.emit()
        self.update_title()
        self.schedule_autosave()

    def new_encounter(self, parent: Any) -> None:
        if not self.confirm_discard():
            return
        dialog = NewEncounterDialog(self.settings.diagonal_rule, parent)
        if dialog.exec() != NewEncounterDialog.DialogCode.Accepted:
            return
        self.set_document(dialog.encounter(), None, unsaved=False)

    # -- saving ------------------------------------------------------------------------------
    def save(self) -> bool:
        if not self.is_encounter_path():
            return self.save_as()
        assert self.current_path is not None
        return self.save_to(self.current_path)

    def save_as(self) -> bool:
        path = self._window.ask_save_path()
        return self.save_to(path) if path else False

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        file = Path(path).absolute()
        try:
            save_encounter(self.model.encounter, file)
        except OSError as error:  # a full disk, a lost drive: the file on disk stays as it was
            reason = error.strerror or str(error)
            self._window.show_error("Cannot save", f"{file.name} was not saved: {reason}.")
            return False
        except Refusal as error:  # a map or an encounter beyond what a file can hold
            self._window.show_error("Cannot save", f"{file.name} was not saved: {error}.")
            return False
        self.current_path = file
        self.unsaved_outside_undo = False
        self.model.undo_stack.setClean()
        self.settings.add_recent_file(file)
        self.settings.last_encounter = str(file)
        self.autosave.set_source(file)
        self._window.save_settings()
        self.update_title()
        self.statusMessage.emit(f"Saved {file.name}")
        return True

    # -- recent files ------------------------------------------------------------------------
    def fill_recent_menu(self, menu: QMenu) -> None:
        menu.clear()
        for path in self.settings.recent_files:
            action = menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(self._opener(path))
        menu.setEnabled(bool(self.settings.recent_files))

    def _opener(self, path: str) -> Callable[..., object]:
        return lambda _checked=False: self.open_path(path)
