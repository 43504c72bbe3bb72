"""Files onto the window: a dropped encounter opens, a dropped map goes under the running fight
(one undo step, tokens kept where there is room), a dropped picture starts the image import;
File > Open sample; File > Print map writes the PDF."""

from __future__ import annotations

import json
import re

import pytest
from helpers.drop_helpers import drop_at, enter_at, file_mime
from helpers.storage_samples import uvtt_document
from helpers.window_helpers import action, open_window
from PySide6.QtCore import QMimeData, QPoint, QUrl
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QMenu

from drase_desktop.board import BattleMap, save_map
from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.ui.files import drops
from drase_desktop.ui.files.documents import load_sample, sample_names
from drase_desktop.ui.table.print_map import PrintOptions

# Where on the window things are dragged to: anywhere on it opens or imports.
_POINT = QPoint(200, 200)


def _drag_enter(window, mime: QMimeData) -> bool:
    return enter_at(window, _POINT, mime).isAccepted()


def _drop(window, mime: QMimeData) -> bool:
    assert _drag_enter(window, mime)
    return drop_at(window, _POINT, mime).isAccepted()


def _status(window) -> str:
    return window.statusBar().currentMessage()


# --- what a drop is ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("fight.drase", drops.ENCOUNTER),
        ("cellar.drase-map", drops.MAP),
        ("cave.DD2VTT", drops.MAP),
        ("hall.uvtt", drops.MAP),
        ("hall.df2vtt", drops.MAP),
        ("scan.png", drops.PICTURE),
        ("scan.JPEG", drops.PICTURE),
        ("scan.webp", drops.PICTURE),
        ("notes.txt", None),
        ("map.drase.bak", None),
    ],
)
def test_each_file_is_named_by_its_suffix(name, kind):
    assert drops.file_kind(name) == kind


