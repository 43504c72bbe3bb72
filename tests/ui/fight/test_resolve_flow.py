"""The attack chooses well and resolving is one flow, on the sample ambush, from the window:
the attack dock's default target (the declared one, never one it cannot attack while another can
be, never the GM's own side), the NPC group attack's sides, the queue that shows each item's
attack where it is and moves on with "Resolve next" (Sela's Firebolt through the attack
working), and an attack dock that never scrolls by itself."""

from __future__ import annotations

import random

from helpers.event_loop import layout_settled
from helpers.fight_helpers import TableDice, attack_panel, click, declare, fight_window, queue
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QDialog

from drase_desktop.encounter.sample import build_sample_encounter


def sample_window(qtbot):
    """The sample ambush with the party come half way to the bridge: Aldric's javelin (10
    tiles) and Sela's Firebolt (12) reach the captain; the cart still hides the spear bandits."""
    encounter = build_sample_encounter(random.Random(11))
    encounter.combatants["aldric"].position = (9, 8)
    encounter.combatants["sela"].position = (9, 9)
    return fight_window(qtbot, encounter)


def advance_to(qtbot, window, key: str) -> None:
    e = window.model.encounter
    for _ in range(12):
        if e.started and e.phase.key == key:
            return
        click(qtbot, window, "phaseAdvanceButton")
    raise AssertionError(f"never reached {key}")


def declared(qtbot, window, **actions: list[str]) -> None:
    """Each combatant named declares its actions in the Player Phase, from the declaration dock;
    then on to GM Resolution."""
    advance_to(qtbot, window, "player-phase")
    for combatant_id, declared_actions in actions.items():
        declare(qtbot, window, combatant_id, declared_actions)
    advance_to(qtbot, window, "gm-resolution")


def shown_queue(qtbot, window):
    """The resolution queue brought to the front, once it shows its current item's attack."""
    resolution = queue(window)
    resolution.raise_()
    qtbot.waitUntil(resolution.attack.isVisible)
    return resolution


def test_the_attack_dock_aims_at_one_it_can_attack_and_a_bandit_never_at_a_bandit(qtbot) -> None:
    window = sample_window(qtbot)
    panel = attack_panel(window)
    panel.raise_()
    # From the west bank the cart hides the spear bandits: Aldric aims at the captain.
    panel.prepare("aldric")
    assert panel.target_id() == "captain"
    # The longsword does not reach him; the javelin does, and nothing on the map blocks it.
    assert panel.weapon_name() == "Javelin" and not panel.preview().blocked
    # The captain aims at a player, never at one of his own.
    panel.prepare("captain")
    assert window.model.encounter.combatants[panel.target_id()].side == "players"


def test_the_target_declared_in_the_declaration_dock_is_the_attacks_default(qtbot) -> None:
    window = sample_window(qtbot)
    e = window.model.encounter
    advance_to(qtbot, window, "player-phase")
    dock = window.declaration_dock
    window.model.select("bram")
    dock.raise_()
    target = window.findChild(QComboBox, "declarationTarget")
    assert target is not None and target.isVisible()
    dock.half_1.setCurrentIndex(dock.half_1.findText("attack"))
    target.setCurrentIndex(target.findData("dog"))
    click(qtbot, window, "declarationDeclareButton")
    assert e.declaration("bram").targets == ["dog"]
    assert "at War Dog" in dock.summary.text()
    advance_to(qtbot, window, "gm-resolution")
    shown = queue(window)
    shown.raise_()
    assert shown.attack.attacker_id() == "bram" and shown.attack.target_id() == "dog"


