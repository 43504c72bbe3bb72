"""The attack panel's big word is the encounter's own judgement: a natural 20 is named only
where the ruleset has the natural-20 rule (Drase, ruling 1), never in a Crawler fight, whose
text has none ("22 reaches AC 22", ruling 26)."""

from __future__ import annotations

from helpers.encounter_builders import to_players_missile_step
from helpers.fight_helpers import TableDice, attack_panel, click, fight_window
from helpers.fight_scenes import ford_fight

from drase_desktop.encounter.encounter import Encounter


def _crawler_missile_step() -> Encounter:
    return to_players_missile_step(ford_fight("crawler"))


def _attack_with(qtbot, encounter: Encounter, attacker: str, target: str, *faces: list[int]):
    window = fight_window(qtbot, encounter)
    panel = attack_panel(window)
    panel.prepare(attacker, "attack", target)
    TableDice(panel, *faces)
    click(qtbot, window, "attackTableDiceButton")
    return window, panel


def test_a_crawler_natural_20_that_reaches_the_ac_is_a_plain_hit(qtbot) -> None:
    encounter = _crawler_missile_step()
    # Mira rolls 1d20 + 3: against AC 23 only a 20 reaches it, and the Crawler hits by reaching.
    encounter.update_combatant("orc", ac_bonus=13)
    window, panel = _attack_with(qtbot, encounter, "mira", "orc", [20], [4])
    result = panel.last_results[0]
    assert (result.total, result.target_number, result.hit) == (23, 23, True)
    assert panel.result.text() == "HIT"
    verdicts = [e.text for e in window.model.encounter.log.entries if e.kind == "attack"]
    assert "23 reaches AC 23" in verdicts[-1]


def test_a_crawler_natural_20_below_the_ac_misses(qtbot) -> None:
    encounter = _crawler_missile_step()
    encounter.update_combatant("orc", ac_bonus=14)
    _, panel = _attack_with(qtbot, encounter, "mira", "orc", [20])
    assert panel.result.text() == "MISS"


def test_a_drase_natural_20_that_does_not_beat_the_number_is_named(qtbot) -> None:
    encounter = ford_fight("drase")
    encounter.advance()  # the player phase
    encounter.declare("mira", actions=("attack",))
    while encounter.phase.key != "gm-resolution":
        encounter.advance()
    # 1d20 + 3 + 1d6k1 (the lower target) against AC 30: 20 + 3 + 1 does not beat it.
    encounter.update_combatant("orc", ac_bonus=20)
    _, panel = _attack_with(qtbot, encounter, "mira", "orc", [20, 1], [4])
    assert panel.last_results[0].hit and panel.last_results[0].total == 24
    assert panel.result.text() == "NATURAL 20: HIT"
