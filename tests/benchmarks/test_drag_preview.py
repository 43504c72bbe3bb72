"""The time from a mouse move to an updated path preview while dragging a token.

The real thing: each mouse move asks the core's move check about the tile under the token (it
reads the one movement search the drag's start made, shared) and updates the preview and its
cost label. The baseline in the same run is the naive drag: a new movement search on every
mouse move (a fresh one, not the map's kept search for the same terms). Both run on the
200 x 200 benchmark battle with 300 tokens; each move alternates between two tiles so every call
really changes the preview. A third measure adds the repaint of what changed.
"""

from __future__ import annotations

import re

import pytest
from helpers.big_battle import big_battle
from helpers.drag_bench import back_and_forth, start_drag
from PySide6.QtWidgets import QApplication

from drase_desktop.board import MovementSearch
from drase_desktop.encounter.geometry import others
from drase_desktop.encounter.move_check import priced_search


@pytest.fixture(scope="module")
def dragging(qapp):
    _, view, targets, points = start_drag(qapp, big_battle())
    yield view, targets, points
    view.map_scene.tool.cancel()
    view.close()


def test_drag_update_from_one_search(benchmark, dragging):
    view, targets, points = dragging
    tool = view.map_scene.tool
    benchmark(back_and_forth(tool, points))
    assert tool.drag_target in targets
    assert view.map_scene.path_preview.path[-1] == tool.drag_target
    # "3 tiles, 6 m (speed 6: 3 left)", or through rough ground
    # "6 tiles of movement (10 m), speed 6: 0 left".
    assert re.search(r"speed 6: \d+ left\)?$", view.map_scene.drag_label.text)


def test_drag_update_and_repaint(benchmark, dragging):
    view, _, points = dragging
    move = back_and_forth(view.map_scene.tool, points)

    def move_and_paint() -> None:
        move()
        QApplication.processEvents()

    benchmark(move_and_paint)


def _fresh_priced_search(encounter, combatant) -> MovementSearch:
    """A new search with the terms `priced_search` gives, never the map's kept one: what a
    drag searching at every mouse move would pay."""
    shared = priced_search(encounter, combatant)
    enemies, allies = others(encounter, combatant)
    return MovementSearch(
        encounter.battle_map,
        shared.start,
        shared.speed,
        diagonal=shared.diagonal,
        enemies=enemies,
        allies=allies,
        footprint=shared.footprint,
        limit=shared.limit,
        start_parity=shared.start_parity,
        circle_centre=shared.circle_centre,
        circle_radius=shared.circle_radius,
    )


def test_drag_baseline_search_per_move(benchmark, dragging):
    view, targets, points = dragging
    scene = view.map_scene
    encounter = view.model.encounter
    combatant = encounter.combatants["c0"]
    state = {"i": 0}
    fresh = _fresh_priced_search(encounter, combatant)
    assert fresh is not priced_search(encounter, combatant)
    assert fresh.reachable == priced_search(encounter, combatant).reachable

    def naive_move() -> None:
        state["i"] ^= 1
        target = targets[state["i"]]
        search = _fresh_priced_search(encounter, combatant)
        path = search.path_to(target)
        scene.path_preview.set_path(path, len(path), 1)
        scene.drag_label.show_text(
            f"{search.cost(target)} tiles", scene.geometry.tile_centre(target)
        )

    benchmark(naive_move)