def test_a_round_resolved_in_one_place_with_resolve_next(qtbot) -> None:
    window = sample_window(qtbot)
    e = window.model.encounter
    declared(qtbot, window, aldric=["attack"], mira=["dash"], sela=["cast"])
    resolution = shown_queue(qtbot, window)
    panel = resolution.attack
    assert [(i.combatant_id, i.action, i.attack) for i in resolution.items] == [
        ("aldric", "attack", True),
        ("mira", "dash", False),
        ("sela", "cast", True),
    ]
    # Aldric's attack is shown under the queue: roll it there, read the result there.
    assert panel.attacker_id() == "aldric" and panel.target_id() == "captain"
    assert not resolution.next_button.isEnabled()
    TableDice(panel, [18], [4])
    click(qtbot, window, "queueAttackTableDiceButton")
    assert panel.result.text() == "HIT" and panel.isVisible()
    assert resolution.items[0].done
    # Mira's dash is the GM's at the table: Resolve next marks it and goes on.
    click(qtbot, window, "resolutionNext")
    assert resolution.current_item().action == "dash" and not panel.isVisible()
    click(qtbot, window, "resolutionNext")
    assert resolution.items[1].done
    # Sela's declared cast is her Firebolt, resolved through the attack working.
    assert resolution.current_item().action == "cast" and panel.isVisible()
    assert (panel.attacker_id(), panel.weapon_name(), panel.action_name()) == (
        "sela",
        "Firebolt",
        "cast",
    )
    assert panel.working.rowCount() > 0 and panel.roll_button.isEnabled()
    TableDice(panel, [17], [6])
    click(qtbot, window, "queueAttackTableDiceButton")
    assert panel.result.text() == "HIT"
    assert all(item.done for item in resolution.items)
    assert resolution.heading.text() == "All resolved"
    assert any("Sela attacks" in entry.text and "Firebolt" in entry.text for entry in e.log)
    assert not any("resolved by hand" in entry.text and "Sela" in entry.text for entry in e.log)


def test_the_attack_dock_never_scrolls_by_itself_after_a_roll(qtbot) -> None:
    window = sample_window(qtbot)
    declared(qtbot, window, aldric=["attack"])
    panel = attack_panel(window)
    window.resize(1366, 520)  # a short window, so the dock's body scrolls
    panel.raise_()
    panel.prepare("aldric")
    qtbot.waitUntil(lambda: panel.scroller.verticalScrollBar().maximum() > 0)
    layout_settled(panel)  # laid out at the dock's width
    bar = panel.scroller.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum() // 3)
    scrolled = bar.value()
    where = panel.roll_button.mapTo(panel, panel.roll_button.rect().topLeft()).y()
    panel.roll_button.setFocus()
    assert panel.window().focusWidget() is panel.roll_button
    panel.roll_button.click()
    layout_settled(window)
    assert panel.result.text() in ("HIT", "MISS", "CRITICAL HIT"), panel.result_detail.text()
    # The attack is spent, so Roll is disabled: the focus it had must not scroll the dock.
    assert not panel.roll_button.isEnabled()
    assert bar.value() == scrolled
    assert panel.roll_button.mapTo(panel, panel.roll_button.rect().topLeft()).y() == where


def test_npc_group_attack_offers_able_attackers_of_one_side_and_the_others_as_targets(
    qtbot,
) -> None:
    window = sample_window(qtbot)
    e = window.model.encounter
    e.apply_status("bandit-1", "incapacitated")
    window.model.notify(combatants=list(e.combatants))
    window.findChild(QAction, "npcAttackAction").trigger()
    dialog = window.findChild(QDialog, "npcAttackDialog")
    side = dialog.findChild(QComboBox, "npcSide")
    assert [side.itemData(i) for i in range(side.count())] == ["gm"]
    offered = [dialog.attackers.item(i).data(0x0100) for i in range(dialog.attackers.count())]
    assert "bandit-1" not in offered and "captain" in offered
    assert not any(e.combatants[c].is_player_character for c in offered)
    targets = [dialog.target.itemData(i) for i in range(dialog.target.count())]
    assert {e.combatants[t].side for t in targets} == {"players"}


def test_the_queue_chooses_for_where_the_tokens_stand_when_the_gm_looks(qtbot) -> None:
    """Set up at the phase's start, Aldric's attack kept the longsword after he walked up to
    the bridge: out of reach, nothing to roll."""
    encounter = build_sample_encounter(random.Random(11))
    window = fight_window(qtbot, encounter)
    declared(qtbot, window, aldric=["attack"])
    path = [(6, 8), (7, 8), (8, 8), (9, 8), (10, 8), (11, 8)]
    window.model.apply(lambda e: e.move("aldric", path))
    panel = shown_queue(qtbot, window).attack
    assert (panel.target_id(), panel.weapon_name()) == ("captain", "Javelin")
    assert not panel.preview().blocked


def test_resolve_next_stays_where_it_is_from_one_item_to_the_next(qtbot) -> None:
    window = sample_window(qtbot)
    declared(qtbot, window, aldric=["attack"], mira=["dash"])
    resolution = shown_queue(qtbot, window)
    button = resolution.next_button

    def where() -> int:
        return button.mapTo(resolution, button.rect().topLeft()).y()

    at_the_attack = where()
    resolution.queue.setCurrentRow(1)  # Mira's dash: no attack panel, a note instead
    layout_settled(resolution)
    assert resolution.note.isVisible() and not resolution.attack.isVisible()
    assert where() == at_the_attack
