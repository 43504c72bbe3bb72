"""The round tracker: a full round advanced from the dock, Drase phases and Crawler steps alike,
each phase shown with who acts, and every step one undo step."""

from __future__ import annotations

from helpers.window_helpers import button, combatant_id, open_window
from PySide6.QtWidgets import QLabel, QListWidget

from drase_desktop.storage.encounter_file import encounter_to_dict


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
    qtbot.wait(10)
    lines = advance.text().split("\n")
    assert lines[0] == "Advance to"
    assert " ".join(lines[1:]) == encounter.phases[2].title
    assert "act together" in encounter.phases[2].title
    room = advance.width()
    assert all(advance.fontMetrics().horizontalAdvance(line) <= room for line in lines)
    assert advance.toolTip() == f"Advance to {encounter.phases[2].title}"
