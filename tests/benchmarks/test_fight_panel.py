"""What the attack panel costs every GM change in a big battle (300 tokens). The real thing:
behind the declaration tab it only marks itself stale; shown, it relabels the changed tokens
and recomputes the working. The baseline rebuilds every choice on every change. Also the attack
preview itself (cover traced through 300 tokens)."""

from __future__ import annotations

import pytest
from helpers.big_battle import big_battle

from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.combatant import Weapon
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.attack_panel import AttackPanel


@pytest.fixture(scope="module")
def battle():
    encounter = big_battle()
    for combatant in encounter.combatants.values():
        combatant.weapons = [Weapon("Bow", "1d8", "pierce", ranged=True, reach=400)]
    return encounter


def _panel(qtbot, battle, shown: bool) -> tuple[EncounterModel, AttackPanel]:
    model = EncounterModel(battle)
    panel = AttackPanel(model)
    qtbot.addWidget(panel)
    panel._visibility_changed(shown)
    return model, panel


def _hp_change(model: EncounterModel) -> None:
    # One GM change as the window sees it: HP of one token, and the signals it raises.
    model.notify(["c0"], round=True, log=True)


def test_change_while_the_panel_waits_behind_a_tab(benchmark, qtbot, battle) -> None:
    model, panel = _panel(qtbot, battle, shown=False)
    benchmark(_hp_change, model)
    assert panel._stale


def test_change_while_the_panel_is_shown(benchmark, qtbot, battle) -> None:
    model, panel = _panel(qtbot, battle, shown=True)
    benchmark(_hp_change, model)
    assert not panel._stale and panel.attacker.count() == len(battle.combatants)


def test_change_baseline_full_rebuild(benchmark, qtbot, battle) -> None:
    model, panel = _panel(qtbot, battle, shown=True)

    def rebuild() -> None:
        _hp_change(model)
        panel.refresh(force=True)

    benchmark(rebuild)
    assert panel.attacker.count() == len(battle.combatants)


def test_attack_preview_in_a_big_battle(benchmark, battle) -> None:
    ids = list(battle.combatants)
    preview = benchmark(attack_preview, battle, ids[0], ids[1])
    assert preview.weapon == "Bow"
