"""A movement search asked again with the same terms is the one already made while the map's
movement is unchanged (the reach overlay asks at every phase and at every edit of another
creature); any change of the map or of the terms gives a new one, equal to a search made
afresh."""

from __future__ import annotations

import pytest

from drase_desktop.board import BattleMap, Door, Wall
from drase_desktop.board.pathfinding import (
    KEPT_SEARCHES,
    MovementError,
    MovementSearch,
    shared_movement_search,
)

TERMS = {"enemies": [(6, 5)], "allies": [(3, 3)], "start_parity": 0}


def fresh(battle_map: BattleMap, start=(4, 4), speed=6, **terms) -> MovementSearch:
    return MovementSearch(battle_map, start, speed, **{**TERMS, **terms})


def shared(battle_map: BattleMap, start=(4, 4), speed=6, **terms) -> MovementSearch:
    return shared_movement_search(battle_map, start, speed, **{**TERMS, **terms})


def same_answer(a: MovementSearch, b: MovementSearch) -> bool:
    return a.reachable == b.reachable and a.path_to((8, 8)) == b.path_to((8, 8))


def test_the_same_terms_on_an_unchanged_map_give_the_search_already_made():
    battle_map = BattleMap(12, 12)
    first = shared(battle_map)
    assert shared(battle_map) is first
    # The order others stand in is not a term of the search.
    assert shared(battle_map, enemies=[(6, 5)], allies=((3, 3),)) is first
    assert same_answer(first, fresh(battle_map))


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.set_terrain((5, 4), "mud"),  # a cost alone: no edge changes
        lambda m: m.set_terrain((5, 4), "blocked"),
        lambda m: m.set_elevation((5, 4), 3),
        lambda m: m.walls.append(Wall((5, 0), (5, 12))),
        lambda m: m.doors.append(Door((5, 4), (5, 5), closed=True)),
    ],
)
def test_a_change_of_the_map_gives_a_new_search_equal_to_a_fresh_one(change):
    battle_map = BattleMap(12, 12)
    before = shared(battle_map)
    change(battle_map)
    after = shared(battle_map)
    assert after is not before
    assert same_answer(after, fresh(battle_map))
    assert before.stale


def test_other_terms_give_other_searches():
    battle_map = BattleMap(12, 12)
    first = shared(battle_map)
    for terms in (
        {"start": (4, 5)},
        {"speed": 3},
        {"enemies": [(6, 6)]},
        {"allies": []},
        {"start_parity": 1},
        {"footprint": 2},
        {"limit": 9},
        {"circle_centre": (3, 3), "circle_radius": 7, "diagonal": "circle"},
    ):
        other = shared(battle_map, **terms)
        assert other is not first, terms
        assert same_answer(other, fresh(battle_map, **terms)), terms


def test_a_refused_term_is_refused_as_a_fresh_search_refuses_it():
    """True equals 1, but a search refuses it for a parity: a kept search never answers it."""
    battle_map = BattleMap(12, 12)
    shared(battle_map, start_parity=1)
    with pytest.raises(MovementError, match="parity"):
        shared(battle_map, start_parity=True)
    with pytest.raises(MovementError, match="off the map"):
        shared(battle_map, start=(40, 4))
    with pytest.raises(MovementError):
        shared(battle_map, start=[[4], 4])


def test_a_map_keeps_only_a_few_searches():
    battle_map = BattleMap(12, 12)
    searches = [shared(battle_map, speed=speed) for speed in range(1, KEPT_SEARCHES + 3)]
    assert len(battle_map.derived_caches["movement_searches"]) == KEPT_SEARCHES
    assert shared(battle_map, speed=KEPT_SEARCHES + 2) is searches[-1]
    assert shared(battle_map, speed=1) is not searches[0]  # the oldest went first


def test_crowds_given_once_as_generators_stand_in_the_search_made_and_the_one_kept():
    # The kept search's key freezes who stands where; the search itself must see them too.
    battle_map = BattleMap(12, 12)
    made = shared(battle_map, enemies=(tile for tile in [(6, 5)]), allies=iter([(3, 3)]))
    assert same_answer(made, fresh(battle_map))
    assert shared(battle_map) is made
