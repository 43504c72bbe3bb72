"""A full Drase round and a Crawler round played from the window alone (map clicks, the
declaration dock, the resolution queue, the attack panel, the phase dock's Advance), then undone
step by step back to the start."""

from __future__ import annotations

from helpers.fight_helpers import (
    TableDice,
    attack_panel,
    click,
    click_token,
    declare,
    fight_window,
    queue,
)
from helpers.fight_scenes import ford_fight
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog

from drase_desktop.storage.encounter_file import encounter_to_dict


def working_rows(panel) -> dict[str, str]:
    table = panel.working
    return {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}


def pick_on_map(qtbot, window, target_id: str, panel=None) -> None:
    """Pick the target on the map with the panel's Pick (the Attack dock's, or the queue's)."""
    panel = panel or attack_panel(window)
    click(qtbot, window, panel.pick.objectName())
    click_token(qtbot, window, target_id)
    assert panel.target_id() == target_id
    assert not panel.pick.isChecked()


def undo_all(window, start_state: dict) -> int:
    stack = window.model.undo_stack
    undo = window.findChild(QAction, "undoAction")
    steps = 0
    while stack.canUndo():
        before = stack.index()
        undo.trigger()
        assert stack.index() == before - 1
        steps += 1
    assert encounter_to_dict(window.model.encounter) == start_state
    return steps


def test_a_full_drase_round_from_the_window_then_undone_step_by_step(qtbot) -> None:
    encounter = ford_fight("drase", seed=5)
    encounter.apply_status("aldric", "slowed", duration=2)
    encounter.apply_status("orc", "illuminated")
    window = fight_window(qtbot, encounter)
    start = encounter_to_dict(encounter)
    resolution = queue(window)
    panel = resolution.attack  # the queue shows its current attack: one place for the round
    e = window.model.encounter

    # Player Phase: three declarations from the dock, defense rolls from the app's dice.
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "player-phase"
    for who in ("mira", "aldric", "sela"):
        declare(qtbot, window, who, ["attack"])
        click(qtbot, window, "declarationDefenseButton")
    assert 1 <= e.defense("aldric") <= 6  # Aldric rolls 1 bonus d6 for defense
    assert all(e.declaration(c).locked for c in ("mira", "aldric", "sela"))

    # GM Resolution: the queue holds the three attacks, in declaration order.
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "gm-resolution"
    assert [(i.combatant_id, i.action) for i in resolution.items] == [
        ("mira", "attack"),
        ("aldric", "attack"),
        ("sela", "attack"),
    ]

    # Mira shoots from higher ground through half cover, with the dice rolled at the table.
    resolution.raise_()
    assert panel.isVisible() and panel.attacker_id() == "mira"
    assert not resolution.next_button.isEnabled()  # roll first
    pick_on_map(qtbot, window, "orc", panel)
    rows = working_rows(panel)
    assert rows["half cover"] == "-2" and rows["target is lower"] == "+1 bonus"
    assert panel.expression.text() == "Roll 1d20 + 3 + 1d6k1"
    assert panel.target_number.text().startswith("to beat 13")
    assert "Hit 67.5%" in panel.chances.text() and "Crit 22.5%" in panel.chances.text()
    dice = TableDice(panel, [15, 4], [5])
    click(qtbot, window, "queueAttackTableDiceButton")
    assert dice.asked == ["1d20 + 3 + 1d6k1", "1d6 + 3"]
    assert panel.result.text() == "HIT"  # read where it was rolled, until Resolve next
    assert e.combatants["orc"].hp == 12

    # Aldric's natural 20 on the goblin: a PC's crit maximises (8 + 3) and makes it bleed.
    click(qtbot, window, "resolutionNext")
    assert panel.attacker_id() == "aldric" and panel.result.text() == ""
    pick_on_map(qtbot, window, "goblin", panel)
    dice = TableDice(panel, [20])
    click(qtbot, window, "queueAttackTableDiceButton")
    assert dice.asked == ["1d20 + 5"]  # maximised damage needs no dice
    assert panel.result.text() == "CRITICAL HIT"
    goblin = e.combatants["goblin"]
    assert goblin.hp == -2 and goblin.has_status("bleeding") and not goblin.incapacitated
    assert "Bleeding" in panel.result_detail.text()

    # Sela's firebolt against the orc's fire resistance: 7 rolled, 3 taken.
    click(qtbot, window, "resolutionNext")
    assert panel.attacker_id() == "sela"
    panel.set_target("orc")
    assert "Orc resists: halved" in panel.damage.text()
    TableDice(panel, [16], [7])
    click(qtbot, window, "queueAttackTableDiceButton")
    assert e.combatants["orc"].hp == 9
    assert "3 fire (rolled 7)" in panel.result_detail.text()
    assert all(item.done for item in resolution.items)

    # Leaving GM Resolution marks the goblin; the players' durations tick down.
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "player-tickdown"
    assert goblin.incapacitated
    assert [(s.name, s.remaining) for s in e.combatants["aldric"].statuses] == [("slowed", 1)]

    # The GM declares for the orc, then resolves it with the app's own (seeded) dice.
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "gm-action"
    declare(qtbot, window, "orc", ["attack"])
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "gm-end-resolution"
    assert [(i.combatant_id, i.done) for i in resolution.items] == [("orc", False)]
    assert panel.attacker_id() == "orc"
    pick_on_map(qtbot, window, "aldric", panel)
    results = panel.last_results = []
    click(qtbot, window, "queueAttackRollButton")
    results = panel.last_results
    assert len(results) == 1 and panel.result.text() in ("HIT", "MISS", "CRITICAL HIT")
    assert e.combatants["aldric"].hp == 30 - results[0].damage_dealt

    # GM tickdown: the orc's illumination runs out; the goblin's bleeding is this round's.
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "gm-tickdown"
    assert not e.combatants["orc"].has_status("illuminated")
    assert goblin.has_status("bleeding")
    expired = [x.text for x in e.log if x.data.get("expired")]
    assert expired == ["illuminated on Orc expires"]

    # Undo the whole round, one step at a time, back to the start.
    steps = undo_all(window, start)
    assert steps == window.model.undo_stack.count()
    assert e.round == 0 and e.combatants["goblin"].hp == 9


