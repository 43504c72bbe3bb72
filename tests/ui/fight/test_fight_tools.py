"""The GM's tools from the Tools menu (NPC group attack, fall, rest, checks), the resolution
queue's by-hand, skip and reorder, and the attack panel's refusals and map picking."""

from __future__ import annotations

from helpers.encounter_builders import creature
from helpers.event_loop import layout_settled
from helpers.fight_helpers import TableDice, attack_panel, click, click_token, fight_window, queue
from helpers.fight_scenes import ford_fight
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QGraphicsView, QMenu

from drase_desktop.encounter.combatant import Weapon
from drase_desktop.storage.encounter_file import encounter_to_dict


def open_tool(window, action_name: str, dialog_name: str) -> QDialog:
    action = window.findChild(QAction, action_name)
    assert action is not None and action in window.findChild(QMenu, "toolsMenu").actions()
    action.trigger()
    dialog = window.findChild(QDialog, dialog_name)
    assert dialog is not None and dialog.isVisible()
    return dialog


def orc_and_wolf_declared_attacks():
    """The ford fight four phases on, the orc and the wolf (made the orc's like on the GM's side:
    the chart wants like NPCs) having declared an attack, the wolf at (5, 5)."""
    encounter = ford_fight()
    wolf = encounter.combatants["wolf"]
    wolf.side = "gm"
    wolf.weapons = [Weapon("Greataxe", "1d12", "cut")]
    wolf.attributes["power"] = 16
    for _ in range(4):
        encounter.advance()
    encounter.declare("orc", actions=["attack"])
    encounter.declare("wolf", actions=["attack"])
    encounter.combatants["wolf"].position = (5, 5)
    return encounter


def a_phase_on(qtbot, encounter):
    """The window over `encounter`, advanced one phase in the window: the window and its
    encounter."""
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    e.advance()
    window.model.notify(round=True)
    return window, e


def orc_and_wolf_at_aldric(window) -> QDialog:
    """The NPC group attack opened from the Tools menu, the orc and the wolf attacking Aldric."""
    dialog = open_tool(window, "npcAttackAction", "npcAttackDialog")
    dialog.set_attackers(["orc", "wolf"])
    dialog.target.setCurrentIndex(dialog.target.findData("aldric"))
    return dialog


def test_npc_group_attack_from_the_tools_menu_applies_chart_hits(qtbot) -> None:
    window, e = a_phase_on(qtbot, orc_and_wolf_declared_attacks())
    before = encounter_to_dict(e)
    dialog = orc_and_wolf_at_aldric(window)
    # Attack +4 against AC 16: chart 12, one hit per 1.5 attackers: 2 x 2/3 -> 1 hit of 9
    # (1d12 + 3 static: the middle of 4..15, rounded down).
    assert "= 12: 11-12: one hit per 1.5 attackers" in dialog.preview.text()
    assert "1 hit(s) x 9" in dialog.preview.text()
    click(qtbot, dialog, "npcApply")
    assert e.combatants["aldric"].hp == 21
    assert "9 damage to Aldric: 21/30 HP" in dialog.result_label.text()
    window.model.undo_stack.undo()
    assert encounter_to_dict(e) == before


def test_a_fall_takes_its_height_from_the_last_forced_drop(qtbot) -> None:
    encounter = ford_fight()
    encounter.battle_map.set_elevation((7, 6), 6)
    encounter.combatants["wolf"].position = (7, 6)
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    window.model.apply(lambda x: x.advance())
    window.model.apply(lambda x: x.move("wolf", [(7, 6), (8, 6)], forced=True))
    before = encounter_to_dict(e)
    window.model.select("wolf")
    dialog = open_tool(window, "fallAction", "fallDialog")
    assert dialog.combatant.currentData() == "wolf"
    assert dialog.tiles.value() == 6
    assert "6 tiles: 3 x size 1 = 3d6" in dialog.preview.text()
    TableDice(dialog, [6, 6, 5])
    click(qtbot, dialog, "fallTableDice")
    wolf = e.combatants["wolf"]
    # 17 blunt from 11 HP: down, so 2 wounds on each leg; prone.
    assert wolf.hp == -6 and wolf.has_status("prone")
    assert wolf.wounds["left leg"] == 2 and wolf.wounds["right leg"] == 2
    assert "wounds: left leg 2, right leg 2" in dialog.result_label.text()
    window.model.undo_stack.undo()
    assert encounter_to_dict(e) == before


