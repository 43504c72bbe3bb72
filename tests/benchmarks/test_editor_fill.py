"""Flood-filling a whole 200 x 200 map with mud in the editor, and undoing it, in the window.

The real path: the fill tool's flood (`flood_tiles`), the gesture painting the live map
(`MapEdit.paint`, the movement graph following it), the scene repainting the changed tiles, the
gesture pushed as one undo command (the map reloads), and the view painting; then Ctrl+Z.

Reference in the same run: finding the tiles alone (`flood_tiles`).
"""

from __future__ import annotations

import itertools

import pytest
from helpers.bench_window import fill_from_the_corner
from helpers.big_battle import big_battle

from drase_desktop.board import movement_graph
from drase_desktop.encounter.map_edits import flood_tiles
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView


def _open_floor_view(qapp):
    encounter = big_battle()
    battle_map = encounter.battle_map
    # One open floor: the fill reaches every tile that is not blocked or walled off.
    for tile in battle_map.positions():
        battle_map.set_terrain(tile, "normal")
    battle_map.walls = []
    battle_map.doors = []
    model = EncounterModel(encounter)
    model.select(next(iter(encounter.combatants)))
    view = MapView(model)
    view.resize(1280, 800)
    view.show()
    qapp.processEvents()
    return view


@pytest.fixture(scope="module")
def view(qapp):
    view = _open_floor_view(qapp)
    movement_graph(view.map_scene.battle_map)
    qapp.processEvents()
    yield view
    view.close()


def test_flood_fill_whole_map_in_the_window(benchmark, view, qapp):
    kinds = itertools.cycle(["mud", "normal"])
    changed = benchmark.pedantic(
        lambda: fill_from_the_corner(view, qapp, next(kinds)), rounds=4, iterations=1
    )
    assert changed > 100 * 100


def test_flood_fill_undo_in_the_window(benchmark, view, qapp):
    model = view.map_scene.model

    def setup():
        fill_from_the_corner(
            view, qapp, "mud" if view.map_scene.battle_map.terrain((0, 0)) != "mud" else "normal"
        )
        return (), {}

    def undo():
        model.undo_stack.undo()
        qapp.processEvents()

    benchmark.pedantic(undo, setup=setup, rounds=4, iterations=1)


def test_flood_fill_reference_finding_the_tiles_alone(benchmark, view):
    battle_map = view.map_scene.battle_map
    tiles = benchmark.pedantic(flood_tiles, args=(battle_map, (0, 0), "terrain"), rounds=4)
    assert len(tiles) > 100 * 100


def test_flood_fill_as_the_first_edit_after_opening(benchmark, qapp):
    """The goal's own case: the fill is the first thing done on a freshly opened map, its
    movement graph not yet made (the reach of the selected token waits for it)."""
    views = []

    def setup():
        views.append(_open_floor_view(qapp))
        return (views[-1], qapp, "mud"), {}

    changed = benchmark.pedantic(fill_from_the_corner, setup=setup, rounds=4, iterations=1)
    assert changed > 100 * 100
    for view in views:
        view.close()
