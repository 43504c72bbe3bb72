"""True scale: at a given physical screen size one tile is one inch in pixels, on the frame."""

from __future__ import annotations

import math

import pytest
from helpers.player_helpers import frame
from PySide6.QtGui import QColor

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map import map_palette
from drase_desktop.ui.table.player_display import PlayerView
from drase_desktop.ui.table.true_scale import (
    CalibrationPage,
    TrueScale,
    TrueScaleError,
    pixels_per_inch_from_diagonal,
    pixels_per_inch_from_physical,
    snap_origin,
)


def test_a_24_inch_full_hd_screen_has_about_92_pixels_per_inch() -> None:
    assert pixels_per_inch_from_diagonal(24, 1920, 1080) == pytest.approx(91.79, abs=0.01)


def test_the_physical_size_qt_reports_gives_the_same_answer() -> None:
    # A 24" 16:9 panel is 531.4 x 298.9 mm.
    ppi = pixels_per_inch_from_physical(1920, 1080, 531.4, 298.9)
    assert ppi == pytest.approx(91.79, abs=0.05)


@pytest.mark.parametrize(("width_mm", "height_mm"), [(0, 0), (16, 9), (160, 900)])
def test_a_nonsense_reported_size_is_refused(width_mm: float, height_mm: float) -> None:
    with pytest.raises(TrueScaleError):
        pixels_per_inch_from_physical(1920, 1080, width_mm, height_mm)


@pytest.mark.parametrize("diagonal", [0, -3, 0.5, 500, math.nan])
def test_a_nonsense_diagonal_is_refused(diagonal: float) -> None:
    with pytest.raises(TrueScaleError):
        pixels_per_inch_from_diagonal(diagonal, 1920, 1080)


def test_overscan_margins_leave_whole_tiles_inside_the_safe_area() -> None:
    scale = TrueScale(40.0, overscan=0.05)
    safe = scale.safe_rect(1000, 600)
    assert (safe.left(), safe.top(), safe.width(), safe.height()) == (50, 30, 900, 540)
    assert scale.whole_tiles(1000, 600) == (22, 13)
    placed = scale.tiles_rect(1000, 600)
    assert placed.width() == 22 * 40 and safe.contains(placed)
    with pytest.raises(TrueScaleError):
        TrueScale(40.0, overscan=0.4)


def test_the_window_snaps_to_whole_tiles_and_stays_on_the_map() -> None:
    assert snap_origin((10.4, 10.6), (6, 4), (40, 30)) == (7, 9)
    assert snap_origin((1.0, 1.0), (6, 4), (40, 30)) == (0, 0)
    assert snap_origin((39.0, 29.0), (6, 4), (40, 30)) == (34, 26)
    assert snap_origin((3.0, 3.0), (10, 10), (4, 4)) == (-3, -3)  # a small map sits centred


def striped_model() -> EncounterModel:
    """Columns alternate plain and soft ground (neither hatched): each tile shows on a frame."""
    battle_map = BattleMap(40, 30)
    for x in range(1, 40, 2):
        for y in range(30):
            battle_map.set_terrain((x, y), "soft")
    return EncounterModel(Encounter(battle_map))


def stripe_starts(image, y: int, colour: QColor, min_width: float) -> list[int]:
    """Where each run of `colour` at least `min_width` pixels wide begins along row `y` (thin
    runs are slivers between grid lines, not stripes)."""
    starts, length = [], 0
    for x in range(image.width() + 1):
        if x < image.width() and image.pixelColor(x, y) == colour:
            length += 1
            continue
        if length >= min_width:
            starts.append(x - length)
        length = 0
    return starts