def test_a_long_rest_for_the_players(qtbot) -> None:
    encounter = ford_fight()
    encounter.combatants["sela"].hp = 4
    encounter.combatants["sela"].mana = 1
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    dialog = open_tool(window, "restAction", "restDialog")
    assert dialog.chosen() == ["mira", "aldric", "sela"]
    dialog.kind.setCurrentIndex(dialog.kind.findData("long"))
    click(qtbot, dialog, "restApply")
    # Sela has mana: 25% of 18 = 4; mana back to 8.
    assert (e.combatants["sela"].hp, e.combatants["sela"].mana) == (8, 8)
    assert "Sela: HP 4 -> 8" in dialog.result_label.text()
    assert [x.kind for x in e.log][-3:] == ["heal", "heal", "heal"]


def test_ability_check_against_the_dc_table_then_perception_reveals_a_hider(qtbot) -> None:
    encounter = ford_fight()
    encounter.combatants["wolf"].hidden = True
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    window.model.select("aldric")
    dialog = open_tool(window, "checkAction", "checkDialog")
    dialog.attribute.setCurrentIndex(dialog.attribute.findData("power"))
    dialog.difficulty.setCurrentIndex(dialog.difficulty.findData(20))
    assert dialog.dc.value() == 20
    assert "Power 16: +3" in dialog.preview.text()
    assert "beat DC 20: 15.0% chance" in dialog.preview.text()
    TableDice(dialog, [17])
    click(qtbot, dialog, "checkTableDice")
    assert dialog.result_label.text().startswith("FAILURE")  # 20 does not beat 20 (ruling 1)

    dialog.set_mode("perception")
    dialog.combatant.setCurrentIndex(dialog.combatant.findData("sela"))
    dialog.hider.setCurrentIndex(dialog.hider.findData("wolf"))
    assert not dialog.dc.isEnabled()
    assert "Intelligence 16: +3" in dialog.preview.text()
    # The core asks in the order it rolls: the wolf's stealth sets the number, then Sela.
    dice = TableDice(dialog, [9], [12])
    click(qtbot, dialog, "checkTableDice")
    assert dice.asked == ["1d20 + 2", "1d20 + 3"]
    # 12 + 3 (no level bonus out of combat... career 0) = 15 beats the wolf's 11.
    assert dialog.result_label.text().startswith("SUCCESS")
    assert not e.combatants["wolf"].hidden
    window.model.undo_stack.undo()
    assert e.combatants["wolf"].hidden


def test_queue_resolve_by_hand_skip_and_reorder(qtbot) -> None:
    encounter = ford_fight()
    encounter.advance()
    encounter.declare("mira", actions=["attack", "dash"])
    encounter.declare("aldric", actions=["attack"], reaction="opportunity attack")
    encounter.advance()
    window = fight_window(qtbot, encounter)
    resolution = queue(window)
    resolution.raise_()  # the GM looks at the queue
    e = window.model.encounter
    order = [(i.combatant_id, i.action) for i in resolution.items]
    assert order == [
        ("aldric", "opportunity attack"),
        ("mira", "attack"),
        ("mira", "dash"),
        ("aldric", "attack"),
    ]
    assert resolution.heading.text() == "4 left to resolve"
    resolution.queue.setCurrentRow(2)
    qtbot.mouseClick(resolution.up_button, Qt.MouseButton.LeftButton)
    assert [i.action for i in resolution.items][1] == "dash"
    assert resolution.note.isVisible() and not resolution.attack.isVisible()
    resolution.note.setText("Mira runs to the ford")
    click(qtbot, window, "resolutionNext")  # not an attack: resolved by hand, then on
    assert resolution.items[1].done
    assert e.log[-1].text == "Mira's dash resolved by hand: Mira runs to the ford"
    assert resolution.current_item() == resolution.items[2]  # moved on to Mira's attack
    assert resolution.attack.isVisible() and resolution.attack.attacker_id() == "mira"
    resolution.select("aldric", "opportunity attack", reaction=True)
    click(qtbot, window, "resolutionSkip")
    assert resolution.items[0].done and "skipped" in e.log[-1].text
    assert resolution.heading.text() == "2 left to resolve"
    window.model.undo_stack.undo()
    assert not resolution.items[0].done


