"""A GM's drag under way on a map view, for the drag benchmarks: the view at 1600 x 1000 and
40 px a tile, centred on the mover, its token pressed, and two far tiles it may reach to move
between (so every mouse move really changes the preview)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, Qt

from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.move_check import priced_search
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView

NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def free_targets(encounter: Encounter, mover_id: str, count: int = 2) -> list[tuple[int, int]]:
    """The `count` tiles the mover reaches at the highest cost (never its own)."""
    combatant = encounter.combatants[mover_id]
    search = priced_search(encounter, combatant)
    found = [
        tile
        for tile, _ in sorted(search.reachable.items(), key=lambda item: -item[1])
        if tile != combatant.position and search.path_to(tile)
    ]
    return found[:count]


def start_drag(
    qapp: Any, encounter: Encounter, mover_id: str = "c0"
) -> tuple[EncounterModel, MapView, list[tuple[int, int]], list[QPointF]]:
    """The model, the view with the drag begun, the two target tiles and their scene points."""
    model = EncounterModel(encounter)
    view = MapView(model)
    view.resize(1600, 1000)
    view.show()
    qapp.processEvents()
    scene = view.map_scene
    view.zoom_by(40.0 / view.tile_pixels())
    view.centre_on_token(mover_id)
    targets = free_targets(encounter, mover_id)
    assert len(targets) == 2
    geometry = scene.geometry
    start = geometry.tile_centre(encounter.combatants[mover_id].position)
    scene.tool.press(start, Qt.MouseButton.LeftButton, NO_MODIFIER)
    assert scene.tool.dragging
    return model, view, targets, [geometry.tile_centre(tile) for tile in targets]


def back_and_forth(tool: Any, points: list[QPointF]) -> Callable[[], None]:
    """A mouse move of the drag that goes to the other of the two points at each call, so every
    move really changes the preview."""
    turns = itertools.cycle((1, 0))

    def move() -> None:
        tool.move(points[next(turns)], NO_MODIFIER)

    return move
