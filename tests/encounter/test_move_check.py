"""The move check: one answer to "may it end its move there, and what does it cost?" that every
move asks, `Encounter.move` included (it refuses exactly when the check refuses)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers.encounter_builders import fight, go_to, moving_fight, players_move_first, state
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter import Combatant, EncounterError, MoveRefused, move_check
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.move_check import OVERRIDE_HINT, MoveRefusalKind
from drase_desktop.encounter.move_words import move_words

Kind = MoveRefusalKind


def player_phase(diagonal: str = "double") -> Encounter:
    """Aldric (2, 2) and Mira (2, 4) of the players, the goblin (3, 2), the orc off to (0, 7)."""
    return moving_fight(diagonal)


def test_cost_is_movement_and_distance_is_ground_covered() -> None:
    """Down a corridor with mud in it, 5 tiles of ground cost 6 tiles of movement: 10 m
    walked (past Mira, an ally: ruling 21)."""
    e = player_phase()
    for y in range(3, 8):
        e.battle_map.set_terrain((1, y), "blocked")
        e.battle_map.set_terrain((3, y), "blocked")
    e.battle_map.set_terrain((2, 5), "mud")
    check = move_check(e, "aldric", (2, 7))
    assert check.allowed and check.priced and check.found
    assert check.path == ((2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7))
    assert check.cost == 6 and check.distance == 5 and check.metres == 10
    assert (check.allowance, check.left) == (6, 0)
    # Movement and ground are two numbers: 6 tiles spent, 10 m walked (not "6 tiles, 12 m").
    assert move_words(check) == "6 tiles of movement (10 m), speed 6: 0 left"


def test_the_allowance_counts_dash_and_what_was_spent() -> None:
    e = player_phase()
    e.declare("aldric", actions=["dash", "attack"])
    far = move_check(e, "aldric", (9, 6))  # 4 diagonals (1 + 2 + 1 + 2) and 3 straight
    assert far.allowance == 12 and far.allowed and far.cost == 9 and far.left == 3
    # The label counts the doubled allowance, not the bare speed.
    assert move_words(far).endswith("(speed 12 with Dash: 3 left)")
    e.move("aldric", [(9, 6)])
    back = move_check(e, "aldric", (2, 6))
    assert back.allowance == 3 and back.cost == 7 and back.refusal is not None
    assert back.refusal.kind is Kind.TOO_FAR
    assert back.refusal.reason == (
        "Too far: 7 tiles, 14 m for Aldric, 3 of speed 12 with Dash left this round"
    )
    assert move_words(replace(back, refusal=None)) == (
        "7 tiles, 14 m (3 of speed 12 with Dash left: 4 over)"
    )


@pytest.mark.parametrize(
    ("goal", "kind", "reason"),
    [
        ((10, 2), Kind.OFF_MAP, "Aldric cannot leave the map"),
        ((2, 4), Kind.OCCUPIED, "Cannot end on (2, 4): Mira is there"),
        ((4, 4), Kind.BLOCKED, "Cannot end on (4, 4): the ground is blocked"),
        ((9, 0), Kind.NO_WAY, "No way to (9, 0) for Aldric: a wall, a cliff or an enemy is in"),
        ((9, 7), Kind.TOO_FAR, "Too far: 9 tiles, 18 m for Aldric, speed 6"),
    ],
)
def test_each_refusal_is_a_kind_and_the_gms_words(goal, kind, reason) -> None:
    e = player_phase()
    e.battle_map.set_terrain((4, 4), "blocked")
    for tile in [(8, 0), (8, 1), (9, 1)]:
        e.battle_map.set_terrain(tile, "blocked")  # (9, 0) walled in
    check = move_check(e, "aldric", goal)
    assert check.refusal is not None and not check.allowed
    assert check.refusal.kind is kind and check.refusal.reason.startswith(reason)
    # A forced move overrides every refusal but where it cannot stand.
    forceable = kind not in (Kind.OFF_MAP, Kind.OCCUPIED, Kind.BLOCKED)
    assert check.refusal.forceable is forceable
    assert move_check(e, "aldric", goal, forced=True).allowed is forceable
    words = check.refusal.words("hold Shift to force the move")
    assert words.endswith("(hold Shift to force the move)." if forceable else f"{reason}.")
    before = state(e)
    with pytest.raises(MoveRefused) as refused:
        e.move("aldric", [goal])
    assert refused.value.refusal == check.refusal
    assert str(refused.value) == check.refusal.words(OVERRIDE_HINT)
    assert state(e) == before


def test_a_creature_that_cannot_act_is_refused_with_the_price_still_shown() -> None:
    e = player_phase()
    e.apply_status("aldric", "incapacitated")
    check = move_check(e, "aldric", (2, 3))
    assert check.refusal is not None and check.refusal.kind is Kind.UNABLE
    assert check.found and check.cost == 1
    assert move_words(check) == (
        "1 tile, 2 m (speed 6: 5 left)\nAldric is incapacitated and cannot move."
    )
    assert move_check(e, "aldric", (2, 3), forced=True).allowed


def test_crawler_steps_and_melee_refuse_as_data() -> None:
    e = fight("crawler")
    players_move_first(e)
    engaged = move_check(e, "aldric", (1, 2)).refusal
    assert engaged is not None and engaged.kind is Kind.ENGAGED
    assert engaged.reason.startswith("Aldric is engaged in melee with Goblin")
    go_to(e, "movement:gm")
    not_now = move_check(e, "mira", (2, 6)).refusal
    assert not_now is not None and not_now.kind is Kind.NOT_NOW
    with pytest.raises(MoveRefused, match=OVERRIDE_HINT):
        e.move("mira", [(2, 6)])


def test_a_given_path_is_checked_step_by_step() -> None:
    e = player_phase()
    through = move_check(e, "aldric", (4, 2), path=[(2, 2), (3, 2), (4, 2)])
    assert through.refusal is not None and through.refusal.kind is Kind.BAD_PATH
    assert "through an enemy at (3, 2)" in through.refusal.reason
    elsewhere = move_check(e, "aldric", (2, 3), path=[(1, 1), (2, 3)])
    assert elsewhere.refusal is not None and elsewhere.refusal.kind is Kind.BAD_PATH
    walked = move_check(e, "aldric", (2, 0), path=[(2, 2), (1, 1), (2, 0)])
    assert walked.allowed and walked.cost == 3 and walked.path == ((2, 2), (1, 1), (2, 0))


def test_ruling_27_the_check_carries_the_rounds_diagonal_and_circle() -> None:
    e = player_phase()
    e.move("aldric", [(2, 2), (1, 1)])
    assert move_check(e, "aldric", (0, 0)).cost == 2  # the round's second diagonal
    e = player_phase("circle")
    e.move("aldric", [(2, 2), (3, 3), (4, 4), (5, 5)])
    circle = move_check(e, "aldric", (8, 5))
    assert circle.refusal is not None and circle.refusal.kind is Kind.OUTSIDE_CIRCLE
    assert "where the round's move began" in circle.refusal.reason


def test_a_token_off_a_shrunk_map_is_stranded() -> None:
    ogre = Combatant("ogre", "Ogre", "gm", size=4, position=(5, 1), speed=6)
    e = Encounter(BattleMap(12, 8), [ogre])
    e.start()
    ogre.position = (11, 1)  # a 2 x 2 token in the last column, as a shrunk map leaves it
    check = move_check(e, "ogre", (11, 1))
    assert check.refusal is not None and check.refusal.kind is Kind.STRANDED
    assert move_check(e, "ogre", (5, 1), forced=True).allowed


def test_setup_places_and_a_forced_move_drops() -> None:
    e = fight()
    placed = move_check(e, "aldric", (8, 6))
    assert placed.placing and placed.allowed and placed.cost == 0
    assert move_words(placed) == "Place at (8, 6)"
    e.start()
    e.battle_map.set_elevation((2, 2), 3)
    pushed = move_check(e, "aldric", (2, 0), forced=True)
    assert pushed.allowed and pushed.drop == 3 and pushed.path == ((2, 2), (2, 0))
    # 2 across and 3 down: max(2, 3) + floor(2 / 2) (ruling 20).
    assert move_words(pushed) == "Forced move: 4 tiles, 8 m\nfalls 3 tiles"


def test_an_unknown_combatant_is_the_only_error() -> None:
    with pytest.raises(EncounterError, match="No combatant"):
        move_check(fight(), "nobody", (0, 0))


def _walk(rng: random.Random, start: tuple[int, int], steps: int) -> list[tuple[int, int]]:
    path = [start]
    for _ in range(steps):
        x, y = path[-1]
        path.append((x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))))
    return path


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_the_encounter_moves_exactly_when_the_check_allows(seed: int) -> None:
    """Over random ground, goals, paths and forced moves: Encounter.move makes the move the
    check allows, at its cost along its path, and refuses the others with its refusal."""
    rng = random.Random(seed)
    e = player_phase(rng.choice(("double", "circle")))
    for _ in range(12):
        tile = (rng.randrange(10), rng.randrange(8))
        e.battle_map.set_terrain(tile, rng.choice(("mud", "blocked", "water")))
        e.battle_map.set_elevation((rng.randrange(10), rng.randrange(8)), rng.randrange(3))
    for _ in range(25):
        mover = rng.choice(["aldric", "mira", "goblin"])
        start = e.combatants[mover].position
        assert start is not None
        forced = rng.random() < 0.2
        path = _walk(rng, start, rng.randrange(1, 4)) if rng.random() < 0.5 else None
        goal = path[-1] if path else (rng.randrange(-1, 11), rng.randrange(-1, 9))
        check = move_check(e, mover, goal, path=path, forced=forced)
        try:
            change = e.move(mover, path or [goal], forced=forced)
        except MoveRefused as refused:
            assert not check.allowed and refused.refusal == check.refusal
        else:
            assert check.allowed
            assert change.result.cost == check.cost and change.result.path == check.path