def test_the_panel_refuses_an_undeclared_attack_and_blocks_full_cover(qtbot) -> None:
    encounter = ford_fight()
    encounter.battle_map.set_cover((5, 3), "full")
    encounter.advance()
    encounter.declare("mira", reaction="opportunity attack")
    encounter.advance()
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    panel.prepare("aldric", "attack", "goblin")
    # Roll would be refused: it is disabled, and its tooltip says why.
    assert not panel.roll_button.isEnabled() and not panel.table_button.isEnabled()
    assert "declare before rolling" in panel.roll_button.toolTip()
    stack = window.model.undo_stack.count()
    panel.roll()
    assert panel.result.text() == "REFUSED"
    assert "declare before rolling" in panel.result_detail.text()
    assert window.model.undo_stack.count() == stack
    # A refusal is not kept once the encounter changes (its cause may be gone).
    window.model.apply(lambda e: e.set_hp("goblin", 5))
    assert not panel.result.isVisible() and not panel.result_detail.isVisible()
    panel.prepare("mira", "attack", "orc")
    assert "full cover" in panel.blocked.text()
    assert not panel.roll_button.isEnabled() and not panel.table_button.isEnabled()
    # Ruling 29: full cover stops a reaction too; partial cover does not.
    panel.prepare("mira", "opportunity attack", "orc")
    assert "not even by a reaction" in panel.blocked.text()
    assert not panel.roll_button.isEnabled()
    window.model.encounter.battle_map.set_cover((5, 3), "three-quarter")
    panel.prepare("mira", "opportunity attack", "orc")
    panel.refresh(force=True)
    assert panel.blocked.text() == "" and panel.roll_button.isEnabled()
    assert any(
        "reaction" in panel.working.item(r, 0).text() for r in range(panel.working.rowCount())
    )


