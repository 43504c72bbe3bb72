"""A 500 x 500 map: how long it takes to open (file and movement graph) and the memory it holds.

Measured in a fresh interpreter so the figure is the map's own: resident memory before and after
opening. Baseline in the same run: opening the file alone, without the graph.
"""

import json
import subprocess
import sys
import textwrap

import pytest
from helpers.board_bench_map import benchmark_map

from drase_desktop.board import load_map, movement_graph, save_map
from drase_desktop.board.grid_graph import rebuild_movement_graph

LARGE = 500


@pytest.fixture(scope="module")
def large_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("large") / "large.drase-map"
    save_map(benchmark_map(LARGE, seed=11), path)
    return path


def test_board_large_open_with_graph(benchmark, large_file):
    def open_map():
        board = load_map(large_file)
        movement_graph(board)
        return board

    board = benchmark.pedantic(open_map, rounds=2)
    assert board.width == LARGE


def test_board_large_whole_graph(benchmark, large_file):
    """Every step of the 500 x 500 map worked out (what a search over the whole map needs;
    most searches work out only the bands they reach). Reference: opening the file below."""
    board = load_map(large_file)
    graph = benchmark.pedantic(rebuild_movement_graph, args=(board,), rounds=3, iterations=1)
    assert len(graph.steps) == LARGE * LARGE


def test_board_large_open_file_only(benchmark, large_file):
    board = benchmark.pedantic(load_map, args=(large_file,), rounds=2)
    assert board.width == LARGE


def test_board_large_map_memory_stays_under_500_mb(benchmark, large_file):
    script = textwrap.dedent(
        f"""
        import json, time
        def status(field):
            # VmHWM, not ru_maxrss: the latter keeps the forking parent's peak across exec.
            with open("/proc/self/status") as lines:
                for line in lines:
                    if line.startswith(field + ":"):
                        return int(line.split()[1]) * 1024
        def rss():
            return status("VmRSS")
        import networkx
        from drase_desktop.board import load_map, movement_graph, movement_range
        before = rss()
        start = time.perf_counter()
        board = load_map({str(large_file)!r})
        loaded = time.perf_counter()
        loaded_rss = rss()
        movement_graph(board).ensure_all()
        built = time.perf_counter()
        graph_rss = rss()
        movement_range(board, (250, 250), 30)
        print(json.dumps({{"rss_before": before, "rss_after": rss(),
                          "rss_loaded": loaded_rss, "rss_graph": graph_rss,
                          "peak": status("VmHWM"),
                          "load_s": loaded - start, "graph_s": built - loaded}}))
        """
    )

    def measure():
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        )
        return json.loads(out.stdout)

    figures = benchmark.pedantic(measure, rounds=1)
    held = (figures["rss_after"] - figures["rss_before"]) / 2**20
    graph_mb = (figures["rss_graph"] - figures["rss_loaded"]) / 2**20
    benchmark.extra_info.update(
        {
            "map_mb": round(held, 1),
            "graph_mb": round(graph_mb, 1),
            "process_peak_mb": round(figures["peak"] / 2**20, 1),
            "load_s": round(figures["load_s"], 3),
            "graph_s": round(figures["graph_s"], 3),
        }
    )
    print(
        f"\n500 x 500: map + graph hold {held:.0f} MB (the whole graph {graph_mb:.1f} MB);"
        f" process peak {figures['peak'] / 2**20:.0f}"
        f" MB; file {figures['load_s']:.2f} s, graph {figures['graph_s']:.2f} s"
    )
    assert figures["peak"] < 500 * 2**20
