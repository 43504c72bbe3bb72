"""The map scene: a projection of the `EncounterModel` onto layers and token items.

The scene listens to the model's signals and keeps a combatant-id -> TokenItem dict; it never
changes the encounter itself. Mouse and key events go to the active tool (`tools.active`: the
`MoveTool` unless the fog or the editor took over), which pushes undo commands on the model;
the scene follows the resulting signals like any other view.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QToolTip,
)

from drase_desktop.board import light_tints
from drase_desktop.board.grid_graph import has_movement_graph, movement_graph
from drase_desktop.board.sight import tile_obscuration
from drase_desktop.encounter import geometry
from drase_desktop.encounter.round_marks import RoundMarks
from drase_desktop.refusal import Refusal
from drase_desktop.ui.map import z_order
from drase_desktop.ui.map.board_layers import BoardScene, load_board_layers
from drase_desktop.ui.map.board_picture import BoardPicture
from drase_desktop.ui.map.cover_layer import CoverLayer
from drase_desktop.ui.map.feature_layer import FeatureLayer
from drase_desktop.ui.map.grid_geometry import Tile
from drase_desktop.ui.map.grid_layer import GridLayer
from drase_desktop.ui.map.height_layer import HeightLayer
from drase_desktop.ui.map.light_layer import LightLayer
from drase_desktop.ui.map.map_label import MapLabel, tooltip_spot
from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.map.path_preview import PathPreview
from drase_desktop.ui.map.reach_layer import ReachLayer
from drase_desktop.ui.map.ruler_item import RulerItem
from drase_desktop.ui.map.token_item import StaleMarks, TokenItem, TokenMarks
from drase_desktop.ui.map.tool import Tool, ToolManager
from drase_desktop.ui.map.wall_layer import WallLayer

# Room around the map so a token can be dragged to the edge and the view can centre edge tiles.
SCENE_MARGIN_TILES = 2
# A map this large builds its movement graph after its first frame: the GM sees the opened map
# at once and the selected token's reach a moment later.
REACH_LATER_ABOVE_TILES = 150 * 150
REACH_LATER_MS = 30
# The light that causes each obscuration level (ruling 23: dim light is light obscuration).
DARKNESS_OF_OBSCURATION = {"none": "bright", "light": "dim", "heavy": "dim", "total": "dark"}


def _standing(combatant: Any) -> tuple[Any, ...] | None:
    """What the reach search reads of a token that is not the mover."""
    if combatant is None:
        return None
    return (combatant.position, combatant.side, combatant.footprint)


class MapScene(BoardScene):
    """Layers of one map plus a token item per placed combatant."""

    _reach_later = False  # the reach waits for the movement graph of a large map
    # Whether a view has painted the map since it was loaded: the graph is built only after.
    _frame_shown = False
    # The first reach waits for the first frame (`first_reach_after_frame`): at launch.
    _first_reach_waits = False
    # Where each token stood, its side and size, when the reach was last found (_reach_follows).
    _reach_standing: dict[str, tuple[Any, ...] | None] = {}

    grid_layer: GridLayer  # made after the terrain layer, whose callback already names it

    statusMessage = Signal(str)
    # The GM's path preview or ruler changed (the player display mirrors them).
    gmOverlayChanged = Signal()

    def __init__(self, model: Any, parent: Any = None) -> None:
        super().__init__(model, parent)
        # Told on the next turn of the event loop: a picture that fails while the scene is
        # built fails before the window listens to the scene.
        self.terrain_layer.picture_failed = lambda message: QTimer.singleShot(
            0, self, lambda: self.statusMessage.emit(message)
        )
        self.height_layer = HeightLayer(self.geometry)
        self.grid_layer = GridLayer(self.geometry)
        self.cover_layer = CoverLayer(self.geometry)
        self.wall_layer = WallLayer(self.geometry)
        self.feature_layer = FeatureLayer(self.geometry)
        self.light_layer = LightLayer(self.geometry)
        self.reach_layer = ReachLayer(self.geometry)
        self.path_preview = PathPreview(self.geometry)
        self.ruler = RulerItem(self.geometry)
        self.drag_label = MapLabel("dragLabel")
        self.info_label = MapLabel("infoLabel")
        # The selected token's whole name (a disc shows "Ald" or initials): small letters just
        # under the token, screen-sized.
        self.name_label = MapLabel("nameLabel", compact=True)
        placed = (
            (self.terrain_layer, z_order.TERRAIN),
            (self.height_layer, z_order.HEIGHT),
            (self.grid_layer, z_order.GRID),
            (self.cover_layer, z_order.COVER),
            (self.wall_layer, z_order.WALLS),
            (self.feature_layer, z_order.WALLS),
            (self.light_layer, z_order.LIGHT),
            (self.reach_layer, z_order.REACHABLE),
            (self.path_preview, z_order.PATH),
            (self.ruler, z_order.RULER),
        )
        self.place_layers(placed)
        for label in (self.drag_label, self.info_label, self.name_label):
            label.setZValue(z_order.LABELS)
            self.addItem(label)
        # The layers under the path preview change seldom: drawn as one picture, kept.
        self.board_picture = BoardPicture(item for item, z in placed if z < z_order.PATH)
        self.board_picture.setZValue(z_order.BOARD)
        self.addItem(self.board_picture)
        self.path_preview.on_change = self.gmOverlayChanged.emit
        self.ruler.on_change = self.gmOverlayChanged.emit
        self.token_items: dict[str, TokenItem] = {}
        # Where each token stood when the marks' plates were placed: (tile, footprint).
        self._plate_places: dict[str, tuple[Tile, int]] = {}
        # Whether the tokens' round marks are big enough to read where the map is shown (a scene
        # printed without a view shows them wherever its scale lets them be read).
        self._marks_readable = True
        self._stale_marks = StaleMarks(self._current_marks)
        # The overlay a user switched off stays off when the map reloads.
        self._reach_enabled = True
        self.move_tool = MoveTool(self)
        self.move_tool.statusMessage.connect(self.statusMessage)
        self.tools = ToolManager(self.move_tool, self)
        self._followed = [
            (model.mapChanged, self.reload_map),
            (model.combatantsChanged, self.update_combatants),
            (model.selectionChanged, self._on_selection_changed),
            # A declaration, a phase or a new round changes how far the selected token may go.
            (model.roundChanged, self.refresh_reachable),
            # The round's marks on the tokens follow declarations, rolls and phases.
            (model.roundChanged, self.refresh_marks),
        ]
        for signal, slot in self._followed:
            signal.connect(slot)
        self.reload_map()
        self.update_combatants(list(model.encounter.combatants))

    # -- following the model -------------------------------------------------------------
    def stop_following(self) -> None:
        """The window replaces this scene's view (another encounter opens): stop drawing what
        the model holds, so the next encounter's map and tokens are loaded once, by the view
        that shows them."""
        for signal, slot in self._followed:
            signal.disconnect(slot)
        self._followed = []

    def _current_marks(self, combatant_id: str) -> RoundMarks | None:
        """A token's marks as they are now; None for a token whose creature the encounter no
        longer holds (another encounter was opened: the map is announced before the
        combatants, so the old tokens are still here, about to leave)."""
        if combatant_id not in self.model.encounter.combatants:
            return None
        return self.model.round_marks(combatant_id)

    @property
    def battle_map(self) -> Any:
        return self.model.encounter.battle_map

    def reload_map(self) -> None:
        """Redraw every layer from the model's map (it may be a different size now)."""
        self._frame_shown = False
        battle_map = self.battle_map
        load_board_layers(self, battle_map)
        self.feature_layer.load_map(battle_map)
        self.light_layer.set_tint_codes(light_tints.light_tint_codes(battle_map))
        self.light_layer.set_sources(list(battle_map.lights))
        self._update_tints()
        margin = self.geometry.length(SCENE_MARGIN_TILES)
        self.setSceneRect(self.geometry.map_rect().adjusted(-margin, -margin, margin, margin))
        self.tool.cancel()
        self.refresh_reachable()

    def refresh_tiles(self, tiles: set[Tile], layers: set[str]) -> None:
        """Follow a map edit still in progress (an editor stroke) without reloading the map:
        repaint only `tiles` for the tile layers named in `layers` ("terrain", "elevation",
        "cover", "obscuration"; "walls", "doors", "lights" redraw those), then the reachable
        tiles. The stroke's end still emits `mapChanged`, which reloads everything."""
        battle_map = self.battle_map
        if "elevation" in layers:
            self.height_layer.load_map(battle_map)
        if "cover" in layers:
            self.cover_layer.load_map(battle_map)
        if layers & {"walls", "doors"}:
            self.wall_layer.load_map(battle_map)
        if layers & {"windows", "objects"}:
            self.feature_layer.load_map(battle_map)
        if "lights" in layers:
            self.light_layer.set_sources(list(battle_map.lights))
        if layers & {"walls", "doors", "lights", "objects"} and (
            battle_map.lights or battle_map.ambient_light != "bright"
        ):
            light, zones = light_tints.light_and_obscuration(battle_map)
            self.light_layer.set_levels(light, zones)
            self._update_tints()
        elif "obscuration" in layers:
            light = {}
            zones = {}
            for tile in tiles:
                # As `light_and_obscuration` decides it: the strongest cause is shown.
                level, _ = tile_obscuration(battle_map, tile)
                zone_wins = battle_map.obscuration(tile) == level
                zones[tile] = level if zone_wins else "none"
                light[tile] = "bright" if zone_wins else DARKNESS_OF_OBSCURATION[level]
            self.light_layer.update_tiles(light, zones)
            self.terrain_layer.update_tiles(battle_map, tiles)
        if "elevation" in layers:
            self._update_tints()
        elif layers & {"terrain", "obscuration"}:
            self.terrain_layer.update_tiles(battle_map, tiles)
        if layers & {"terrain", "elevation", "walls", "doors", "windows", "objects"}:
            self.refresh_reachable()

    @property
    def tool(self) -> Tool:
        """The tool the map's mouse and keys go to (switched through `tools`)."""
        return self.tools.active

    def update_combatants(self, ids: list[str]) -> None:
        combatants = self.model.encounter.combatants
        for combatant_id in ids:
            combatant = combatants.get(combatant_id)
            item = self.token_items.get(combatant_id)
            if combatant is None:
                if item is not None:
                    self.removeItem(item)
                    del self.token_items[combatant_id]
                continue
            if item is None:
                item = TokenItem(combatant, self.geometry)
                item.stale_marks = self._stale_marks
                item.marks.set_shown(self._marks_readable)
                self.token_items[combatant_id] = item
                self.addItem(item)
            else:
                item.set_combatant(combatant)
            item.portraits = self.model.encounter.portraits
            item.set_selected(combatant_id == self.model.selected_id)
        self.refresh_marks(ids)
        self._place_mark_plates(ids)
        if self.model.selected_id in ids:
            self.show_selected_name()
        self.move_tool.combatants_changed(ids)
        if self._reach_follows(ids):
            self.refresh_reachable()

    def _place_mark_plates(self, ids: list[str]) -> None:
        """Each token's marks' plate stands above its disc, or keeps inside its tiles where a
        token stands in the row above (it would cover that one). Worked out again only when a
        token of `ids` came, went, moved or changed size: an HP edit moves no plate."""
        combatants = self.model.encounter.combatants
        places = {
            cid: (c.position, c.footprint)
            for cid in ids
            if (c := combatants.get(cid)) is not None and c.position is not None
        }
        if all(self._plate_places.get(cid) == places.get(cid) for cid in ids):
            return
        for cid in ids:
            if cid in places:
                self._plate_places[cid] = places[cid]
            else:
                self._plate_places.pop(cid, None)
        taken = {
            (x + dx, y + dy)
            for (x, y), size in self._plate_places.values()
            for dx in range(size)
            for dy in range(size)
        }
        for cid, item in self.token_items.items():
            place = self._plate_places.get(cid)
            if place is not None:
                (x, y), size = place
                item.set_plate_inside(any((x + dx, y - 1) in taken for dx in range(size)))

    def _reach_follows(self, ids: list[str]) -> bool:
        """Whether a change of the combatants `ids` can change the selected token's reach: it
        changed itself, or another token came, went, moved, changed side or size (the search
        reads only where the others stand and whose side they are on). An HP edit of another
        token searches nothing: with 300 tokens the search is most of an edit's cost."""
        if self.model.selected_id in ids:
            return True
        combatants = self.model.encounter.combatants
        return any(
            self._reach_standing.get(combatant_id) != _standing(combatants.get(combatant_id))
            for combatant_id in ids
        )

    def refresh_marks(self, ids: list[str] | None = None) -> None:
        """Show this round's marks (must act, declared, acted, locked, surprised,
        incapacitated) on the tokens of `ids` (all when None). While the plates are hidden the
        tokens only learn that their marks may have changed: they read them when asked (the
        plates showing again, a tooltip), so a phase on a zoomed-out map works out none."""
        if not self._marks_readable and ids is None:
            self._stale_marks.changes += 1  # every token's, in one step
            return
        combatants = self.model.encounter.combatants
        read = self.model.round_marks
        for combatant_id in self.token_items if ids is None else ids:
            item = self.token_items.get(combatant_id)
            if item is not None and combatant_id in combatants:
                if self._marks_readable:
                    marks = read(combatant_id)
                    item.set_marks(marks.signs, marks.text)
                else:
                    item.marks_stale()

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        # A token's tooltip says its round marks in words: read any left stale under the cursor.
        token = None
        for item in self.items(event.scenePos()):
            found = item.parentItem() if isinstance(item, TokenMarks) else item
            if isinstance(found, TokenItem):
                found.catch_up_marks()
                token = token or found
        label = self.info_label.screen_rect()
        viewport = event.widget()
        if token is None or label is None or viewport is None or not token.toolTip():
            super().helpEvent(event)
            return
        # The distance and cover label is showing: the tooltip opens under it (or above it, at
        # the screen's foot), never over it.
        box = label.toAlignedRect()
        box.moveTopLeft(viewport.mapToGlobal(box.topLeft()))
        screen = viewport.screen().availableGeometry()
        QToolTip.showText(tooltip_spot(box, token.toolTip(), screen), token.toolTip(), viewport)
        event.accept()

    def set_marks_readable(self, readable: bool) -> None:
        """The view says whether its tiles are big enough to read the tokens' round marks (they
        are drawn, like the names, from TEXT_MIN_TILE_PIXELS up). While they are not, the marks'
        plates are hidden: a phase that changes the marks of hundreds of tokens then repaints
        nothing on a map zoomed out to show them all, where no mark could be seen anyway."""
        if readable == self._marks_readable:
            return
        self._marks_readable = readable
        for item in self.token_items.values():
            item.marks.set_shown(readable)

    def show_selected_name(self) -> None:
        """The selected token's whole name beside it, off every other token."""
        item = self.token_items.get(self.model.selected_id)
        if item is None or not item.isVisible():
            self.name_label.hide()
            return
        # Off every other token: under the selected one, or above or beside it.
        others = [
            other.mapToScene(other.shape()).boundingRect()
            for other in self.token_items.values()
            if other is not item and other.isVisible()
        ]
        # Under its selection ring, not over it.
        self.name_label.show_under(item.name, item.sceneBoundingRect(), others)

    def _on_selection_changed(self, combatant_id: str) -> None:
        for item_id, item in self.token_items.items():
            item.set_selected(item_id == combatant_id)
        self.show_selected_name()
        self.move_tool.selection_changed()
        self.refresh_reachable()

    def refresh_reachable(self) -> None:
        """Show where the selected token can go this turn (nothing when none is selected)."""
        self._reach_standing = {
            combatant_id: _standing(combatant)
            for combatant_id, combatant in self.model.encounter.combatants.items()
        }
        combatant = self.model.selected_combatant() if self._reach_enabled else None
        if combatant is None or combatant.position is None:
            self.reach_layer.clear()
            return
        battle_map = self.battle_map
        if (
            battle_map.width * battle_map.height > REACH_LATER_ABOVE_TILES
            or (self._first_reach_waits and not self._frame_shown)
        ) and not has_movement_graph(battle_map):
            self.reach_layer.clear()
            if not self._reach_later:
                self._reach_later = True
                if self._frame_shown:
                    QTimer.singleShot(REACH_LATER_MS, self, self._reach_now)
            return
        try:
            reachable = geometry.reachable_tiles(self.model.encounter, combatant)
        except Refusal:
            # A token the board cannot move from (e.g. hanging off the map) reaches nothing.
            self.reach_layer.clear()
            return
        self.reach_layer.set_reachable(reachable, exclude=combatant.tiles())

    def first_reach_after_frame(self) -> None:
        """Let the first reach asked for (the launch's selected token) wait for the map's first
        frame when it needs the movement graph: building it, and importing the graph library,
        would otherwise hold the window's first frame. The wait ends with that frame, or with
        the GM's first click or key on the map: what the GM asks for is found at once."""
        self._first_reach_waits = True

    def frame_painted(self) -> None:
        """A view painted the map: a graph waiting for the first frame may be built now (its
        timer was started only now, so the frame is on screen before the build holds the
        window)."""
        if self._frame_shown:
            return
        self._frame_shown = True
        self._first_reach_waits = False
        if self._reach_later:
            QTimer.singleShot(REACH_LATER_MS, self, self._reach_now)

    def _reach_now(self) -> None:
        if not any(view.isVisible() for view in self.views()):
            # The window closed (or hid the map) meanwhile: build when the map shows again.
            self._frame_shown = False
            return
        self._reach_later = False
        movement_graph(self.battle_map)
        self.refresh_reachable()

    def set_height_shown(self, shown: bool) -> None:
        """The height overlay: the shading is in the terrain image, cliffs and numbers in its
        own layer."""
        self.height_layer.setVisible(shown)
        self._update_tints()

    def set_light_shown(self, shown: bool) -> None:
        self.light_layer.setVisible(shown)
        self._update_tints()

    def _update_tints(self) -> None:
        for name, layer in (("height", self.height_layer), ("light", self.light_layer)):
            self.terrain_layer.set_tint(name, layer.tint() if layer.isVisible() else None)

    def set_reach_enabled(self, enabled: bool) -> None:
        self._reach_enabled = enabled
        self.reach_layer.setVisible(enabled)
        self.refresh_reachable()

    # -- looking things up -----------------------------------------------------------------
    def token_at(self, point: QPointF) -> TokenItem | None:
        """The top token under a scene point (dragged/selected first)."""
        for item in self.items(point, Qt.ItemSelectionMode.IntersectsItemShape):
            if isinstance(item, TokenItem) and item.isVisible():
                return item
        return None

    def tile_at(self, point: QPointF) -> Tile:
        return self.geometry.scene_to_tile(point)

    # -- events go to the tool -------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._first_reach_waits = False  # the GM's click is answered at once
        if self.tool.press(event.scenePos(), event.button(), event.modifiers()):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.tool.move(event.scenePos(), event.modifiers())
        if self.move_tool.dragging and self.name_label.isVisible():
            # A dragged token must not pass under its old name; an editor stroke leaves it be
            # (hiding it would repaint from the token to the brush at every dab).
            self.name_label.hide()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        used = self.tool.release(event.scenePos(), event.button(), event.modifiers())
        if not self.tool.busy:
            self.show_selected_name()  # under the token where it now stands
        if used:
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._first_reach_waits = False
        if self.tools.key(event.key(), event.modifiers()):
            event.accept()
            return
        super().keyPressEvent(event)
