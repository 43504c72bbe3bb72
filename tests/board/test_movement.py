"""Movement: rulings 17-21 on the networkx movement graph, walls, doors, big tokens, drags."""

import pytest

from drase_desktop.board import (
    TILE_FEET,
    TILE_METRES,
    BattleMap,
    Door,
    MovementError,
    MovementSearch,
    Wall,
    distance,
    find_path,
    movement_graph,
    movement_range,
    path_cost,
)
from drase_desktop.board.grid_graph import rebuild_movement_graph


def edges(graph):
    return {frozenset(edge) for edge in graph.graph.edges()}


def test_ruling_17_tiles_are_two_metres_and_speed_counts_tiles():
    assert (TILE_METRES, TILE_FEET) == (2, 5)
    board = BattleMap(20, 1)
    reach = movement_range(board, (0, 0), 6)
    assert max(x for x, _ in reach) == 6


def test_ruling_18_double_diagonal_alternates_one_two():
    board = BattleMap(10, 10)
    path, cost = find_path(board, (0, 0), (4, 4))
    assert path == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    assert cost == 6  # 1 + 2 + 1 + 2
    assert find_path(board, (0, 0), (1, 1))[1] == 1
    assert find_path(board, (0, 0), (3, 3))[1] == 4


def test_ruling_18_parity_carries_across_orthogonal_steps():
    board = BattleMap(10, 10)
    # diagonal (1), orthogonal (1), diagonal: the second diagonal of the move costs 2
    assert path_cost(board, [(0, 0), (1, 1), (2, 1), (3, 2)]) == 4
    assert find_path(board, (0, 0), (3, 2))[1] == 4  # max 3 + floor(2 / 2)


def test_ruling_18_open_range_is_the_double_rule_distance():
    board = BattleMap(21, 21)
    reach = movement_range(board, (10, 10), 6)
    expected = {
        (x, y)
        for x in range(21)
        for y in range(21)
        if distance((10, 10), (x, y), diagonal="double") <= 6
    }
    assert set(reach) == expected
    assert all(cost == distance((10, 10), tile) for tile, cost in reach.items())


@pytest.mark.parametrize("kind", ["difficult", "shallow-water", "rocky", "mud", "swamp", "water"])
def test_ruling_18_difficult_kinds_and_deep_water_double_the_entering_cost(kind):
    board = BattleMap(5, 5)
    board.set_terrain((1, 0), kind)
    assert path_cost(board, [(0, 0), (1, 0)]) == 2
    board.set_terrain((1, 1), kind)
    assert path_cost(board, [(0, 0), (1, 1)]) == 2  # first diagonal: 1 x 2
    board.set_terrain((2, 2), kind)
    assert path_cost(board, [(0, 0), (1, 1), (2, 2)]) == 6  # 1 x 2 + 2 x 2


def test_ruling_18_soft_ground_costs_like_normal():
    board = BattleMap(3, 1)
    board.set_terrain((1, 0), "soft")
    assert path_cost(board, [(0, 0), (1, 0)]) == 1


def test_ruling_18_no_diagonal_past_the_corner_of_a_blocked_tile():
    board = BattleMap(4, 4)
    board.set_terrain((1, 0), "blocked")
    assert path_cost(board, [(0, 0), (1, 1)]) is None
    path, cost = find_path(board, (0, 0), (1, 1))
    assert path == [(0, 0), (0, 1), (1, 1)] and cost == 2


def test_ruling_18_no_diagonal_past_the_end_of_a_wall():
    board = BattleMap(4, 4)
    board.walls.append(Wall((1, 0), (1, 1)))  # between (0, 0) and (1, 0), ending at the corner
    assert path_cost(board, [(0, 0), (1, 1)]) is None
    assert path_cost(board, [(0, 0), (1, 0)]) is None
    assert find_path(board, (0, 0), (1, 1))[1] == 2


def test_ruling_18_search_keeps_both_parities_where_needed():
    # Reaching (2, 2) with an odd diagonal count can be cheaper later than the even label:
    # the search must keep both labels, or it misprices the path through difficult ground.
    board = BattleMap(8, 8)
    for tile in [(3, 3), (5, 5)]:
        board.set_terrain(tile, "difficult")
    search = MovementSearch(board, (0, 0), None)
    for goal in [(4, 4), (5, 5), (6, 6), (7, 7)]:
        assert search.cost(goal) == find_path(board, (0, 0), goal)[1]
        assert path_cost(board, search.path_to(goal)) == search.cost(goal)


