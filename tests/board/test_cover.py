"""Cover, ruling 22: features, walls, doors, creatures on the line, ranged exceptions."""

import pytest

from drase_desktop.board import BattleMap, CoverError, Door, Wall, cover, trace_cover
from drase_desktop.rules.attack import BLOCKING_COVER, COVER_PENALTY


def open_board():
    return BattleMap(12, 12)


@pytest.mark.parametrize("level", ["half", "three-quarter", "full", "embrasure"])
def test_ruling_22_a_feature_on_the_line_gives_its_cover(level):
    board = open_board()
    board.set_cover((5, 2), level)
    assert cover(board, (2, 2), (8, 2), ranged=False) == level
    assert cover(board, (2, 2), (8, 5), ranged=False) == "none"  # off the line


def test_ruling_22_the_strongest_cover_on_the_line_counts():
    board = open_board()
    board.set_cover((4, 2), "half")
    board.set_cover((6, 2), "three-quarter")
    trace = trace_cover(board, (2, 2), (8, 2), ranged=False)
    assert trace.level == "three-quarter" and COVER_PENALTY[trace.level] == -5
    assert trace.level not in BLOCKING_COVER
    assert len(trace.reasons) == 2


def test_ruling_22_penalties_and_attackability():
    # The board traces the level; the rules' one table prices it.
    board = open_board()
    board.set_cover((4, 2), "half")
    assert COVER_PENALTY[trace_cover(board, (2, 2), (8, 2), ranged=False).level] == -2
    board.set_cover((5, 2), "full")
    trace = trace_cover(board, (2, 2), (8, 2), ranged=False)
    assert trace.level == "full" and trace.level in BLOCKING_COVER
    assert trace.level not in COVER_PENALTY


def test_ruling_22_walls_and_closed_doors_give_full_cover():
    board = open_board()
    board.walls.append(Wall((5, 0), (5, 4)))
    assert cover(board, (2, 2), (8, 2), ranged=True) == "full"
    board.doors.append(Door((5, 6), (5, 8)))
    assert cover(board, (2, 7), (8, 7), ranged=True) == "full"
    board.set_door_closed(0, False)
    assert cover(board, (2, 7), (8, 7), ranged=True) == "none"


def test_ruling_22_creatures_on_the_line_relative_to_the_attacker():
    board = open_board()
    attacker, target, between = (2, 2), (8, 2), (5, 2)
    base = {attacker: ("players", 3), target: ("gm", 3)}
    smaller_ally = {**base, between: ("players", 2)}
    same_ally = {**base, between: ("players", 3)}
    bigger_ally = {**base, between: ("players", 4)}
    enemy = {**base, between: ("gm", 1)}
    third_side = {**base, between: ("bandits", 2)}
    assert cover(board, attacker, target, ranged=True, creatures=smaller_ally) == "half"
    assert cover(board, attacker, target, ranged=True, creatures=same_ally) == "three-quarter"
    assert cover(board, attacker, target, ranged=True, creatures=bigger_ally) == "three-quarter"
    assert cover(board, attacker, target, ranged=True, creatures=enemy) == "full"
    assert cover(board, attacker, target, ranged=True, creatures=third_side) == "full"
    # the same creature seen from the other side is an enemy to that attacker
    flipped = {attacker: ("gm", 3), target: ("players", 3), between: ("players", 2)}
    assert cover(board, attacker, target, ranged=True, creatures=flipped) == "full"


def test_ruling_22_ranged_attacker_ignores_partial_cover_adjacent_to_itself():
    board = open_board()
    board.set_cover((3, 2), "three-quarter")
    assert cover(board, (2, 2), (8, 2), ranged=True) == "none"
    assert cover(board, (2, 2), (8, 2), ranged=False) == "three-quarter"
    ally = {(2, 2): ("players", 3), (3, 2): ("players", 3), (8, 2): ("gm", 3)}
    board.set_cover((3, 2), "none")
    assert cover(board, (2, 2), (8, 2), ranged=True, creatures=ally) == "none"
    # next to the target, not the attacker: it counts
    board.set_cover((7, 2), "half")
    assert cover(board, (2, 2), (8, 2), ranged=True) == "half"
    # full cover next to the attacker is never ignored
    board.set_cover((3, 2), "full")
    assert cover(board, (2, 2), (8, 2), ranged=True) == "full"


