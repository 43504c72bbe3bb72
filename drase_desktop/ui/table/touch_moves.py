"""Touch on a table TV: the players drag their own tokens with a finger on the player display.

A TV or touch monitor laid flat on the table takes fingers. On the player display a player puts
a finger on a player-side token (never a hidden one, never a creature of the GM) and drags it:
the display shows the path and its cost from the same core move check as the GM's mouse drag
(`move_check`, in the core's words), the label in large type. Lifting the finger asks for the move:
- by default it is applied at once, through the same `MoveTokenCommand` as the GM's drag (one
  undo step in the GM's window; a move the rules refuse springs back and says why);
- with Window > "Players' touch moves wait for my OK" it is queued: the GM's status bar names it,
  and Window > Confirm (Ctrl+Shift+Return) applies it through the same command, or Refuse drops
  it.
A tap on a door opens or closes it when one of the players' tokens stands beside it, never a
locked one (only the GM opens those): the same core operation as the GM's click, one undo step.
Two fingers or more never zoom or move anything (a pinch on a true-scale table would break the
inch); a second finger cancels the drag under way.

The queue belongs to the model (`touch_queue(model)`), so the display and the GM's window share
it without knowing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QTouchEvent

from drase_desktop.encounter.door_operations import (
    DOOR_PICK_TILES,
    door_at,
    door_opener,
    toggle_door,
)
from drase_desktop.encounter.move_check import move_check
from drase_desktop.encounter.player_projection import player_visible
from drase_desktop.encounter.sides import on_players_side
from drase_desktop.refusal import Refusal
from drase_desktop.ui.commands import DoorCommand, MoveTokenCommand
from drase_desktop.ui.map import z_order
from drase_desktop.ui.map.map_label import FONT_PIXELS, MapLabel
from drase_desktop.ui.map.move_tool import FORCE_HINT, label_words, refusal_words, stranded
from drase_desktop.ui.map.path_preview import PathPreview

Tile = tuple[int, int]
# The label's letters on the table: about 8 mm high, never smaller than the GM's.
LABEL_MM = 8.0
# How long a refusal stays on the table after the finger lifts.
REFUSAL_MS = 3000


@dataclass(frozen=True)
class PendingMove:
    """A player's move waiting for the GM: who, along which tiles, and what it costs."""

    combatant_id: str
    name: str
    path: tuple[Tile, ...]
    text: str

    def describe(self) -> str:
        end = self.path[-1]
        return f"{self.name} to ({end[0]}, {end[1]}): {self.text.splitlines()[0]}"


class TouchQueue(QObject):
    """The players' touch moves of one model: applied at once, or queued for the GM."""

    changed = Signal()
    message = Signal(str)

    def __init__(self, model: Any) -> None:
        super().__init__(model)
        self.setObjectName("touchMoveQueue")
        self.model = model
        self.gm_confirms = False
        self.pending: list[PendingMove] = []
        model.encounterReplaced.connect(self.clear)

    def request(self, move: PendingMove) -> str | None:
        """Apply or queue a player's move; the reason when the rules refuse it, else None."""
        if self.gm_confirms:
            self.pending = [p for p in self.pending if p.combatant_id != move.combatant_id]
            self.pending.append(move)
            self.changed.emit()
            self.message.emit(
                f"The players ask: {move.describe()}. Window > Confirm the players' move"
                " (Ctrl+Shift+Return) or Refuse"
            )
            return None
        return self._apply(move)

    def _apply(self, move: PendingMove) -> str | None:
        try:
            self.model.push(MoveTokenCommand(self.model, move.combatant_id, list(move.path)))
        except Refusal as error:
            return refusal_words(error)
        self.message.emit(f"{move.describe()} (moved by touch)")
        return None

    def confirm(self) -> str | None:
        """Apply the oldest waiting move; the rules' refusal (the fight moved on), if any."""
        if not self.pending:
            return None
        move = self.pending.pop(0)
        self.changed.emit()
        refusal = self._apply(move)
        if refusal is not None:
            self.message.emit(f"{move.name}'s move cannot be made now: {refusal}")
        return refusal

    def refuse(self) -> None:
        if self.pending:
            move = self.pending.pop(0)
            self.changed.emit()
            self.message.emit(f"Refused: {move.describe()}")

    def clear(self) -> None:
        if self.pending:
            self.pending.clear()
            self.changed.emit()


def touch_queue(model: Any) -> TouchQueue:
    """The model's touch move queue, made on first use."""
    found = model.findChild(TouchQueue, "touchMoveQueue")
    return found if found is not None else TouchQueue(model)