def test_ruling_19_circle_on_open_ground_is_exactly_the_circle():
    board = BattleMap(31, 31)
    reach = movement_range(board, (15, 15), 6, diagonal="circle")
    expected = {(x, y) for x in range(31) for y in range(31) if (x - 15) ** 2 + (y - 15) ** 2 <= 36}
    assert set(reach) == expected
    assert reach[(19, 19)] == 4  # king moves: every step 1


def test_ruling_19_circle_also_needs_the_king_move_cost_within_speed():
    board = BattleMap(15, 15)
    for x in range(15):
        board.set_terrain((x, 5), "mud")  # a band of difficult ground 2 tiles north
    reach = movement_range(board, (7, 7), 4, diagonal="circle")
    assert (7, 3) in {
        (x, y) for x in range(15) for y in range(15) if (x - 7) ** 2 + (y - 7) ** 2 <= 16
    }
    assert (7, 3) not in reach  # 1 + 2 (mud) + 1 + 1 = 5 > 4
    assert reach[(7, 4)] == 4


def test_ruling_20_climbing_costs_the_height_difference():
    board = BattleMap(5, 1)
    board.set_elevation((1, 0), 1)
    board.set_elevation((2, 0), 2)
    assert path_cost(board, [(0, 0), (1, 0)]) == 2
    assert path_cost(board, [(0, 0), (1, 0), (2, 0)]) == 4
    assert path_cost(board, [(2, 0), (1, 0), (0, 0)]) == 4  # down costs the same


def test_ruling_20_a_cliff_of_two_or_more_is_never_crossed_automatically():
    board = BattleMap(6, 6)
    for y in range(6):
        for x in range(3, 6):
            board.set_elevation((x, y), 2)
    assert find_path(board, (0, 0), (5, 5)) is None
    assert find_path(board, (5, 5), (0, 0)) is None  # nor down
    assert all(x < 3 for x, _ in movement_range(board, (0, 0), 30))
    board.set_elevation((2, 3), 1)  # a step halfway up opens a way
    path, cost = find_path(board, (0, 3), (5, 3))
    assert (2, 3) in path and cost == 5 + 2


def test_ruling_21_enemies_block_and_allies_are_passed_not_ended_on():
    board = BattleMap(7, 3)
    for x in range(7):
        board.set_terrain((x, 0), "blocked")
        board.set_terrain((x, 2), "blocked")
    assert find_path(board, (0, 1), (6, 1), enemies=[(3, 1)]) is None
    path, cost = find_path(board, (0, 1), (6, 1), allies=[(3, 1)])
    assert (3, 1) in path and cost == 6
    reach = movement_range(board, (0, 1), 6, allies=[(3, 1)])
    assert (3, 1) not in reach and (4, 1) in reach
    assert find_path(board, (0, 1), (3, 1), allies=[(3, 1)]) is None
    reach = movement_range(board, (0, 1), 6, enemies=[(3, 1)])
    assert set(reach) == {(0, 1), (1, 1), (2, 1)}


def test_walls_block_and_an_open_door_lets_through():
    board = BattleMap(6, 6)
    board.walls.append(Wall((3, 0), (3, 2)))
    board.walls.append(Wall((3, 3), (3, 6)))
    board.doors.append(Door((3, 2), (3, 3), closed=True))
    graph = movement_graph(board)
    assert find_path(board, (0, 2), (5, 2)) is None
    board.set_door_closed(0, False)
    assert movement_graph(board) is graph  # updated in place, not rebuilt
    path, cost = find_path(board, (0, 2), (5, 2))
    assert cost == 5 and (2, 2) in path and (3, 2) in path
    board.set_door_closed(0, True)
    assert find_path(board, (0, 2), (5, 2)) is None


def test_graph_updates_in_place_match_a_rebuild():
    board = BattleMap(12, 12)
    graph = movement_graph(board)
    board.set_terrain((4, 4), "blocked")
    board.set_elevation((7, 7), 3)
    board.walls.append(Wall((2, 0), (2, 5.5)))
    board.doors.append(Door((9, 9), (10, 10)))
    board.set_terrain((4, 4), "mud")
    del board.walls[0]
    board.walls.append(Wall((0.2, 8.7), (6.3, 8.1)))
    assert movement_graph(board) is graph
    assert edges(graph) == edges(rebuild_movement_graph(board))


def test_a_big_token_needs_room_for_all_its_tiles():
    board = BattleMap(8, 8)
    for y in range(8):
        if y not in (3, 4):
            board.set_terrain((4, y), "blocked")
    path, cost = find_path(board, (0, 3), (6, 3), footprint=2)
    assert cost == 6
    board.set_terrain((4, 4), "blocked")  # only a 1-tile gap left
    assert find_path(board, (0, 3), (6, 3), footprint=2) is None
    assert find_path(board, (0, 3), (6, 3), footprint=1) is not None


