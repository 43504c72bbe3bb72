"""After the first frame of a 500 x 500 encounter with 300 tokens: what the window does next.

Measured: the longest gap in the event loop from the first painted frame until the selected
token's reachable tiles show, and a little past (the movement graph and the first search land
there). Reference in the same run: the longest gap of the same window over the same span once
it has settled (the idle loop). `test_open_large.py` stops at the first frame.
"""

from __future__ import annotations

import pytest
from helpers.bench_window import close_window, opened_at_first_frame
from helpers.loop_gaps import longest_gap
from test_open_large import large_file  # noqa: F401  (the 500 x 500 encounter's file)

SPAN_S = 1.5


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


def test_open_large_longest_gap_after_the_first_frame(benchmark, qapp, large_file):  # noqa: F811
    def after_first_frame():
        window = opened_at_first_frame(qapp, large_file)
        gap = longest_gap(qapp, SPAN_S)
        reach = window.map_view.map_scene.reach_layer.tiles
        close_window(qapp, window)
        return gap, reach

    gaps = []

    def measured():
        gap, reach = after_first_frame()
        assert reach, "the selected token's reach showed within the span"
        gaps.append(gap)

    benchmark.pedantic(measured, rounds=3, iterations=1)
    benchmark.extra_info["longest_gaps_s"] = gaps
    print("\nlongest loop gap after the first frame:", [f"{g * 1000:.1f} ms" for g in gaps])


def test_open_large_reference_settled_window_longest_gap(benchmark, qapp, large_file):  # noqa: F811
    window = opened_at_first_frame(qapp, large_file)
    longest_gap(qapp, SPAN_S)  # let it settle
    gaps = []
    benchmark.pedantic(lambda: gaps.append(longest_gap(qapp, SPAN_S)), rounds=3, iterations=1)
    close_window(qapp, window)
    benchmark.extra_info["longest_gaps_s"] = gaps
    print("\nlongest loop gap of the settled window:", [f"{g * 1000:.1f} ms" for g in gaps])