def test_a_drag_of_files_the_window_does_not_take_is_refused(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    text = tmp_path / "notes.txt"
    text.write_text("nothing")
    assert not _drag_enter(window, file_mime(text))
    web = QMimeData()
    web.setUrls([QUrl("https://example.org/map.png")])
    assert not _drag_enter(window, web)


# --- encounters and maps ------------------------------------------------------------------------


def test_a_dropped_encounter_opens(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    encounter = load_sample()
    encounter.name = "Dropped fight"
    path = tmp_path / "dropped.drase"
    save_encounter(encounter, path)
    assert _drop(window, file_mime(path))
    assert window.session.wait_for_open()  # read on a worker
    assert window.model.encounter.name == "Dropped fight"
    assert window.current_path == path.absolute()


def test_a_dropped_map_goes_under_the_fight_and_one_undo_takes_it_back(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    model = window.model
    encounter = model.encounter
    old_map = encounter.battle_map
    before = {cid: c.position for cid, c in encounter.combatants.items()}
    placed = [cid for cid, position in before.items() if position is not None]
    # A map a little smaller than the sample's: tokens beyond its edge need placing again.
    new = BattleMap(old_map.width - 6, old_map.height, name="Cellar")
    path = tmp_path / "cellar.drase-map"
    save_map(new, path)
    steps = model.undo_stack.count()
    assert _drop(window, file_mime(path))
    assert model.encounter is encounter  # the same fight
    assert encounter.battle_map is not old_map
    assert (encounter.battle_map.width, encounter.battle_map.height) == (new.width, new.height)
    assert model.undo_stack.count() == steps + 1
    for cid in placed:
        combatant = encounter.combatants[cid]
        if before[cid][0] + combatant.footprint <= new.width:
            assert combatant.position == before[cid]
        else:
            assert combatant.position is None
            assert combatant.name in _status(window)
    unplaced = [cid for cid in placed if encounter.combatants[cid].position is None]
    assert unplaced, "the sample has tokens east of the new map's edge"
    # The map view shows the new map.
    assert window.map_view.map_scene.geometry.width == new.width
    model.undo_stack.undo()
    assert encounter.battle_map is old_map
    assert {cid: c.position for cid, c in encounter.combatants.items()} == before
    assert window.map_view.map_scene.geometry.width == old_map.width


def test_a_dropped_uvtt_without_its_picture_keeps_its_walls_and_says_so(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    document = uvtt_document(format=1.0, image="Maps/Ballroom_Night.jpg")
    path = tmp_path / "ballroom.uvtt"
    path.write_text(json.dumps(document))
    assert _drop(window, file_mime(path))
    board = window.model.encounter.battle_map
    assert (board.width, board.height) == (10, 8)
    assert len(board.walls) == 2 and len(board.doors) == 1
    assert board.background is None
    assert "not embedded" in _status(window)


def test_opening_a_uvtt_without_its_picture_says_so_too(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    path = tmp_path / "ballroom.uvtt"
    path.write_text(json.dumps(uvtt_document(image="ballroom.jpg")))
    assert window.open_path(path, wait=True)
    assert dialogs.errors == []
    assert "Import battlemap image" in _status(window)


def test_a_broken_dropped_map_changes_nothing_and_says_why(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    old_map = window.model.encounter.battle_map
    path = tmp_path / "broken.dd2vtt"
    path.write_text("{ not json")
    assert _drop(window, file_mime(path))
    assert window.model.encounter.battle_map is old_map
    assert dialogs.errors and "broken.dd2vtt" in dialogs.errors[0][1]


def test_a_dropped_picture_starts_a_new_map_under_the_fight_after_calibration(
    qtbot, tmp_path, monkeypatch
):
    window, _ = open_window(qtbot)
    model = window.model
    encounter = model.encounter
    old_map = encounter.battle_map
    assert (old_map.width, old_map.height) == (24, 18)
    # A 20 x 14 tile picture at 32 px a tile, its grid drawn in.
    picture = QImage(640, 448, QImage.Format.Format_RGB32)
    picture.fill(QColor("#d8c8a0"))
    painter = QPainter(picture)
    painter.setPen(QColor("#303030"))
    for x in range(0, 641, 32):
        painter.drawLine(x, 0, x, 447)
    for y in range(0, 449, 32):
        painter.drawLine(0, y, 639, y)
    painter.end()
    path = tmp_path / "cave scan.png"
    assert picture.save(str(path))
    calibrated: list[bool] = []

    def calibrate(dialog):
        dialog.wait_loaded()
        dialog.set_tile_box(0, 0, 32, 32)
        calibrated.append(True)
        return True

    monkeypatch.setattr(window.editor_mode, "run_dialog", calibrate)
    before = {cid: c.position for cid, c in encounter.combatants.items()}
    steps = model.undo_stack.count()
    assert _drop(window, file_mime(path))
    assert calibrated == [True]  # the calibration step ran
    board = encounter.battle_map
    assert (board.width, board.height) == (20, 14)
    assert board.background is not None and board.background.pixels_per_tile == 32
    assert board.walls == [] and board.name == "cave scan"  # a map of its own
    assert model.undo_stack.count() == steps + 1
    for cid, position in before.items():
        combatant = encounter.combatants[cid]
        if position is not None and position[0] < 20 and position[1] < 14:
            assert combatant.position == position
        elif position is not None:
            assert combatant.position is None
            assert combatant.name in _status(window)
    model.undo_stack.undo()
    assert encounter.battle_map is old_map
    assert {cid: c.position for cid, c in encounter.combatants.items()} == before


def test_several_files_take_the_first_and_say_the_rest_were_left(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    first, second = tmp_path / "a.drase-map", tmp_path / "b.drase-map"
    save_map(BattleMap(8, 8, name="A"), first)
    save_map(BattleMap(9, 9, name="B"), second)
    assert _drop(window, file_mime(first, second))
    assert window.model.encounter.battle_map.width == 8


# --- samples ----------------------------------------------------------------------------------


def test_open_sample_lists_every_shipped_encounter_and_map(qtbot):
    window, _ = open_window(qtbot)
    menu = window.findChild(QMenu, "sampleMenu")
    assert menu is not None
    names = [a.objectName().removeprefix("sample:") for a in menu.actions()]
    assert names == sample_names()
    assert "sample.drase" in names
    assert {"cliff-fort.drase-map", "tavern.drase-map"} <= set(names)


def test_a_sample_map_opens_as_a_new_unsaved_encounter(qtbot):
    window, _ = open_window(qtbot)
    menu = window.findChild(QMenu, "sampleMenu")
    next(a for a in menu.actions() if a.objectName() == "sample:tavern.drase-map").trigger()
    assert window.current_path is None  # saving asks where: the shipped file stays as it was
    assert window.model.encounter.combatants == {}
    assert "tavern" in _status(window)


# --- printing ---------------------------------------------------------------------------------


def test_print_map_is_in_the_file_menu_and_writes_the_pdf(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    print_action = action(window, "printMapAction")
    file_menu = next(m for m in window.menuBar().findChildren(QMenu) if print_action in m.actions())
    assert file_menu.title() == "&File"
    path = tmp_path / "map.pdf"
    assert window.file_tools.print_to(path, PrintOptions(players_view=True))
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) >= 2
    assert dialogs.errors == []
    assert "print it at 100 %" in _status(window)


def test_printing_into_a_missing_folder_says_why(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    assert not window.file_tools.print_to(tmp_path / "no" / "such" / "map.pdf", PrintOptions())
    assert dialogs.errors and dialogs.errors[0][0] == "Cannot print the map"


def test_the_print_dialog_shows_how_many_sheets_the_choices_make(qtbot):
    from drase_desktop.ui.table.print_map_dialog import PrintMapDialog

    dialog = PrintMapDialog((24, 18))
    qtbot.addWidget(dialog)
    assert "8 A4 page(s), portrait, 2 row(s) x 4 column(s)" in dialog.summary.text()
    dialog.paper.setCurrentText("Letter")
    dialog.gm_view.setChecked(True)
    dialog.tokens.setChecked(False)
    options = dialog.options()
    assert (options.paper, options.players_view, options.tokens) == ("Letter", False, False)
    dialog.margin.setValue(40)
    dialog.overlap.setValue(30)
    assert "18 Letter page(s), portrait, 3 row(s) x 6 column(s)" in dialog.summary.text()
    # The spin boxes cannot reach a margin and overlap that leave no room for a tile.
    assert dialog.margin.maximum() == 40 and dialog.overlap.maximum() == 30
