"""Print the battlemap at true scale: a PDF with one tile = one inch (25.4 mm), tiled over pages.

Many groups play on paper with 1-inch miniatures. The map is cut into pages of A4 or Letter:
- each page prints a window of the map at exactly 25.4 mm per tile inside a margin the printer
  can reach; neighbouring pages share an overlap strip, marked by dashed lines with registration
  crosses at the same map points on both pages, so the GM trims one page along its line and lays
  it over the next, crosses on crosses;
- each page is labelled by row letter and column number ("B3": second row, third column) and
  names its neighbours in the margin;
- the first page is the assembly sheet: the whole map small with every page's place on it, the
  instructions, and a 50 mm bar to check the printer printed at 100 %.

What is printed is a scene the window already knows how to draw, never a second set of rules:
- the players' view is a `PlayerScene` (the player display's projection: hidden tokens, fogged
  tiles and enemies in the fog are left out by the same code), clipped to what the players may
  see: fogged ground is blank paper (no ink, and nothing of it in the PDF), and a page with
  nothing the players may see is left out (the assembly sheet lists it);
- the GM's view is a `MapScene` with the reachable tiles, the drag preview, the ruler and the
  selection left out.
Both print the grid in tile units (the players' grid), so a line is a visible 0.6 mm on paper;
the GM's one-pixel screen grid would vanish at printer resolution.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem

from drase_desktop.atomic_write import replaced_when_written
from drase_desktop.ui.map.map_scene import MapScene
from drase_desktop.ui.table.player_grid import PlayerGridLayer
from drase_desktop.ui.table.player_scene import PlayerScene
from drase_desktop.ui.table.player_walls import EDGE_WIDTH, revealed_path
from drase_desktop.ui.table.print_marks import (
    FAINT,
    INK,
    MARK,
    font_mm,
    mm,
    mm_point,
    mm_rect,
    paint_page_labels,
    pen_mm,
    registration_cross,
    text_height_mm,
)
from drase_desktop.ui.table.print_plan import (
    MM_PER_INCH,
    PDF_DPI,
    TILE_MM,
    PrintLayout,
    PrintMapError,
    PrintOptions,
    PrintPage,
    neighbour_labels,
    page_caption,
    pages_in_sight,
    plan_pages,
    row_letters,
)

PAGE_SIZE_IDS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
CHECK_BAR_MM = 50.0
ASSEMBLY_TEXT_MM = 3.2


# --- the scene that is printed ----------------------------------------------------------------


def print_scene(model: Any, options: PrintOptions) -> PlayerScene | MapScene:
    """A scene of the model's map as `options` asks, owned by the caller (delete it after)."""
    if options.players_view:
        scene: Any = PlayerScene(model)
        # No fog is drawn: the pages are clipped to what the players may see (`sight_clip`),
        # so fogged ground is blank paper and no picture of it reaches the PDF, not even
        # under a layer of white (its compressed edges printed as grey ghosts).
        scene.fog_layer.setVisible(False)
        grid_layer = scene.grid_layer
        tokens = scene.token_items
    else:
        scene = MapScene(model)
        scene.set_reach_enabled(False)
        for item in (scene.path_preview, scene.ruler, scene.drag_label, scene.info_label):
            item.setVisible(False)
        for token in scene.token_items.values():
            token.set_selected(False)
        # A tile-unit grid like the players': the GM's cosmetic 1-pixel lines vanish on paper.
        scene.grid_layer.setVisible(False)
        grid_layer = PlayerGridLayer(scene.geometry)
        grid_layer.setZValue(scene.grid_layer.zValue())
        grid_layer.set_over_image(scene.terrain_layer.has_background)
        scene.addItem(grid_layer)
        tokens = scene.token_items
    grid_layer.setVisible(options.grid)
    for token in tokens.values():
        if not options.tokens:
            token.setVisible(False)
    for item in scene.items():
        # A cached item would be printed as a screen-resolution picture of itself.
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    return scene


# --- painting pages ---------------------------------------------------------------------------


