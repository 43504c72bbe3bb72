"""Reveal what the players see, with a progress dialog the GM can cancel.

A reveal over a huge map with many player tokens can take seconds. The core reports after each
viewer (`encounter.fog.seen_by`); this shows a progress dialog (after a short moment, so a quick
reveal never flashes one) whose Cancel stops the reveal with the fog unchanged. Each report lets
the window paint and take clicks, so it never freezes while the reveal runs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QProgressDialog, QWidget

from drase_desktop.encounter.fog import FogChange
from drase_desktop.ui.commands import ChangeCommand

# A reveal quicker than this shows no dialog at all.
SHOW_AFTER_MS = 400


class RevealProgress:
    """The progress callback of one reveal, shown as a cancellable dialog over `parent`."""

    def __init__(self, parent: QWidget | None) -> None:
        self._parent = parent
        self.dialog: QProgressDialog | None = None

    def __call__(self, done: int, total: int) -> bool:
        dialog = self.dialog
        if dialog is None:
            dialog = self.dialog = QProgressDialog(
                "Revealing what the players see...", "Cancel", 0, total, self._parent
            )
            dialog.setObjectName("revealProgress")
            dialog.setWindowTitle("Reveal what the players see")
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.setMinimumDuration(SHOW_AFTER_MS)
            dialog.setAutoClose(False)
            dialog.setAutoReset(False)
        # A modal progress dialog's setValue processes events: the window keeps painting.
        dialog.setValue(done)
        return not dialog.wasCanceled()

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None


def reveal_seen_with_progress(
    controller: Any, parent: QWidget | None, *, after_move: bool = False
) -> FogChange | None:
    """Run the controller's reveal with a progress dialog; RevealCancelled (a FogError)
    propagates when the GM cancels, the fog unchanged. `after_move`: the reveal joins the move
    just made in one undo step."""
    progress = RevealProgress(parent)
    try:
        return controller.reveal_seen(progress=progress, after_move=after_move)
    finally:
        progress.close()


def ask_sight_range(model: Any, parent: QWidget | None) -> bool:
    """Ask how far the players' tokens see for reveals (0: no limit); True when it changed."""
    current = model.encounter.settings.sight_range
    tiles, ok = QInputDialog.getInt(
        parent,
        "Players' sight range",
        "How far the players' tokens see when you reveal what they see, in tiles\n"
        "(0: as far as their lines of sight and the light reach):",
        current or 0,
        0,
        1000,
    )
    wanted = tiles or None
    if not ok or wanted == current:
        return False
    model.push(ChangeCommand.run(model, lambda encounter: encounter.set_sight_range(wanted)))
    return True