@dataclass
class _TouchDrag:
    combatant_id: str
    start: Tile
    grab: QPointF  # the finger's offset from the token's corner, in scene units
    footprint: int
    target: Tile


class TouchMoves(QObject):
    """Finger drags of the players' tokens on one `PlayerView`."""

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.view = view
        self.model = view.model
        self.queue = touch_queue(self.model)
        scene = view.player_scene
        self.preview = PathPreview(scene.geometry)
        self.preview.setZValue(z_order.PATH)
        scene.addItem(self.preview)
        self.label = MapLabel("touchLabel")
        scene.addItem(self.label)
        self._drag: _TouchDrag | None = None
        # Which message a delayed hide is for: a newer one stays up.
        self._said = 0
        self.model.mapChanged.connect(self._map_changed)
        view.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        view.viewport().installEventFilter(self)

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    def _map_changed(self) -> None:
        self.cancel()
        self.preview.set_geometry(self.view.player_scene.geometry)

    # -- events ----------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (
            QEvent.Type.TouchBegin,
            QEvent.Type.TouchUpdate,
            QEvent.Type.TouchEnd,
            QEvent.Type.TouchCancel,
        ):
            return False
        assert isinstance(event, QTouchEvent)
        points = event.points()
        if kind == QEvent.Type.TouchCancel:
            self.cancel()
        elif len(points) > 1:
            # A pinch or a second hand: never a zoom, never a move.
            self.cancel()
        elif kind == QEvent.Type.TouchBegin:
            self.press(self._scene_point(points[0].position()))
        elif kind == QEvent.Type.TouchUpdate and self._drag is not None:
            self.move(self._scene_point(points[0].position()))
        elif kind == QEvent.Type.TouchEnd and self._drag is not None:
            self.release(self._scene_point(points[0].position()))
        # Taken whole: Qt must not turn the touch into mouse events or gestures on this view.
        event.accept()
        return True

    def _scene_point(self, position: QPointF) -> QPointF:
        return self.view.mapToScene(position.toPoint())

    # -- a drag ----------------------------------------------------------------------------
    def token_at(self, point: QPointF) -> Any:
        """The player-side token the players see under a scene point, or None."""
        scene = self.view.player_scene
        tile = scene.geometry.scene_to_tile(point)
        encounter = self.model.encounter
        fog = scene.fog
        for combatant in encounter.combatants.values():
            if (
                on_players_side(combatant)
                and player_visible(combatant, fog)
                and tile in combatant.tiles()
            ):
                return combatant
        return None

    def press(self, point: QPointF) -> bool:
        self.cancel()
        combatant = self.token_at(point)
        if combatant is None:
            return self.tap_door(point)
        start = tuple(combatant.position)
        # Asking about the start tile makes the drag's movement search once, up front.
        check = move_check(self.model.encounter, combatant.id, start)
        if stranded(check):
            assert check.refusal is not None
            self._say(check.refusal.words(), point, warning=True)
            return False
        geometry = self.view.player_scene.geometry
        self._drag = _TouchDrag(
            combatant_id=combatant.id,
            start=start,
            grab=point - geometry.tile_to_scene(start),
            footprint=int(combatant.footprint),
            target=start,
        )
        self.label.hide()
        return True

    def tap_door(self, point: QPointF) -> bool:
        """A finger on a door: a player's token beside it opens or closes it (never a locked
        door); True when a door was tapped, opened or not."""
        scene = self.view.player_scene
        encounter = self.model.encounter
        index = door_at(
            encounter.battle_map, scene.geometry.scene_to_corner(point), DOOR_PICK_TILES
        )
        if index is None:
            return False
        fog = scene.fog
        players = [
            c.id
            for c in encounter.combatants.values()
            if on_players_side(c) and player_visible(c, fog)
        ]
        try:
            toggle = toggle_door(
                encounter, index, door_opener(encounter, index, players), by_gm=False
            )
        except Refusal as error:
            self._say(str(error), point, warning=True)
            self._hide_later()
            return True
        self.model.push(DoorCommand(self.model, toggle))
        return True

    def move(self, point: QPointF) -> tuple[list[Tile], int, str, str | None] | None:
        """Follow the finger; the price shown (see `_price`), None on the start tile."""
        drag = self._drag
        if drag is None:
            return None
        geometry = self.view.player_scene.geometry
        corner = point - drag.grab
        item = self.view.player_scene.token_items.get(drag.combatant_id)
        if item is not None:
            item.setPos(corner)
        target = geometry.nearest_corner(corner)
        drag.target = target
        if target == drag.start:
            self.preview.clear()
            self.label.hide()
            return None
        priced = self._price(drag)
        path, over_from, text, refusal = priced
        self.preview.set_path(path, over_from, drag.footprint, blocked=refusal is not None)
        self._say(text, point, warning=refusal is not None)
        return priced

    def release(self, point: QPointF) -> None:
        drag = self._drag
        if drag is None:
            return
        priced = self.move(point)  # the last move's price is the one the release acts on
        self._drag = None
        self.preview.clear()
        self._snap_back(drag.combatant_id)
        if priced is None:
            self.label.hide()
            return
        path, _over, text, refusal = priced
        if refusal is None:
            combatant = self.model.encounter.combatants[drag.combatant_id]
            move = PendingMove(drag.combatant_id, combatant.name, tuple(path), text)
            refusal = self.queue.request(move)
            if refusal is None and self.queue.gm_confirms:
                self._say(f"Waiting for the GM:\n{text.splitlines()[0]}", point, warning=False)
                self._hide_later()
                return
        if refusal is not None:
            self._say(refusal, point, warning=True)
            self._hide_later()
        else:
            self.label.hide()

    def cancel(self) -> None:
        drag, self._drag = self._drag, None
        if drag is not None:
            self.preview.clear()
            self.label.hide()
            self._snap_back(drag.combatant_id)

    def _price(self, drag: _TouchDrag) -> tuple[list[Tile], int, str, str | None]:
        """The path, its first step past the movement left, the label and any refusal: the
        core's move check, as the GM's drag shows it (Setup's placing included)."""
        check = move_check(self.model.encounter, drag.combatant_id, drag.target)
        refusal = check.refusal.words(FORCE_HINT) if check.refusal is not None else None
        return list(check.path), check.over_from, label_words(check), refusal

    def _snap_back(self, combatant_id: str) -> None:
        combatant = self.model.encounter.combatants.get(combatant_id)
        item = self.view.player_scene.token_items.get(combatant_id)
        if combatant is not None and item is not None and combatant.position is not None:
            item.setPos(self.view.player_scene.geometry.tile_to_scene(combatant.position))

    def _hide_later(self) -> None:
        said = self._said
        QTimer.singleShot(REFUSAL_MS, self, lambda: self._hide_if_still(said))

    def _hide_if_still(self, said: int) -> None:
        if said == self._said and self._drag is None:
            self.label.hide()

    def _say(self, text: str, point: QPointF, *, warning: bool) -> None:
        self._said += 1
        # Large type for the table: about LABEL_MM high at the display's size.
        pixels = max(FONT_PIXELS, round(LABEL_MM * self.view.pixels_per_mm()))
        self.label.set_font_pixels(pixels)
        self.label.show_text(text, point, warning=warning)