@pytest.mark.parametrize("diagonal", [24.0, 15.6])
def test_one_tile_is_one_inch_on_the_rendered_frame(qtbot, diagonal: float) -> None:
    """A 1920 x 1080 screen of the given diagonal: the soft-ground stripes are ppi pixels wide."""
    ppi = pixels_per_inch_from_diagonal(diagonal, 1920, 1080)
    view = PlayerView(striped_model())
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.hud_shown = False
    view.show()
    view.set_true_scale(TrueScale(ppi))
    view.show_rect(view.player_scene.geometry.tile_rect((20, 15)))
    assert view.tile_pixels() == pytest.approx(ppi)
    image = frame(view)
    starts = stripe_starts(image, 360, map_palette.terrain_colour("soft"), ppi / 2)
    inner = starts[1:]  # the first stripe may be cut by the window's edge
    assert len(inner) >= 3, starts
    # Soft ground every other column: its stripes repeat every two tiles, two inches.
    for a, b in zip(inner, inner[1:], strict=False):
        assert b - a == pytest.approx(2 * ppi, abs=1.5), (starts, ppi)
    # And over the whole screen the drift stays under a pixel: no rounding builds up.
    assert (inner[-1] - inner[0]) / (len(inner) - 1) == pytest.approx(2 * ppi, abs=0.5)


def test_true_scale_pans_by_whole_tiles(qtbot) -> None:
    view = PlayerView(striped_model())
    qtbot.addWidget(view)
    view.resize(640, 360)
    view.hud_shown = False
    view.show()
    view.set_true_scale(TrueScale(64.0))
    view.show_rect(view.player_scene.geometry.tile_rect((20, 15)))
    origin = view.origin
    corner = view.mapFromScene(origin[0] * 64.0, origin[1] * 64.0)
    view.pan_tiles(1, 0)
    assert view.origin == (origin[0] + 1, origin[1])
    # The grid does not move on screen: the next tile now sits where the last one was.
    moved = view.mapFromScene(view.origin[0] * 64.0, view.origin[1] * 64.0)
    assert (moved.x(), moved.y()) == (corner.x(), corner.y())


def test_the_calibration_page_draws_an_inch_ruler(qtbot) -> None:
    page = CalibrationPage(TrueScale(50.0))
    qtbot.addWidget(page)
    page.resize(700, 400)
    page.show()
    image = frame(page)
    assert page.objectName() == "calibrationPage"
    # The red 1-inch square's outline: 50 px between its left and right edges.
    red = [
        x
        for x in range(700)
        if image.pixelColor(x, 185).red() > 180 and image.pixelColor(x, 185).green() < 90
    ]
    assert red, "the 1-inch square is missing"
    assert max(red) - min(red) == pytest.approx(50, abs=3)


def test_the_dialog_turns_a_typed_diagonal_into_the_scale(qtbot) -> None:
    from PySide6.QtGui import QGuiApplication

    from drase_desktop.ui.table.true_scale_dialog import TrueScaleDialog

    screen = QGuiApplication.primaryScreen()
    dialog = TrueScaleDialog(screen, 24.0, 0.03)
    qtbot.addWidget(dialog)
    size = screen.geometry().size()
    dialog.diagonal.setValue(27.0)
    scale = dialog.scale()
    assert scale.pixels_per_inch == pytest.approx(math.hypot(size.width(), size.height()) / 27.0)
    assert scale.overscan == pytest.approx(0.03)
    assert "pixels per inch" in dialog.readout.text()
    dialog.use_reported_size()  # a believable reported size, or a message saying to type one
    physical = screen.physicalSize()
    if physical.width() >= 50 and physical.height() >= 50:
        expected = math.hypot(physical.width(), physical.height()) / 25.4
        assert dialog.diagonal.value() == pytest.approx(expected, abs=0.06)
    else:
        assert "type its diagonal" in dialog.readout.text()


def test_the_window_remembers_the_flat_screen_between_sessions(qtbot, monkeypatch) -> None:
    from helpers.window_helpers import open_window
    from PySide6.QtWidgets import QDialog

    from drase_desktop.storage.settings import load_settings
    from drase_desktop.ui.table.true_scale_dialog import TrueScaleDialog

    window, _ = open_window(qtbot)
    tools = window.table_tools

    def accept_with_32_inches(dialog: TrueScaleDialog) -> int:
        dialog.diagonal.setValue(32.0)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(TrueScaleDialog, "exec", accept_with_32_inches)
    tools.true_scale_action.trigger()
    assert tools.true_scale is not None
    window.save_settings()
    saved, _ = load_settings()
    assert saved.table_screen_diagonal_inches == 32.0

    again, _ = open_window(qtbot)
    assert again.table_tools.diagonal == 32.0
