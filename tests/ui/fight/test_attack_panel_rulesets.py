"""The attack panel and the Tools menu offer what the encounter's ruleset has, and nothing else:
Drase's crits, d6 bonus/malus dice and non-lethal attacks; the Crawler's plain
1d20 + modifiers >= AC (ruling 26)."""

from __future__ import annotations

import pytest
from helpers.event_loop import layout_settled
from helpers.fight_helpers import attack_panel, fight_window
from helpers.fight_scenes import ford_fight
from PySide6.QtWidgets import QCheckBox, QSpinBox


def _panel_on(qtbot, ruleset: str):
    encounter = ford_fight(ruleset)
    encounter.advance()
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    panel.show()
    panel.raise_()
    panel.prepare("mira", "attack", "orc")
    layout_settled(panel)
    return window, panel


def _offered(panel, kind, name: str) -> bool:
    widget = panel.findChild(kind, name)
    assert widget is not None, name
    return widget.isVisibleTo(panel)


def test_ruling_26_drase_panel_offers_crits_bonus_dice_and_non_lethal(qtbot) -> None:
    window, panel = _panel_on(qtbot, "drase")
    assert _offered(panel, QCheckBox, "attackNonLethal")
    assert _offered(panel, QSpinBox, "attackBonuses") and _offered(panel, QSpinBox, "attackMaluses")
    assert panel.target_number.text().startswith("to beat ")
    assert "Crit" in panel.chances.text()
    assert "a crit maximises every die" in panel.damage.text()
    assert window.fight_tools.actions["npcAttackAction"].isVisible()
    assert not window.fight_tools.actions["spellAction"].isVisible()
    assert not window.fight_tools.actions["crawlerRollsAction"].isVisible()


def test_ruling_26_crawler_panel_shows_only_crawler_terms(qtbot) -> None:
    window, panel = _panel_on(qtbot, "crawler")
    assert not _offered(panel, QCheckBox, "attackNonLethal")
    assert not _offered(panel, QSpinBox, "attackBonuses")
    assert not _offered(panel, QSpinBox, "attackMaluses")
    assert panel.expression.text() == "Roll 1d20 + 3"  # Finesse (dex) for missile fire
    assert panel.target_number.text().startswith("to reach 13")
    assert panel.chances.text() == "Hit 55.0%"  # 11 of 20 faces reach 13; no crit line
    damage = panel.damage.text()
    assert "crit" not in damage.lower()
    working = [panel.working.item(r, 0).text() for r in range(panel.working.rowCount())]
    assert not any("bonus" in row or "malus" in row or "critical" in row for row in working)
    assert not window.fight_tools.actions["npcAttackAction"].isVisible()
    assert window.fight_tools.actions["spellAction"].isVisible()
    assert window.fight_tools.actions["crawlerRollsAction"].isVisible()


@pytest.mark.parametrize(("first", "then"), [("drase", "crawler"), ("crawler", "drase")])
def test_the_panel_follows_a_change_of_ruleset(qtbot, first: str, then: str) -> None:
    encounter = ford_fight(first)
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    panel.show()
    panel.raise_()  # the tab in front: a hidden panel refreshes only when it is shown
    layout_settled(panel)
    panel.bonuses.setValue(2)
    window.set_ruleset(then)  # in Setup, from the window's menu
    has_dice = window.model.encounter.ruleset.has_bonus_dice
    qtbot.waitUntil(lambda: panel.bonuses.isVisibleTo(panel) == has_dice)
    assert panel._attack_options()["bonuses"] == (2 if has_dice else 0)
