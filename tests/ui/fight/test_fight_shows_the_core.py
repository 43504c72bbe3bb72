"""Every number and word the fight's panel and dialogs show is the core's: the attack panel's
damage line (resistance, a PC's crit), the NPC chart, a check's chance, the fall's grab, the
Crawler's steps; picking a target is a map tool like the others; the GM's cover figure (ruling
48) and the hider's stealth bonus (ruling 47) reach the core."""

from __future__ import annotations

from dataclasses import fields

from helpers.encounter_builders import to_players_missile_step
from helpers.fight_helpers import TableDice, attack_panel, click, click_token, fight_window
from helpers.fight_scenes import ford_fight
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QGraphicsView, QLabel

from drase_desktop.encounter import attack_words
from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.check_preview import ability_check_preview, perception_preview
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.crawler_rolls import crawler_rolls_preview
from drase_desktop.encounter.fall_preview import fall_preview
from drase_desktop.encounter.group_attack import group_attack_preview
from drase_desktop.rules.npc import ChartDice
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.ui.fight.npc_attack_dialog import COUNTS
from drase_desktop.ui.fight.target_pick_tool import TargetPickTool


def open_tool(window, action_name: str, dialog_name: str) -> QDialog:
    window.findChild(QAction, action_name).trigger()
    dialog = window.findChild(QDialog, dialog_name)
    assert dialog is not None
    return dialog


def in_gm_resolution(encounter=None):
    encounter = encounter or ford_fight()
    encounter.advance()
    for who in ("mira", "aldric", "sela"):
        encounter.declare(who, actions=["attack", "attack"])
    encounter.advance()
    return encounter


def test_the_attack_panel_shows_the_cores_words(qtbot) -> None:
    window = fight_window(qtbot, in_gm_resolution())
    e = window.model.encounter
    panel = attack_panel(window)
    panel.prepare("sela", "attack", "orc")
    preview = attack_preview(e, "sela", "orc")
    shown = attack_words.preview_words(e, preview)
    assert (
        panel.damage.text()
        == shown.damage
        == "Damage 1d10 fire · Orc resists: halved; a crit maximises every die"
    )
    assert (panel.expression.text(), panel.target_number.text(), panel.chances.text()) == (
        shown.expression,
        shown.target,
        shown.chances,
    )
    rows = [
        (panel.working.item(r, 0).text(), panel.working.item(r, 1).text())
        for r in range(panel.working.rowCount())
    ]
    assert rows == [(row.label, row.value) for row in shown.rows]


def test_an_unavoidable_hit_on_a_resistant_door_is_not_said_to_be_halved(qtbot) -> None:
    """Ruling 30 in the panel's words: resistance does not reduce unavoidable damage."""
    encounter = ford_fight()
    encounter.combatants["sela"].weapons = [
        Weapon("Acid Rain", "1d6", "acid", ranged=True, reach=12, unavoidable=True),
        Weapon("Acid Dart", "1d6", "acid", ranged=True, reach=12),
    ]
    door = Combatant("door", "Door", "gm", position=(1, 1), hp=15, max_hp=15, is_object=True)
    door.resistances = {"acid": 1}
    encounter.add_combatant(door)
    window = fight_window(qtbot, in_gm_resolution(encounter))
    panel = attack_panel(window)
    panel.prepare("sela", "attack", "door")
    panel.weapon.setCurrentIndex(panel.weapon.findData("Acid Rain"))
    assert (
        attack_preview(window.model.encounter, "sela", "door", weapon="Acid Rain").damage_effect
        == ""
    )
    assert "resists" not in panel.damage.text()
    panel.weapon.setCurrentIndex(panel.weapon.findData("Acid Dart"))
    assert "Door resists: halved" in panel.damage.text()


def test_cancelling_the_table_dice_in_the_panel_changes_nothing(qtbot) -> None:
    window = fight_window(qtbot, in_gm_resolution())
    e = window.model.encounter
    panel = attack_panel(window)
    panel.prepare("mira", "attack", "orc")
    before, steps = encounter_to_dict(e), window.model.undo_stack.count()
    dice = TableDice(panel, [15, 4], None)  # the attack roll, then Cancel on the damage dice
    click(qtbot, window, "attackTableDiceButton")
    assert [r.purpose for r in dice.requests] == ["attack", "damage"]
    assert dice.requests[1].title == "Mira's Shortbow: damage"
    assert encounter_to_dict(e) == before and window.model.undo_stack.count() == steps
    assert panel.result.text() == "" and not e.declaration("mira").locked


def test_the_npc_dialog_shows_the_cores_chart(qtbot) -> None:
    encounter = ford_fight()
    encounter.combatants["goblin"].position = (4, 5)
    encounter.add_combatant(
        Combatant(
            "goblin-2",
            "Goblin 2",
            "gm",
            size=2,
            position=(6, 4),
            hp=9,
            max_hp=9,
            ac_bonus=2,
            weapons=[Weapon("Spear", "1d6", "pierce")],
        )
    )
    encounter.advance()
    for _ in range(3):
        encounter.advance()
    for goblin in ("goblin", "goblin-2"):
        encounter.declare(goblin, actions=["attack"])
    encounter.advance()
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    dialog = open_tool(window, "npcAttackAction", "npcAttackDialog")
    dialog.set_attackers(["goblin", "goblin-2"])
    dialog.target.setCurrentIndex(dialog.target.findData("aldric"))
    dialog.attacker_bonuses.setValue(1)
    core = group_attack_preview(e, ["goblin", "goblin-2"], "aldric", attacker_bonuses=1)
    assert dialog.preview.text() == core.text()
    assert core.static == 3  # 1d6: the middle of 1..6, rounded down (ruling 25)
    hp = e.combatants["aldric"].hp
    click(qtbot, dialog, "npcApply")
    assert hp - e.combatants["aldric"].hp == core.hits * core.static


