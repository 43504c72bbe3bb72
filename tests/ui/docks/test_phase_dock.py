"""The round tracker: a full round advanced from the dock, Drase phases and Crawler steps alike,
each phase shown with who acts, and every step one undo step."""

from __future__ import annotations

import re

from helpers.big_battle import big_battle
from helpers.event_loop import settled
from helpers.window_helpers import button, combatant_id, open_window
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QFontMetrics, QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QToolTip

from drase_desktop.storage.encounter_file import encounter_to_dict, save_encounter


def _label(window, name: str) -> str:
    label = window.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


def test_a_full_drase_round_is_advanced_from_the_phase_dock_and_undone(qtbot):
    window, _ = open_window(qtbot)
    encounter = window.model.encounter
    start = encounter_to_dict(encounter)
    advance = button(window, "phaseAdvanceButton")
    assert _label(window, "phaseRoundLabel") == "Before the fight"
    assert advance.text() == "Start the fight (round 1)"

    advance.click()
    assert _label(window, "phaseRoundLabel") == "Round 1"
    assert _label(window, "phaseTitleLabel") == "Player Phase"
    assert "Aldric" in _label(window, "phaseActors")
    assert "Bandit 1" not in _label(window, "phaseActors")
    titles = [phase.title for phase in encounter.phases]
    phase_list = window.findChild(QListWidget, "phaseList")
    assert phase_list.count() == len(titles)

    seen = [encounter.phase.title]
    while encounter.round == 1:
        advance.click()
        seen.append(encounter.phase.title)
    assert seen[:-1] == titles  # every phase of the round, in the ruleset's order
    assert encounter.round == 2 and encounter.phase_index == 0
    assert _label(window, "phaseRoundLabel") == "Round 2"
    assert "10-20 s" in _label(window, "phaseRulesetLabel")
    assert window.model.undo_stack.count() == len(titles) + 1

    while window.model.undo_stack.canUndo():
        window.undo_action.trigger()
    assert encounter_to_dict(window.model.encounter) == start
    assert _label(window, "phaseRoundLabel") == "Before the fight"


def test_the_crawler_round_runs_its_own_steps_in_the_same_dock(qtbot):
    window, _ = open_window(qtbot)
    encounter = window.model.encounter
    crawler = next(a for a in window.ruleset_group.actions() if a.data() == "crawler")
    crawler.trigger()
    assert encounter.ruleset.key == "crawler"
    advance = button(window, "phaseAdvanceButton")
    advance.click()
    assert encounter.phase.title == "Defensive Movement"
    advance.click()
    # Side initiative is rolled on entering its phase; each side's steps then appear in order.
    assert set(encounter.round_state.initiative) == {"players", "gm"}
    assert "initiative" in _label(window, "phaseActors")
    phase_list = window.findChild(QListWidget, "phaseList")
    assert phase_list.count() == len(encounter.phases) > 2
    steps = [encounter.phase.title]
    shown = advance.text().replace("&&", "&").replace("\n", " ")  # a narrow column wraps it
    assert shown == f"Advance to {encounter.phases[2].title}"
    while encounter.round == 1:
        advance.click()
        steps.append(encounter.phase.title)
    text = " ".join(steps).lower()
    for step in ("movement", "missile", "spells", "melee"):
        assert step in text
    assert _label(window, "phaseRulesetLabel").startswith("Crawler rules")


def test_advance_refused_is_reported_not_crashed(qtbot):
    window, _ = open_window(qtbot)
    button(window, "phaseAdvanceButton").click()
    # The ruleset cannot change once the fight started: the menu item is disabled and a direct
    # call is refused with a reason in the status bar.
    window.set_ruleset("crawler")
    assert window.model.encounter.ruleset.key == "drase"
    assert "before the fight" in window.statusBar().currentMessage()
    assert combatant_id(window, "Aldric")


