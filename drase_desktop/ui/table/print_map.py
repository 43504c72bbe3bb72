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
  tiles and enemies in the fog are left out by the same code), with the fog printed as blank
  paper rather than a block of ink;
- the GM's view is a `MapScene` with the reachable tiles, the drag preview, the ruler and the
  selection left out.
Both print the grid in tile units (the players' grid), so a line is a visible 0.6 mm on paper;
the GM's one-pixel screen grid would vanish at printer resolution.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem

from drase_desktop.refusal import Refusal
from drase_desktop.ui.map.map_scene import MapScene
from drase_desktop.ui.table.player_grid import PlayerGridLayer
from drase_desktop.ui.table.player_scene import PlayerScene

MM_PER_INCH = 25.4
TILE_MM = MM_PER_INCH  # one tile, one inch: the base of a miniature
PAPER_SIZES_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
PAGE_SIZE_IDS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
ORIENTATIONS = ("auto", "portrait", "landscape")
# Most printers cannot print the last 4-6 mm of a sheet; labels live in the margin.
DEFAULT_MARGIN_MM = 12.0
MIN_MARGIN_MM = 6.0
MAX_MARGIN_MM = 40.0
DEFAULT_OVERLAP_MM = 10.0
MAX_OVERLAP_MM = 30.0
# The PDF's raster parts (terrain, background picture) are drawn at this resolution.
PDF_DPI = 300
CHECK_BAR_MM = 50.0
# The fog on paper: blank, so a page of unexplored dungeon costs no ink.
PAPER_FOG = QColor("#ffffff")
INK = QColor("#202020")
MARK = QColor("#c00000")
FAINT = QColor("#8a8a8a")


class PrintMapError(Refusal):
    """Print settings that cannot work; the message says what to change."""


@dataclass(frozen=True)
class PrintOptions:
    """What to print and on what: paper, margins, overlap, and which parts of the map."""

    paper: str = "A4"
    orientation: str = "auto"
    margin_mm: float = DEFAULT_MARGIN_MM
    overlap_mm: float = DEFAULT_OVERLAP_MM
    grid: bool = True
    players_view: bool = True
    tokens: bool = True

    def __post_init__(self) -> None:
        if self.paper not in PAPER_SIZES_MM:
            raise PrintMapError(
                f"Paper {self.paper!r} is not offered; choose {' or '.join(PAPER_SIZES_MM)}."
            )
        if self.orientation not in ORIENTATIONS:
            raise PrintMapError(
                f"Orientation {self.orientation!r} is not one of {', '.join(ORIENTATIONS)}."
            )
        if not (math.isfinite(self.margin_mm) and MIN_MARGIN_MM <= self.margin_mm <= MAX_MARGIN_MM):
            raise PrintMapError(
                f"A margin of {self.margin_mm:g} mm will not do: printers need at least "
                f"{MIN_MARGIN_MM:g} mm, and more than {MAX_MARGIN_MM:g} mm wastes the page."
            )
        if not (math.isfinite(self.overlap_mm) and 0 <= self.overlap_mm <= MAX_OVERLAP_MM):
            raise PrintMapError(
                f"An overlap of {self.overlap_mm:g} mm will not do: choose 0 to "
                f"{MAX_OVERLAP_MM:g} mm."
            )


@dataclass(frozen=True)
class PrintPage:
    """One sheet of the map: its label and the window of the map it prints (mm on the map)."""

    row: int
    column: int
    label: str
    map_rect: tuple[float, float, float, float]  # x, y, width, height in mm from the map's corner


@dataclass(frozen=True)
class PrintLayout:
    """How a map of `map_tiles` falls onto pages of `paper_mm` (width, height as printed)."""

    options: PrintOptions
    paper_mm: tuple[float, float]
    map_tiles: tuple[int, int]
    rows: int
    columns: int
    pages: list[PrintPage] = field(default_factory=list)

    @property
    def landscape(self) -> bool:
        return self.paper_mm[0] > self.paper_mm[1]

    @property
    def printable_mm(self) -> tuple[float, float]:
        margin = self.options.margin_mm
        return (self.paper_mm[0] - 2 * margin, self.paper_mm[1] - 2 * margin)

    @property
    def map_mm(self) -> tuple[float, float]:
        return (self.map_tiles[0] * TILE_MM, self.map_tiles[1] * TILE_MM)

    @property
    def step_mm(self) -> tuple[float, float]:
        """How far the map moves from one page to the next (the printable size less overlap)."""
        width, height = self.printable_mm
        return (width - self.options.overlap_mm, height - self.options.overlap_mm)

    def page(self, label: str) -> PrintPage:
        for page in self.pages:
            if page.label == label:
                return page
        raise KeyError(label)

    def neighbour(self, page: PrintPage, d_row: int, d_column: int) -> PrintPage | None:
        row, column = page.row + d_row, page.column + d_column
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.pages[row * self.columns + column]
        return None

    def on_page_mm(self, page: PrintPage, map_x_mm: float, map_y_mm: float) -> QPointF:
        """Where a point of the map (mm from its top-left corner) lands on `page`'s sheet (mm)."""
        margin = self.options.margin_mm
        return QPointF(margin + map_x_mm - page.map_rect[0], margin + map_y_mm - page.map_rect[1])


def row_letters(row: int) -> str:
    """ "A" for the first row, ..., "Z", "AA", "AB"... like a spreadsheet's columns."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


def _count(map_mm: float, printable: float, overlap: float) -> int:
    if map_mm <= printable + 1e-9:
        return 1
    return math.ceil((map_mm - overlap) / (printable - overlap) - 1e-9)


def plan_pages(map_tiles: tuple[int, int], options: PrintOptions) -> PrintLayout:
    """Cut a map of `map_tiles` (width, height) into pages; "auto" orientation takes whichever
    needs fewer sheets (portrait on a tie)."""
    short, long = PAPER_SIZES_MM[options.paper]
    candidates = {"portrait": (short, long), "landscape": (long, short)}
    if options.orientation != "auto":
        candidates = {options.orientation: candidates[options.orientation]}
    best: PrintLayout | None = None
    for paper in candidates.values():
        layout = _layout(map_tiles, options, paper)
        if best is None or len(layout.pages) < len(best.pages):
            best = layout
    assert best is not None
    return best


def _layout(
    map_tiles: tuple[int, int], options: PrintOptions, paper: tuple[float, float]
) -> PrintLayout:
    margin, overlap = options.margin_mm, options.overlap_mm
    printable = (paper[0] - 2 * margin, paper[1] - 2 * margin)
    if min(printable) - overlap < TILE_MM:
        raise PrintMapError(
            f"With a {margin:g} mm margin and a {overlap:g} mm overlap a {options.paper} page"
            " holds less than one tile: make the margin or the overlap smaller."
        )
    map_mm = (map_tiles[0] * TILE_MM, map_tiles[1] * TILE_MM)
    columns = _count(map_mm[0], printable[0], overlap)
    rows = _count(map_mm[1], printable[1], overlap)
    step = (printable[0] - overlap, printable[1] - overlap)
    pages = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * step[0], row * step[1]
            width = min(printable[0], map_mm[0] - x)
            height = min(printable[1], map_mm[1] - y)
            pages.append(
                PrintPage(row, column, f"{row_letters(row)}{column + 1}", (x, y, width, height))
            )
    return PrintLayout(options, paper, map_tiles, rows, columns, pages)


def page_caption(layout: PrintLayout, page: PrintPage, title: str) -> str:
    """The small line at the top of a page: the map, where the page sits, the scale."""
    return (
        f"{title} \u00b7 page {page.label} of {layout.rows} row(s) x {layout.columns} column(s)"
        " \u00b7 1 tile = 25.4 mm: print at 100 %"
    )


def neighbour_labels(layout: PrintLayout, page: PrintPage) -> dict[str, str]:
    """The labels of the pages beside `page`, by side ("left", "right", "above", "below")."""
    labels = {}
    for side, d_row, d_column in (
        ("left", 0, -1),
        ("right", 0, 1),
        ("above", -1, 0),
        ("below", 1, 0),
    ):
        other = layout.neighbour(page, d_row, d_column)
        if other is not None:
            labels[side] = other.label
    return labels


# --- the scene that is printed ----------------------------------------------------------------


def print_scene(model: Any, options: PrintOptions) -> PlayerScene | MapScene:
    """A scene of the model's map as `options` asks, owned by the caller (delete it after)."""
    if options.players_view:
        scene: Any = PlayerScene(model)
        fog = scene.fog_layer
        fog.colour = QColor(PAPER_FOG)
        fog.set_geometry(scene.geometry)  # forgets the loaded fog, so the paper colour applies
        scene.refresh_fog()
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

    def close(self) -> None:
        self.scene.deleteLater()

    @property
    def page_count(self) -> int:
        """The sheets: the assembly sheet, then the map's pages."""
        return 1 + len(self.layout.pages)

    # -- one sheet ---------------------------------------------------------------------------
    def paint_sheet(self, painter: QPainter, index: int, dots_per_mm: float) -> None:
        """Sheet `index` (0: the assembly sheet) with its top-left corner at device (0, 0)."""
        if index == 0:
            self.paint_assembly(painter, dots_per_mm)
        else:
            self.paint_page(painter, self.layout.pages[index - 1], dots_per_mm)

    def paint_page(self, painter: QPainter, page: PrintPage, dots_per_mm: float) -> None:
        margin = self.options.margin_mm
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        x, y, width, height = page.map_rect
        target = _mm_rect(margin, margin, width, height, dots_per_mm)
        source = QRectF(
            x * self._scene_per_mm,
            y * self._scene_per_mm,
            width * self._scene_per_mm,
            height * self._scene_per_mm,
        )
        painter.save()
        painter.setClipRect(target)
        self.scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.restore()
        # The edge of the printed map, thin: where the paper is cut for a borderless table.
        painter.setPen(_pen(FAINT, 0.2, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(target)
        self._paint_overlaps(painter, page, dots_per_mm)
        self._paint_corner_marks(painter, target, dots_per_mm)
        self._paint_labels(painter, page, dots_per_mm)
        painter.restore()

    def _paint_overlaps(self, painter: QPainter, page: PrintPage, dots_per_mm: float) -> None:
        """Dashed lines where each neighbour's part begins and ends, and registration crosses
        at the same map points on both pages of a shared strip."""
        layout, overlap = self.layout, self.options.overlap_mm
        x, y, width, height = page.map_rect
        dashed = _pen(MARK, 0.25, dots_per_mm)
        dashed.setStyle(Qt.PenStyle.DashLine)
        strips: list[tuple[QRectF, bool]] = []  # strip in map mm, vertical?
        for d_row, d_column in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            other = layout.neighbour(page, d_row, d_column)
            if other is None:
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
                    painter.drawLine(_mm_point(a, dots_per_mm), _mm_point(b, dots_per_mm))
            elif overlap > 0:
                for edge in (strip.top(), strip.bottom()):
                    a = layout.on_page_mm(page, strip.left(), edge)
                    b = layout.on_page_mm(page, strip.right(), edge)
                    painter.drawLine(_mm_point(a, dots_per_mm), _mm_point(b, dots_per_mm))
            centre = strip.center()
            for share in (0.2, 0.5, 0.8):
                if vertical:
                    point = QPointF(centre.x(), strip.top() + share * strip.height())
                else:
                    point = QPointF(strip.left() + share * strip.width(), centre.y())
                on_page = layout.on_page_mm(page, point.x(), point.y())
                _registration_cross(painter, on_page, dots_per_mm)

    def _paint_corner_marks(self, painter: QPainter, target: QRectF, dots_per_mm: float) -> None:
        """Crop marks in the margin at the printed map's corners, off the map itself."""
        painter.setPen(_pen(INK, 0.25, dots_per_mm))
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

    def _paint_labels(self, painter: QPainter, page: PrintPage, dots_per_mm: float) -> None:
        layout, margin = self.layout, self.options.margin_mm
        paper_w, paper_h = layout.paper_mm
        band = margin * 0.8  # text sits in the outer part of the margin, clear of crop marks
        painter.setPen(INK)
        painter.setFont(_font(min(6.0, band * 0.7), dots_per_mm, bold=True))
        # Inset from the corners, where the crop marks run up into the margin.
        top = QRectF(margin + 3, (margin - band) / 2 - 0.5, paper_w - 2 * margin - 6, band)
        painter.drawText(
            _mm(top, dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            page.label,
        )
        painter.setFont(_font(min(2.8, band * 0.4), dots_per_mm))
        painter.drawText(
            _mm(top, dots_per_mm),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            page_caption(layout, page, self.title),
        )
        painter.setFont(_font(min(3.5, band * 0.5), dots_per_mm, bold=True))
        painter.setPen(MARK)
        below = QRectF(margin, paper_h - margin + (margin - band) / 2, paper_w - 2 * margin, band)
        for side, label in neighbour_labels(layout, page).items():
            if side == "below":
                painter.drawText(
                    _mm(below, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), f"\u2193 {label}"
                )
            elif side == "above":
                painter.drawText(
                    _mm(top, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), f"\u2191 {label}"
                )
            else:
                # Along the side margin, turned to read from the page's inside.
                left = side == "left"
                x = margin / 2 if left else paper_w - margin / 2
                painter.save()
                painter.translate(_mm_point(QPointF(x, paper_h / 2), dots_per_mm))
                painter.rotate(-90 if left else 90)
                half = QRectF(-40, -band / 2, 80, band)
                text = f"\u2190 {label}" if left else f"{label} \u2192"
                painter.drawText(_mm(half, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), text)
                painter.restore()

    # -- the assembly sheet --------------------------------------------------------------------
    def paint_assembly(self, painter: QPainter, dots_per_mm: float) -> None:
        layout, options, margin = self.layout, self.options, self.options.margin_mm
        paper_w, paper_h = layout.paper_mm
        width = paper_w - 2 * margin
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setPen(INK)
        painter.setFont(_font(6.0, dots_per_mm, bold=True))
        painter.drawText(
            _mm(QRectF(margin, margin, width, 9), dots_per_mm),
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
            f"{tiles_w} x {tiles_h} tiles at 1 inch (25.4 mm) per tile on {len(layout.pages)} "
            f"{options.paper} page(s), {layout.rows} row(s) A-{row_letters(layout.rows - 1)}, "
            f"{layout.columns} column(s) 1-{layout.columns}; {view}; grid "
            f"{'on' if options.grid else 'off'}; tokens {'on' if options.tokens else 'off'}.",
            "Print at 100 % (\u201cActual size\u201d, never \u201cFit to page\u201d), then check "
            f"the bar below measures {CHECK_BAR_MM:g} mm.",
            f"Neighbouring pages share a {options.overlap_mm:g} mm strip between red dashed lines:"
            " trim one page along its dashed line and lay it over its neighbour, red crosses on"
            " red crosses.",
        ]
        painter.setFont(_font(3.2, dots_per_mm))
        text_top = margin + 11
        text = QRectF(margin, text_top, width, 26)
        painter.drawText(
            _mm(text, dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
            "\n".join(lines),
        )
        bar_top = text_top + 28
        self._paint_check_bar(painter, QPointF(margin, bar_top), dots_per_mm)
        # The map, small, with each page's share of it.
        area_top = bar_top + 16
        area = QRectF(margin, area_top, width, paper_h - margin - area_top)
        map_w, map_h = layout.map_mm
        scale = min(area.width() / map_w, area.height() / map_h)
        shown = QRectF(area.left(), area.top(), map_w * scale, map_h * scale)
        painter.save()
        self.scene.render(
            painter,
            _mm(shown, dots_per_mm),
            QRectF(0, 0, map_w * self._scene_per_mm, map_h * self._scene_per_mm),
            Qt.AspectRatioMode.IgnoreAspectRatio,
        )
        painter.restore()
        painter.setBrush(QColor(255, 255, 255, 90))
        painter.setPen(_pen(MARK, 0.4, dots_per_mm))
        step_w, step_h = layout.step_mm
        label_mm = max(2.5, min(8.0, min(step_w, step_h) * scale * 0.3))
        painter.setFont(_font(label_mm, dots_per_mm, bold=True))
        for page in layout.pages:
            x, y, w, h = page.map_rect
            # The page's own share: up to where the next page takes over.
            own_w = w if page.column == layout.columns - 1 else min(w, step_w)
            own_h = h if page.row == layout.rows - 1 else min(h, step_h)
            cell = QRectF(
                shown.left() + x * scale, shown.top() + y * scale, own_w * scale, own_h * scale
            )
            painter.drawRect(_mm(cell, dots_per_mm))
            painter.drawText(_mm(cell, dots_per_mm), int(Qt.AlignmentFlag.AlignCenter), page.label)
        painter.restore()

    def _paint_check_bar(self, painter: QPainter, at: QPointF, dots_per_mm: float) -> None:
        """A 50 mm bar with centimetre ticks and a one-tile square: the printer's scale, checked
        with a ruler before the pages are cut."""
        painter.setPen(_pen(INK, 0.3, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        start = at + QPointF(0, 4)
        end = start + QPointF(CHECK_BAR_MM, 0)
        painter.drawLine(_mm_point(start, dots_per_mm), _mm_point(end, dots_per_mm))
        painter.setFont(_font(2.5, dots_per_mm))
        for tick in range(int(CHECK_BAR_MM / 10) + 1):
            x = start.x() + tick * 10
            painter.drawLine(
                _mm_point(QPointF(x, start.y() - 2), dots_per_mm),
                _mm_point(QPointF(x, start.y() + 2), dots_per_mm),
            )
            painter.drawText(
                _mm(QRectF(x - 5, start.y() + 2.5, 10, 4), dots_per_mm),
                int(Qt.AlignmentFlag.AlignCenter),
                f"{tick * 10}",
            )
        painter.drawText(
            _mm(QRectF(end.x() + 3, start.y() - 2, 40, 4), dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            f"{CHECK_BAR_MM:g} mm",
        )
        square = QRectF(end.x() + 30, at.y() - 6, TILE_MM / 2, TILE_MM / 2)
        # Half a tile, so it fits above the map; says so.
        painter.drawRect(_mm(square, dots_per_mm))
        painter.drawText(
            _mm(square.translated(square.width() + 2, 0).adjusted(0, 0, 40, 0), dots_per_mm),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            "half a tile: 12.7 mm",
        )

    # -- output ------------------------------------------------------------------------------
    def write_pdf(self, path: str | Path, dpi: int = PDF_DPI) -> int:
        """Write every sheet to a PDF at `path`; returns the number of sheets."""
        target = Path(path)
        try:
            # Qt's writer would only print a warning for a folder that is not there.
            with open(target, "wb"):
                pass
        except OSError as error:
            raise PrintMapError(
                f"{target.name} cannot be written: {error.strerror or error}"
            ) from None
        writer = QPdfWriter(str(target))
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
            raise PrintMapError(f"{Path(path).name} cannot be written (is the folder writable?).")
        try:
            dots_per_mm = dpi / MM_PER_INCH
            for index in range(self.page_count):
                if index:
                    writer.newPage()
                self.paint_sheet(painter, index, dots_per_mm)
        finally:
            painter.end()
        return self.page_count

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


# --- millimetres to device dots ---------------------------------------------------------------


def _mm(rect: QRectF, dots_per_mm: float) -> QRectF:
    return QRectF(
        rect.x() * dots_per_mm,
        rect.y() * dots_per_mm,
        rect.width() * dots_per_mm,
        rect.height() * dots_per_mm,
    )


def _mm_rect(x: float, y: float, width: float, height: float, dots_per_mm: float) -> QRectF:
    return _mm(QRectF(x, y, width, height), dots_per_mm)


def _mm_point(point: QPointF, dots_per_mm: float) -> QPointF:
    return QPointF(point.x() * dots_per_mm, point.y() * dots_per_mm)


def _pen(colour: QColor, width_mm: float, dots_per_mm: float) -> QPen:
    pen = QPen(colour, width_mm * dots_per_mm)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def _font(height_mm: float, dots_per_mm: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(height_mm * dots_per_mm)))
    font.setBold(bold)
    return font


def _registration_cross(painter: QPainter, centre_mm: QPointF, dots_per_mm: float) -> None:
    """A circle with a cross through it, 6 mm across: two of them laid one on the other line up
    two pages to a fraction of a millimetre."""
    centre = _mm_point(centre_mm, dots_per_mm)
    radius = 2.0 * dots_per_mm
    arm = 3.0 * dots_per_mm
    for colour, width in ((QColor("#ffffff"), 0.6), (MARK, 0.2)):
        painter.setPen(_pen(colour, width, dots_per_mm))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius, radius)
        painter.drawLine(centre - QPointF(arm, 0), centre + QPointF(arm, 0))
        painter.drawLine(centre - QPointF(0, arm), centre + QPointF(0, arm))


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