class TouchMoveActions(QObject):
    """The GM's side: the setting, and Confirm / Refuse for a waiting move (Window menu)."""

    def __init__(self, tools: Any) -> None:
        super().__init__(tools)
        window = tools.window
        self.queue = touch_queue(tools.model)
        self.confirm_setting = QAction("Players' &touch moves wait for my OK", window)
        self.confirm_setting.setObjectName("touchMovesNeedOkAction")
        self.confirm_setting.setCheckable(True)
        self.confirm_setting.toggled.connect(self._set_confirming)
        self.confirm_action = QAction("&Confirm the players' move", window)
        self.confirm_action.setObjectName("confirmTouchMoveAction")
        self.confirm_action.setShortcut(QKeySequence("Ctrl+Shift+Return"))
        self.confirm_action.triggered.connect(self.queue.confirm)
        self.refuse_action = QAction("R&efuse the players' move", window)
        self.refuse_action.setObjectName("refuseTouchMoveAction")
        self.refuse_action.triggered.connect(self.queue.refuse)
        for action in (self.confirm_setting, self.confirm_action, self.refuse_action):
            window.addAction(action)
        menu = getattr(tools, "window_menu", None)
        if menu is not None:
            menu.addSeparator()
            menu.addActions([self.confirm_setting, self.confirm_action, self.refuse_action])
        self.queue.changed.connect(self._sync)
        self.queue.message.connect(lambda text: window.statusBar().showMessage(text, 15_000))
        self._sync()

    def _set_confirming(self, on: bool) -> None:
        self.queue.gm_confirms = on
        if not on:
            self.queue.clear()

    def _sync(self) -> None:
        waiting = self.queue.pending
        self.confirm_action.setEnabled(bool(waiting))
        self.refuse_action.setEnabled(bool(waiting))
        if waiting:
            self.confirm_action.setText(f"&Confirm: {waiting[0].describe()}")
        else:
            self.confirm_action.setText("&Confirm the players' move")