def test_the_check_dialog_shows_the_cores_chance_and_the_hiders_roll(qtbot) -> None:
    encounter = ford_fight()
    encounter.combatants["wolf"].hidden = True
    encounter.advance()  # in combat: the level bonus counts for both (rulings 33, 47)
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    window.model.select("aldric")
    dialog = open_tool(window, "checkAction", "checkDialog")
    dialog.attribute.setCurrentIndex(dialog.attribute.findData("power"))
    dialog.dc.setValue(18)
    core = ability_check_preview(e, "aldric", "power", 18)
    assert dialog.preview.text().splitlines() == core.lines()
    assert core.lines()[-1] == f"beat DC 18: {core.chance:.1%} chance"

    dialog.set_mode("perception")
    dialog.combatant.setCurrentIndex(dialog.combatant.findData("sela"))
    dialog.hider.setCurrentIndex(dialog.hider.findData("wolf"))
    assert not dialog.findChild(QLabel, "checkStealthBonus")  # a spin box, not a label
    dialog.stealth_bonus.setValue(2)
    core = perception_preview(e, "sela", hider_id="wolf", stealth_bonus=2)
    assert dialog.preview.text().splitlines() == core.lines()
    dice = TableDice(dialog, [9], [12])
    click(qtbot, dialog, "checkTableDice")
    assert dice.asked == [core.stealth.expression, core.working.expression]
    # The wolf: 9 + Finesse 14 (+2) + its +2 + level 1 bonus (1) = 14 (ruling 47).
    assert dialog.result_label.text().endswith("vs 14")


def test_the_fall_dialog_asks_the_cores_grab_roll(qtbot) -> None:
    window = fight_window(qtbot, in_gm_resolution())
    e = window.model.encounter
    dialog = open_tool(window, "fallAction", "fallDialog")
    dialog.combatant.setCurrentIndex(dialog.combatant.findData("mira"))
    dialog.tiles.setValue(6)
    dialog.grab_choice.setCurrentIndex(dialog.grab_choice.findData("hold"))
    core = fall_preview(e, "mira", 6, surface="ground", grab="hold")
    assert dialog.preview.text() == core.text()
    dice = TableDice(dialog, [15])
    click(qtbot, dialog, "fallTableDice")
    assert dice.asked == [core.grab_roll] == ["1d20 + 3"]  # Finesse 16 beats Power 9
    assert dialog.result_label.text().startswith("Mira: grab succeeded (18): holds on")


def test_the_crawler_rolls_dialog_follows_the_cores_steps(qtbot) -> None:
    encounter = ford_fight("crawler")
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    dialog = open_tool(window, "crawlerRollsAction", "crawlerRollsDialog")
    dialog.morale_who.setCurrentIndex(dialog.morale_who.findData("goblin"))
    for _ in range(3):  # defensive declarations, initiative, the first side's morale
        window.model.apply(lambda x: x.advance())
        core = crawler_rolls_preview(e, "goblin")
        assert dialog.set_button.isEnabled() == core.can_set_initiative
        assert dialog.morale_button.isEnabled() == core.can_check_morale
        assert dialog.preview.text() == core.notes
    assert e.phase.step == "morale"  # a morale step: the goblin may check
    assert dialog.morale_button.isEnabled()


def test_ruling_48_the_panel_takes_the_gms_cover_figure_in_a_crawler_fight(qtbot) -> None:
    window = fight_window(qtbot, to_players_missile_step(ford_fight("crawler")))
    panel = attack_panel(window)
    panel.prepare("mira", "attack", "orc")
    assert panel.cover.isVisibleTo(panel)
    panel.cover.setValue(-2)
    rows = {
        panel.working.item(r, 0).text(): panel.working.item(r, 1).text()
        for r in range(panel.working.rowCount())
    }
    assert rows["cover (GM's figure)"] == "-2"
    assert panel.expression.text() == "Roll 1d20 + 1"
    TableDice(panel, [12], [4])
    click(qtbot, window, "attackTableDiceButton")
    assert panel.last_results[0].total == 13 and panel.result.text() == "HIT"
    assert panel.cover.minimum() == -4 and panel.cover.maximum() == 0


def test_ruling_48_a_drase_panel_has_no_cover_figure(qtbot) -> None:
    window = fight_window(qtbot, in_gm_resolution())
    panel = attack_panel(window)
    panel.prepare("mira", "attack", "orc")
    assert not panel.cover.isVisibleTo(panel) and panel._attack_options()["cover"] == 0


def test_picking_a_target_is_a_map_tool_with_its_cursor_and_esc(qtbot) -> None:
    window = fight_window(qtbot, in_gm_resolution())
    panel = attack_panel(window)
    panel.prepare("mira", "attack", "goblin")
    view = window.findChild(QGraphicsView, "mapView")
    tools = view.map_scene.tools
    click(qtbot, window, "attackPickTarget")
    assert isinstance(tools.active, TargetPickTool)
    assert view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    assert window.findChild(QLabel, "toolLabel").text() == "Pick target"
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # the window's Esc, like every other tool
    assert tools.active is tools.move_tool and not panel.pick.isChecked()
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor
    assert panel.target_id() == "goblin"
    click(qtbot, window, "attackPickTarget")
    click_token(qtbot, window, "orc")
    assert panel.target_id() == "orc" and tools.active is tools.move_tool


def test_the_group_attack_dialog_has_a_box_for_each_of_the_charts_dice() -> None:
    """The dialog's four boxes are the core's chart dice, by the core's own keywords."""
    assert set(COUNTS) == {field.name for field in fields(ChartDice)}
