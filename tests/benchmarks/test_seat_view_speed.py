"""A seat's view on a 500 x 500 map (the board benchmarks' map, half of it fogged), made for
one phone (`seat_view`) and for six (`seat_views`, the ground worked out once), beside two
references measured in the same run: writing the same view as the JSON text the server sends
(a cost the server pays anyway), and the TV's decision of which tokens and wall pieces the
players see (the projection the view is built on)."""

from __future__ import annotations

import json

import pytest
from helpers.board_bench_map import benchmark_map

from drase_desktop.encounter import Combatant, Encounter
from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.player_projection import visible_combatants, wall_pieces
from drase_desktop.encounter.seat_view import seat_view, seat_views

SIDE = 500
SEATS = 6


@pytest.fixture(scope="module")
def fight() -> Encounter:
    board = benchmark_map(SIDE)
    for i in range(0, SIDE, 3):
        board.set_elevation((i, i), 2)
        board.set_cover((i, SIDE - 1 - i), "half")
    players = [
        Combatant(
            f"pc{i}",
            f"Player {i}",
            "players",
            is_player_character=True,
            position=(200 + 2 * i, 250),
        )
        for i in range(SEATS)
    ]
    others = [
        Combatant(f"g{i}", f"Goblin {i}", "gm", position=(100 + 7 * i, 300)) for i in range(40)
    ]
    encounter = Encounter(board, [*players, *others])
    fog = Fog.for_map(board, revealed=False)
    fog.rectangle((0, 0), (SIDE - 1, SIDE // 2), reveal=True)
    encounter.fog = fog
    encounter.advance()
    return encounter


def test_seat_view_one_phone(benchmark, fight):
    view = benchmark(seat_view, fight, "pc0")
    assert len(view["map"]["terrain"]) == SIDE


def test_seat_view_six_phones(benchmark, fight):
    def every_seat() -> int:
        return sum(len(view["map"]["creatures"]) for view in seat_views(fight).values())

    assert benchmark(every_seat) > 0


def test_seat_view_reference_json_text_of_the_view(benchmark, fight):
    view = seat_view(fight, "pc0")
    text = benchmark(json.dumps, view)
    assert len(text) > SIDE * SIDE


def test_seat_view_reference_tv_projection(benchmark, fight):
    def projection() -> int:
        return len(visible_combatants(fight, fight.fog)) + len(
            wall_pieces(fight.battle_map, fight.fog)
        )

    assert benchmark(projection) > 0
