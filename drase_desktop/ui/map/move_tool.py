"""The token tool: click selects, drag moves with a live path and cost, Esc cancels, arrows nudge.

The scene's home tool (`Tool`): the scene hands it mouse and key events.
The window computes no rule of movement: each tile the token is dragged over is asked of the
core's `move_check` (path, cost, the reason when refused) and labelled in the core's words
(`move_words`); the movement search behind it is made once, when the drag starts, and shared.
A drop or an arrow key pushes one `MoveTokenCommand`: the encounter checks the move with the
same `move_check` and makes it, or refuses; a refused move springs back and says why through
the model's `refused` (the window shows a refusal until its cause goes away), what was done
through `statusMessage`.
Dragging on empty ground measures like a ruler; hovering another token while one is selected
shows the line to it with distance, height, cover and obscuration.
A click on a door (or O while hovering it) opens or closes it (`door_clicks`); over a door the
cursor is a pointing hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QCursor

from drase_desktop.board.distance import map_distance, tiles_and_metres
from drase_desktop.encounter.move_check import MoveCheck, MoveRefusalKind, MoveRefused, move_check
from drase_desktop.encounter.move_words import move_words
from drase_desktop.encounter.results import MoveResult
from drase_desktop.encounter.target_preview import target_preview, target_words
from drase_desktop.refusal import Refusal
from drase_desktop.ui.commands import MoveTokenCommand
from drase_desktop.ui.map import z_order
from drase_desktop.ui.map.door_clicks import door_under, open_or_close_door
from drase_desktop.ui.map.grid_geometry import ARROW_STEPS, Tile
from drase_desktop.ui.map.token_item import TokenItem
from drase_desktop.ui.map.tool import Tool, ToolInfo

FORCE_MODIFIER = Qt.KeyboardModifier.ShiftModifier
# O over a door opens or closes it.
DOOR_KEY = Qt.Key.Key_O
# How the window forces a move: the words a forceable refusal ends with.
FORCE_HINT = "hold Shift to force the move"


def label_words(check: MoveCheck) -> str:
    """The drag label for a move check: the core's words, with the window's way to force."""
    return move_words(check, force_hint=FORCE_HINT)


def refusal_words(error: Refusal) -> str:
    """What the status bar says for a refused move: a move check's reason in the core's words
    (with the window's way to force), any other refusal as it reads."""
    if isinstance(error, MoveRefused):
        return error.refusal.words(FORCE_HINT)
    return str(error)


def stranded(check: MoveCheck) -> bool:
    """The creature cannot move from where it stands (a token off a shrunk map): no drag."""
    return check.refusal is not None and check.refusal.kind is MoveRefusalKind.STRANDED


@dataclass
class _Drag:
    combatant_id: str
    item: TokenItem
    start: Tile
    grab: QPointF
    footprint: int
    target: Tile | None = None
    forced: bool = False
    check: MoveCheck | None = None  # the move check of the tile the preview shows


class MoveTool(Tool):
    info = ToolInfo(
        "moveToolAction",
        "&Move tokens",
        tip="Select, drag and measure on the map (Esc comes back here from any tool)",
        icon="move",
    )

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self._drag: _Drag | None = None
        self._ruler_start: Tile | None = None
        self._hover_id = ""
        self._hover_door: int | None = None  # the door under the mouse
        self._door_pressed: int | None = None  # a press on a door, opened on its release

    # -- state for tests and the view ------------------------------------------------------
    @property
    def dragging(self) -> bool:
        return self._drag is not None

    @property
    def busy(self) -> bool:
        return (
            self._drag is not None
            or self._ruler_start is not None
            or self._door_pressed is not None
        )

    @property
    def hover_door(self) -> int | None:
        """The door under the mouse (a click or O opens or closes it)."""
        return self._hover_door

    def cursor(self) -> QCursor:
        if self._hover_door is not None:
            return QCursor(Qt.CursorShape.PointingHandCursor)
        return super().cursor()

    @property
    def name(self) -> str:
        return "Move"

    def status_text(self) -> str:
        return "Move: drag a token to move it (Shift forces), drag the ground to measure"

    @property
    def drag_target(self) -> Tile | None:
        return self._drag.target if self._drag else None

    @property
    def _model(self) -> Any:
        return self._scene.model

    @property
    def _geometry(self) -> Any:
        return self._scene.geometry

    # -- mouse -------------------------------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        if self._drag is not None:
            return True
        item = self._scene.token_at(pos)
        door = door_under(self._scene, pos) if item is None else None
        if door is not None:
            self._door_pressed = door
            return True
        if item is None:
            tile = self._geometry.scene_to_tile(pos)
            self._model.select("")
            self._model.select_tile(tile if self._geometry.in_bounds(tile) else None)
            if self._geometry.in_bounds(tile):
                self._ruler_start = tile
            return True
        self._model.select(item.combatant_id)
        self._begin_drag(item, pos)
        return True

    def move(self, pos: QPointF, modifiers: Any) -> None:
        if self._drag is not None:
            self._drag_to(pos, bool(modifiers & FORCE_MODIFIER))
        elif self._ruler_start is not None:
            self._measure_to(pos)
        else:
            self.hover_at(pos, modifiers)

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        if self._door_pressed is not None:
            pressed, self._door_pressed = self._door_pressed, None
            if door_under(self._scene, pos) == pressed:
                self._toggle_door(pressed)
            return True
        if self._ruler_start is not None:
            self._ruler_start = None
            self._hide_info()
            return True
        if self._drag is None:
            # The press was this tool's too (every left press is), but its drag was cancelled
            # (Esc) or refused: the release ends that gesture and goes nowhere else.
            return True
        self._drag_to(pos, bool(modifiers & FORCE_MODIFIER))
        self._drop()
        return True

    # -- keys -------------------------------------------------------------------------------
    def key(self, key: int, modifiers: Any) -> bool:
        if key == DOOR_KEY and self._hover_door is not None and not self.busy:
            self._toggle_door(self._hover_door)
            return True
        if key == Qt.Key.Key_Escape:
            if self._drag is None and self._ruler_start is None and self._door_pressed is None:
                return False
            self.cancel()
            self.statusMessage.emit("Move cancelled.")
            return True
        delta = ARROW_STEPS.get(key)
        if delta is None or self._drag is not None:
            return False
        combatant = self._model.selected_combatant()
        if combatant is None or combatant.position is None:
            return False
        x, y = combatant.position
        self._step(combatant, (x + delta[0], y + delta[1]), bool(modifiers & FORCE_MODIFIER))
        return True

    def cancel(self) -> None:
        """Abandon a drag or a measurement: the token goes back, previews disappear."""
        drag, self._drag = self._drag, None
        if drag is not None:
            drag.item.snap_back()
            drag.item.setZValue(z_order.TOKEN_RAISED if drag.item.selected else z_order.TOKENS)
        self._ruler_start = None
        self._door_pressed = None
        self._scene.path_preview.clear()
        self._scene.drag_label.hide()
        self._hide_info()

    # -- doors -----------------------------------------------------------------------------
    def _toggle_door(self, index: int) -> None:
        words = open_or_close_door(self._model, index)
        if words is not None:
            self.statusMessage.emit(f"{words}.")

    def _hover_door_at(self, pos: QPointF | None) -> None:
        """Follow the door under the mouse: the cursor says a click opens or closes it."""
        door = None
        if pos is not None and self._scene.token_at(pos) is None:
            door = door_under(self._scene, pos)
        if door == self._hover_door:
            return
        self._hover_door = door
        for view in self._scene.views():
            show = getattr(view, "show_tool_cursor", None)
            if show is not None:
                show()

    # -- model notifications -------------------------------------------------------------------
    def combatants_changed(self, ids: list[str]) -> None:
        if self._drag is not None and self._drag.combatant_id in ids:
            self.cancel()
        if self._hover_id:
            self._hide_info()

    def selection_changed(self) -> None:
        if self._hover_id:
            self._hide_info()

    # -- dragging ------------------------------------------------------------------------------
    def _begin_drag(self, item: TokenItem, pos: QPointF) -> None:
        combatant = self._model.encounter.combatants[item.combatant_id]
        if combatant.position is None:
            return
        self._hide_info()
        start = tuple(combatant.position)
        # Asking about the start tile makes the drag's movement search once, up front.
        check = move_check(self._model.encounter, combatant.id, start)
        if stranded(check):
            # E.g. a big token hanging off a shrunk map: say so rather than start a drag.
            assert check.refusal is not None
            self._model.refused.emit(check.refusal.words())
            return
        self._drag = _Drag(
            combatant_id=combatant.id,
            item=item,
            start=start,
            grab=pos - item.pos(),
            footprint=int(combatant.footprint),
            target=start,
        )
        item.setZValue(z_order.TOKEN_RAISED + 1)

    def _drag_to(self, pos: QPointF, forced: bool) -> None:
        drag = self._drag
        assert drag is not None
        top_left = pos - drag.grab
        drag.item.setPos(top_left)
        target = self._geometry.nearest_corner(top_left)
        if target == drag.target and forced == drag.forced:
            return  # the label stays beside the path's end
        drag.target = target
        drag.forced = forced
        self._show_preview(pos)

    def _show_preview(self, cursor: QPointF) -> None:
        drag = self._drag
        assert drag is not None
        preview = self._scene.path_preview
        label = self._scene.drag_label
        target = drag.target
        if target is None or target == drag.start:
            drag.check = None
            preview.clear()
            label.hide()
            return
        check = move_check(self._model.encounter, drag.combatant_id, target, forced=drag.forced)
        drag.check = check
        refused = not check.allowed
        preview.set_path(check.path, check.over_from, drag.footprint, blocked=refused)
        # Beside the path's end, never over a token (the dragged one included).
        end = self._geometry.tile_rect(check.path[-1], drag.footprint)
        label.show_beside(label_words(check), end, self._token_rects(), warning=refused)

    def _token_rects(self) -> list[Any]:
        """Where the tokens on the map stand, as scene rects (a label keeps off them)."""
        return [
            item.sceneBoundingRect()
            for item in self._scene.token_items.values()
            if item.isVisible()
        ]

    def _drop(self) -> None:
        drag, self._drag = self._drag, None
        assert drag is not None
        self._scene.path_preview.clear()
        self._scene.drag_label.hide()
        drag.item.setZValue(z_order.TOKEN_RAISED if drag.item.selected else z_order.TOKENS)
        target = drag.target
        if target is None or target == drag.start:
            drag.item.snap_back()
            return
        combatant = self._model.encounter.combatants[drag.combatant_id]
        self._push_move(combatant, target, drag.forced)

    def _step(self, combatant: Any, target: Tile, forced: bool) -> None:
        self._push_move(combatant, target, forced)

    def _push_move(self, combatant: Any, target: Tile, forced: bool) -> None:
        """Ask the encounter for the move: it checks it (`move_check`) and makes it, or says
        why not; a refused move springs back with the reason in the status bar."""
        try:
            command = MoveTokenCommand(self._model, combatant.id, [target], forced)
            self._model.push(command)
        except Refusal as error:
            self._scene.token_items[combatant.id].snap_back()
            self._model.refused.emit(refusal_words(error))
            return
        self.statusMessage.emit(moved_words(combatant.name, command.result, forced=forced))

    # -- ruler and hover ---------------------------------------------------------------------
    def _measure_to(self, pos: QPointF) -> None:
        start = self._ruler_start
        assert start is not None
        end = self._geometry.scene_to_tile(pos)
        if not self._geometry.in_bounds(end) or end == start:
            self._scene.ruler.hide()
            self._scene.info_label.hide()
            return
        encounter = self._model.encounter
        diagonal = encounter.settings.diagonal
        distance = map_distance(encounter.battle_map, start, end, diagonal=diagonal)
        self._scene.ruler.show_line(
            self._geometry.tile_centre(start), self._geometry.tile_centre(end)
        )
        self._scene.info_label.show_text(f"Ruler: {tiles_and_metres(distance)}", pos)

    def hover_at(self, pos: QPointF, modifiers: Any) -> None:
        """Over another token while one is selected: the line to it with distance, height,
        cover and obscuration. Over a door: the pointing hand."""
        self._hover_door_at(pos)
        selected = self._model.selected_combatant()
        item = self._scene.token_at(pos)
        if (
            selected is None
            or selected.position is None
            or item is None
            or item.combatant_id == selected.id
        ):
            if self._hover_id:
                self._hide_info()
            return
        if item.combatant_id == self._hover_id:
            return
        target = self._model.encounter.combatants[item.combatant_id]
        if target.position is None:
            return
        self._hover_id = target.id
        preview = target_preview(self._model.encounter, selected.id, target.id)
        geometry = self._geometry
        start = geometry.tile_centre(selected.position, selected.footprint)
        end = geometry.tile_centre(target.position, target.footprint)
        # From disc edge to disc edge, so the line never covers the names.
        line = QLineF(start, end)
        length = line.length()
        gap_a = geometry.length(selected.footprint) * 0.45
        gap_b = geometry.length(target.footprint) * 0.45
        if length > gap_a + gap_b:
            start = line.pointAt(gap_a / length)
            end = line.pointAt(1 - gap_b / length)
        self._scene.ruler.show_line(start, end)
        # Beside the target, off every token (its tooltip then keeps clear of it: map_scene).
        self._scene.info_label.show_beside(
            target_words(preview, target.name),
            geometry.tile_rect(target.position, target.footprint),
            self._token_rects(),
            warning=not preview.targetable,
        )

    def hover_left(self) -> None:
        """The mouse left the map: the hover line and its label go with it."""
        self._hide_info()
        self._hover_door_at(None)

    def _hide_info(self) -> None:
        self._hover_id = ""
        self._scene.ruler.hide()
        self._scene.info_label.hide()

    @property
    def hover_id(self) -> str:
        return self._hover_id


def moved_words(name: str, result: MoveResult, *, forced: bool) -> str:
    """The status bar after a move the encounter made: where it went and what it cost."""
    end = result.path[-1]
    place = f"({end[0]}, {end[1]})"
    if result.placed:
        return f"{name} placed at {place}."
    if forced:
        return f"{name} forced to {place}."
    return f"{name} moved to {place}: {tiles_and_metres(result.cost)}."
