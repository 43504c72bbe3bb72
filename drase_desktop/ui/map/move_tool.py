"""The token tool: click selects, drag moves with a live path and cost, Esc cancels, arrows nudge.

The scene's home tool (`Tool`): the scene hands it mouse and key events.
A drag runs ONE movement search when it starts; every mouse move only reads the path to the
tile under the token from that search. A drop pushes one `MoveTokenCommand` on the model's undo
stack; an illegal drop springs back and says why through the model's `refused` (the window
shows a refusal until its cause goes away), what was done through `statusMessage`.
Dragging on empty ground measures like a ruler; hovering another token while one is selected
shows the line to it with distance, height, cover and obscuration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QPointF, Qt

from drase_desktop.ui.commands import MoveTokenCommand
from drase_desktop.ui.map import board_queries, z_order
from drase_desktop.ui.map.grid_geometry import ARROW_STEPS, METRES_PER_TILE, Tile
from drase_desktop.ui.map.token_item import TokenItem
from drase_desktop.ui.map.tool import Tool

FORCE_MODIFIER = Qt.KeyboardModifier.ShiftModifier
FORCE_HINT = "hold Shift to force the move"


def tiles_text(cost: float) -> str:
    """'7 tiles, 14 m' (ruling 17: a tile is 2 m)."""
    number = int(cost) if float(cost).is_integer() else round(cost, 1)
    unit = "tile" if number == 1 else "tiles"
    return f"{number} {unit}, {number * METRES_PER_TILE} m"


def cost_text(cost: float, allowance: float, speed: int) -> str:
    """'7 tiles, 14 m (speed 6: 1 over)', '(speed 6: 2 left)', or once some movement is spent
    this round '3 tiles, 6 m (4 of speed 6 left: 1 left)'."""
    left = allowance - cost
    budget = f"{_number(left)} left" if left >= 0 else f"{_number(-left)} over"
    if allowance < speed:
        return f"{tiles_text(cost)} ({_number(allowance)} of speed {speed} left: {budget})"
    return f"{tiles_text(cost)} (speed {speed}: {budget})"


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 1)


def drag_refusal(
    encounter: Any,
    combatant: Any,
    target: Tile,
    path: list[Tile] | None,
    cost: float | None,
    *,
    forced: bool,
    search: Any = None,
) -> str | None:
    """Why `combatant` may not end on `target`, in words for the status bar; None if it may.

    `search` is the drag's movement search: the board's own reason is used where it has one
    (beyond the search, outside the movement circle of ruling 19)."""
    battle_map = encounter.battle_map
    name = combatant.name
    size = combatant.footprint
    tiles = [(target[0] + dx, target[1] + dy) for dy in range(size) for dx in range(size)]
    place = f"({target[0]}, {target[1]})"
    if not all(battle_map.in_bounds(tile) for tile in tiles):
        return f"{name} cannot leave the map."
    occupant = board_queries.occupant(encounter, tiles, exclude=combatant.id)
    if occupant is not None:
        return f"Cannot end on {place}: {occupant.name} is there."
    if forced:
        return None
    blocked = next((t for t in tiles if battle_map.terrain(t) == "blocked"), None)
    if blocked is not None:
        return f"Cannot end on {place}: the ground is blocked ({FORCE_HINT})."
    if board_queries.placing(encounter):
        return None
    allowance = board_queries.movement_left(encounter, combatant)
    why = search.why_not(target) if search is not None else None
    if path is None:
        limit = getattr(search, "limit", None)
        start = tuple(combatant.position)
        if limit is not None and board_queries.measure(encounter, start, target) > limit:
            # Even on open ground it is past what the drag searched: simply too far.
            return (
                f"Too far: {place} is more than {_number(limit)} tiles from {name} ({FORCE_HINT})."
            )
        return (
            f"No way to {place} for {name}: a wall, a cliff or an enemy is in the way"
            f" ({FORCE_HINT})."
        )
    if cost is not None and cost > allowance:
        if allowance < combatant.speed:
            return (
                f"Too far: {tiles_text(cost)} for {name}, {_number(allowance)} of speed"
                f" {combatant.speed} left this round ({FORCE_HINT})."
            )
        return f"Too far: {tiles_text(cost)} for {name}, speed {combatant.speed} ({FORCE_HINT})."
    if why is not None and why.startswith("outside the movement circle"):
        return f"Cannot end on {place}: {why} ({FORCE_HINT})."
    return None


@dataclass(frozen=True)
class PricedDrag:
    """What a drag (not forced) to a tile shows: the path, the index of its first step past the
    movement left, the label's text, and why the move is refused (None when it is allowed)."""

    path: list[Tile]
    over_from: int
    text: str
    refusal: str | None