def test_a_crawler_round_from_the_window_then_undone(qtbot) -> None:
    encounter = ford_fight("crawler", seed=3)
    window = fight_window(qtbot, encounter)
    start = encounter_to_dict(encounter)
    panel = attack_panel(window)
    e = window.model.encounter

    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "defensive-declarations"
    click(qtbot, window, "phaseAdvanceButton")
    assert e.phase.key == "initiative"
    assert set(e.round_state.initiative) == {"players", "gm", "beasts"}
    # The table's d6: players 6, the gm and the beasts tie on 3 and act together.
    window.fight_tools.actions["crawlerRollsAction"].trigger()
    rolls = window.findChild(QDialog, "crawlerRollsDialog")
    for side, value in (("players", 6), ("gm", 3), ("beasts", 3)):
        rolls.sides[side].setValue(value)
    click(qtbot, rolls, "crawlerSetInitiative")
    initiative = {"players": 6, "gm": 3, "beasts": 3}
    assert e.round_state.initiative == initiative, rolls.result_label.text()
    titles = [p.title for p in e.phases]
    assert "The players: morale" in titles
    assert "The beasts and the GM's side act together: melee" in titles
    steps_seen: list[str] = []
    shots = 0
    # Walk the turns: shoot in the players' missile step, hit in melee, with table dice.
    while e.phase.key != "end-of-round":
        click(qtbot, window, "phaseAdvanceButton")
        phase = e.phase
        steps_seen.append(phase.step)
        if phase.step == "morale" and "gm" in phase.sides:
            rolls.morale_who.setCurrentIndex(rolls.morale_who.findData("goblin"))
            TableDice(rolls, [6, 5])
            click(qtbot, rolls, "crawlerMoraleTableDice")
            assert rolls.result_label.text() == "Goblin breaks: surrender or retreat"
        if phase.step == "missile" and "players" in phase.sides:
            panel.prepare("mira", "attack", "orc")
            # Crawler missile: 1d20 + Finesse (dex) 3 >= AC 13 (meets it: a hit).
            assert panel.expression.text() == "Roll 1d20 + 3"
            assert "Hit 55.0%" in panel.chances.text()  # 10..20 on the d20 meet AC 13
            TableDice(panel, [10], [4])
            click(qtbot, window, "attackTableDiceButton")
            assert panel.result.text() == "HIT"
            shots += 1
        if phase.step == "spells" and "players" in phase.sides:
            # Sela's spell hits the orc and the wolf automatically; the wolf saves for half.
            window.fight_tools.actions["spellAction"].trigger()
            spell = window.findChild(QDialog, "spellDialog")
            spell.caster.setCurrentIndex(spell.caster.findData("sela"))
            spell.name.setText("Frost Shard")
            spell.damage.setText("2d4")
            spell.kind.setCurrentIndex(spell.kind.findData("cold"))
            spell.save.setValue(14)
            spell.half.setChecked(True)
            spell.set_targets(["orc", "wolf"])
            asked = TableDice(spell, [3, 3], [5], [17])
            click(qtbot, spell, "spellTableDice")
            assert asked.asked == ["2d4", "1d20", "1d20"]
            assert "Orc: 6" in spell.result_label.text() and "Wolf: 3" in spell.result_label.text()
            spell.close()
        if phase.step == "melee" and "gm" in phase.sides:
            panel.prepare("orc", "attack", "aldric")
            TableDice(panel, [2])
            click(qtbot, window, "attackTableDiceButton")
            assert panel.result.text() == "MISS"
        if phase.step == "melee" and "players" in phase.sides:
            # Party characters attack once: Aldric's sword, Power 3 + d8.
            panel.prepare("aldric", "attack", "goblin")
            TableDice(panel, [12], [6])
            click(qtbot, window, "attackTableDiceButton")
            assert panel.result.text() == "HIT"
    assert shots == 1
    # Crawler missile damage is the weapon's alone (4); the spell's 6 cold on top.
    assert (e.combatants["orc"].hp, e.combatants["wolf"].hp) == (10, 8)
    assert e.combatants["goblin"].hp == 0 and e.combatants["goblin"].incapacitated
    assert {"morale", "movement", "missile", "spells", "melee"} <= set(steps_seen)
    undo_all(window, start)
