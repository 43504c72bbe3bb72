"""Where the window once priced or allowed a move its own way and the encounter disagreed."""

from __future__ import annotations

from helpers.map_helpers import shown_view
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_token_drag import at, press, reported, view_reporting

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter


def shift_move(view, tile) -> None:
    """The mouse moved over `tile` with Shift held (QTest's moves carry no modifier)."""
    point = QPointF(at(view, tile))
    viewport = view.viewport()
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        QPointF(viewport.mapToGlobal(point.toPoint())),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ShiftModifier,
    )
    QApplication.sendEvent(viewport, event)


def test_ruling_27_an_arrow_nudge_is_priced_with_the_rounds_diagonal_parity(qtbot):
    """After one diagonal this round the next one costs 2: a nudge that the ground sends round
    by a diagonal is priced as the encounter charges it, not as a fresh move."""
    battle_map = BattleMap(12, 12)
    # (2, 2) stands 2 up and (3, 2) on the ground: a cliff between them. The way round steps
    # down onto (3, 3) (height 1) by a diagonal, then climbs down to (3, 2).
    for tile in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]:
        battle_map.set_elevation(tile, 2)
    for tile in [(3, 1), (3, 3)]:
        battle_map.set_elevation(tile, 1)
    scout = Combatant(id="a", name="Scout", side="players", position=(1, 1), speed=8)
    encounter = Encounter(battle_map, [scout])
    encounter.start()
    encounter.move("a", [(1, 1), (2, 2)])  # the round's first diagonal: the next one costs 2
    view, messages = view_reporting(qtbot, encounter, 700, 700)
    view.setFocus()
    view.model.select("a")
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert scout.position == (3, 2)
    charged = encounter.declaration("a").moved - 1
    assert charged == 5  # a diagonal at 2, a climb of 1, a step of 1 and a climb of 1
    assert messages[-1] == "Scout moved to (3, 2): 5 tiles, 10 m."


def test_a_forced_drag_onto_blocked_ground_previews_as_refused(qtbot):
    """Shift forces a move past speed and walls, never onto blocked ground: the encounter
    refuses that for every move, so the preview says so before the drop."""
    view = shown_view(qtbot)
    messages = reported(view)
    scene = view.map_scene
    shift = Qt.KeyboardModifier.ShiftModifier
    press(view, (2, 4), shift)  # Bram, next to the pillar at (3, 4)
    shift_move(view, (3, 4))
    assert scene.tool.drag_target == (3, 4)
    assert scene.drag_label.warning
    assert scene.drag_label.text == "Cannot end on (3, 4): the ground is blocked."
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, shift, at(view, (3, 4)))
    assert view.model.encounter.combatants["bram"].position == (2, 4)
    assert messages[-1] == "Cannot end on (3, 4): the ground is blocked."