def test_a_big_token_pays_for_difficult_ground_under_any_of_its_tiles():
    board = BattleMap(6, 4)
    board.set_terrain((2, 1), "mud")
    assert path_cost(board, [(0, 0), (1, 0)], footprint=2) == 2  # its right column enters mud
    assert path_cost(board, [(0, 2), (1, 2)], footprint=2) == 1
    assert find_path(board, (0, 0), (0, 2), enemies=[(1, 3)], footprint=2) is None


def test_search_is_bounded_by_speed():
    board = BattleMap(200, 200)
    search = MovementSearch(board, (100, 100), 6)
    assert search.explored == len(search.reachable) == 121
    boxed = BattleMap(200, 200)
    for tile in [(9, 9), (10, 9), (11, 9), (9, 10), (11, 10), (9, 11), (10, 11), (11, 11)]:
        boxed.set_terrain(tile, "blocked")
    assert MovementSearch(boxed, (10, 10), 30).explored == 1


def test_drag_reads_paths_from_one_search():
    board = BattleMap(20, 20)
    board.set_terrain((5, 5), "water")
    search = MovementSearch(board, (2, 2), 6, allies=[(4, 2)], enemies=[(2, 5)], limit=40)
    for goal in [(8, 8), (12, 3), (5, 5), (19, 19)]:
        path = search.path_to(goal)
        assert path[0] == (2, 2) and path[-1] == goal
        assert (
            path_cost(board, path)
            == search.cost(goal)
            == find_path(board, (2, 2), goal, allies=[(4, 2)], enemies=[(2, 5)])[1]
        )
    assert search.why_not((4, 3)) is None
    assert "ally" in search.why_not((4, 2)) and search.path_to((4, 2)) is None
    assert "enemy" in search.why_not((2, 5))
    assert search.why_not((19, 19)).startswith("too far")
    assert (19, 19) not in search.reachable and (4, 3) in search.reachable


def test_drag_search_reports_circle_limits():
    board = BattleMap(20, 20)
    search = MovementSearch(board, (10, 10), 4, diagonal="circle", limit=10)
    assert search.cost((13, 13)) == 3
    assert "circle" in search.why_not((13, 13))
    assert search.why_not((12, 13)) is None


def test_bad_movement_requests_are_refused():
    board = BattleMap(5, 5)
    with pytest.raises(MovementError):
        movement_range(board, (9, 9), 3)
    with pytest.raises(MovementError):
        movement_range(board, (0, 0), 3, diagonal="hex")
    with pytest.raises(MovementError):
        movement_range(board, (0, 0), -1)
    with pytest.raises(MovementError):
        find_path(board, (0, 0), (5, 0))
    with pytest.raises(MovementError):
        movement_range(board, (4, 4), 3, footprint=2)


def test_start_is_in_range_at_zero_and_blocked_goal_has_no_path():
    board = BattleMap(5, 5)
    board.set_terrain((3, 3), "blocked")
    assert movement_range(board, (1, 1), 0) == {(1, 1): 0}
    assert find_path(board, (1, 1), (1, 1)) == ([(1, 1)], 0.0)
    assert find_path(board, (1, 1), (3, 3)) is None


def test_built_graph_has_exactly_the_legal_steps():
    import random

    rng = random.Random(5)
    board = BattleMap(40, 30)
    for _ in range(300):
        pos = (rng.randrange(40), rng.randrange(30))
        board.set_terrain(pos, rng.choice(["blocked", "mud", "water", "normal"]))
        board.set_elevation(pos, rng.choice([0, 1, 2, 3, -2]))
    for _ in range(40):
        x, y = rng.uniform(0, 40), rng.uniform(0, 30)
        board.walls.append(Wall((x, y), (x + rng.uniform(-4, 4), y + rng.uniform(-4, 4))))
    graph = movement_graph(board)
    legal = {
        frozenset([(x, y), (x + dx, y + dy)])
        for x in range(40)
        for y in range(30)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1))
        if graph.passable((x, y), (x + dx, y + dy))
    }
    assert edges(graph) == legal
    assert graph.graph.number_of_nodes() == 40 * 30


def test_a_drag_search_knows_when_the_map_changed_under_it():
    board = BattleMap(10, 10)
    search = MovementSearch(board, (0, 0), 5)
    board.set_cover((3, 3), "half")  # cover does not change movement
    assert not search.stale
    board.set_terrain((3, 3), "mud")
    assert search.stale
    assert not MovementSearch(board, (0, 0), 5).stale
