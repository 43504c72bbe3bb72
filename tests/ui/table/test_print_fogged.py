"""The players' print of a mostly fogged map: only the pages with something the players may see,
the others named on the assembly sheet; fogged ground blank paper; header texts apart."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtGui import QColor, QImage

from drase_desktop.board import BattleMap
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.files.documents import encounter_for_map
from drase_desktop.ui.table.fog_controller import fog_controller
from drase_desktop.ui.table.print_map import MapPrinter, PrintMapError, PrintOptions
from drase_desktop.ui.table.print_marks import page_header, text_width_mm
from drase_desktop.ui.table.print_plan import pages_in_sight, plan_pages

MM_PER_INCH = 25.4


def _fogged_model(revealed: tuple[tuple[int, int], tuple[int, int]] | None, size=(24, 18)):
    model = EncounterModel(encounter_for_map(BattleMap(*size), name="A long dungeon name " * 3))
    controller = fog_controller(model)
    controller.apply(lambda fog: fog.hide_all())
    if revealed is not None:
        corner, other = revealed
        controller.apply(lambda fog: fog.rectangle(corner, other, reveal=True))
    return model


def test_only_the_pages_holding_a_tile_in_sight_are_printed():
    layout = plan_pages((24, 18), PrintOptions(orientation="portrait"))  # 2 rows x 4 columns
    assert [page.label for page in pages_in_sight(layout, {(1, 1)})] == ["A1"]
    # A tile in the strip A1 and A2 share is on both.
    a2_starts = layout.page("A2").map_rect[0] / MM_PER_INCH
    shared = (int(a2_starts) + 0, 2)
    assert [page.label for page in pages_in_sight(layout, {shared})] == ["A1", "A2"]
    assert pages_in_sight(layout, set()) == []
    everything = {(x, y) for x in range(24) for y in range(18)}
    assert len(pages_in_sight(layout, everything)) == 8


def test_a_mostly_fogged_map_prints_only_its_revealed_corner(qapp):
    model = _fogged_model(((1, 1), (3, 3)))
    printer = MapPrinter(model, PrintOptions(orientation="portrait"))
    try:
        assert [page.label for page in printer.pages] == ["A1"]
        assert printer.left_out == ["A2", "A3", "A4", "B1", "B2", "B3", "B4"]
        assert printer.page_count == 2
    finally:
        printer.close()
    gm = MapPrinter(model, PrintOptions(orientation="portrait", players_view=False))
    try:
        assert gm.page_count == 1 + 8 and gm.left_out == []  # the GM's view keeps every page
    finally:
        gm.close()


def test_a_map_the_players_have_not_seen_is_refused_with_a_reason(qapp):
    with pytest.raises(PrintMapError, match="seen nothing of this map"):
        MapPrinter(_fogged_model(None), PrintOptions())


def test_fogged_ground_on_a_printed_page_is_white_paper(qapp):
    model = _fogged_model(((1, 1), (3, 3)))
    printer = MapPrinter(model, PrintOptions(orientation="portrait"))
    try:
        page = printer.sheet_image(1, 100)
        layout, dots = printer.layout, 100 / MM_PER_INCH
        revealed = {(x, y) for x in range(1, 4) for y in range(1, 4)}
        inked = 0
        for tile in itertools.product(range(6), range(9)):
            centre = layout.on_page_mm(
                layout.pages[0], (tile[0] + 0.5) * MM_PER_INCH, (tile[1] + 0.5) * MM_PER_INCH
            )
            colour = page.pixelColor(round(centre.x() * dots), round(centre.y() * dots))
            if tile in revealed:
                inked += colour != QColor("#ffffff")
            else:
                assert colour == QColor("#ffffff"), tile
        assert inked == len(revealed)  # the revealed ground does print: the check is not blind
    finally:
        printer.close()


def _ink_columns(image: QImage, top: int, bottom: int, *, red: bool) -> set[int]:
    """The columns of the band [top, bottom) holding red ink (or dark, non-red ink)."""
    columns = set()
    for x in range(image.width()):
        for y in range(top, bottom):
            colour = image.pixelColor(x, y)
            is_red = colour.red() > 150 and colour.green() < 110 and colour.blue() < 110
            is_dark = max(colour.red(), colour.green(), colour.blue()) < 120
            if is_red if red else is_dark:
                columns.add(x)
                break
    return columns


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_header_names_the_page_above_apart_from_the_caption(qapp, paper):
    # Revealed across all four columns and both rows: B pages have a printed page above.
    model = _fogged_model(((0, 8), (23, 12)))
    printer = MapPrinter(model, PrintOptions(paper=paper, orientation="portrait"))
    try:
        b2 = printer.pages.index(printer.layout.page("B2"))
        image = printer.sheet_image(1 + b2, 100)
        margin_dots = round(printer.options.margin_mm * 100 / MM_PER_INCH)
        red = _ink_columns(image, 0, margin_dots - 4, red=True)
        dark = _ink_columns(image, 0, margin_dots - 4, red=False)
    finally:
        printer.close()
    assert red and dark
    # The red "↑ A2" sits in a gap of the dark text: no column holds both.
    assert not red & dark
    assert any(x < min(red) for x in dark) and any(x > max(red) for x in dark)


def test_header_texts_never_overlap_and_fit_their_boxes(qapp):
    for paper, orientation in itertools.product(("A4", "Letter"), ("portrait", "landscape")):
        options = PrintOptions(paper=paper, orientation=orientation)
        layout = plan_pages((60, 40), options)
        for title in ("Ford", "The Sunken Temple of the Drowned King, lower level " * 3):
            for page in layout.pages:
                texts = page_header(layout, page, title)
                for one, other in itertools.combinations(texts, 2):
                    assert not one.box.intersects(other.box), (page.label, one.text, other.text)
                for text in texts:
                    assert text.box.left() >= options.margin_mm
                    assert text.box.right() <= layout.paper_mm[0] - options.margin_mm
                    assert text.box.bottom() <= options.margin_mm
                    width = text_width_mm(text.text, text.height_mm, bold=text.bold)
                    assert width <= text.box.width() + 1e-6


def test_the_print_dialog_counts_only_the_pages_the_players_print_keeps(qtbot):
    from drase_desktop.ui.table.print_map_dialog import PrintMapDialog

    dialog = PrintMapDialog((24, 18), tiles_in_sight={(1, 1)})
    qtbot.addWidget(dialog)
    assert "1 A4 page(s) (7 left out: nothing in sight there), portrait" in dialog.summary.text()
    dialog.gm_view.setChecked(True)
    assert dialog.summary.text().startswith("8 A4 page(s), portrait")
    unseen = PrintMapDialog((24, 18), tiles_in_sight=set())
    qtbot.addWidget(unseen)
    assert "the players have seen none of the map" in unseen.summary.text()
    assert not unseen.buttons.button(unseen.buttons.StandardButton.Ok).isEnabled()


def test_a_print_that_fails_leaves_the_pdf_that_was_there(qapp, tmp_path, monkeypatch):
    from drase_desktop.ui.table.print_map import write_map_pdf

    model = _fogged_model(((0, 0), (23, 17)))
    target = tmp_path / "dungeon.pdf"
    target.write_bytes(b"%PDF the GM's earlier print")
    painted = MapPrinter.paint_sheet

    def fail_on_the_third_sheet(self, painter, index, dots_per_mm):
        if index == 2:
            raise OSError(28, "No space left on device")
        painted(self, painter, index, dots_per_mm)

    monkeypatch.setattr(MapPrinter, "paint_sheet", fail_on_the_third_sheet)
    with pytest.raises(PrintMapError, match="dungeon.pdf cannot be written: No space left"):
        write_map_pdf(model, target, PrintOptions())
    assert target.read_bytes() == b"%PDF the GM's earlier print"
    assert [path.name for path in tmp_path.iterdir()] == ["dungeon.pdf"]
