"""Opening (file and movement graph) and saving the 200 x 200 benchmark map.

Baselines in the same run: a naive one-object-per-tile JSON file, and a movement graph built the
plain networkx way (add_edge with an attribute dict per edge, each step checked on its own).
"""

import json

import pytest
from helpers.board_bench_map import benchmark_map

from drase_desktop.board import BattleMap, load_map, movement_graph, save_map
from drase_desktop.board.grid_graph import MovementGraph, TileGraph


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    board = benchmark_map()
    folder = tmp_path_factory.mktemp("board-file")
    path = folder / "bench.drase-map"
    save_map(board, path)
    naive = folder / "bench.naive.json"
    naive.write_text(json.dumps(naive_document(board)))
    return board, path, naive


def naive_document(board):
    return {
        "width": board.width,
        "height": board.height,
        "tiles": [
            {
                "x": x,
                "y": y,
                "terrain": board.terrain((x, y)),
                "elevation": board.elevation((x, y)),
                "cover": board.cover_feature((x, y)),
                "obscuration": board.obscuration((x, y)),
            }
            for x, y in board.positions()
        ],
        "walls": [[*w.start, *w.end] for w in board.walls],
    }


def naive_load(path):
    document = json.loads(path.read_text())
    board = BattleMap(document["width"], document["height"])
    for tile in document["tiles"]:
        pos = (tile["x"], tile["y"])
        board.set_terrain(pos, tile["terrain"])
        board.set_elevation(pos, tile["elevation"])
        board.set_cover(pos, tile["cover"])
        board.set_obscuration(pos, tile["obscuration"])
    return board


class PlainGraph(MovementGraph):
    """The plain networkx build: every neighbour pair judged alone, one dict per edge."""

    def _build(self):
        board = self.battle_map
        self.graph = graph = __import__("networkx").Graph()
        graph.add_nodes_from(board.positions())
        for x, y in board.positions():
            for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                if self.passable((x, y), (x + dx, y + dy)):
                    graph.add_edge((x, y), (x + dx, y + dy), diagonal=bool(dx and dy))


def test_board_open_map_file_and_graph(benchmark, saved):
    board, path, _ = saved

    def open_map():
        loaded = load_map(path)
        movement_graph(loaded)
        return loaded

    loaded = benchmark(open_map)
    assert loaded.width == board.width and loaded.walls == board.walls


def test_board_open_file_only(benchmark, saved):
    _, path, _ = saved
    benchmark(load_map, path)


def test_board_open_file_baseline_one_object_per_tile(benchmark, saved):
    board, _, naive = saved
    loaded = benchmark(naive_load, naive)
    assert loaded.terrain((5, 5)) == board.terrain((5, 5))


def test_board_build_graph(benchmark, saved):
    board, _, _ = saved
    built = benchmark(MovementGraph, board, follow=False)
    assert isinstance(built.graph, TileGraph)


def test_board_build_graph_baseline_plain_networkx(benchmark, saved):
    board, _, _ = saved
    plain = benchmark.pedantic(PlainGraph, args=(board,), kwargs={"follow": False}, rounds=3)
    fast = MovementGraph(board, follow=False)
    assert {frozenset(e) for e in plain.graph.edges()} == {frozenset(e) for e in fast.graph.edges()}


def test_board_save_map(benchmark, saved, tmp_path):
    board, _, _ = saved
    benchmark(save_map, board, tmp_path / "out.drase-map")
    assert load_map(tmp_path / "out.drase-map").width == board.width


def test_board_save_baseline_one_object_per_tile(benchmark, saved, tmp_path):
    board, _, _ = saved

    def naive_save():
        (tmp_path / "out.json").write_text(json.dumps(naive_document(board)))

    benchmark(naive_save)
