"""The page plan of a printed map: which window of the map each sheet holds at one inch per tile,
how the sheets are named ("B3": second row, third column), which neighbours they share a strip
with, and which sheets the players' print leaves out because the players may see nothing there.

No drawing here: `print_map.py` paints the plan.
"""

from __future__ import annotations

import math
import string
from collections.abc import Collection, Container, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF

from drase_desktop.refusal import Refusal

MM_PER_INCH = 25.4
TILE_MM = MM_PER_INCH  # one tile, one inch: the base of a miniature
PAPER_SIZES_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
ORIENTATIONS = ("auto", "portrait", "landscape")
# Most printers cannot print the last 4-6 mm of a sheet; labels live in the margin.
DEFAULT_MARGIN_MM = 12.0
MIN_MARGIN_MM = 6.0
MAX_MARGIN_MM = 40.0
DEFAULT_OVERLAP_MM = 10.0
MAX_OVERLAP_MM = 30.0
# The PDF's raster parts (terrain, background picture) are drawn at this resolution.
PDF_DPI = 300


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


def neighbour_labels(
    layout: PrintLayout, page: PrintPage, printed: Collection[str] | None = None
) -> dict[str, str]:
    """The labels of the pages beside `page`, by side ("left", "right", "above", "below"); only
    those among `printed` labels when given (a page left out is nobody's neighbour)."""
    labels = {}
    for side, d_row, d_column in (
        ("left", 0, -1),
        ("right", 0, 1),
        ("above", -1, 0),
        ("below", 1, 0),
    ):
        other = layout.neighbour(page, d_row, d_column)
        if other is not None and (printed is None or other.label in printed):
            labels[side] = other.label
    return labels


def pages_in_sight(layout: PrintLayout, tiles: Container[tuple[int, int]]) -> list[PrintPage]:
    """The pages that print some of `tiles` (the tiles the players may see), in reading order.

    A page that only touches such a tile along its edge prints nothing of it and is left out.
    """
    return [page for page in layout.pages if any(t in tiles for t in page_tiles(page))]


def page_tiles(page: PrintPage) -> Iterator[tuple[int, int]]:
    """The tiles of which `page` prints some part."""
    x, y, width, height = page.map_rect
    columns = range(math.floor(x / TILE_MM + 1e-9), math.ceil((x + width) / TILE_MM - 1e-9))
    for row in range(math.floor(y / TILE_MM + 1e-9), math.ceil((y + height) / TILE_MM - 1e-9)):
        for column in columns:
            yield (column, row)
