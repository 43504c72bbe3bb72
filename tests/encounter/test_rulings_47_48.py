"""Rulings 47 (the stealth roll) and 48 (the Crawler's cover, the GM's figure per attack), at
the level where the GM meets them: the encounter's operations and their previews."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, state, to_players_missile_step

from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.check_preview import perception_preview, stealth_working
from drase_desktop.encounter.checks import perception_check
from drase_desktop.encounter.encounter import Encounter, EncounterError


def labels(working) -> dict[str, int]:
    return {part.label: part.amount for part in working.parts}


# ---------------------------------------------------------------------------------- ruling 47
def test_ruling_47_stealth_in_combat_adds_finesse_its_bonuses_and_the_level_bonus() -> None:
    e = fight()
    go_to(e, "player-phase")
    # Mira: Finesse 16 (+3), a +2 cloak, level 3 (bonus 2), one bonus die; no career in combat.
    working = stealth_working(e, "mira", bonuses=1, stealth_bonus=2, career=4)
    assert labels(working) == {
        "Finesse 16": 3,
        "stealth bonus": 2,
        "level 3 bonus (in combat)": 2,
        "bonus": 1,
    }
    assert working.expression == "1d20 + 7 + 1d6k1"


def test_ruling_47_stealth_out_of_combat_adds_the_career_bonus_instead() -> None:
    e = fight()
    assert not e.started
    working = stealth_working(e, "mira", stealth_bonus=1, career=4)
    assert labels(working) == {
        "Finesse 16": 3,
        "stealth bonus": 1,
        "career bonus (out of combat)": 4,
    }
    assert working.expression == "1d20 + 8"
    with pytest.raises(EncounterError, match="career bonus cannot be negative"):
        stealth_working(e, "mira", career=-1)


def test_ruling_47_perception_is_opposed_by_that_stealth_roll() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.combatants["orc"].hidden = True
    before = state(e)
    # The orc hides: 1d20 (9) + Finesse 10 (0) + 3 (its cloak) + level 1 bonus (1) = 13.
    change = perception_check(
        e, "mira", hider_id="orc", stealth_bonus=3, stealth_faces=[9], perception_faces=[11]
    )
    result = change.result
    assert result.dc == 13
    # Mira: 1d20 (11) + Intelligence 10 (0) + level 3 bonus (2) = 13 does not beat 13.
    assert (result.total, result.success) == (13, False)
    stealth_line = next(entry for entry in e.log if entry.data.get("roll") == "stealth")
    assert "ruling 47" in stealth_line.text
    assert e.combatants["orc"].hidden
    change.undo()
    assert state(e) == before


def test_ruling_47_the_perception_preview_names_the_hiders_roll() -> None:
    e = fight()
    go_to(e, "player-phase")
    preview = perception_preview(e, "mira", hider_id="orc", stealth_bonus=3)
    assert preview.dc is None and preview.stealth is not None
    assert preview.stealth.expression == "1d20 + 4"
    assert preview.lines()[-1] == "against Orc's stealth roll: 1d20 + 4 (ruling 47)"


def test_the_perception_preview_hands_the_perceivers_terms_to_the_working() -> None:
    e = fight()
    go_to(e, "player-phase")
    plain = perception_preview(e, "mira", dc=12).working
    more = perception_preview(e, "mira", dc=12, perception_bonus=2, bonuses=1).working
    assert (more.modifier, more.bonuses) == (plain.modifier + 2, plain.bonuses + 1)
    with pytest.raises(TypeError, match="perception_bonuses"):
        perception_preview(e, "mira", dc=12, perception_bonuses=2)


# ---------------------------------------------------------------------------------- ruling 48
def crawler_missile_step() -> Encounter:
    return to_players_missile_step(fight("crawler"))


def test_ruling_48_crawler_cover_is_the_gms_figure_for_the_attack() -> None:
    e = crawler_missile_step()
    plain = attack_preview(e, "mira", "orc", weapon="Shortbow")
    assert plain.expression == "1d20 + 3"  # no figure: cover 0, the default
    covered = attack_preview(e, "mira", "orc", weapon="Shortbow", cover=-2)
    assert covered.working is not None
    assert labels(covered.working)["cover (GM's figure)"] == -2
    assert covered.expression == "1d20 + 1"
    assert covered.hit == pytest.approx(0.45)  # 12..20 on the d20 reach AC 13
    result = e.resolve_attack("mira", "orc", weapon="Shortbow", cover=-2, attack_faces=[11]).result
    assert (result.total, result.target_number, result.hit) == (12, 13, False)
    roll = next(entry for entry in reversed(e.log.entries) if entry.data.get("roll") == "attack")
    assert "cover (GM's figure): -2" in roll.data["working"]


@pytest.mark.parametrize("cover", [-5, 1, 2, True, 1.5])
def test_ruling_48_a_cover_figure_outside_0_to_minus_4_is_refused(cover) -> None:
    e = crawler_missile_step()
    preview = attack_preview(e, "mira", "orc", weapon="Shortbow", cover=cover)
    assert preview.blocked.startswith("No attack: the GM's cover figure is")
    before = state(e)
    with pytest.raises(EncounterError, match="the GM's cover figure is"):
        e.resolve_attack("mira", "orc", weapon="Shortbow", cover=cover, attack_faces=[11])
    assert state(e) == before


def test_ruling_48_the_crawler_melee_takes_no_cover_figure() -> None:
    e = crawler_missile_step()
    while e.phase.step != "melee":
        e.advance()
    assert attack_preview(e, "goblin", "aldric").blocked == ""  # side by side: a melee
    preview = attack_preview(e, "goblin", "aldric", cover=-1)
    assert "missile fire only" in preview.blocked


def test_ruling_48_drase_cover_comes_from_the_map_not_a_figure() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-resolution")
    assert attack_preview(e, "mira", "orc", weapon="Shortbow", cover=0).blocked == ""
    preview = attack_preview(e, "mira", "orc", weapon="Shortbow", cover=-2)
    assert "Drase cover comes from the map" in preview.blocked
    with pytest.raises(EncounterError, match="Drase cover comes from the map"):
        e.resolve_attack("mira", "orc", weapon="Shortbow", cover=-2, attack_faces=[10])


def test_ruling_48_map_cover_on_a_crawler_line_asks_for_the_gms_figure() -> None:
    e = crawler_missile_step()
    e.battle_map.set_cover((4, 4), "half")
    notes = attack_preview(e, "mira", "orc", weapon="Shortbow").working.notes
    assert any("enter the GM's cover figure (0 to -4, ruling 48)" in note for note in notes)
    # Once the GM has given a figure the note has done its job.
    given = attack_preview(e, "mira", "orc", weapon="Shortbow", cover=-2).working.notes
    assert not any("cover figure" in note for note in given)
