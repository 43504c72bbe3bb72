"""Builds the main window and runs the Qt event loop.

`drase-desktop` opens the file given, else the last encounter, else the bundled sample; after a
crash it offers the autosaved work back.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from drase_desktop import __version__
from drase_desktop.atomic_write import remove_stale_temporaries
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.file_reading import readable_name
from drase_desktop.storage.app_log import start_logging
from drase_desktop.storage.autosave import Autosave, RecoveryInfo
from drase_desktop.storage.settings import Settings, load_settings
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.files.documents import (
    DocumentError,
    is_encounter_file,
    load_document,
    load_sample,
)
from drase_desktop.ui.gc_policy import install_collector
from drase_desktop.ui.main_window import MainWindow
from drase_desktop.ui.widgets.theme import apply_theme
from drase_desktop.ui.window.error_report import ErrorReporter
from drase_desktop.ui.workers import stop_workers


def create_main_window(path: str | os.PathLike[str] | None = None) -> QMainWindow:
    """The main window with `path` open (the bundled sample when None).

    Needs an existing QApplication. A file that cannot be opened raises `DocumentError`
    (a ValueError) with a message for the GM.
    """
    settings, warnings = load_settings()
    if path is None:
        return _window(load_sample(), None, settings, warnings)
    encounter = load_document(path, diagonal=settings.diagonal_rule)
    return _window(encounter, path, settings, warnings)


def _window(
    encounter: Encounter,
    path: str | os.PathLike[str] | None,
    settings: Settings,
    warnings: list[str],
    autosave: Autosave | None = None,
) -> MainWindow:
    collector = install_collector()
    model = EncounterModel(encounter)
    model.encounterReplaced.connect(collector.thaw)
    source = path if path is not None and is_encounter_file(path) else None
    return MainWindow(
        model,
        path=source,
        settings=settings,
        settings_warnings=warnings,
        autosave=autosave,
        # A map or an imported file opens as a new encounter nobody has saved yet.
        unsaved=path is not None and source is None,
    )


def app_icon() -> QIcon:
    """The app's icon at every size it ships (the installers use the same files)."""
    icon = QIcon()
    folder = resources.files("drase_desktop.resources") / "icons"
    for size in ICON_SIZES:
        with resources.as_file(folder / f"drase-desktop-{size}.png") as file:
            icon.addFile(str(file))
    return icon


def start_path(explicit: str | None, settings: Settings) -> Path | None:
    """The file to open at start: the one asked for, else the last encounter if it still exists."""
    if explicit:
        return Path(explicit)
    if settings.last_encounter and Path(settings.last_encounter).is_file():
        return Path(settings.last_encounter)
    return None


ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
RECOVER, DISCARD, LATER = "recover", "discard", "later"


def ask_recovery(window: MainWindow, info: RecoveryInfo) -> str:
    """RECOVER, DISCARD or LATER: what the GM wants done with a crashed session's work."""
    when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    what = readable_name(Path(info.source).name) if info.source else "an unsaved encounter"
    box = QMessageBox(window)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Recover your work?")
    box.setText(f"Drase Desktop did not close properly. Work on {what} was autosaved at {when}.")
    box.setInformativeText(
        "Recover it now? 'Later' keeps it and asks again next time. The work of any other"
        " window that did not close properly is kept and asked about on its own."
    )
    recover = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover)
    box.exec()
    if box.clickedButton() is recover:
        return RECOVER
    if box.clickedButton() is discard:
        return DISCARD
    return LATER


def offer_recovery(
    window: MainWindow,
    autosave: Autosave,
    info: RecoveryInfo,
    ask: Callable[[MainWindow, RecoveryInfo], str] = ask_recovery,
) -> str:
    """Offer a crashed session's work back; returns the GM's answer. Only that session is
    recovered or discarded; while the GM is asked, no other window offers it."""
    if not autosave.claim_recovery(info):
        return LATER  # another window is offering it, or took it up meanwhile
    answer = ask(window, info)
    if answer == RECOVER:
        try:
            encounter = load_document(info.path)
        except DocumentError as error:
            autosave.release_recovery(info)
            window.show_error("Cannot recover", f"{error}\n\nThe autosave is kept.")
            return LATER
        source = Path(info.source) if info.source else None
        # Unsaved: the work is back on screen but in no file the GM chose until they save.
        window.set_document(encounter, source, unsaved=True)
        # This session's autosave holds the recovered work before the crashed session's files
        # go: a second crash right after Recover still finds it.
        try:
            autosave.adopt_recovery(info)
        except OSError as error:
            autosave.release_recovery(info)
            window.show_error(
                "Cannot keep the recovered work",
                f"The autosave could not be written ({error.strerror or error}). The crashed"
                " session's autosave is kept; save the encounter somewhere with room.",
            )
    elif answer == DISCARD:
        autosave.discard_recovery(info)
    else:
        autosave.release_recovery(info)
    return answer


def offer_recoveries(
    window: MainWindow,
    autosave: Autosave,
    recoveries: list[RecoveryInfo],
    ask: Callable[[MainWindow, RecoveryInfo], str] = ask_recovery,
) -> list[str]:
    """Offer each crashed session's work back on its own, the newest first, until the GM
    recovers one (this window then holds it; the others stay for the next start or another
    window). Returns the answers given."""
    answers = []
    for info in recoveries:
        answer = offer_recovery(window, autosave, info, ask)
        answers.append(answer)
        if answer == RECOVER:  # on screen now (a recovery that failed answers LATER)
            break
    return answers


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Drase Desktop")
    app.setOrganizationName("Drase")
    app.setWindowIcon(app_icon())
    # The log first, so all that follows (a bad settings file, an unexpected error) is kept.
    try:
        log_folder: Path | None = start_logging().folder
    except OSError:
        log_folder = None  # a read-only home folder: the app still runs, only without its log
    logging.getLogger(__name__).info("Drase Desktop %s starting", __version__)
    settings, warnings = load_settings()
    apply_theme(app, settings.theme)
    for recent in settings.recent_files:  # what saves killed last time left beside them
        remove_stale_temporaries(recent)
    autosave = Autosave()
    recoveries = autosave.pending_recoveries()

    chosen = start_path(path, settings)
    problem = ""
    encounter = None
    if chosen is not None:
        try:
            encounter = load_document(chosen, diagonal=settings.diagonal_rule)
        except DocumentError as error:
            problem = str(error)
            chosen = None
    if encounter is None:
        encounter = load_sample()
    window = _window(encounter, chosen, settings, warnings, autosave)
    ErrorReporter(window, log_folder, save=window.autosave_now).install()
    window.show_on_screen()
    if problem:
        window.show_error("Cannot open the file", f"{problem}\n\nThe sample encounter is open.")
    if chosen is not None:
        window.say_if_open_elsewhere(chosen)
    offer_recoveries(window, autosave, recoveries)
    try:
        return app.exec()
    finally:
        # Before the interpreter shuts down: a picture still decoding crashed it.
        stop_workers()
