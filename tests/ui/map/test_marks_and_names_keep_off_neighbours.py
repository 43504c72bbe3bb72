"""A token's round marks and the selected token's whole name never cover a neighbouring token:
measured as scene rects against the other tokens' discs, at fit zoom, on the bundled sample
encounter and on the goblin hideout a GM imports, with creatures standing side by side."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.event_loop import layout_settled
from helpers.real_screens import SCREENS, first_run_window

from drase_desktop.board.content_bounds import content_bounds
from drase_desktop.encounter import Combatant
from drase_desktop.ui.map.token_item import TokenItem

HIDEOUT = Path("/work/shared/samples/uvtt-corpus/resaved-0.3-mimir-goblin-hideout.dd2vtt")


def disc(item: TokenItem):
    return item.mapToScene(item.shape()).boundingRect()


def plate(item: TokenItem):
    return item.marks.mapToScene(item._marks_plate()[0]).boundingRect()


def covered_by(rect, items: dict[str, TokenItem], but: str) -> list[str]:
    return [cid for cid, other in items.items() if cid != but and rect.intersects(disc(other))]


def a_column_of_goblins(window, count: int = 3) -> list[str]:
    """Goblins one under the other and one beside them: neighbours on every side."""
    battle_map = window.model.encounter.battle_map
    taken = {c.position for c in window.model.encounter.combatants.values()}

    def free(tile) -> bool:
        inside = battle_map.in_bounds(tile) and battle_map.terrain(tile) == "normal"
        return inside and tile not in taken

    # Among the rooms, where a GM places them (the hideout's sheet round them is empty).
    x0, y0, x1, y1 = content_bounds(battle_map) or (0, 0, battle_map.width, battle_map.height)
    start = next(
        (x, y)
        for y in range(y0, y1)
        for x in range(x0, x1)
        if all(free((x, y + dy)) for dy in range(count)) and free((x + 1, y))
    )
    x, y = start
    tiles = [(x, y + dy) for dy in range(count)] + [(x + 1, y)]
    ids = []
    for n, tile in enumerate(tiles):
        goblin = Combatant(f"gob{n}", f"Goblin Skirmisher {n}", "gm", position=tile, hp=7)
        window.model.apply(lambda e, g=goblin: e.add_combatant(g))
        ids.append(goblin.id)
    return ids


def in_a_fight(window) -> list[str]:
    ids = a_column_of_goblins(window)
    encounter = window.model.encounter
    if not encounter.started:
        window.model.try_apply(lambda e: e.advance())
    while encounter.phase.actors != "gm":  # the goblins must act: each gets its marks
        window.model.try_apply(lambda e: e.advance())
    for cid in ids[:2]:
        window.model.apply(lambda e, cid=cid: e.declare(cid, actions=["attack"]))
    window.map_view.fit_to_window()
    layout_settled(window)
    return ids


@pytest.fixture(params=list(SCREENS))
def screen(request) -> str:
    return request.param


@pytest.fixture(params=[None, HIDEOUT], ids=["sample", "hideout"])
def fight(request, qtbot, screen):
    """A window at first run on `screen` with the bundled sample or the imported hideout, in
    the GM's phase with a column of goblins fitted in view: (window, the goblins' ids)."""
    path = request.param
    if path is not None and not path.exists():
        pytest.skip("the shared UVTT samples are absent")
    window = first_run_window(qtbot, SCREENS[screen], path)
    return window, in_a_fight(window)


def test_round_marks_never_cover_a_neighbouring_token(fight) -> None:
    window, ids = fight
    items = window.map_view.map_scene.token_items
    marked = [cid for cid, item in items.items() if item.mark_signs and item.marks.isVisible()]
    assert set(ids) <= set(marked)
    for cid in marked:
        assert not covered_by(plate(items[cid]), items, cid), f"{cid}'s marks cover a token"


def test_the_selected_name_never_covers_a_neighbouring_token(fight) -> None:
    window, _ids = fight
    scene = window.map_view.map_scene
    items = scene.token_items
    view = window.map_view
    for cid in items:
        window.model.select(cid)
        label = scene.name_label
        assert label.isVisible() and label.shown_text
        box = view.mapToScene(label.screen_rect().toAlignedRect()).boundingRect()
        assert not covered_by(box, items, cid), f"{cid}'s name covers a token"
        # Beside its token: its nearest edge within a tile of the token's disc.
        reach = disc(items[cid]).width()
        assert box.adjusted(-reach, -reach, reach, reach).intersects(disc(items[cid]))
