"""The round tracker: round number and clock, the current phase and who acts, and Advance.

Everything shown comes from the encounter and its ruleset (Drase phases or Crawler steps alike):
this dock never asks which system it is running.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.sides import side_words
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import ROUND_POINT_SIZE, heading_font
from drase_desktop.ui.widgets.widget_builders import scrolling, wrapped_label


def who_acts(encounter: Any) -> str:
    """The names of the creatures that act in the current phase, grouped by side."""
    sides = encounter.phase_sides()
    if not sides:
        return "Nobody acts: the GM applies this phase's effects."
    initiative = encounter.round_state.initiative
    groups = []
    for side in sorted(sides):
        names = [
            c.name for c in encounter.combatants.values() if c.side == side and not c.incapacitated
        ]
        words = side_words(side, start=True)
        label = f"{words} (initiative {initiative[side]})" if side in initiative else words
        groups.append(f"{label}: {', '.join(names) if names else 'no one able'}")
    return "\n".join(groups)


ADVANCE_TO = "Advance to "


def _wrapped(text: str, width_of: Any, room: int) -> list[str]:
    """`text` in lines no wider than `room` (by `width_of`), broken between words; a single
    word wider than the room keeps a line of its own."""
    lines: list[str] = []
    for word in text.split():
        if lines and width_of(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [text]


# Pixels the button's frame and padding take on each side of its text.
ADVANCE_TEXT_MARGIN = 12


class PhaseDock(QDockWidget):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__("Round", parent)
        self.setObjectName("phaseDock")
        self.model = model

        self.round_label = wrapped_label("phaseRoundLabel", heading_font(ROUND_POINT_SIZE))
        self.ruleset_label = wrapped_label("phaseRulesetLabel")
        self.ruleset_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.phase_label = wrapped_label("phaseTitleLabel", heading_font())
        self.description = wrapped_label("phaseDescription")
        self.actors = wrapped_label("phaseActors")
        self.phase_list = QListWidget()
        self.phase_list.setObjectName("phaseList")
        self.phase_list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.phase_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.advance_button = QPushButton()
        self.advance_button.setObjectName("phaseAdvanceButton")
        self.advance_button.setMinimumHeight(40)
        # A long phase name must not widen the column past the map's share of the window.
        self.advance_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.advance_button.clicked.connect(self.advance)
        self.advance_button.installEventFilter(self)
        self._advance_text_full = ""

        self.phase_list.setMaximumHeight(170)
        # The round and phase, then Advance: what the GM looks at and presses most stays at the
        # top, never scrolled away; the details follow.
        heading = QHBoxLayout()
        heading.addWidget(self.round_label)
        heading.addStretch(1)
        heading.addWidget(self.ruleset_label, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout()
        layout.addLayout(heading)
        layout.addWidget(self.phase_label)
        layout.addWidget(self.advance_button)
        layout.addWidget(self.description)
        layout.addWidget(self.actors)
        layout.addWidget(self.phase_list)
        layout.addStretch(1)
        self.setWidget(scrolling(layout, horizontal=False))

        model.roundChanged.connect(self.refresh)
        # A combatant's change only alters who acts; the phases and the round stay.
        model.combatantsChanged.connect(self._show_actors)
        model.encounterReplaced.connect(self.refresh)
        self.refresh()

    def advance(self) -> None:
        """Go to the next phase (or start the fight / the next round), as one undo step."""
        self.model.try_apply(lambda e: e.advance())

    def refresh(self, *_args: Any) -> None:
        encounter = self.model.encounter
        ruleset = encounter.ruleset
        if encounter.started:
            self.round_label.setText(f"Round {encounter.round}")
            start = encounter.elapsed_seconds
            clock = f"{start}-{start + ruleset.round_seconds} s of the fight"
        else:
            self.round_label.setText("Before the fight")
            clock = f"a round is {ruleset.round_seconds} s"
        self.ruleset_label.setText(f"{ruleset.name} rules\n{clock}")
        self.ruleset_label.setToolTip(ruleset.judge_text)
        phase = encounter.phase
        self.phase_label.setText(phase.title)
        self.description.setText(phase.description)
        self._show_actors()
        self.phase_list.clear()
        for index, each in enumerate(encounter.phases):
            item = QListWidgetItem(each.title)
            if index == encounter.phase_index:
                item.setText(f"▶ {each.title}")
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            elif index < encounter.phase_index:
                item.setForeground(Qt.GlobalColor.gray)
            self.phase_list.addItem(item)
        self._advance_text_full = self._advance_text(encounter)
        self._fit_advance_text()

    def _show_actors(self, *_args: Any) -> None:
        text = "Who acts:\n" + who_acts(self.model.encounter)
        if self.actors.text() != text:
            self.actors.setText(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.advance_button and event.type() == QEvent.Type.Resize:
            self._fit_advance_text()
        return super().eventFilter(watched, event)

    def _fit_advance_text(self) -> None:
        """The Advance text on one line, or the phase on a second line when the column is too
        narrow for it (one long line was clipped at both ends: "dvance to ... Tickdow")."""
        text = self._advance_text_full
        button = self.advance_button
        room = button.width() - 2 * ADVANCE_TEXT_MARGIN
        metrics = button.fontMetrics()
        if metrics.horizontalAdvance(text) > room and text.startswith(ADVANCE_TO):
            # The phase under "Advance to", wrapped at words: a Crawler turn's title ("The GM's
            # side and the players act together: missile fire") is wider than the column.
            phase = text[len(ADVANCE_TO) :]
            lines = [ADVANCE_TO.rstrip(), *_wrapped(phase, metrics.horizontalAdvance, room)]
            text = "\n".join(lines)
        button.setToolTip(self._advance_text_full)
        # "&" would be read as a keyboard accelerator ("Surrenders & Retreats"): double it.
        text = text.replace("&", "&&")
        if button.text() != text:
            button.setText(text)

    @staticmethod
    def _advance_text(encounter: Any) -> str:
        if not encounter.started:
            return "Start the fight (round 1)"
        phases = encounter.phases
        if encounter.phase_index + 1 < len(phases):
            return f"{ADVANCE_TO}{phases[encounter.phase_index + 1].title}"
        return f"{ADVANCE_TO}round {encounter.round + 1}"
