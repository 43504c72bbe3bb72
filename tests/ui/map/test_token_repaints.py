"""A token keeps its painted look until what it shows changes, and its bounds follow its size.

Qt keeps each token's picture (its item cache); the scene hands tokens their combatants again
on every change, so one told of an unchanged combatant must not throw its picture away, and one
whose combatant changed must show the change."""

from __future__ import annotations

import pytest
from helpers.map_helpers import shown_view
from helpers.view_frames import frame_of
from PySide6.QtCore import QPointF

from drase_desktop.ui.map.token_item import TokenItem


@pytest.fixture
def painted(monkeypatch) -> list[str]:
    """The ids of the tokens painted, in order, from now on."""
    painted: list[str] = []
    paint = TokenItem.paint

    def counting_paint(self, painter, option, widget=None):
        painted.append(self.combatant_id)
        paint(self, painter, option, widget)

    monkeypatch.setattr(TokenItem, "paint", counting_paint)
    return painted


def test_an_unchanged_combatant_keeps_its_tokens_picture(qtbot, painted):
    view = shown_view(qtbot)
    model = view.model
    before = frame_of(view)
    assert set(painted) == {"aria", "bram", "gob1", "ogre"}
    painted.clear()
    model.notify(list(model.encounter.combatants))
    assert frame_of(view) == before
    assert painted == []


def test_a_change_of_hp_repaints_that_token_alone(qtbot, painted):
    view = shown_view(qtbot)
    model = view.model
    before = frame_of(view)
    painted.clear()
    model.encounter.combatants["gob1"].hp = 1
    model.notify(list(model.encounter.combatants))
    after = frame_of(view)
    assert after != before
    assert painted == ["gob1"]


def test_a_bigger_creature_covers_its_new_tiles(qtbot):
    view = shown_view(qtbot)
    scene = view.map_scene
    model = view.model
    geometry = scene.geometry
    far_tile = geometry.tile_centre((2, 5))  # Bram stands on (2, 4); a large one takes (2, 5)
    assert scene.token_at(far_tile) is None
    model.encounter.combatants["bram"].size = 4
    model.notify(["bram"])
    token = scene.token_items["bram"]
    assert token.footprint == 2
    side = geometry.length(2)
    assert token.sceneBoundingRect().size().width() == pytest.approx(side + 8)
    assert token.sceneBoundingRect().contains(QPointF(far_tile))
    assert scene.token_at(far_tile) is token
