"""File > Print map: pages at one inch per tile, measured on the painted page and in the PDF; the
players' print leaves out what the player display leaves out."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from helpers.map_helpers import skirmish
from helpers.pixel_runs import run_centres
from helpers.player_helpers import hide_all_but_west_room
from PySide6.QtGui import QColor, QImage

from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.player_grid import PLAYER_GRID
from drase_desktop.ui.table.print_map import (
    MapPrinter,
    PrintMapError,
    PrintOptions,
    neighbour_labels,
    page_caption,
    plan_pages,
    row_letters,
    write_map_pdf,
)

MM_PER_INCH = 25.4
DPI = 300


def _model(hidden_goblin: bool = False) -> EncounterModel:
    encounter = skirmish()
    if hidden_goblin:
        encounter.combatants["gob1"].hidden = True
    model = EncounterModel(encounter)
    fog_controller(model).apply(lambda fog: fog.reveal_all())
    return model


def _printer(model: EncounterModel, **options) -> MapPrinter:
    printer = MapPrinter(model, PrintOptions(**options))
    return printer


def _grid_line_centres(image: QImage, y: int, x0: int, x1: int) -> list[float]:
    """Centres of the runs of grid-coloured pixels along row `y` between x0 and x1."""
    return run_centres((_near(image.pixelColor(x, y), PLAYER_GRID, 40) for x in range(x0, x1)), x0)


def _near(colour: QColor, wanted: QColor, tolerance: int) -> bool:
    return (
        abs(colour.red() - wanted.red()) <= tolerance
        and abs(colour.green() - wanted.green()) <= tolerance
        and abs(colour.blue() - wanted.blue()) <= tolerance
    )


def _tile_mm(image: QImage, dpi: float, printer: MapPrinter) -> float:
    """The printed width of one tile, from the first to the last grid line across a row."""
    layout = printer.layout
    page = layout.pages[0]
    dots_per_mm = dpi / MM_PER_INCH
    # Through the middle of row 1 (open ground, no token west of the wall); from just inside
    # the map's printed edge, which is drawn in a grey like the grid's.
    middle = layout.on_page_mm(page, 0, MM_PER_INCH * 1.5)
    y = round(middle.y() * dots_per_mm)
    left = round((layout.options.margin_mm + 2) * dots_per_mm)
    right = round((layout.options.margin_mm + page.map_rect[2] - 2) * dots_per_mm)
    centres = _grid_line_centres(image, y, left, right)
    assert len(centres) >= 6, centres
    pixels_per_tile = (centres[-1] - centres[0]) / (len(centres) - 1)
    return pixels_per_tile / dots_per_mm


# --- the page plan ----------------------------------------------------------------------------


def test_row_letters_run_like_a_spreadsheet():
    assert [row_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


def test_a_24_by_18_map_takes_eight_portrait_a4_pages_labelled_by_row_and_column():
    layout = plan_pages((24, 18), PrintOptions(paper="A4"))
    assert not layout.landscape
    assert (layout.rows, layout.columns) == (2, 4)
    assert [page.label for page in layout.pages] == [
        "A1",
        "A2",
        "A3",
        "A4",
        "B1",
        "B2",
        "B3",
        "B4",
    ]
    printable_w, printable_h = layout.printable_mm
    assert (printable_w, printable_h) == (210 - 24, 297 - 24)
    for page in layout.pages:
        x, y, width, height = page.map_rect
        assert width <= printable_w + 1e-9 and height <= printable_h + 1e-9
    # Neighbours share exactly the overlap; the last page ends at the map's edge.
    a1, a2, b1 = layout.page("A1"), layout.page("A2"), layout.page("B1")
    assert a1.map_rect[0] + a1.map_rect[2] - a2.map_rect[0] == pytest.approx(10.0)
    assert a1.map_rect[1] + a1.map_rect[3] - b1.map_rect[1] == pytest.approx(10.0)
    b4 = layout.page("B4")
    assert b4.map_rect[0] + b4.map_rect[2] == pytest.approx(24 * 25.4)
    assert b4.map_rect[1] + b4.map_rect[3] == pytest.approx(18 * 25.4)


def test_auto_orientation_takes_the_one_with_fewer_sheets():
    # 10 x 6 tiles (254 x 152 mm) fits one landscape A4 page, two portrait ones.
    assert plan_pages((10, 6), PrintOptions(orientation="portrait")).columns == 2
    auto = plan_pages((10, 6), PrintOptions())
    assert auto.landscape and len(auto.pages) == 1


def test_letter_paper_is_215_9_by_279_4_mm():
    layout = plan_pages((4, 4), PrintOptions(paper="Letter", orientation="portrait"))
    assert layout.paper_mm == (215.9, 279.4)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"paper": "A3"}, "Paper 'A3' is not offered"),
        ({"margin_mm": 2.0}, "printers need at least 6 mm"),
        ({"overlap_mm": -1.0}, "overlap of -1 mm will not do"),
        ({"orientation": "sideways"}, "not one of auto, portrait, landscape"),
    ],
)
def test_impossible_settings_are_refused_with_a_reason(options, message):
    with pytest.raises(PrintMapError, match=message):
        PrintOptions(**options)


# --- true scale -------------------------------------------------------------------------------


def test_a_printed_tile_measures_25_4_mm_within_half_a_percent(qapp):
    printer = _printer(_model())
    try:
        image = printer.sheet_image(1, DPI)
        tile = _tile_mm(image, DPI, printer)
    finally:
        printer.close()
    assert tile == pytest.approx(25.4, rel=0.005)


@pytest.mark.subprocess
def test_the_pdf_pages_are_the_paper_size_and_one_tile_is_25_4_mm(qapp, tmp_path):
    model = _model()
    path = tmp_path / "skirmish.pdf"
    options = PrintOptions(paper="A4", orientation="portrait")
    assert write_map_pdf(model, path, options) == 1 + 2  # assembly, A1, A2
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 3
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert boxes, "no page size in the PDF"
    for width, height in boxes:  # A4 in points: 595.3 x 841.9
        assert float(width) == pytest.approx(210 / MM_PER_INCH * 72, abs=0.6)
        assert float(height) == pytest.approx(297 / MM_PER_INCH * 72, abs=0.6)
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed: the PDF's pages are not rendered")
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-f", "2", "-l", "2", "-png", str(path), str(tmp_path / "p")],
        check=True,
        timeout=120,
    )
    (rendered,) = tmp_path.glob("p*.png")
    image = QImage(str(rendered))
    assert not image.isNull()
    printer = MapPrinter(model, options)
    try:
        assert image.width() == pytest.approx(210 / MM_PER_INCH * DPI, abs=2)
        assert _tile_mm(image, DPI, printer) == pytest.approx(25.4, rel=0.005)
    finally:
        printer.close()


# --- what each version shows ------------------------------------------------------------------


def _tile_colour(
    printer: MapPrinter, image: QImage, tile, dpi: float = 100, *, down: float = 0.2
) -> QColor:
    """The colour printed in `tile`, half-way across and `down` of the way down (a token's
    disc there is its fill, above its name)."""
    layout = printer.layout
    page = layout.pages[0]
    point = layout.on_page_mm(page, (tile[0] + 0.5) * MM_PER_INCH, (tile[1] + down) * MM_PER_INCH)
    dots = dpi / MM_PER_INCH
    return image.pixelColor(round(point.x() * dots), round(point.y() * dots))


def test_a_hidden_token_is_absent_from_the_players_print_and_present_in_the_gms(qapp):
    model = _model(hidden_goblin=True)
    players = _printer(model, players_view=True, orientation="landscape")
    gm = _printer(model, players_view=False, orientation="landscape")
    try:
        players_page = players.sheet_image(1, 100)
        gm_page = gm.sheet_image(1, 100)
        goblin, empty, aria = (6, 6), (6, 5), (1, 0)
        ground = _tile_colour(players, players_page, empty)
        assert _tile_colour(players, players_page, goblin) == ground
        assert _tile_colour(gm, gm_page, goblin) != _tile_colour(gm, gm_page, empty)
        # A visible token prints in both: the check above is not blind.
        players_side = map_palette.side_colour("players")
        assert _near(_tile_colour(players, players_page, aria), players_side, 60)
    finally:
        players.close()
        gm.close()


def test_fog_prints_as_blank_paper_and_the_enemy_in_it_is_left_out(qapp):
    model = EncounterModel(skirmish())
    hide_all_but_west_room(model)
    printer = _printer(model, players_view=True, orientation="landscape")
    try:
        page = printer.sheet_image(1, 100)
        ogre = (10, 1)  # east of the wall: fogged
        assert _tile_colour(printer, page, ogre) == QColor("#ffffff")
        assert _tile_colour(printer, page, (10, 5)) == QColor("#ffffff")
        assert _tile_colour(printer, page, (1, 1)) != QColor("#ffffff")
    finally:
        printer.close()


def test_tokens_and_grid_can_be_left_off(qapp):
    model = _model()
    bare = _printer(model, tokens=False, grid=False, orientation="landscape")
    try:
        page = bare.sheet_image(1, DPI)
        aria, empty = (1, 0), (0, 0)
        assert _tile_colour(bare, page, aria, DPI) == _tile_colour(bare, page, empty, DPI)
        layout = bare.layout
        middle = layout.on_page_mm(layout.pages[0], 0, MM_PER_INCH * 0.5)
        dots = DPI / MM_PER_INCH
        row = round(middle.y() * dots)
        left = round(layout.options.margin_mm * dots) + 10
        assert _grid_line_centres(page, row, left, left + round(4 * MM_PER_INCH * dots)) == []
    finally:
        bare.close()


def test_each_page_names_its_neighbours_in_the_margin():
    layout = plan_pages((24, 18), PrintOptions(orientation="portrait"))
    assert neighbour_labels(layout, layout.page("A1")) == {"right": "A2", "below": "B1"}
    assert neighbour_labels(layout, layout.page("B3")) == {
        "left": "B2",
        "right": "B4",
        "above": "A3",
    }
    assert "page A2 of 2 row(s) x 4 column(s)" in page_caption(layout, layout.page("A2"), "Ford")


def test_the_pdf_holds_the_assembly_sheet_then_one_page_per_label(qapp, tmp_path):
    model = EncounterModel(skirmish())
    model.encounter.battle_map.name = "Skirmish"
    path = tmp_path / "skirmish.pdf"
    sheets = write_map_pdf(model, path, PrintOptions(orientation="portrait"))
    assert sheets == 1 + len(plan_pages((12, 8), PrintOptions(orientation="portrait")).pages)
    assert len(re.findall(rb"/Type\s*/Page\b", path.read_bytes())) == sheets
