"""A player's phone declares and rolls through the core, with the GM's own previews."""

import copy
import random

import pytest
from helpers.table_link_fight import fight_in_fog

from drase_desktop.board import BattleMap
from drase_desktop.encounter import Combatant, Encounter, Weapon, attack_preview, move_check
from drase_desktop.encounter.move_words import move_words
from drase_desktop.encounter.phone_actions import (
    PhoneRefusal,
    attack_options,
    check_own,
    declare,
    defense_dice,
    event_for_seat,
    move_preview,
    roll_defense,
)
from drase_desktop.refusal import Refusal


@pytest.fixture
def fight() -> Encounter:
    combatants = [
        Combatant(
            "aria",
            "Aria",
            "players",
            is_player_character=True,
            position=(1, 1),
            weapons=[Weapon("Bow", "1d8", "pierce", ranged=True, reach=12)],
            defense_bonuses=2,
        ),
        Combatant("bram", "Bram", "players", is_player_character=True, position=(1, 3)),
        Combatant("gob", "Goblin", "gm", position=(5, 1), ac_bonus=2),
        Combatant("orc", "Orc", "gm", position=(4, 5), ac_bonus=3),
        Combatant("shade", "Shadeling", "gm", position=(3, 1), hidden=True),
    ]
    return fight_in_fog(BattleMap(10, 6), combatants, seen_columns=7, rng=random.Random(3))


def test_a_tapped_tile_is_priced_as_the_gms_drag(fight):
    preview = move_preview(fight, "aria", (4, 4))
    check = move_check(fight, "aria", (4, 4))
    assert preview["allowed"] is True
    assert preview["cost"] == check.cost
    assert preview["metres"] == check.metres
    assert preview["words"] == move_words(check)
    assert preview["path"][0] == [1, 1] and preview["path"][-1] == [4, 4]


def _without_shade(fight):
    bare = copy.deepcopy(fight)
    del bare.combatants["shade"]
    return bare


def test_a_fogged_tile_and_a_hidden_creatures_tile_give_nothing_away(fight):
    fogged = move_preview(fight, "aria", (8, 1))
    assert fogged["allowed"] is False and fogged["refusal"]["kind"] == "fogged"
    # The hidden shade's tile, and the tile beyond it, read as if nobody stood there.
    for tile in [(3, 1), (4, 1)]:
        assert move_preview(fight, "aria", tile) == move_preview(
            _without_shade(fight), "aria", tile
        )
    assert move_preview(fight, "aria", (3, 1))["allowed"] is True
    assert move_preview(fight, "aria", (4, 1))["cost"] == 3  # straight through, not round it
    assert fight.combatants["shade"].position == (3, 1)  # put back where it stood
    assert move_check(fight, "aria", (4, 1)).cost == 4  # the GM's drag still goes round it


def test_the_attack_chances_are_the_gms(fight):
    # The hidden shade stands in the way: the phone is told the chances as if it did not (the
    # cover it gives would tell where it stands), the GM's preview counts it.
    options = attack_options(fight, "aria", "gob")
    preview = attack_preview(_without_shade(fight), "aria", "gob")
    assert options["blocked"] == "" and 0 < options["hit"] < 1
    assert (options["hit"], options["critical"]) == (preview.hit, preview.critical)
    assert attack_preview(fight, "aria", "gob").blocked
    clear = attack_options(fight, "aria", "orc", weapon="Bow")
    preview = attack_preview(fight, "aria", "orc", weapon="Bow")
    assert clear["blocked"] == "" and 0 < clear["hit"] < 1
    assert (clear["hit"], clear["critical"]) == (preview.hit, preview.critical)
    with pytest.raises(PhoneRefusal) as hidden:
        attack_options(fight, "aria", "shade")
    with pytest.raises(PhoneRefusal) as nobody:
        attack_options(fight, "aria", "nobody")
    assert str(hidden.value) == str(nobody.value)


def test_a_declaration_from_the_phone_is_the_encounters(fight):
    # Through the hidden shade's tile, as the players know the ground: 3 tiles (the GM finds
    # the shade there when the move is made).
    action = declare(
        fight,
        "aria",
        move_to=(4, 1),
        actions=["attack"],
        reaction="opportunity attack",
        target="gob",
    )
    declared = fight.declaration("aria")
    assert declared.actions == ["attack"] and declared.movement == 3
    assert declared.targets == ["gob"]
    assert "to (4, 1)" in declared.notes and "Bow" in declared.notes
    assert "at Goblin" in action.event["text"]
    assert action.event["event"] == "declared" and action.event["combatant"] == "aria"
    assert action.event["move_to"] == [4, 1] and action.event["target"] == "gob"
    action.change.undo()
    assert fight.declaration("aria").actions == []
    action.change.redo()
    # A longer move replaces the movement declared before, within the speed.
    declare(fight, "aria", move_to=(1, 0))
    assert fight.declaration("aria").movement == 1
    declare(fight, "aria", move_to=(6, 4))
    assert fight.declaration("aria").movement == 6  # 3 diagonals (1, 2, 1) and 2 straight


def test_defense_with_the_players_own_dice_locks_the_declaration(fight):
    declare(fight, "aria", actions=["attack"])
    dice = defense_dice(fight, "aria")
    assert dice["expression"] == "+2d6k1"
    assert dice["dice"] == ["bonus d6 #1", "bonus d6 #2"] and dice["sizes"] == [6, 6]
    with pytest.raises(Refusal):
        roll_defense(fight, "aria", faces=[3])  # one die short: refused, nothing changed
    assert not fight.declaration("aria").locked
    action = roll_defense(fight, "aria", faces=[2, 5])
    assert action.event == {
        "event": "defense",
        "combatant": "aria",
        "total": 5,
        "expression": "+2d6k1",
        "faces": [2, 5],
        "locked": True,
    }
    with pytest.raises(Refusal):
        declare(fight, "aria", actions=["dodge"])


def test_the_apps_dice_roll_when_no_faces_are_given(fight):
    action = roll_defense(fight, "bram")
    assert action.event["total"] == 0 and fight.declaration("bram").locked


def test_a_seat_acts_only_for_its_own_character(fight):
    check_own("aria", "aria")
    with pytest.raises(PhoneRefusal):
        check_own("aria", "bram")
    event = declare(fight, "bram", actions=["attack"]).event
    assert event_for_seat(event, "bram") == event
    assert event_for_seat(event, "aria") is None


def test_a_crawler_phone_declares_a_defensive_movement():
    combatants = [
        Combatant("aria", "Aria", "players", is_player_character=True, position=(1, 1)),
        Combatant("gob", "Goblin", "gm", position=(2, 1)),
    ]
    encounter = Encounter(BattleMap(8, 5), combatants, "crawler")
    encounter.advance()  # round 1: defensive movement, before initiative
    assert encounter.phase.key == "defensive-declarations"
    action = declare(encounter, "aria", defensive="retreat")
    assert encounter.declaration("aria").defensive == "retreat"
    assert action.event["defensive"] == "retreat"
    with pytest.raises(Refusal):
        declare(encounter, "aria", actions=["attack"])  # the Crawler declares no actions
