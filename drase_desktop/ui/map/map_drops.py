"""What the map view takes when something is dropped on it, decided here for every kind.

- A creature template dragged from the Library dock (`TEMPLATE_MIME`): placed with its top-left
  on the tile under the drop; Shift places the dock's count of them, numbered, on the nearest
  free tiles. While the drag moves, the tiles it would take are outlined (green, or red with the
  reason in the status bar); a refused drop changes nothing.
- A picture file (PNG, JPEG or WebP) from the file manager: dropped on a token it becomes that
  creature's art; dropped on an empty tile it makes a new creature there with it, when it is
  token-sized (at most `TOKEN_PICTURE_SIDE` pixels a side). A bigger picture dropped on an
  empty tile is a battlemap: it is left to the window, which starts a map from it.
Anything else is left to the window (files dropped on the window open or import them), so the
view ignores the drag and Qt hands it on.

Each accepted drop is one undo step.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QImageReader,
    QPen,
)
from PySide6.QtWidgets import QGraphicsRectItem

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.creature_template import CreatureTemplate, default_group
from drase_desktop.encounter.placement import (
    MAX_PLACED_AT_ONCE,
    free_tiles_for,
    place_from_template,
    placement_refusal,
)
from drase_desktop.encounter.portraits import MAX_PORTRAIT_BYTES
from drase_desktop.file_reading import name_from_path, parse_json, read_regular_file
from drase_desktop.refusal import Refusal
from drase_desktop.storage.creature_library import library_from_dict, library_to_dict
from drase_desktop.storage.portrait_files import check_portrait
from drase_desktop.ui.map import z_order

if TYPE_CHECKING:
    from drase_desktop.ui.map.map_view import MapView

TEMPLATE_MIME = "application/x-drase-creature-template"
# Token art packs are a few hundred pixels a side; a battlemap is thousands.
TOKEN_PICTURE_SIDE = 1024
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")

Tile = tuple[int, int]

__all__ = [
    "PICTURE_SUFFIXES",
    "TEMPLATE_MIME",
    "MapDrops",
    "template_mime",
    "template_from_mime",
]


class PictureError(Refusal):
    """A dropped picture that cannot be token art."""


def template_mime(template: CreatureTemplate, count: int = 1) -> QMimeData:
    """The drag data of a template: the template as a one-creature library document, and how
    many a Shift-drop places."""
    mime = QMimeData()
    document = {"library": library_to_dict([template]), "count": count}
    mime.setData(TEMPLATE_MIME, json.dumps(document).encode("utf-8"))
    mime.setText(template.name)
    return mime


def template_from_mime(mime: QMimeData) -> tuple[CreatureTemplate, int] | None:
    """The template and count a drag carries, or None when it carries none (or a broken one)."""
    if not mime.hasFormat(TEMPLATE_MIME):
        return None
    try:
        # Another program may drop anything: read as a file is (no lone surrogate, no huge
        # number), so the creature placed is one that saves.
        document = parse_json(bytes(mime.data(TEMPLATE_MIME).data()), Refusal)
        templates = library_from_dict(document["library"])
        count = document.get("count", 1)
    except (Refusal, KeyError, TypeError):
        return None
    if len(templates) != 1 or isinstance(count, bool) or not isinstance(count, int):
        return None
    return templates[0], max(1, min(MAX_PLACED_AT_ONCE, count))


def dropped_picture(mime: QMimeData) -> Path | None:
    """The one local picture file a drag carries, or None."""
    if not mime.hasUrls():
        return None
    files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
    pictures = [Path(f) for f in files if f.lower().endswith(PICTURE_SUFFIXES)]
    return pictures[0] if len(pictures) == 1 and len(files) == 1 else None


def is_token_sized(path: Path) -> bool:
    """Whether a picture file is small enough to be a token's art rather than a battlemap (its
    header only is read; an unreadable one counts as token-sized, and is refused as art)."""
    size = QImageReader(str(path)).size()
    return not size.isValid() or max(size.width(), size.height()) <= TOKEN_PICTURE_SIDE


def read_picture(path: Path) -> bytes:
    """A picture file's bytes, checked as token art (PictureError naming the problem)."""
    data = read_regular_file(path, MAX_PORTRAIT_BYTES, PictureError, "pictures for token art")
    try:
        check_portrait(data, path.name)
    except Refusal as error:
        raise PictureError(str(error)) from None
    return data


