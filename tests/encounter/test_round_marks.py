"""Each creature's marks for the round: who must act now, who declared, acted, is locked,
surprised or incapacitated (the combatants list and the map tokens show the same marks)."""

from __future__ import annotations

import random

from helpers.encounter_builders import fight, go_to, random_operation

from drase_desktop.encounter.combatant import SURPRISED as SURPRISED_STATUS
from drase_desktop.encounter.round_marks import (
    ACTED,
    DECLARED,
    INCAPACITATED,
    LOCKED,
    MUST_ACT,
    SURPRISED,
    RoundMarksReader,
    round_marks,
)


def marks(encounter, combatant_id: str) -> tuple[str, ...]:
    return round_marks(encounter, combatant_id).marks


def test_before_the_fight_nobody_carries_a_mark():
    encounter = fight()
    assert all(marks(encounter, cid) == () for cid in encounter.combatants)


def test_in_the_player_phase_the_players_must_act_and_the_gm_side_waits():
    encounter = fight()
    go_to(encounter, "player-phase")
    assert marks(encounter, "aldric") == (MUST_ACT,)
    assert marks(encounter, "goblin") == ()
    go_to(encounter, "gm-action")
    assert MUST_ACT in round_marks(encounter, "goblin")
    assert MUST_ACT not in round_marks(encounter, "aldric")


def test_declaring_moving_and_rolling_defense_add_declared_acted_and_locked():
    encounter = fight()
    go_to(encounter, "player-phase")
    encounter.declare("aldric", movement=3, actions=["attack", "attack"])
    assert marks(encounter, "aldric") == (MUST_ACT, DECLARED)
    encounter.move("aldric", [(2, 2), (2, 3)])
    assert ACTED in round_marks(encounter, "aldric")
    # Ruling 16: a roll for the creature locks its declaration.
    encounter.roll_defense("aldric")
    assert marks(encounter, "aldric") == (MUST_ACT, DECLARED, ACTED, LOCKED)
    text = round_marks(encounter, "aldric").text
    assert "ruling 16" in text and "declared" in text


def test_a_surprised_creature_does_not_have_to_act_in_round_1():
    encounter = fight()
    encounter.set_surprised("mira", True)
    go_to(encounter, "player-phase")
    assert marks(encounter, "mira") == (SURPRISED,)
    assert round_marks(encounter, "mira").signs == "!"


def test_an_incapacitated_creature_is_marked_and_never_asked_to_act():
    encounter = fight()
    go_to(encounter, "player-phase")
    encounter.apply_status("aldric", "incapacitated")
    assert marks(encounter, "aldric") == (INCAPACITATED,)


def test_a_reader_gives_every_creature_its_own_marks_as_the_fight_goes_on():
    """The combatants list and the map read all marks through one reader per change (the acting
    sides and who is surprised read once): each equals the creature's own marks, through round
    1's surprise (also after its status expired in a tickdown) and the rounds after."""
    encounter = fight()
    encounter.set_surprised("mira", True)
    rng = random.Random(5)
    surprise_outlived_its_status = False
    for step in range(90):
        reader = RoundMarksReader(encounter)
        for combatant_id in encounter.combatants:
            assert reader(combatant_id) == round_marks(encounter, combatant_id), step
        mira = encounter.combatants["mira"]
        if SURPRISED in reader("mira") and not mira.has_status(SURPRISED_STATUS):
            surprise_outlived_its_status = True
        if step % 3 == 0:
            encounter.advance()
        else:
            random_operation(encounter, rng)
    assert surprise_outlived_its_status
    assert encounter.round > 2
