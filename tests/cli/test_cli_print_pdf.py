"""`drase-desktop print`: the PDF measured from its rendered pages (poppler's pdftoppm), not from
the code that drew it: one inch per tile on every page, and a fogged players' print with no
trace of what the fog hides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.pdf_pages import RenderedPage, grid_lines, pdf_text, pitch, render_pages
from helpers.window_helpers import open_window

from drase_desktop.board import BattleMap, save_map
from drase_desktop.cli import main
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.files.documents import load_document
from drase_desktop.ui.table.print_plan import PrintOptions, plan_pages

# Rendering and reading PDFs runs poppler in a process of its own.
pytestmark = pytest.mark.subprocess

DPI = 100
MM_PER_INCH = 25.4
SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples"
GOBLIN_HIDEOUT = SAMPLES / "uvtt-corpus" / "resaved-0.3-mimir-goblin-hideout.dd2vtt"
PAPER_POINTS = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_page_prints_one_inch_per_tile_within_one_percent(tmp_path, paper, capsys):
    source = tmp_path / "bare.drase-map"
    save_map(BattleMap(24, 18, name="Bare"), source)
    pdf = tmp_path / "bare.pdf"
    assert main(["print", str(source), "-o", str(pdf), "--paper", paper]) == 0
    capsys.readouterr()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    expected = PAPER_POINTS[paper]
    assert boxes and all(
        sorted((float(w), float(h))) == pytest.approx(sorted(expected), abs=0.6) for w, h in boxes
    )
    pages = render_pages(pdf, DPI, tmp_path)
    assert len(pages) == len(boxes) >= 1 + 4
    for number, page in enumerate(pages[1:], start=2):  # the first is the assembly sheet
        for vertical in (True, False):
            tile_mm = pitch(grid_lines(page, vertical=vertical)) / DPI * MM_PER_INCH
            assert tile_mm == pytest.approx(MM_PER_INCH, rel=0.01), (number, vertical)


def _fogged_hideout(tmp_path: Path) -> Path:
    encounter = load_document(GOBLIN_HIDEOUT)
    encounter.fog.hide_all()
    encounter.fog.rectangle((20, 8), (27, 14), reveal=True)
    path = tmp_path / "hideout.drase"
    save_encounter(encounter, path)
    return path


def _fogged_tile_stains(page: RenderedPage, page_rect, margin_mm: float, revealed) -> list:
    """Fogged tiles on `page` whose middle is not blank paper (red marks set aside)."""
    stains = []
    x0, y0, width, height = page_rect
    dots = DPI / MM_PER_INCH
    first_x, first_y = int(x0 // MM_PER_INCH), int(y0 // MM_PER_INCH)
    for tile_y in range(first_y, int((y0 + height) // MM_PER_INCH) + 1):
        for tile_x in range(first_x, int((x0 + width) // MM_PER_INCH) + 1):
            if (tile_x, tile_y) in revealed:
                continue
            for share_x in (0.2, 0.35, 0.5, 0.65, 0.8):
                for share_y in (0.2, 0.35, 0.5, 0.65, 0.8):
                    map_x = (tile_x + share_x) * MM_PER_INCH
                    map_y = (tile_y + share_y) * MM_PER_INCH
                    if not (x0 < map_x < x0 + width and y0 < map_y < y0 + height):
                        continue
                    px = round((margin_mm + map_x - x0) * dots)
                    py = round((margin_mm + map_y - y0) * dots)
                    r, g, b = page.rgb(px, py)
                    if r > g + 40:  # the overlap's red marks
                        continue
                    if min(r, g, b) < 255:  # even the faintest grey is a ghost
                        stains.append(((tile_x, tile_y), (r, g, b)))
    return stains


@pytest.mark.skipif(not GOBLIN_HIDEOUT.exists(), reason="the shared samples are not here")
def test_a_fogged_players_print_has_only_pages_in_sight_and_no_ghosts(tmp_path, capsys):
    source = _fogged_hideout(tmp_path)
    pdf = tmp_path / "hideout.pdf"
    assert main(["print", str(source), "-o", str(pdf)]) == 0
    assert "5 sheet(s)" in capsys.readouterr().out
    layout = plan_pages((48, 27), PrintOptions())
    printed = ["B2", "B3", "C2", "C3"]  # the pages holding tiles 20-27 x 8-14
    assembly = " ".join(pdf_text(pdf, 1).split())
    assert "Left out, as the players may see nothing there yet: 16 page(s)" in assembly
    assert "A1," in assembly and "D5" in assembly and "B2," not in assembly
    pages = render_pages(pdf, DPI, tmp_path)
    assert len(pages) == 1 + len(printed)
    revealed = {(x, y) for x in range(20, 28) for y in range(8, 15)}
    for label, page in zip(printed, pages[1:], strict=True):
        assert label in pdf_text(pdf, 2 + printed.index(label))
        rect = layout.page(label).map_rect
        assert _fogged_tile_stains(page, rect, layout.options.margin_mm, revealed) == [], label


@pytest.mark.skipif(not GOBLIN_HIDEOUT.exists(), reason="the shared samples are not here")
def test_print_writes_what_file_print_map_writes(qtbot, tmp_path, capsys):
    from drase_desktop.ui.table.print_map_dialog import PrintMapDialog

    source = _fogged_hideout(tmp_path)
    window, _dialogs = open_window(qtbot, source)
    dialog = PrintMapDialog((48, 27))  # as the GM leaves it
    qtbot.addWidget(dialog)
    from_window = tmp_path / "window.pdf"
    assert window.file_tools.print_to(from_window, dialog.options())
    from_command = tmp_path / "command.pdf"
    assert main(["print", str(source), "-o", str(from_command)]) == 0
    capsys.readouterr()
    (tmp_path / "w").mkdir()
    (tmp_path / "c").mkdir()
    window_pages = render_pages(from_window, 40, tmp_path / "w")
    command_pages = render_pages(from_command, 40, tmp_path / "c")
    assert len(window_pages) == len(command_pages) == 5
    assert window_pages == command_pages