def test_picking_targets_on_the_map_in_area_mode(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    panel = attack_panel(window)
    panel.prepare("sela", "attack")
    panel.area.setChecked(True)
    click(qtbot, window, "attackPickTarget")
    click_token(qtbot, window, "orc")
    assert panel.target_id() == "orc" and panel.pick.isChecked()
    click_token(qtbot, window, "wolf")
    click_token(qtbot, window, "goblin")
    assert panel.target_ids()[0] == "orc"
    assert sorted(panel.target_ids()[1:]) == ["goblin", "wolf"]
    click_token(qtbot, window, "wolf")
    assert panel.target_ids() == ["orc", "goblin"]
    view = window.findChild(QGraphicsView, "mapView")
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # Esc stops picking
    assert not panel.pick.isChecked()
    click_token(qtbot, window, "mira")
    assert window.model.selected_id == "mira"  # the map selects again once picking stops


def test_save_targeting_unavoidable_and_an_object_in_the_panel(qtbot) -> None:
    encounter = ford_fight()
    sela = encounter.combatants["sela"]
    sela.weapons = [
        Weapon("Mind Spike", "2d6", "psychic", ranged=True, reach=12, save="will"),
        Weapon("Acid Rain", "1d6", "acid", ranged=True, reach=12, unavoidable=True),
    ]
    door = creature(
        "door", "Door", "gm", (1, 1), 15, is_object=True, ac_bonus=5, resistances={"acid": 1}
    )
    encounter.add_combatant(door)
    encounter.advance()
    encounter.declare("sela", actions=["attack", "attack"])
    encounter.advance()
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    e = window.model.encounter

    # Save-targeting: 10 + Will modifier of the target, never a critical (rulings 2, 7).
    panel.prepare("sela", "attack", "orc")
    panel.weapon.setCurrentIndex(panel.weapon.findData("Mind Spike"))
    assert "will save 10 +0 = 10" in panel.target_number.text(), panel.blocked.text()
    assert "Crit 0.0%" in panel.chances.text()
    terms = [panel.working.item(r, 0).text() for r in range(panel.working.rowCount())]
    assert "save-targeting: never a critical (ruling 2)" in terms
    # Against the door: objects are immune to psychic (ruling 10).
    panel.set_target("door")
    assert "Door is immune" in panel.damage.text()
    assert "[object]" in panel.target.currentText()
    TableDice(panel, [19], [6, 6])
    click(qtbot, window, "attackTableDiceButton")
    # 20 against the door's Will save 10 would be a critical, but save-targeting never crits.
    assert panel.result.text() == "HIT"
    assert e.combatants["door"].hp == 15 and "0 psychic (rolled 11)" in panel.result_detail.text()

    # Unavoidable: no attack roll; only the damage dice are asked; the door's resistance does
    # not reduce it (ruling 30).
    panel.weapon.setCurrentIndex(panel.weapon.findData("Acid Rain"))
    assert panel.expression.text().startswith("No attack roll")
    dice = TableDice(panel, [5])
    click(qtbot, window, "attackTableDiceButton")
    assert dice.asked == ["1d6 - 1"]
    assert panel.result.text() == "UNAVOIDABLE HIT"
    assert e.combatants["door"].hp == 11  # 5 - 1 = 4 acid, whole: resistance does not count


def test_displacement_stacking_from_the_tools_menu(qtbot) -> None:
    encounter = ford_fight()
    encounter.advance()
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    window.model.select("wolf")
    dialog = open_tool(window, "displacementAction", "displacementDialog")
    assert dialog.target.currentData() == "wolf"
    dialog.add_hit("Aldric's shove", 1, "west", 18)
    dialog.add_hit("Sela's gust", 2, "north", 12)
    dialog.add_hit("Mira's kick", 2, "sela", 15)  # away from Sela, at (3, 1): south-east
    assert "Takes effect: Mira's kick, 2 tile(s) (same degree; highest roll (15))" in (
        dialog.preview.text()
    )
    click(qtbot, dialog, "displacementApply")
    # The wolf at (10, 6) is pushed south-east: (11, 7) is the map's corner, so it stops there.
    assert e.combatants["wolf"].position == (11, 7)
    assert dialog.result_label.text() == "Wolf ends at (11, 7)"
    window.model.undo_stack.undo()
    assert e.combatants["wolf"].position == (10, 6)


def test_the_panel_aims_at_the_nearest_able_enemy_by_default(qtbot) -> None:
    encounter = ford_fight()
    encounter.combatants["wolf"].position = (2, 2)
    encounter.combatants["goblin"].position = (1, 4)
    encounter.apply_status("goblin", "incapacitated")
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    panel.prepare("mira", "attack")
    assert panel.target_id() == "wolf"  # the goblin is nearer but down
    order = [panel.target.itemData(i) for i in range(panel.target.count())]
    assert order[-2:] == ["sela", "aldric"]  # allies last, nearest first


def test_a_hidden_panel_catches_up_with_the_selection_when_shown(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    panel = attack_panel(window)
    window.declaration_dock.raise_()
    qtbot.waitUntil(lambda: not panel._shown)
    click_token(qtbot, window, "sela")
    window.model.apply(lambda e: e.set_hp("orc", 7))
    assert panel._stale
    panel.raise_()
    qtbot.waitUntil(lambda: panel._shown)
    assert panel.attacker_id() == "sela"
    assert "7/20 HP" in panel.target.itemText(panel.target.findData("orc"))


def test_a_panel_behind_a_tab_at_opening_fills_its_choices_when_first_shown(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    panel = attack_panel(window)
    window.declaration_dock.raise_()
    qtbot.waitUntil(lambda: not panel._shown)
    panel.raise_()
    qtbot.waitUntil(lambda: panel._shown)
    shown = [
        [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
        for combo in (panel.attacker, panel.target, panel.weapon, panel.action)
    ]
    assert shown[0] and shown[1]
    panel.refresh(force=True)  # what a panel filled at once lists
    assert shown == [
        [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
        for combo in (panel.attacker, panel.target, panel.weapon, panel.action)
    ]


def test_ruling_25_npc_dialog_preview_counts_the_maps_maluses_as_applied(qtbot) -> None:
    """The preview's chart must be the one the encounter applies: light obscuration on the
    target gives each attacker 1 malus, shifting r by 3 (12 -> 15: one hit per 3 attackers)."""
    encounter = orc_and_wolf_declared_attacks()
    encounter.battle_map.set_obscuration(encounter.combatants["aldric"].position, "light")
    window, e = a_phase_on(qtbot, encounter)
    dialog = orc_and_wolf_at_aldric(window)
    assert "= 15: 15: one hit per 3 attackers" in dialog.preview.text()
    assert "From the map: 0 bonus(es), 1 malus(es)" in dialog.preview.text()
    click(qtbot, dialog, "npcApply")
    applied = next(x for x in reversed(e.log) if x.kind == "attack")
    assert applied.data["chart"] == 15


def test_phase_changes_never_move_the_map_nor_switch_the_docks(qtbot) -> None:
    """The queue is a tab beside the declaration and attack docks: entering GM Resolution
    neither opens a dock under the map nor brings another tab to the front; the queue's tab
    counts what is left to resolve."""
    window = fight_window(qtbot, ford_fight())
    e = window.model.encounter
    view = window.map_view
    declaration = window.declaration_dock
    assert window.tabifiedDockWidgets(declaration).count(queue(window)) == 1
    declaration.raise_()
    layout_settled(window)
    where = (view.mapTo(window, view.rect().topLeft()), view.size())
    for step in ("Player Phase", "GM Resolution"):
        if step == "GM Resolution":
            window.model.apply(lambda e: e.declare("mira", actions=["attack"]))
        window.advance_action.trigger()
        layout_settled(window)
        assert e.phase.title == step
        assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where, step
        assert not declaration.visibleRegion().isEmpty(), f"another tab came to the front: {step}"
    assert queue(window).windowTitle() == "Queue (1)"
