"""The TV follows the fight: with Window > "Players' view follows the phase" on, each new phase
frames the creatures acting in it on the player display.

The frame is whole tiles: the tokens of the phase's sides, a tile of ground around them, kept on
the map. It never gives away what the players may not know: only tokens the player display shows
count (`player_visible`: not hidden, on revealed ground or on the players' side), so a frame never
points at a creature in the fog; a phase whose actors the players cannot see leaves the view
where it is. The view is held there (the display stops following the GM), as when the GM drags
the players' view outline; in true scale the display snaps it to whole tiles itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from drase_desktop.encounter.fog import fog_of
from drase_desktop.encounter.player_projection import player_visible
from drase_desktop.ui.table.players_view_frame import find_player_display

# Ground shown around the actors, in tiles.
MARGIN_TILES = 1

Frame = tuple[int, int, int, int]  # x0, y0, x1, y1 in tiles, ends exclusive


def acting_frame(encounter: Any, margin: int = MARGIN_TILES) -> Frame | None:
    """The whole tiles around the creatures acting in the encounter's phase that the players
    can see, or None when there are none."""
    sides = encounter.phase_sides()
    if not sides:
        return None
    fog = fog_of(encounter)
    tiles = [
        tile
        for combatant in encounter.acting_creatures()
        if player_visible(combatant, fog)
        for tile in combatant.tiles()
    ]
    if not tiles:
        return None
    battle_map = encounter.battle_map
    x0 = max(0, min(x for x, _ in tiles) - margin)
    y0 = max(0, min(y for _, y in tiles) - margin)
    x1 = min(battle_map.width, max(x for x, _ in tiles) + 1 + margin)
    y1 = min(battle_map.height, max(y for _, y in tiles) + 1 + margin)
    return (x0, y0, x1, y1)


class PhaseFraming(QObject):
    """The Window menu's setting, and the framing at each phase change."""

    def __init__(self, tools: Any) -> None:
        super().__init__(tools)
        self.tools = tools
        self.model = tools.model
        window = tools.window
        self.action = QAction("Players' view follows the &phase", window)
        self.action.setObjectName("followPhaseAction")
        self.action.setCheckable(True)
        self.action.setStatusTip("Each phase, the TV frames the creatures acting in it")
        self.action.toggled.connect(self._toggled)
        window.addAction(self.action)
        menu = getattr(tools, "window_menu", None)
        if menu is not None:
            menu.addAction(self.action)
        self._phase: tuple[int, int] | None = None
        self.model.roundChanged.connect(self._round_changed)

    def _toggled(self, on: bool) -> None:
        self._phase = None
        if on:
            self.frame_now()

    def _round_changed(self) -> None:
        encounter = self.model.encounter
        phase = (encounter.round, encounter.phase_index)
        if self.action.isChecked() and phase != self._phase:
            self._phase = phase
            self.frame_now()

    def frame_now(self) -> bool:
        """Frame this phase's visible actors on the player display; False if nothing moved."""
        display = find_player_display(self.model)
        frame = acting_frame(self.model.encounter)
        if display is None or frame is None:
            return False
        geometry = display.view.player_scene.geometry
        display.set_following(False)
        display.view.show_rect(geometry.span_rect(*frame))
        return True