def priced_drag(
    encounter: Any, combatant: Any, search: Any, start: Tile, target: Tile, speed: float
) -> PricedDrag:
    """The GM's drag and a player's touch drag price a move here, with the same rules."""
    path = search.path_to(target)
    cost = search.cost(target) if path else None
    refusal = drag_refusal(encounter, combatant, target, path, cost, forced=False, search=search)
    if path is None:
        why = refusal or "No way there"
        return PricedDrag([start, target], 1, why, why)
    over_from = len(path)
    for index, tile in enumerate(path):
        if search.cost(tile) > speed:
            over_from = index
            break
    text = cost_text(float(cost or 0.0), speed, combatant.speed)
    if refusal is not None and not refusal.startswith("Too far"):
        text = f"{text}\n{refusal}"
    return PricedDrag(list(path), over_from, text, refusal)


@dataclass
class _Drag:
    combatant_id: str
    item: TokenItem
    start: Tile
    grab: QPointF
    search: Any
    speed: float  # the movement left this round
    footprint: int
    target: Tile | None = None
    forced: bool = False


class MoveTool(Tool):
    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self._drag: _Drag | None = None
        self._ruler_start: Tile | None = None
        self._hover_id = ""

    # -- state for tests and the view ------------------------------------------------------
    @property
    def dragging(self) -> bool:
        return self._drag is not None

    @property
    def busy(self) -> bool:
        return self._drag is not None or self._ruler_start is not None

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

    @property
    def _placing(self) -> bool:
        return board_queries.placing(self._model.encounter)

    # -- mouse -------------------------------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        if self._drag is not None:
            return True
        item = self._scene.token_at(pos)
        if item is None:
            tile = self._geometry.scene_to_tile(pos)
            self._model.select("")
            if hasattr(self._model, "select_tile"):
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
        if key == Qt.Key.Key_Escape:
            if self._drag is None and self._ruler_start is None:
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
        self._scene.path_preview.clear()
        self._scene.drag_label.hide()
        self._hide_info()

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
        try:
            search = board_queries.start_drag_search(self._model.encounter, combatant)
        except ValueError as error:
            # E.g. a big token hanging off a shrunk map: say so rather than start a drag.
            self._model.refused.emit(str(error))
            return
        self._drag = _Drag(
            combatant_id=combatant.id,
            item=item,
            start=tuple(combatant.position),
            grab=pos - item.pos(),
            search=search,
            speed=board_queries.movement_left(self._model.encounter, combatant),
            footprint=int(combatant.footprint),
            target=tuple(combatant.position),
        )
        item.setZValue(z_order.TOKEN_RAISED + 1)

    def _drag_to(self, pos: QPointF, forced: bool) -> None:
        drag = self._drag
        assert drag is not None
        top_left = pos - drag.grab
        drag.item.setPos(top_left)
        target = self._geometry.nearest_corner(top_left)
        if target == drag.target and forced == drag.forced:
            self._scene.drag_label.setPos(pos)
            return
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
            preview.clear()
            label.hide()
            return
        combatant = self._model.encounter.combatants[drag.combatant_id]
        if drag.forced or self._placing:
            path = [drag.start, target]
            refusal = drag_refusal(
                self._model.encounter, combatant, target, path, None, forced=drag.forced
            )
            preview.set_path(path, len(path), drag.footprint, blocked=refusal is not None)
            if refusal is None:
                text = (
                    self._forced_text(combatant, drag.start, target)
                    if drag.forced
                    else f"Place at ({target[0]}, {target[1]})"
                )
            label.show_text(refusal or text, cursor, warning=refusal is not None)
            return
        priced = priced_drag(
            self._model.encounter, combatant, drag.search, drag.start, target, drag.speed
        )
        blocked = priced.refusal is not None
        preview.set_path(priced.path, priced.over_from, drag.footprint, blocked=blocked)
        label.show_text(priced.text, cursor, warning=blocked)

    def _forced_text(self, combatant: Any, start: Tile, target: Tile) -> str:
        encounter = self._model.encounter
        distance = board_queries.measure(encounter, start, target)
        text = f"Forced move: {tiles_text(distance)}"
        drop = encounter.drop_height(combatant.id, target)
        if drop > 0:
            text += f"\nfalls {drop} {'tile' if drop == 1 else 'tiles'}"
        return text

    def _drop(self) -> None:
        drag, self._drag = self._drag, None
        assert drag is not None
        self._scene.path_preview.clear()
        self._scene.drag_label.hide()
        drag.item.setZValue(z_order.TOKEN_RAISED if drag.item.selected else z_order.TOKENS)
        target = drag.target
        combatant = self._model.encounter.combatants[drag.combatant_id]
        if target is None or target == drag.start:
            drag.item.snap_back()
            return
        if drag.forced or self._placing:
            path: list[Tile] | None = [drag.start, target]
            cost = None
        else:
            path = drag.search.path_to(target)
            cost = drag.search.cost(target) if path else None
        encounter = self._model.encounter
        refusal = drag_refusal(
            encounter, combatant, target, path, cost, forced=drag.forced, search=drag.search
        )
        if refusal is not None:
            drag.item.snap_back()
            self._model.refused.emit(refusal)
            return
        assert path is not None
        self._push_move(combatant, path, drag.forced, cost)

    def _step(self, combatant: Any, target: Tile, forced: bool) -> None:
        start = tuple(combatant.position)
        if forced or self._placing:
            path: list[Tile] | None = [start, target]
            cost = None
        else:
            found = board_queries.step_path(self._model.encounter, combatant, target)
            path, cost = found if found else (None, None)
        refusal = drag_refusal(self._model.encounter, combatant, target, path, cost, forced=forced)
        if refusal is not None:
            self._model.refused.emit(refusal)
            return
        assert path is not None
        self._push_move(combatant, path, forced, cost)

    def _push_move(
        self, combatant: Any, path: list[Tile], forced: bool, cost: float | None
    ) -> None:
        try:
            self._model.push(MoveTokenCommand(self._model, combatant.id, path, forced))
        except ValueError as error:
            self._scene.token_items[combatant.id].snap_back()
            self._model.refused.emit(str(error))
            return
        end = path[-1]
        if self._placing:
            self.statusMessage.emit(f"{combatant.name} placed at ({end[0]}, {end[1]}).")
        elif forced:
            self.statusMessage.emit(f"{combatant.name} forced to ({end[0]}, {end[1]}).")
        elif cost is not None:
            self.statusMessage.emit(
                f"{combatant.name} moved to ({end[0]}, {end[1]}): {tiles_text(cost)}."
            )
        else:
            self.statusMessage.emit(f"{combatant.name} moved to ({end[0]}, {end[1]}).")

    # -- ruler and hover ---------------------------------------------------------------------
    def _measure_to(self, pos: QPointF) -> None:
        start = self._ruler_start
        assert start is not None
        end = self._geometry.scene_to_tile(pos)
        if not self._geometry.in_bounds(end) or end == start:
            self._scene.ruler.hide()
            self._scene.info_label.hide()
            return
        distance = board_queries.measure(self._model.encounter, start, end)
        self._scene.ruler.show_line(
            self._geometry.tile_centre(start), self._geometry.tile_centre(end)
        )
        self._scene.info_label.show_text(f"Ruler: {tiles_text(distance)}", pos)

    def hover_at(self, pos: QPointF, modifiers: Any) -> None:
        """Over another token while one is selected: the line to it with distance, height,
        cover and obscuration."""
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
        info = board_queries.target_info(self._model.encounter, selected, target)
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
        self._scene.info_label.show_text(info.text(target.name), end, warning=info.untargetable)

    def hover_left(self) -> None:
        """The mouse left the map: the hover line and its label go with it."""
        self._hide_info()

    def _hide_info(self) -> None:
        self._hover_id = ""
        self._scene.ruler.hide()
        self._scene.info_label.hide()

    @property
    def hover_id(self) -> str:
        return self._hover_id