def test_a_tied_crawler_turn_wraps_at_words_in_a_narrow_column(qtbot):
    window, _ = open_window(qtbot)
    encounter = window.model.encounter
    crawler = next(a for a in window.ruleset_group.actions() if a.data() == "crawler")
    crawler.trigger()
    advance = button(window, "phaseAdvanceButton")
    advance.click()
    advance.click()  # initiative: tie the sides so they act together
    for side in encounter.round_state.initiative:
        window.model.apply(lambda e, s=side: e.set_initiative(s, 4))
    advance.resize(200, advance.height())
    lines = settled(advance.text).split("\n")
    assert lines[0] == "Advance to"
    assert " ".join(lines[1:]) == encounter.phases[2].title
    assert "act together" in encounter.phases[2].title
    room = advance.width()
    assert all(advance.fontMetrics().horizontalAdvance(line) <= room for line in lines)
    assert advance.toolTip() == f"Advance to {encounter.phases[2].title}"


def _actors(window) -> QLabel:
    label = window.findChild(QLabel, "phaseActors")
    assert label is not None
    return label


def _hovered_tooltip(label: QLabel) -> str:
    """The label's tooltip as the GM's hover finds it (the event Qt sends before showing it)."""
    spot = QPoint(5, 5)
    QApplication.sendEvent(label, QHelpEvent(QEvent.Type.ToolTip, spot, label.mapToGlobal(spot)))
    QToolTip.hideText()
    return label.toolTip()


def test_the_sample_fight_lists_every_actor_and_needs_no_tooltip(qtbot):
    window, _ = open_window(qtbot)
    advance = button(window, "phaseAdvanceButton")
    advance.click()
    assert _actors(window).text() == "Who acts:\nThe players: Aldric, Mira, Brother Bram, Sela"
    while window.model.encounter.phase.actors != "gm":
        advance.click()
    assert _actors(window).text() == (
        "Who acts:\nThe GM's side: Bandit Captain, Bandit 1, Bandit 2, Bandit Archer, War Dog"
    )
    assert _hovered_tooltip(_actors(window)) == ""


def test_a_big_fight_lists_six_names_a_side_and_every_name_in_the_tooltip(qtbot, tmp_path):
    path = tmp_path / "big.drase"
    save_encounter(big_battle(), path)
    window, _ = open_window(qtbot, path)
    encounter = window.model.encounter
    advance = button(window, "phaseAdvanceButton")
    advance.click()
    while encounter.phase.actors != "gm":
        advance.click()
    # Three sides of 75 act in the GM's phase; one of them loses an able creature.
    window.model.apply(lambda e: e.apply_status("c3", "incapacitated"))
    assert encounter.combatants["c3"].incapacitated and encounter.combatants["c3"].side == "bandits"
    lines = _actors(window).text().split("\n")
    assert lines[0] == "Who acts:"
    shown = {line.split(" (")[0].split(":")[0]: line for line in lines[1:]}
    assert set(shown) == {"The bandits", "The wolves", "The GM's side"}
    sides = (("The bandits", "bandits", 74), ("The wolves", "wolves", 75))
    for heading, side, able in (*sides, ("The GM's side", "gm", 75)):
        names = [
            c.name for c in encounter.combatants.values() if c.side == side and not c.incapacitated
        ]
        assert len(names) == able
        assert shown[heading].endswith(f": {', '.join(names[:6])} and {able - 6} more")
    # The tooltip lists them all, its lines broken to fit the screen (a tooltip never wraps).
    tooltip = _hovered_tooltip(_actors(window))
    assert tooltip.startswith("Who acts:\nThe bandits")
    metrics = QFontMetrics(QToolTip.font())
    assert all(metrics.horizontalAdvance(line) <= 900 for line in tooltip.split("\n"))
    listed = re.findall(r"Fighter \d+", tooltip.replace("\n", " "))
    assert len(listed) == 224
    assert sorted(listed) == sorted(
        c.name for c in encounter.combatants.values() if c.side != "players" and c.id != "c3"
    )