def name_from_file(path: Path) -> str:
    """A creature name from a picture's file name: "goblin_archer-02.png" -> "Goblin Archer"."""
    words = [w for w in re.split(r"[\s_\-.]+", name_from_path(path)) if w and not w.isdigit()]
    name = " ".join(w.capitalize() for w in words)[:40].strip()
    return name or "Creature"


@dataclass
class DropPlan:
    """What a drop at the cursor would do: the tiles it takes, or why it is refused."""

    tiles: list[Tile]
    refusal: str = ""
    token_id: str = ""


class MapDrops:
    """The map view's drop handler (the view forwards its drag events here)."""

    def __init__(self, view: MapView) -> None:
        self.view = view
        self._marks: list[Any] = []
        self._last_raw = b""
        self._last_template: tuple[CreatureTemplate, int] | None = None
        # Whether the dragged picture is token-sized, read from its header once per drag (not
        # from the disk at every move event): (path, answer), forgotten when the drag ends.
        self._sized: tuple[Path, bool] | None = None

    # -- the view's events ---------------------------------------------------------------
    def drag_enter(self, event: QDragEnterEvent) -> bool:
        self._sized = None
        return self._consider(event)

    def drag_move(self, event: QDragMoveEvent) -> bool:
        return self._consider(event)

    def drag_leave(self) -> None:
        self._sized = None
        self._clear_marks()

    def drop(self, event: QDropEvent) -> bool:
        """Act on the drop; False when it is not ours (the view then lets the window have it)."""
        self._clear_marks()
        mime = event.mimeData()
        carried = self._template(mime)
        picture = dropped_picture(mime) if carried is None else None
        if carried is None and picture is None:
            return False
        point = self.view.mapToScene(event.position().toPoint())
        taken = picture is None or self._takes_picture(picture, point)
        self._sized = None
        if not taken:
            return False
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if carried is not None:
            template, count = carried
            self.place(template, self._tile_at(point), count if shift else 1)
        elif picture is not None:
            self.drop_picture(picture, point)
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        return True

    # -- acting --------------------------------------------------------------------------
    def place(self, template: CreatureTemplate, tile: Tile, count: int = 1) -> list[str]:
        """Place `count` of `template` from `tile` (one undo step); the new ids, or [] with the
        reason in the status bar."""
        plan = self.plan(template, tile, count)
        if plan.refusal:
            self.view.statusMessage.emit(plan.refusal)
            return []
        model = self.view.model
        try:
            ids = model.apply(lambda e: place_from_template(e, template, plan.tiles))
        except Refusal as error:
            self.view.statusMessage.emit(str(error))
            return []
        model.select(ids[0])
        names = [model.encounter.combatants[i].name for i in ids]
        self.view.statusMessage.emit(f"Placed {', '.join(names)}")
        return list(ids)

    def drop_picture(self, path: Path, point: QPointF) -> bool:
        """A picture dropped at a scene point: art for the token there, or a new creature."""
        try:
            data = read_picture(path)
        except PictureError as error:
            self.view.statusMessage.emit(str(error))
            return False
        token = self.view.map_scene.token_at(point)
        if token is not None:
            # The menus' "Token picture..." gives a picture the same way (it imports this
            # module's checks, hence imported here).
            from drase_desktop.ui.map.token_picture import give_picture

            said = give_picture(self.view.model, token.combatant_id, data, path.name)
            if said:
                self.view.statusMessage.emit(said)
            return bool(said)
        creature = Combatant(id="new", name=name_from_file(path), side="gm")
        template = CreatureTemplate(creature, default_group(creature), portrait=data)
        return bool(self.place(template, self._tile_at(point)))

    def plan(self, template: CreatureTemplate, tile: Tile, count: int = 1) -> DropPlan:
        encounter = self.view.model.encounter
        named = template.instantiate("dropped", template.name, None)
        refusal = placement_refusal(encounter, named, tile)
        if refusal:
            return DropPlan([tile], refusal)
        if count <= 1:
            return DropPlan([tile])
        tiles = free_tiles_for(encounter, template, tile, count)
        if len(tiles) < count:
            return DropPlan(
                tiles, f"Only {len(tiles)} free places near {tile} for {count} x {template.name}"
            )
        return DropPlan(tiles)

    # -- showing where it lands ----------------------------------------------------------
    def _consider(self, event: QDragMoveEvent) -> bool:
        mime = event.mimeData()
        carried = self._template(mime)
        picture = dropped_picture(mime) if carried is None else None
        point = self.view.mapToScene(event.position().toPoint())
        if (carried is None and picture is None) or (
            picture is not None and not self._takes_picture(picture, point)
        ):
            self._clear_marks()
            return False
        tile = self._tile_at(point)
        if carried is not None:
            template, count = carried
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            plan = self.plan(template, tile, count if shift else 1)
            self._show_marks(plan.tiles, template.creature.footprint, ok=not plan.refusal)
            what = f"{count} x {template.name}" if shift and count > 1 else template.name
            self.view.statusMessage.emit(
                plan.refusal or f"Drop to place {what} at {tile} (Shift: {count})"
            )
        else:
            token = self.view.map_scene.token_at(point)
            if token is not None:
                combatant = self.view.model.encounter.combatants.get(token.combatant_id)
                position = combatant.position if combatant is not None else tile
                footprint = combatant.footprint if combatant is not None else 1
                self._show_marks([position], footprint, ok=True)
                name = combatant.name if combatant is not None else "this creature"
                self.view.statusMessage.emit(f"Drop to give {name} this picture")
            else:
                assert picture is not None  # a drag carries a template or a picture
                probe = Combatant(id="new", name=name_from_file(picture), side="gm")
                refusal = placement_refusal(self.view.model.encounter, probe, tile)
                self._show_marks([tile], 1, ok=not refusal)
                self.view.statusMessage.emit(
                    refusal or f"Drop to make a new creature at {tile} with this picture"
                )
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        return True

    def _template(self, mime: QMimeData) -> tuple[CreatureTemplate, int] | None:
        """The drag's template, read once per drag (a move event comes every few pixels)."""
        raw = bytes(mime.data(TEMPLATE_MIME).data()) if mime.hasFormat(TEMPLATE_MIME) else b""
        if raw != self._last_raw:
            self._last_raw = raw
            self._last_template = template_from_mime(mime) if raw else None
        return self._last_template

    def _takes_picture(self, picture: Path, point: QPointF) -> bool:
        """A picture is ours on a token, or on an empty tile when it is token-sized."""
        if self.view.map_scene.token_at(point) is not None:
            return True
        if self._sized is None or self._sized[0] != picture:
            self._sized = (picture, is_token_sized(picture))
        return self._sized[1]

    def _tile_at(self, point: QPointF) -> Tile:
        tile = self.view.map_scene.tile_at(point)
        return (int(tile[0]), int(tile[1]))

    def _show_marks(self, tiles: list[Tile], footprint: int, *, ok: bool) -> None:
        self._clear_marks()
        scene = self.view.map_scene
        geometry = scene.geometry
        colour = QColor(60, 200, 90) if ok else QColor(220, 50, 50)
        fill = QColor(colour)
        fill.setAlpha(70)
        for tile in tiles:
            mark = QGraphicsRectItem(geometry.tile_rect(tile, footprint))
            mark.setPen(QPen(colour, geometry.length(0.06)))
            mark.setBrush(QBrush(fill))
            mark.setZValue(z_order.TOKEN_RAISED + 1)
            scene.addItem(mark)
            self._marks.append(mark)

    def _clear_marks(self) -> None:
        scene = self.view.map_scene
        for mark in self._marks:
            if mark.scene() is scene:
                scene.removeItem(mark)
        self._marks.clear()

    @property
    def marks(self) -> list[QGraphicsRectItem]:
        """The outlines the current drag shows (for tests)."""
        return list(self._marks)