def test_ruling_22_embrasure_stops_melee_but_not_an_adjacent_archer():
    board = open_board()
    board.set_cover((5, 2), "embrasure")
    assert cover(board, (4, 2), (6, 2), ranged=False) == "embrasure"
    assert cover(board, (4, 2), (8, 2), ranged=True) == "none"
    assert cover(board, (2, 2), (8, 2), ranged=True) == "embrasure"  # not adjacent


def test_ruling_29_reactions_ignore_partial_cover():
    board = open_board()
    board.set_cover((4, 2), "half")
    board.set_cover((6, 2), "three-quarter")
    trace = trace_cover(board, (2, 2), (8, 2), ranged=False, reaction=True)
    assert trace.level == "none" and "reaction ignores three-quarter cover" in trace.reasons[-1]


@pytest.mark.parametrize(
    ("barrier", "level"),
    [("wall", "full"), ("closed door", "full"), ("full", "full"), ("embrasure", "embrasure")],
)
def test_ruling_29_walls_doors_full_cover_and_embrasures_still_stop_reactions(barrier, level):
    board = open_board()
    if barrier == "wall":
        board.walls.append(Wall((5, 0), (5, 12)))
    elif barrier == "closed door":
        board.doors.append(Door((5, 1), (5, 4), closed=True))
    else:
        board.set_cover((5, 2), barrier)
    trace = trace_cover(board, (2, 2), (8, 2), ranged=False, reaction=True)
    assert trace.level == level
    assert "stops reactions too (ruling 29)" in trace.reasons[-1]


def test_a_line_through_a_corner_squeezes_past_one_feature_not_two():
    board = open_board()
    board.set_cover((3, 2), "full")
    assert cover(board, (2, 2), (4, 4), ranged=False) == "none"  # passes by its corner
    board.set_cover((2, 3), "full")
    assert cover(board, (2, 2), (4, 4), ranged=False) == "full"  # both sides: no gap


def test_a_wall_corner_blocks_a_diagonal_line():
    board = open_board()
    board.walls.append(Wall((3, 3), (3, 6)))
    board.walls.append(Wall((3, 3), (6, 3)))
    assert cover(board, (1, 1), (4, 4), ranged=True) == "full"


def test_big_creatures_take_the_clearest_line():
    board = open_board()
    board.set_cover((5, 2), "full")
    assert cover(board, (2, 2), (8, 2), ranged=True) == "full"
    big = {"attacker_footprint": 2, "target_footprint": 2}
    assert cover(board, (2, 2), (8, 2), ranged=True, **big) == "none"  # along row 3
    board.set_cover((5, 3), "half")
    assert cover(board, (2, 2), (8, 2), ranged=True, **big) == "half"


def test_cover_refuses_bad_input():
    board = open_board()
    with pytest.raises(CoverError):
        cover(board, (20, 2), (8, 2), ranged=True)
    with pytest.raises(CoverError, match="attacker"):
        cover(board, (2, 2), (8, 2), ranged=True, creatures={(5, 2): ("gm", 3)})


def test_ruling_38_directly_adjacent_includes_diagonal_neighbours():
    """An archer diagonally next to an embrasure or a partial cover feature ignores it."""
    for feature in ("embrasure", "half", "three-quarter"):
        board = open_board()
        board.set_cover((5, 2), feature)
        assert cover(board, (4, 1), (8, 5), ranged=True) == "none"  # diagonal neighbour
        assert cover(board, (4, 1), (8, 5), ranged=False) == feature  # melee does not
        assert cover(board, (3, 0), (8, 5), ranged=True) == feature  # not adjacent


def test_ruling_39_a_line_through_a_grid_corner_takes_the_weaker_tile():
    board = open_board()
    board.set_cover((3, 2), "full")
    board.set_cover((2, 3), "half")
    # (2, 2) -> (4, 4) passes exactly through the corner between (3, 2) and (2, 3).
    trace = trace_cover(board, (2, 2), (4, 4), ranged=False)
    assert trace.level == "half" and "both sides of a corner" in trace.reasons[0]


def test_ruling_39_a_line_that_only_touches_a_tiles_corner_does_not_cross_it():
    board = open_board()
    board.set_cover((3, 2), "full")
    assert cover(board, (2, 2), (4, 4), ranged=False) == "none"
