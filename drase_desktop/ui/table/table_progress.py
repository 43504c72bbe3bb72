"""The TV's declaration progress while Table Link is on: "3 of 4 declared · left: Bram, Mira"
in the Player Phase, at the bottom left of the player display (the phase banner is at the top,
the codes and the last roll at the bottom right), in the HUD's type for two metres. The words
come from the core (`seat_view.table_declaration_progress`), the same as every phone's."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from drase_desktop.encounter.seat_view import table_declaration_progress
from drase_desktop.ui.table.player_hud import hud_sizes


def progress_words(encounter: Any) -> str:
    """ "3 of 4 declared · left: Bram" ("" outside a declaring phase)."""
    progress = table_declaration_progress(encounter)
    if not progress["text"]:
        return ""
    if progress["left"]:
        return f"{progress['text']} \u00b7 left: {', '.join(progress['left'])}"
    return progress["text"]


class TableProgress(QLabel):
    """Over the player display (objectName "tableLinkProgress"); shown while `active()`."""

    def __init__(self, model: Any, player_display: Any, active: Any) -> None:
        super().__init__(player_display)
        self.setObjectName("tableLinkProgress")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.model = model
        self.player_display = player_display
        self.active = active
        for signal in (
            model.combatantsChanged,
            model.roundChanged,
            model.logChanged,
            model.fogChanged,
            model.encounterReplaced,
        ):
            signal.connect(self.refresh)
        player_display.installEventFilter(self)
        self.hide()

    def refresh(self, *_: Any) -> None:
        words = progress_words(self.model.encounter) if self.active() else ""
        self.setText(words)
        if not words:
            self.hide()
            return
        self._place()
        self.show()
        self.raise_()

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.player_display and event.type() == event.Type.Resize:
            self._place()
        return False

    def _place(self) -> None:
        view = self.player_display.view
        status_px = hud_sizes(view.hud_area(), view.pixels_per_mm())[0]
        font = self.font()
        font.setBold(True)
        font.setPixelSize(max(8, int(status_px)))
        self.setFont(font)
        pad = int(status_px * 0.3)
        self.setStyleSheet(
            f"QLabel#tableLinkProgress {{ color: #ffd400; background: rgba(10, 12, 20, 215);"
            f" padding: {pad}px {pad * 2}px; border-radius: {pad}px; }}"
        )
        self.adjustSize()
        parent = self.player_display
        # Bottom left, at most half the width: clear of the codes and the roll at the right.
        width = min(self.sizeHint().width(), parent.width() // 2)
        self.setWordWrap(self.sizeHint().width() > width)
        self.resize(width, self.heightForWidth(width) if self.wordWrap() else self.height())
        self.move(pad, parent.height() - self.height() - pad)
