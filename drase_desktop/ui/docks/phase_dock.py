"""The round tracker: round number and clock, the current phase and who acts, and Advance.

Everything shown comes from the encounter and its ruleset (Drase phases or Crawler steps alike):
this dock never asks which system it is running.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QBrush, QFontMetrics
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.sides import side_words
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.widgets.theme import ROUND_POINT_SIZE, heading_font
from drase_desktop.ui.widgets.widget_builders import scrolling, wrapped_label

# Names listed per side in the Round dock: six fit in two or three lines of the dock at
# 1366x768. A bigger side shows these and "and N more" (every name is in the tooltip): 225 names
# made the dock scroll, told the GM nothing at a glance and were laid out anew at every phase.
SHOWN_NAMES_PER_SIDE = 6
# Pixels wide the tooltip listing every actor may grow: within a 1366 px screen.
TOOLTIP_WIDTH = 900


def who_acts(encounter: Any, shown_per_side: int | None = None) -> str:
    """The names of the creatures that act in the current phase, grouped by side; with
    `shown_per_side`, a side with more names than that lists that many and "and N more"."""
    return _who_acts_text(_acting_groups(encounter), shown_per_side)


def _acting_groups(encounter: Any) -> list[tuple[str, list[str]]] | None:
    """Each acting side's heading and the names of its creatures able to act; None when
    nobody acts in this phase."""
    sides = encounter.phase_sides()
    if not sides:
        return None
    initiative = encounter.round_state.initiative
    acting = encounter.acting_creatures()
    groups = []
    for side in sorted(sides):
        names = [c.name for c in acting if c.side == side]
        words = side_words(side, start=True)
        heading = f"{words} (initiative {initiative[side]})" if side in initiative else words
        groups.append((heading, names))
    return groups


def _who_acts_text(groups: list[tuple[str, list[str]]] | None, shown: int | None) -> str:
    if groups is None:
        return "Nobody acts: the GM applies this phase's effects."
    return "\n".join(f"{heading}: {_listed(names, shown)}" for heading, names in groups)


def _listed(names: list[str], shown: int | None) -> str:
    if not names:
        return "no one able"
    if shown is None or len(names) <= shown:
        return ", ".join(names)
    return f"{', '.join(names[:shown])} and {len(names) - shown} more"


ADVANCE_TO = "Advance to "
# Where a phase list item keeps its phase's title (its text marks the current one).
PHASE_TITLE = Qt.ItemDataRole.UserRole


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
        self.phase_label = wrapped_label("phaseTitleLabel", heading_font())
        self.description = wrapped_label("phaseDescription")
        self.actors = wrapped_label("phaseActors")
        self.actors.installEventFilter(self)
        self._actor_groups: list[tuple[str, list[str]]] | None = None
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
        # The rules, the clock, what the phase is for, who acts and the round's phases: shown
        # when the GM asks (the combatants list and the tokens mark who acts). Always shown,
        # they made the dock scroll on a laptop and on a desktop screen alike.
        self.details_button = QToolButton()
        self.details_button.setObjectName("phaseDetailsButton")
        self.details_button.setCheckable(True)
        self.details_button.setArrowType(Qt.ArrowType.RightArrow)
        self.details_button.setAutoRaise(True)
        self.details_button.setToolTip(
            "Show the rules and clock, what this phase is for, who acts and the round's phases"
        )
        self.details = QWidget()
        self.details.setObjectName("phaseDetails")
        details = QVBoxLayout(self.details)
        details.setContentsMargins(0, 0, 0, 0)
        for widget in (self.ruleset_label, self.description, self.actors, self.phase_list):
            details.addWidget(widget)
        self.details.setVisible(False)
        self.details_button.toggled.connect(self._show_details)
        # The round and phase, then Advance: what the GM looks at and presses most stays at the
        # top, never scrolled away; the details follow, the rules and clock first.
        header = QHBoxLayout()
        header.addWidget(self.round_label, 1)
        header.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout()
        layout.addLayout(header)
        layout.addWidget(self.phase_label)
        layout.addWidget(self.advance_button)
        layout.addWidget(self.details)
        layout.addStretch(1)
        self.setWidget(scrolling(layout, horizontal=False))

        model.roundChanged.connect(self.refresh)
        # A combatant's change only alters who acts; the phases and the round stay.
        model.combatantsChanged.connect(self._show_actors)
        model.encounterReplaced.connect(self.refresh)
        self.refresh()

    def height_to_advance(self) -> int:
        """The dock's height that shows everything down to Advance at its width now, in
        whichever phase of the round: its title and the Advance naming the next phase, each
        wrapped at this width, in the phase where the two are tallest."""
        scroller = self.widget()
        assert isinstance(scroller, QScrollArea)
        content = scroller.widget()
        layout = content.layout() if content is not None else None
        if content is None or layout is None:
            return 0
        layout.activate()
        title, button = self.phase_label, self.advance_button
        bottom = button.mapTo(content, QPoint(0, button.height())).y()
        encounter = self.model.encounter
        # Before the fight only Setup is a phase: the round's phases are the ruleset's.
        titles = [
            each.title
            for each in encounter.ruleset.phases(
                third_party_turn=encounter.settings.third_party_turn,
                initiative=encounter.round_state.initiative,
            )
        ]
        flags = int(Qt.TextFlag.TextWordWrap)
        title_metrics, button_metrics = title.fontMetrics(), button.fontMetrics()
        room = button.width() - 2 * ADVANCE_TEXT_MARGIN
        line = button_metrics.lineSpacing()
        padding = button.sizeHint().height() - line * (button.text().count("\n") + 1)

        def title_height(text: str) -> int:
            box = QRect(0, 0, title.width(), 10**6)
            return title_metrics.boundingRect(box, flags, text).height()

        def button_height(next_title: str) -> int:
            lines = 1
            if button_metrics.horizontalAdvance(ADVANCE_TO + next_title) > room:
                lines += len(_wrapped(next_title, button_metrics.horizontalAdvance, room))
            return max(button.minimumHeight(), lines * line + padding)

        shown = [(encounter.phase.title, button.height())]
        nexts = [*titles[1:], "round 99"]
        shown += [(each, button_height(after)) for each, after in zip(titles, nexts, strict=True)]
        now = title.height() + button.height()
        tallest = max(title_height(text) + height for text, height in shown)
        # Below Advance, the layout's margin: the content then fits without a scroll bar.
        margin = layout.contentsMargins().bottom()
        frame = self.height() - scroller.viewport().height()
        return bottom + max(0, tallest - now) + margin + frame

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        arrow = Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        self.details_button.setArrowType(arrow)

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
        self._show_phases(encounter)
        self._advance_text_full = self._advance_text(encounter)
        self._fit_advance_text()

    def _show_phases(self, encounter: Any) -> None:
        """The round's phases, the current one marked and the past ones greyed. The items are
        rewritten in place while the round's phases stay the same: a list emptied and refilled
        at every phase is laid out anew."""
        titles = [each.title for each in encounter.phases]
        phase_list = self.phase_list
        if [phase_list.item(i).data(PHASE_TITLE) for i in range(phase_list.count())] != titles:
            phase_list.clear()
            for title in titles:
                item = QListWidgetItem(title)
                item.setData(PHASE_TITLE, title)
                phase_list.addItem(item)
        for index, title in enumerate(titles):
            item = phase_list.item(index)
            current = index == encounter.phase_index
            text = f"▶ {title}" if current else title
            if item.text() != text:
                item.setText(text)
            if item.font().bold() != current:
                font = item.font()
                font.setBold(current)
                item.setFont(font)
            past = index < encounter.phase_index
            if (item.data(Qt.ItemDataRole.ForegroundRole) is not None) != past:
                item.setData(
                    Qt.ItemDataRole.ForegroundRole, QBrush(Qt.GlobalColor.gray) if past else None
                )

    def _show_actors(self, *_args: Any) -> None:
        groups = _acting_groups(self.model.encounter)
        text = "Who acts:\n" + _who_acts_text(groups, SHOWN_NAMES_PER_SIDE)
        if self.actors.text() != text:
            self.actors.setText(text)
        self._actor_groups = groups

    def _actors_tooltip(self) -> str:
        """Every actor's name when a side is cut short (the style shows a tooltip as plain
        text, as written), else nothing. A plain tooltip never wraps: 75 names on one line ran
        off the screen, so each side's list is broken between words to a width that fits.
        Built when the GM hovers, not at every phase: measuring 225 names cost more than the
        shorter label saved."""
        groups = self._actor_groups
        if not any(len(names) > SHOWN_NAMES_PER_SIDE for _, names in (groups or [])):
            return ""
        width_of = QFontMetrics(QToolTip.font()).horizontalAdvance
        lines = ["Who acts:"]
        for line in _who_acts_text(groups, None).split("\n"):
            lines.extend(_wrapped(line, width_of, TOOLTIP_WIDTH))
        return "\n".join(lines)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.advance_button and event.type() == QEvent.Type.Resize:
            self._fit_advance_text()
        elif watched is self.actors and event.type() == QEvent.Type.ToolTip:
            # Set before the label handles the event, so Qt shows it as any tooltip.
            tooltip = self._actors_tooltip()
            if self.actors.toolTip() != tooltip:
                self.actors.setToolTip(tooltip)
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