class MapPrinter:
    """Paints the pages of one map: `paint_page` onto any painter whose device has a known number
    of dots per millimetre (a PDF page, or an image in a test)."""

    def __init__(self, model: Any, options: PrintOptions) -> None:
        battle_map = model.encounter.battle_map
        self.model = model
        self.options = options
        self.layout = plan_pages((battle_map.width, battle_map.height), options)
        self.title = model.encounter.name or battle_map.name or "Battlemap"
        self.scene = print_scene(model, options)
        self._scene_per_mm = self.scene.geometry.length(1) / TILE_MM
        self.sight_clip: QPainterPath | None = None
        self.pages = list(self.layout.pages)
        if isinstance(self.scene, PlayerScene):  # the players' view
            fog = self.scene.fog
            self.sight_clip = self._players_sight(fog)
            if fog.revealed_count == 0:
                self.close()
                raise PrintMapError(
                    "The players have seen nothing of this map yet (it is all fogged): reveal"
                    " some of it, or print the GM's view."
                )
            if not fog.all_revealed:
                self.pages = pages_in_sight(self.layout, fog.revealed_tiles())
        self.printed = {page.label for page in self.pages}
        self.left_out = [page.label for page in self.layout.pages if page.label not in self.printed]

    def _players_sight(self, fog: Any) -> QPainterPath:
        """What the players may see, in scene units: the revealed tiles (grown so a wall on
        their edge prints whole, as the player display draws it) and the tokens shown there."""
        grow = self.scene.geometry.length(EDGE_WIDTH) / 2
        path = revealed_path(self.scene.geometry, fog, grow)
        for token in self.scene.token_items.values():
            if token.isVisible():
                path.addRect(token.sceneBoundingRect())
        return path.simplified()

    def close(self) -> None:
        self.scene.deleteLater()

    @property
    def page_count(self) -> int:
        """The sheets: the assembly sheet, then the map's pages the print keeps."""
        return 1 + len(self.pages)

    def _render_scene(self, painter: QPainter, target: QRectF, source: QRectF) -> None:
        """The scene's `source` (scene units) into `target` (device), only what may be seen."""
        painter.save()
        painter.setClipRect(target)
        if self.sight_clip is not None:
            to_device = QTransform.fromTranslate(target.left(), target.top())
            to_device.scale(target.width() / source.width(), target.height() / source.height())
            to_device.translate(-source.left(), -source.top())
            painter.setClipPath(to_device.map(self.sight_clip), Qt.ClipOperation.IntersectClip)
        self.scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.restore()

    # -- one sheet ---------------------------------------------------------------------------
    def paint_sheet(self, painter: QPainter, index: int, dots_per_mm: float) -> None:
        """Sheet `index` (0: the assembly sheet) with its top-left corner at device (0, 0)."""
        if index == 0:
            self.paint_assembly(painter, dots_per_mm)
        else:
            self.paint_page(painter, self.pages[index - 1], dots_per_mm)

    def paint_page(self, painter: QPainter, page: PrintPage, dots_per_mm: float) -> None:
        margin = self.options.margin_mm
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        x, y, width, height = page.map_rect
        target = mm_rect(margin, margin, width, height, dots_per_mm)
        source = QRectF(
            x * self._scene_per_mm,
            y * self._scene_per_mm,
            width * self._scene_per_mm,
            height * self._scene_per_mm,
        )
        self._render_scene(painter, target, source)
        # The edge of the printed map, thin: where the paper is cut for a borderless table.
        painter.setPen(pen_mm(FAINT, 0.2, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(target)
        self._paint_overlaps(painter, page, dots_per_mm)
        self._paint_corner_marks(painter, target, dots_per_mm)
        paint_page_labels(painter, self.layout, page, self.title, dots_per_mm, self.printed)
        painter.restore()

    def _paint_overlaps(self, painter: QPainter, page: PrintPage, dots_per_mm: float) -> None:
        """Dashed lines where each neighbour's part begins and ends, and registration crosses
        at the same map points on both pages of a shared strip."""
        layout, overlap = self.layout, self.options.overlap_mm
        x, y, width, height = page.map_rect
        dashed = pen_mm(MARK, 0.25, dots_per_mm)
        dashed.setStyle(Qt.PenStyle.DashLine)
        strips: list[tuple[QRectF, bool]] = []  # strip in map mm, vertical?
        for d_row, d_column in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            other = layout.neighbour(page, d_row, d_column)
            if other is None or other.label not in self.printed:
                continue
            ox, oy, ow, oh = other.map_rect
            left, right = max(x, ox), min(x + width, ox + ow)
            top, bottom = max(y, oy), min(y + height, oy + oh)
            if right <= left or bottom <= top:
                continue
            strips.append((QRectF(left, top, right - left, bottom - top), d_column != 0))
        for strip, vertical in strips:
            painter.setPen(dashed)
            if vertical and overlap > 0:
                for edge in (strip.left(), strip.right()):
                    a = layout.on_page_mm(page, edge, strip.top())
                    b = layout.on_page_mm(page, edge, strip.bottom())
                    painter.drawLine(mm_point(a, dots_per_mm), mm_point(b, dots_per_mm))
            elif overlap > 0:
                for edge in (strip.top(), strip.bottom()):
                    a = layout.on_page_mm(page, strip.left(), edge)
                    b = layout.on_page_mm(page, strip.right(), edge)
                    painter.drawLine(mm_point(a, dots_per_mm), mm_point(b, dots_per_mm))
            centre = strip.center()
            for share in (0.2, 0.5, 0.8):
                if vertical:
                    point = QPointF(centre.x(), strip.top() + share * strip.height())
                else:
                    point = QPointF(strip.left() + share * strip.width(), centre.y())
                on_page = layout.on_page_mm(page, point.x(), point.y())
                registration_cross(painter, on_page, dots_per_mm)

    def _paint_corner_marks(self, painter: QPainter, target: QRectF, dots_per_mm: float) -> None:
        """Crop marks in the margin at the printed map's corners, off the map itself."""
        painter.setPen(pen_mm(INK, 0.25, dots_per_mm))
        gap, length = 1.5 * dots_per_mm, 5.0 * dots_per_mm
        for corner, sx, sy in (
            (target.topLeft(), -1, -1),
            (target.topRight(), 1, -1),
            (target.bottomLeft(), -1, 1),
            (target.bottomRight(), 1, 1),
        ):
            painter.drawLine(
                QPointF(corner.x() + sx * gap, corner.y()),
                QPointF(corner.x() + sx * (gap + length), corner.y()),
            )
            painter.drawLine(
                QPointF(corner.x(), corner.y() + sy * gap),
                QPointF(corner.x(), corner.y() + sy * (gap + length)),
            )

    # -- the assembly sheet --------------------------------------------------------------------
    def paint_assembly(self, painter: QPainter, dots_per_mm: float) -> None:
        layout, options, margin = self.layout, self.options, self.options.margin_mm
        paper_w, paper_h = layout.paper_mm
        width = paper_w - 2 * margin
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setPen(INK)
        painter.setFont(font_mm(6.0, dots_per_mm, bold=True))
        painter.drawText(
            mm(QRectF(margin, margin, width, 9), dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            f"Assembly: {self.title}",
        )
        view = (
            "players' view (fog and hidden tokens left out)"
            if options.players_view
            else ("GM's view (everything, hidden tokens included)")
        )
        tiles_w, tiles_h = layout.map_tiles
        lines = [
            f"{tiles_w} x {tiles_h} tiles at 1 inch (25.4 mm) per tile on {len(self.pages)} "
            f"{options.paper} page(s), {layout.rows} row(s) A-{row_letters(layout.rows - 1)}, "
            f"{layout.columns} column(s) 1-{layout.columns}; {view}; grid "
            f"{'on' if options.grid else 'off'}; tokens {'on' if options.tokens else 'off'}.",
            "Print at 100 % (\u201cActual size\u201d, never \u201cFit to page\u201d), then check "
            f"the bar below measures {CHECK_BAR_MM:g} mm.",
            f"Neighbouring pages share a {options.overlap_mm:g} mm strip between red dashed lines:"
            " trim one page along its dashed line and lay it over its neighbour, red crosses on"
            " red crosses.",
        ]
        if self.left_out:
            lines.append(
                f"Left out, as the players may see nothing there yet: {len(self.left_out)} "
                f"page(s), {', '.join(self.left_out)} (grey on the plan below)."
            )
        flags = int(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        )
        text_top = margin + 11
        text_h = max(26.0, text_height_mm("\n".join(lines), ASSEMBLY_TEXT_MM, width, flags))
        painter.setFont(font_mm(ASSEMBLY_TEXT_MM, dots_per_mm))
        painter.drawText(
            mm(QRectF(margin, text_top, width, text_h), dots_per_mm), flags, "\n".join(lines)
        )
        bar_top = text_top + text_h + 2
        self._paint_check_bar(painter, QPointF(margin, bar_top), dots_per_mm)
        # The map, small, with each page's share of it.
        area_top = bar_top + 16
        area = QRectF(margin, area_top, width, paper_h - margin - area_top)
        map_w, map_h = layout.map_mm
        scale = min(area.width() / map_w, area.height() / map_h)
        shown = QRectF(area.left(), area.top(), map_w * scale, map_h * scale)
        whole_map = QRectF(0, 0, map_w * self._scene_per_mm, map_h * self._scene_per_mm)
        self._render_scene(painter, mm(shown, dots_per_mm), whole_map)
        painter.setBrush(QColor(255, 255, 255, 90))
        left_out_pen = pen_mm(FAINT, 0.3, dots_per_mm)
        left_out_pen.setStyle(Qt.PenStyle.DashLine)
        step_w, step_h = layout.step_mm
        label_mm = max(2.5, min(8.0, min(step_w, step_h) * scale * 0.3))
        painter.setFont(font_mm(label_mm, dots_per_mm, bold=True))
        for page in layout.pages:
            x, y, w, h = page.map_rect
            # The page's own share: up to where the next page takes over.
            own_w = w if page.column == layout.columns - 1 else min(w, step_w)
            own_h = h if page.row == layout.rows - 1 else min(h, step_h)
            cell = QRectF(
                shown.left() + x * scale, shown.top() + y * scale, own_w * scale, own_h * scale
            )
            printed = page.label in self.printed
            painter.setPen(pen_mm(MARK, 0.4, dots_per_mm) if printed else left_out_pen)
            painter.drawRect(mm(cell, dots_per_mm))
            painter.setPen(MARK if printed else FAINT)
            painter.drawText(mm(cell, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), page.label)
        painter.restore()

    def _paint_check_bar(self, painter: QPainter, at: QPointF, dots_per_mm: float) -> None:
        """A 50 mm bar with centimetre ticks and a one-tile square: the printer's scale, checked
        with a ruler before the pages are cut."""
        painter.setPen(pen_mm(INK, 0.3, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        start = at + QPointF(0, 4)
        end = start + QPointF(CHECK_BAR_MM, 0)
        painter.drawLine(mm_point(start, dots_per_mm), mm_point(end, dots_per_mm))
        painter.setFont(font_mm(2.5, dots_per_mm))
        for tick in range(int(CHECK_BAR_MM / 10) + 1):
            x = start.x() + tick * 10
            painter.drawLine(
                mm_point(QPointF(x, start.y() - 2), dots_per_mm),
                mm_point(QPointF(x, start.y() + 2), dots_per_mm),
            )
            painter.drawText(
                mm(QRectF(x - 5, start.y() + 2.5, 10, 4), dots_per_mm),
                int(Qt.AlignmentFlag.AlignCenter),
                f"{tick * 10}",
            )
        painter.drawText(
            mm(QRectF(end.x() + 3, start.y() - 2, 40, 4), dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            f"{CHECK_BAR_MM:g} mm",
        )
        square = QRectF(end.x() + 30, at.y() - 6, TILE_MM / 2, TILE_MM / 2)
        # Half a tile, so it fits above the map; says so.
        painter.drawRect(mm(square, dots_per_mm))
        painter.drawText(
            mm(square.translated(square.width() + 2, 0).adjusted(0, 0, 40, 0), dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            "half a tile: 12.7 mm",
        )

    # -- output ------------------------------------------------------------------------------
    def write_pdf(self, path: str | Path, dpi: int = PDF_DPI) -> int:
        """Write every sheet to a PDF at `path`; returns the number of sheets.

        The sheets go to a hidden file beside `path` (`replaced_when_written`), which replaces
        `path` only once whole: a print that fails leaves the PDF that was there as it was.
        """
        target = Path(path)
        try:
            with replaced_when_written(target) as temporary:
                self._write_sheets(temporary, target.name, dpi)
        except OSError as error:
            raise PrintMapError(
                f"{target.name} cannot be written: {error.strerror or error}"
            ) from None
        return self.page_count

    def _write_sheets(self, file: Path, name: str, dpi: int) -> None:
        writer = QPdfWriter(str(file))
        writer.setResolution(dpi)
        writer.setTitle(f"{self.title} at 1 inch per tile")
        writer.setCreator("Drase Desktop")
        orientation = (
            QPageLayout.Orientation.Landscape
            if self.layout.landscape
            else QPageLayout.Orientation.Portrait
        )
        page_layout = QPageLayout(
            QPageSize(PAGE_SIZE_IDS[self.options.paper]),
            orientation,
            QMarginsF(0, 0, 0, 0),
            QPageLayout.Unit.Millimeter,
        )
        writer.setPageLayout(page_layout)
        painter = QPainter()
        if not painter.begin(writer):
            raise PrintMapError(f"{name} cannot be written (is the folder writable?).")
        try:
            dots_per_mm = dpi / MM_PER_INCH
            for index in range(self.page_count):
                if index:
                    writer.newPage()
                self.paint_sheet(painter, index, dots_per_mm)
        finally:
            painter.end()

    def sheet_image(self, index: int, dpi: float) -> QImage:
        """Sheet `index` as an image at `dpi` on white (what the PDF page holds)."""
        dots_per_mm = dpi / MM_PER_INCH
        width, height = self.layout.paper_mm
        image = QImage(
            round(width * dots_per_mm), round(height * dots_per_mm), QImage.Format.Format_RGB32
        )
        image.fill(QColor("#ffffff"))
        painter = QPainter(image)
        try:
            self.paint_sheet(painter, index, dots_per_mm)
        finally:
            painter.end()
        return image


def write_map_pdf(model: Any, path: str | Path, options: PrintOptions) -> int:
    """Print the model's map to a PDF at `path` as `options` asks; returns the sheet count."""
    printer = MapPrinter(model, options)
    try:
        return printer.write_pdf(path)
    finally:
        printer.close()


__all__ = [
    "MapPrinter",
    "PrintLayout",
    "PrintMapError",
    "PrintOptions",
    "PrintPage",
    "neighbour_labels",
    "page_caption",
    "plan_pages",
    "print_scene",
    "row_letters",
    "write_map_pdf",
]
