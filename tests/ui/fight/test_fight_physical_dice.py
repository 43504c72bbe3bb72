"""Dice rolled at the table give exactly the outcome the app's own dice give with the same faces:
the GM types each die (bounded by its faces) and the encounter ends in the same state, log and
all."""

from __future__ import annotations

import random

import pytest
from helpers.fight_helpers import attack_panel, click, fight_window
from helpers.fight_scenes import ford_fight
from PySide6.QtWidgets import QSpinBox

from drase_desktop.encounter.combatant import Weapon
from drase_desktop.encounter.resolution_queue import resolution_queue
from drase_desktop.rules.dice import roll
from drase_desktop.rules.dice_source import DiceRequest, die_names
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.ui.fight.fall_dialog import FallDialog
from drase_desktop.ui.fight.physical_dice import TableDiceDialog


class SameFaces:
    """Answers each table-dice question with the faces the app's RNG would have rolled next:
    a copy of the encounter's RNG, taken before the app rolls."""

    def __init__(self, encounter) -> None:
        self.rng = random.Random()
        self.rng.setstate(encounter.rng.getstate())
        self.asked: list[str] = []

    def __call__(self, request: DiceRequest) -> list[int]:
        self.asked.append(request.expression)
        return list(roll(request.expression, self.rng).faces)


def in_gm_resolution(qtbot, seed: int):
    encounter = ford_fight("drase", seed=seed)
    encounter.advance()
    encounter.declare("mira", actions=["attack", "attack"])
    encounter.declare("aldric", actions=["attack"])
    encounter.advance()
    window = fight_window(qtbot, encounter)
    return window, window.model.encounter


@pytest.mark.parametrize("seed", range(8))
def test_table_dice_give_the_same_attack_outcome_as_the_apps_roll(qtbot, seed) -> None:
    window, e = in_gm_resolution(qtbot, seed)
    panel = attack_panel(window)
    outcomes = []
    for attacker, target in (("mira", "orc"), ("aldric", "goblin")):
        panel.prepare(attacker, "attack", target)
        faces = SameFaces(e)
        click(qtbot, window, "attackRollButton")
        by_app = (encounter_to_dict(e), panel.result.text(), panel.result_detail.text())
        window.model.undo_stack.undo()
        panel.ask_dice = faces
        click(qtbot, window, "attackTableDiceButton")
        by_table = (encounter_to_dict(e), panel.result.text(), panel.result_detail.text())
        assert by_table == by_app
        outcomes.append(panel.result.text())
        del panel.ask_dice
    assert set(outcomes) <= {"HIT", "MISS", "CRITICAL HIT", "NATURAL 20: HIT"}


def test_the_seeds_cover_hits_misses_and_a_critical(qtbot) -> None:
    """The parametrised seeds above are worth running: they reach every kind of outcome."""
    seen = set()
    for seed in range(8):
        e = ford_fight("drase", seed=seed)
        e.advance()
        e.declare("mira", actions=["attack"])
        e.advance()
        result = e.resolve_attack("mira", "orc").result
        seen.add("critical" if result.critical else "hit" if result.hit else "miss")
    assert seen == {"critical", "hit", "miss"}


def test_table_dice_for_a_fall_match_the_apps_roll(qtbot) -> None:
    window, e = in_gm_resolution(qtbot, 2)
    dialog = FallDialog(window.model, window)
    qtbot.addWidget(dialog)
    dialog.combatant.setCurrentIndex(dialog.combatant.findData("aldric"))
    dialog.tiles.setValue(9)
    dialog.grab_choice.setCurrentIndex(dialog.grab_choice.findData("cap"))
    faces = SameFaces(e)
    click(qtbot, dialog, "fallRoll")
    by_app = encounter_to_dict(e)
    window.model.undo_stack.undo()
    dialog.ask_dice = faces
    click(qtbot, dialog, "fallTableDice")
    assert faces.asked[0] == "1d20 + 3"  # the better of Power 16 (+3) and Finesse 10
    assert encounter_to_dict(e) == by_app


def test_the_table_dice_dialog_has_one_bounded_box_per_die(qtbot) -> None:
    dialog = TableDiceDialog("1d20 + 3 - 2d6k1 + 1d4", "Mira attacks the orc")
    qtbot.addWidget(dialog)
    boxes = dialog.findChildren(QSpinBox)
    assert [(b.minimum(), b.maximum()) for b in boxes] == [(1, 20), (1, 6), (1, 6), (1, 4)]
    assert die_names("1d20 + 3 - 2d6k1 + 1d4") == ["d20", "malus d6 #1", "malus d6 #2", "d4"]
    dialog.set_faces([17, 2, 5, 3])
    assert dialog.faces() == [17, 2, 5, 3]


def test_table_dice_for_an_area_attack_ask_each_target_then_one_damage(qtbot) -> None:
    encounter = ford_fight("drase", seed=1)
    encounter.combatants["sela"].weapons.append(
        Weapon("Fire Burst", "2d6", "fire", ranged=True, reach=12, adds_modifier=False)
    )
    encounter.combatants["wolf"].position = (8, 1)
    encounter.advance()
    encounter.declare("sela", actions=["attack"])
    encounter.advance()
    window = fight_window(qtbot, encounter)
    e = window.model.encounter
    panel = attack_panel(window)
    panel.prepare("sela", "attack", "orc")
    panel.weapon.setCurrentIndex(panel.weapon.findData("Fire Burst"))
    panel.set_area_targets(["wolf"])
    assert panel.target_ids() == ["orc", "wolf"]
    assert "Wolf: beat 13" in panel.chances.text()
    answers = [[18], [19], [3, 4]]
    asked: list[str] = []
    panel.ask_dice = lambda request: asked.append(request.expression) or answers.pop(0)
    click(qtbot, window, "attackTableDiceButton")
    assert asked == ["1d20 + 1", "1d20 + 1", "2d6"]
    assert panel.result.text() == "2 OF 2 HIT"
    # 7 fire: the orc resists (3), the wolf takes it all.
    assert (e.combatants["orc"].hp, e.combatants["wolf"].hp) == (17, 4)
    assert e.declaration("sela").times_used("attack") == 1
    window.model.undo_stack.undo()
    assert (e.combatants["orc"].hp, e.combatants["wolf"].hp) == (20, 11)
    assert resolution_queue(e)[0].done is False
