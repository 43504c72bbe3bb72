"""The ruleset seam decides which terms, options and outcomes an attack has (ruling 26), and
sides read as words wherever people read them."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to

from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.crawler_round import crawler_phases
from drase_desktop.encounter.encounter import EncounterError
from drase_desktop.encounter.ruleset import ruleset_for
from drase_desktop.encounter.sides import side_words, sides_words, turn_words


def test_drase_offers_crits_bonus_dice_and_non_lethal() -> None:
    drase = ruleset_for("drase")
    assert drase.has_criticals and drase.has_bonus_dice and drase.has_non_lethal
    assert drase.outcomes == ("miss", "hit", "critical hit")
    assert drase.target_word == "to beat"


def test_ruling_26_crawler_has_no_crits_no_d6_dice_no_non_lethal() -> None:
    crawler = ruleset_for("crawler")
    assert not (crawler.has_criticals or crawler.has_bonus_dice or crawler.has_non_lethal)
    assert crawler.outcomes == ("miss", "hit")
    assert crawler.target_word == "to reach"
    assert "greater than or equal" in crawler.judge_text


def test_ruling_26_a_crawler_attack_refuses_drase_options_and_changes_nothing() -> None:
    e = fight("crawler")
    e.advance()
    for _ in range(20):
        if e.phase.step == "melee" and "players" in e.phase.sides:
            break
        e.advance()
    e.move("goblin", [(3, 2)], forced=True)
    with pytest.raises(EncounterError, match="bonus and malus dice are a Drase rule"):
        e.resolve_attack("aldric", "goblin", bonuses=1)
    with pytest.raises(EncounterError, match="no non-lethal"):
        e.resolve_attack("aldric", "goblin", non_lethal=True)
    preview = attack_preview(e, "aldric", "goblin", maluses=2)
    assert "Drase rule" in preview.blocked
    plain = attack_preview(e, "aldric", "goblin")
    # 1d20 + 3 reaches AC 12 on a 9 or more: 12 of 20 faces, and no critical at all.
    assert plain.expression == "1d20 + 3" and plain.hit == pytest.approx(0.6)
    assert plain.critical == 0


def test_crawler_chances_come_from_the_exact_odds_of_the_expression() -> None:
    from drase_desktop.rules.probability import chance_at_least
    from drase_desktop.rules.working import Working

    crawler = ruleset_for("crawler")
    working = Working().with_part("str", 2).with_part("magic", 1)
    assert crawler.chances(working, 15, save_targeting=False) == (
        float(chance_at_least("1d20 + 3", 15)),
        0.0,
    )


def test_drase_critical_text_depends_on_pc_or_npc() -> None:
    e = fight()
    drase, crawler = ruleset_for("drase"), ruleset_for("crawler")
    assert drase.critical_text(e.combatants["aldric"]) == "a crit maximises every die"
    assert "effect only" in drase.critical_text(e.combatants["orc"])
    assert crawler.critical_text(e.combatants["aldric"]) == ""


def test_sides_read_as_words() -> None:
    assert side_words("players") == "the players"
    assert side_words("gm", start=True) == "The GM's side"
    assert side_words("wolves") == "the wolves"
    assert sides_words(["beasts", "gm", "players"]) == "the beasts, the GM's side and the players"
    assert turn_words(["gm", "players"]) == "The GM's side and the players act together"
    assert turn_words(["players"]) == "The players"


def test_crawler_turns_name_sides_in_words_never_raw_keys() -> None:
    titles = [p.title for p in crawler_phases({"gm": 4, "players": 4, "wolves": 2})]
    assert "The GM's side and the players act together: missile fire" in titles
    assert "The wolves: melee" in titles
    turns = [t for t in titles if ":" in t]
    assert len(turns) == 2 * 5
    assert not any("&" in t or "simultaneous" in t or "gm" in t for t in turns)


def test_crawler_refusals_name_the_side_in_words() -> None:
    e = fight("crawler")
    go_to(e, "initiative")
    with pytest.raises(ValueError, match=r"its side's turn \(the players\)"):
        e.move("aldric", [(2, 3)])


def test_crawler_cover_is_a_note_for_the_gm_not_a_drase_penalty() -> None:
    e = fight("crawler")
    e.battle_map.set_cover((4, 4), "half")
    e.advance()
    preview = attack_preview(e, "mira", "orc", weapon="shortbow")
    assert preview.expression == "1d20 + 3"  # no -2: that is Drase's number
    assert any("gives cover no number" in note for note in preview.working.notes)
